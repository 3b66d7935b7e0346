import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { KEYWORD_LIST_RETURNS, keywordListField, keywordListIdValue } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a keyword list',
	description: 'Get one keyword list by ID, with its search terms',
	returns: KEYWORD_LIST_RETURNS,
	properties: [keywordListField('The keyword list to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = keywordListIdValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['moderation', 'keywords', id] });
		return response.data as IDataObject;
	},
};
