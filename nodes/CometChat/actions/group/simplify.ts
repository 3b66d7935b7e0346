import { simplifiedPicker } from '../../fields/lists';

/** The fields of a group that a workflow usually needs (Simplify). */
export const SIMPLIFIED_GROUP_FIELDS = ['guid', 'name', 'type', 'membersCount', 'owner', 'tags', 'createdAt'];

export const simplifyGroup = simplifiedPicker(SIMPLIFIED_GROUP_FIELDS);
