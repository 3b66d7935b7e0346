import { listOperation } from '../list';
import { SIMPLIFIED_USER_FIELDS, simplifyUser } from '../user/simplify';
import { groupField, groupValue } from './fields';

export const getBannedUsers = listOperation({
	value: 'getBannedUsers',
	name: 'Get Banned Users',
	action: 'Get the banned users of a group',
	description: 'List the users banned from a group, most recently banned first (Group Member → Ban and Unban change it)',
	strategy: 'numberedPages',
	identity: 'uid',
	properties: [groupField('The group whose banned users to list')],
	request(itemIndex) {
		return { method: 'GET', path: ['groups', groupValue(this, itemIndex), 'bannedusers'] };
	},
	simplify: { fields: SIMPLIFIED_USER_FIELDS, pick: simplifyUser },
});
