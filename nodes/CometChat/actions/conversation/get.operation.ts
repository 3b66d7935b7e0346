import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { CONVERSATION_RETURNS, conversationFields, conversationRequest, conversationTarget } from './fields';

/** GET /users/{uid}/conversation or /groups/{guid}/conversation: see docs/cometchat-api.md, Conversations. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a conversation',
	description: 'Get one conversation as a user sees it: last message, unread count, tags, pin, and the other party',
	returns: CONVERSATION_RETURNS,
	properties: conversationFields('to get'),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const response = await conversationRequest(this, target, 'GET');
		return response.data as IDataObject | IDataObject[];
	},
};
