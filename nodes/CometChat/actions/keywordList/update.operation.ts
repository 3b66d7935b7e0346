import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { KEYWORD_LIST_RETURNS, keywordListContentFields, keywordListField, keywordListForm, keywordListIdValue } from './fields';

/** PUT /moderation/keywords/{keywordId}, the same multipart body as Create: the entries are replaced. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a keyword list',
	description: "Replace a keyword list's entries (and rename it); rules that refer to it use the new entries. Saves a new revision.",
	returns: KEYWORD_LIST_RETURNS,
	properties: [keywordListField('The keyword list to update'), ...keywordListContentFields],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = keywordListIdValue(this, itemIndex);
		const form = await keywordListForm(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['moderation', 'keywords', id], form });
		return response.data as IDataObject;
	},
};
