import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { conversationFields, conversationRequest, conversationTarget } from './fields';

/** POST /users/{uid}/conversation/pin or /groups/{guid}/conversation/pin: see docs/cometchat-api.md, Conversations. */
export const pin: OperationDefinition = {
	value: 'pin',
	name: 'Pin',
	action: 'Pin a conversation for a user',
	description: "Pin a conversation to the top of a user's list (up to 5 per user; the app's global pins stay)",
	returns: 'Returns uid or guid, onBehalfOf, conversationId, conversationType, pinnedBy and pinnedAt.',
	properties: conversationFields('to pin'),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const response = await conversationRequest(this, target, 'POST', ['pin']);
		return { ...target.names, ...(response.data as IDataObject) };
	},
};
