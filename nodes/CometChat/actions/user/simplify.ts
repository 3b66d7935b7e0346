import { simplifiedPicker } from '../../fields/lists';

/** The fields of a user that a workflow usually needs (Simplify). */
export const SIMPLIFIED_USER_FIELDS = ['uid', 'name', 'avatar', 'role', 'status', 'tags', 'lastActiveAt', 'createdAt'];

export const simplifyUser = simplifiedPicker(SIMPLIFIED_USER_FIELDS);
