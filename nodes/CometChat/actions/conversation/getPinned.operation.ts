import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** GET /conversations/pinned: the app's global pins, at most 5, in one answer (docs/cometchat-api.md, Conversations). */
export const getPinned: OperationDefinition = {
	value: 'getPinned',
	name: 'Get Globally Pinned',
	action: 'Get the globally pinned conversations',
	description: 'List the conversations the app pins at the top for every user, in display order (at most 5)',
	returns: 'Returns one item per pinned conversation, in display order: its uid or guid, conversationType, pinnedBy and pinnedAt.',
	properties: [],
	async execute(this: IExecuteFunctions) {
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['conversations', 'pinned'] });
		return Array.isArray(response.data) ? (response.data as IDataObject[]) : [];
	},
};
