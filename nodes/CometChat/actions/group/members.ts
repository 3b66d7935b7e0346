import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { compact, uidListOf } from '../../helpers/parameters';

/**
 * The member lists of POST /groups (`members`) and POST /groups/{guid}/members, each a list of
 * UIDs, with the scope each gives (docs/cometchat-api.md, Groups).
 */
export const MEMBER_ROLES: Array<{ name: string; displayName: string; description: string; scope: string }> = [
	{ name: 'admins', displayName: 'Admins', description: 'Users who join as admins', scope: 'admin' },
	{ name: 'moderators', displayName: 'Moderators', description: 'Users who join as moderators', scope: 'moderator' },
	{ name: 'participants', displayName: 'Participants', description: 'Users who join as participants', scope: 'participant' },
	{ name: 'usersToBan', displayName: 'Users to Ban', description: 'Users banned from the group', scope: 'banned' },
];

/** One field per member list, for a Members collection. */
export const memberFields: INodeProperties[] = MEMBER_ROLES.map(({ name, displayName, description }) => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder: 'e.g. cometchat-uid-1, cometchat-uid-2',
	description: `${description}: UIDs separated by commas, or an array from an expression`,
}));

/** The member lists that were filled in, each checked against the UID rules; empty ones are left out. */
export function memberListsOf(context: IExecuteFunctions, itemIndex: number, members: IDataObject): IDataObject {
	return compact(
		Object.fromEntries(
			MEMBER_ROLES.map(({ name, displayName }) => [name, uidListOf(context, itemIndex, displayName, members[name])]),
		),
	);
}
