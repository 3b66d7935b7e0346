import type { IDataObject } from 'n8n-workflow';

import { pickFields } from '../../fields/common';

/** The fields of a keyword list that a workflow usually needs (Options → Simplify). */
export const SIMPLIFIED_KEYWORD_LIST_FIELDS = [
	'id',
	'name',
	'description',
	'category',
	'searchTerms',
	'active',
	'revisionId',
	'updatedAt',
];

export function simplifyKeywordList(list: IDataObject): IDataObject {
	return pickFields(list, SIMPLIFIED_KEYWORD_LIST_FIELDS);
}
