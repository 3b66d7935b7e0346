import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { idOf } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { KEYWORD_LIST_RETURNS, keywordListContentFields, keywordListForm } from './fields';

/** POST /moderation/keywords, a multipart/form-data body (docs/cometchat-api.md, Moderation set-up). */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a keyword list',
	description: 'Add a list of words, patterns or sentences that moderation rules can refer to by its ID',
	returns: KEYWORD_LIST_RETURNS,
	properties: [
		{
			displayName: 'Keyword List ID',
			name: 'keywordListId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. profanity-list',
			description: 'The ID of the new list, chosen by you; a rule condition names it with Is Keyword List Reference on',
		},
		...keywordListContentFields,
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = idOf(this, itemIndex, 'Keyword List ID', this.getNodeParameter('keywordListId', itemIndex, ''));
		if (id === '') throw fieldError(this, itemIndex, 'Keyword List ID', 'is empty', "Enter the new list's ID, e.g. profanity-list.");
		const form = { id, ...(await keywordListForm(this, itemIndex)) };
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['moderation', 'keywords'], form });
		return response.data as IDataObject;
	},
};
