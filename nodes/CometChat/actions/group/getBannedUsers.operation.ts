import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	LOCATOR_KINDS,
	locatorField,
	pageLimitOf,
	returnAllOrLimitFields,
	simplifyOptionsField,
	simplifyRecords,
} from '../../fields/common';
import { requiredId } from '../../helpers/parameters';
import { paginate } from '../../transport/paginate';
import type { OperationDefinition } from '../types';
import { SIMPLIFIED_USER_FIELDS, simplifyUser } from '../user/simplify';

export const getBannedUsers: OperationDefinition = {
	value: 'getBannedUsers',
	name: 'Get Banned Users',
	action: 'Get the banned users of a group',
	description: 'List the users banned from a group, most recently banned first',
	properties: [
		locatorField(LOCATOR_KINDS.group, {
			name: 'guid',
			displayName: 'Group',
			required: true,
			description: 'The group whose banned users to list',
		}),
		...returnAllOrLimitFields(),
		simplifyOptionsField(SIMPLIFIED_USER_FIELDS),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = requiredId(this, itemIndex, 'guid', 'group');
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const users = await paginate.call(
			this,
			'pages',
			{ method: 'GET', path: ['groups', guid, 'bannedusers'] },
			pageLimitOf(this, itemIndex),
		);
		return simplifyRecords(users, options, simplifyUser);
	},
};
