import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requiredId } from '../../helpers/parameters';
import { listOperation } from '../list';
import { SIMPLIFIED_USER_FIELDS, simplifyUser } from '../user/simplify';

export const getBannedUsers = listOperation({
	value: 'getBannedUsers',
	name: 'Get Banned Users',
	action: 'Get the banned users of a group',
	description: 'List the users banned from a group, most recently banned first',
	strategy: 'numberedPages',
	properties: [
		locatorField(LOCATOR_KINDS.group, {
			name: 'guid',
			displayName: 'Group',
			required: true,
			description: 'The group whose banned users to list',
		}),
	],
	request(itemIndex) {
		return { method: 'GET', path: ['groups', requiredId(this, itemIndex, 'guid', 'Group'), 'bannedusers'] };
	},
	simplify: { fields: SIMPLIFIED_USER_FIELDS, pick: simplifyUser },
});
