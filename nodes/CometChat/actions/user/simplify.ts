import { fieldPicker } from '../../fields/lists';

/** The fields of a user that a workflow usually needs (Simplify). */
export const SIMPLIFIED_USER_FIELDS = ['uid', 'name', 'avatar', 'role', 'status', 'tags', 'lastActiveAt', 'createdAt'];

export const simplifyUser = fieldPicker(SIMPLIFIED_USER_FIELDS);
