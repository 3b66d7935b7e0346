import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { tagsField } from '../../fields/common';
import { compact, toStringList } from '../../helpers/parameters';
import { listOperation } from '../list';
import { SIMPLIFIED_USER_FIELDS, simplifyUser } from './simplify';

export const getMany = listOperation({
	action: 'Get many users',
	description: 'List users, newest first, with optional filters',
	strategy: 'numberedPages',
	filters: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Only Deactivated',
					name: 'onlyDeactivated',
					type: 'boolean',
					default: false,
					description: 'Whether to return only deactivated users',
				},
				{
					displayName: 'Role Name or ID',
					name: 'role',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getRoles' },
					default: '',
					description:
						'Only users with this role. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{
					displayName: 'Role Names or IDs',
					name: 'roles',
					type: 'multiOptions',
					typeOptions: { loadOptionsMethod: 'getRoles' },
					default: [],
					description:
						'Only users with one of these roles. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
				},
				{
					displayName: 'Search In',
					name: 'searchIn',
					type: 'multiOptions',
					options: [
						{ name: 'Name', value: 'name' },
						{ name: 'UID', value: 'uid' },
					],
					default: [],
					description: 'Which fields the search term is matched against. Both when none is chosen.',
				},
				{
					displayName: 'Search Term',
					name: 'searchKey',
					type: 'string',
					default: '',
					placeholder: 'e.g. ada',
					description: 'Only users whose UID or name starts with this text',
				},
				{
					displayName: 'Status',
					name: 'status',
					type: 'options',
					options: [
						{ name: 'Available', value: 'available' },
						{ name: 'Offline', value: 'offline' },
					],
					default: 'available',
					description: 'Only users with this presence status',
				},
				{ ...tagsField, description: 'Only users having these tags, separated by commas' },
				{
					displayName: 'With Deactivated',
					name: 'withDeactivated',
					type: 'boolean',
					default: false,
					description: 'Whether to include deactivated users',
				},
				{
					displayName: 'With Tags',
					name: 'withTags',
					type: 'boolean',
					default: false,
					description: 'Whether to include the tags of each user in the output',
				},
			],
		},
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs = compact({
			searchKey: filters.searchKey,
			// Each list in its published form (docs/cometchat-api.md, List parameters): `searchIn` and
			// `roles` repeated (`roles=a&roles=b`), `tags` one comma-separated value.
			searchIn: toStringList(filters.searchIn),
			status: filters.status,
			role: filters.role,
			roles: toStringList(filters.roles),
			tags: toStringList(filters.tags).join(','),
			withTags: filters.withTags || undefined,
			onlyDeactivated: filters.onlyDeactivated || undefined,
			withDeactivated: filters.withDeactivated || undefined,
		});
		return { method: 'GET', path: ['users'], qs };
	},
	simplify: { fields: SIMPLIFIED_USER_FIELDS, pick: simplifyUser },
});
