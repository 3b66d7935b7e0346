import type { IDataObject } from 'n8n-workflow';

import { pickFields } from '../../fields/common';

/** The fields of a user that a workflow usually needs (Options → Simplify). */
export const SIMPLIFIED_USER_FIELDS = ['uid', 'name', 'avatar', 'role', 'status', 'tags', 'lastActiveAt', 'createdAt'];

export function simplifyUser(user: IDataObject): IDataObject {
	return pickFields(user, SIMPLIFIED_USER_FIELDS);
}
