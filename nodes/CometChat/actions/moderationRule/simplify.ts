import type { IDataObject } from 'n8n-workflow';

import { pickFields } from '../../fields/common';

/** The fields of a moderation rule (or revision) that a workflow usually needs (Options → Simplify). */
export const SIMPLIFIED_RULE_FIELDS = [
	'id',
	'name',
	'description',
	'enabled',
	'active',
	'action',
	'conditions',
	'revisionId',
	'updatedAt',
];

export function simplifyRule(rule: IDataObject): IDataObject {
	return pickFields(rule, SIMPLIFIED_RULE_FIELDS);
}
