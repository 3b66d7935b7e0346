import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { inputError } from '../../readers/fieldErrors';
import { checkIdsPerRequest, uidListOf } from '../../readers/lists';
import { compact } from '../../readers/values';

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

/**
 * The member lists that were filled in, each checked against the UID rules; empty ones are left out.
 * A UID in two lists is refused (which scope would it get?), and all lists together carry at most
 * MAX_IDS_PER_REQUEST UIDs, since they go in one request.
 */
export function memberListsOf(context: IExecuteFunctions, itemIndex: number, members: IDataObject): IDataObject {
	const lists = MEMBER_ROLES.map(({ name, displayName }) => ({
		name,
		displayName,
		uids: uidListOf(context, itemIndex, displayName, members[name]),
	}));
	const listOfUid = new Map<string, string>();
	for (const { displayName, uids } of lists) {
		for (const uid of uids) {
			const earlier = listOfUid.get(uid);
			if (earlier !== undefined) {
				throw inputError(
					context,
					itemIndex,
					`"${uid}" is in both '${earlier}' and '${displayName}'`,
					'Put each user in one member list only: the list gives the scope the user joins with.',
				);
			}
			listOfUid.set(uid, displayName);
		}
	}
	checkIdsPerRequest(context, itemIndex, 'Members', listOfUid.size);
	return compact(Object.fromEntries(lists.map(({ name, uids }) => [name, uids])));
}
