import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { optionalTextOf, requiredUid } from '../../readers/text';
import { compact } from '../../readers/values';
import { listOperation } from '../list';
import { SIMPLIFIED_USER_FIELDS, simplifyUser } from './simplify';

export const getFriends = listOperation({
	value: 'getFriends',
	name: 'Get Friends',
	action: 'Get the friends of a user',
	description: 'List the friends of a user, optionally only those whose UID or name starts with a search term',
	strategy: 'numberedPages',
	identity: 'uid',
	properties: [
		locatorField(LOCATOR_KINDS.user, {
			name: 'uid',
			displayName: 'User',
			required: true,
			description: 'The user whose friends to list',
		}),
	],
	filters: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Search Term',
					name: 'searchKey',
					type: 'string',
					default: '',
					placeholder: 'e.g. ada',
					description: 'Only friends whose UID or name starts with this text',
				},
			],
		},
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		return {
			method: 'GET',
			path: ['users', uid, 'friends'],
			qs: compact({ searchKey: optionalTextOf(this, itemIndex, 'Search Term', filters.searchKey) }),
		};
	},
	simplify: { fields: SIMPLIFIED_USER_FIELDS, pick: simplifyUser },
});
