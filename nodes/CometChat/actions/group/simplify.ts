import type { IDataObject } from 'n8n-workflow';

import { pickFields } from '../../fields/common';

/** The fields of a group that a workflow usually needs (Options → Simplify). */
export const SIMPLIFIED_GROUP_FIELDS = ['guid', 'name', 'type', 'membersCount', 'owner', 'tags', 'createdAt'];

export function simplifyGroup(group: IDataObject): IDataObject {
	return pickFields(group, SIMPLIFIED_GROUP_FIELDS);
}
