import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	LOCATOR_KINDS,
	locatorField,
	pageLimitOf,
	returnAllOrLimitFields,
	simplifyOptionsField,
	simplifyRecords,
} from '../../fields/common';
import { compact, requiredId } from '../../helpers/parameters';
import { paginate } from '../../transport/paginate';
import type { OperationDefinition } from '../types';
import { SIMPLIFIED_USER_FIELDS, simplifyUser } from './simplify';

export const getFriends: OperationDefinition = {
	value: 'getFriends',
	name: 'Get Friends',
	action: 'Get the friends of a user',
	description: 'List the friends of a user, optionally only those whose UID or name starts with a search term',
	properties: [
		locatorField(LOCATOR_KINDS.user, {
			name: 'uid',
			displayName: 'User',
			required: true,
			description: 'The user whose friends to list',
		}),
		...returnAllOrLimitFields(),
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
		simplifyOptionsField(SIMPLIFIED_USER_FIELDS),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredId(this, itemIndex, 'uid', 'user');
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const friends = await paginate.call(
			this,
			'pages',
			{ method: 'GET', path: ['users', uid, 'friends'], qs: compact({ searchKey: filters.searchKey }) },
			pageLimitOf(this, itemIndex),
		);
		return simplifyRecords(friends, options, simplifyUser);
	},
};
