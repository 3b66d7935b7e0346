import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readBoolean } from '../../readers/values';
import type { OperationDefinition } from '../types';
import { conversationFields, conversationRequest, conversationTarget } from './fields';

/** DELETE /users/{uid}/conversation or /groups/{guid}/conversation: see docs/cometchat-api.md, Conversations. */
export const reset: OperationDefinition = {
	value: 'reset',
	name: 'Reset',
	action: 'Reset a conversation',
	description: 'Clear a conversation for one user until a new message comes; the other party keeps theirs',
	returns: "Returns uid or guid, onBehalfOf and CometChat's success and message.",
	properties: [
		...conversationFields('to reset'),
		{
			displayName: 'Delete Messages Permanently',
			name: 'deleteMessagesPermanently',
			type: 'boolean',
			default: false,
			description: 'Whether to delete the messages of the conversation for good, for everyone, not only clear them for this user',
			displayOptions: { show: { conversationWith: ['user'] } },
		},
		{
			displayName: 'Preserve Order',
			name: 'preserveOrder',
			type: 'boolean',
			default: false,
			description: "Whether the conversation keeps its place in the user's conversation list after the reset",
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const body: IDataObject = {};
		if (target.kind === 'user') {
			body.deleteMessagesPermanently = readBoolean(this, itemIndex, 'deleteMessagesPermanently', 'Delete Messages Permanently');
		}
		body.preserveOrder = readBoolean(this, itemIndex, 'preserveOrder', 'Preserve Order');
		const response = await conversationRequest(this, target, 'DELETE', [], body);
		return { ...target.names, ...(response.data as IDataObject) };
	},
};
