import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { conversationFields, conversationRequest, conversationTarget } from './fields';

/** DELETE /users/{uid}/conversation/pin or /groups/{guid}/conversation/pin: see docs/cometchat-api.md, Conversations. */
export const unpin: OperationDefinition = {
	value: 'unpin',
	name: 'Unpin',
	action: 'Unpin a conversation for a user',
	description: "Remove a user's own pin from a conversation (the app's global pins stay)",
	returns: 'Returns uid or guid, onBehalfOf, conversationId and conversationType.',
	properties: conversationFields('to unpin'),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const response = await conversationRequest(this, target, 'DELETE', ['pin']);
		return { ...target.names, ...(response.data as IDataObject) };
	},
};
