import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { keywordListField, keywordListIdValue } from './fields';

/** DELETE /moderation/keywords/{keywordId}. */
export const deleteKeywordList: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a keyword list',
	description: 'Delete a keyword list for good; rule conditions that refer to it no longer match its entries',
	returns: 'Returns id and deleted (true).',
	properties: [keywordListField('The keyword list to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = keywordListIdValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['moderation', 'keywords', id],
			alreadyDone: ['ERR_KEYWORD_NOT_FOUND'],
		});
		return { id, deleted: true, ...appliedEarlier(response) };
	},
};
