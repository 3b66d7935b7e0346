import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requiredId } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a keyword list',
	description: 'Get one keyword list by ID, with its search terms',
	properties: [
		locatorField(LOCATOR_KINDS.keywordList, {
			name: 'keywordListId',
			displayName: 'Keyword List',
			required: true,
			description: 'The keyword list to get',
		}),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = requiredId(this, itemIndex, 'keywordListId', 'Keyword List');
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['moderation', 'keywords', id] });
		return response.data as IDataObject;
	},
};
