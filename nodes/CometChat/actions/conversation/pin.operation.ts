import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { conversationFields, conversationRequest, conversationTarget } from './fields';

/** POST /users/{uid}/conversation/pin or /groups/{guid}/conversation/pin: see docs/cometchat-api.md, Conversations. */
export const pin: OperationDefinition = {
	value: 'pin',
	name: 'Pin',
	action: 'Pin a conversation for a user',
	description:
		"Pin a conversation to the top of a user's list (each user pins up to 5; pinning again keeps the first pin). A conversation the app pinned for everyone cannot be pinned or unpinned by a user.",
	properties: conversationFields('to pin'),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const response = await conversationRequest(this, target, 'POST', ['pin']);
		return { ...target.names, ...(response.data as IDataObject) };
	},
};
