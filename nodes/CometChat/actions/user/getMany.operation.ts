import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { tagsField } from '../../fields/common';
import { searchFilterFields } from '../../fields/lists';
import { listOf } from '../../readers/lists';
import { idOf, optionalTextOf } from '../../readers/text';
import { booleanOf, choicesOf, compact, optionalOptionOf } from '../../readers/values';
import { listOperation } from '../list';
import { SIMPLIFIED_USER_FIELDS, simplifyUser } from './simplify';

export const getMany = listOperation({
	action: 'Get many users',
	description: 'List users, newest first, with optional filters',
	strategy: 'numberedPages',
	identity: 'uid',
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
				...searchFilterFields('users', { label: 'UID', value: 'uid' }, 'ada'),
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
		const flag = (name: string, label: string) => booleanOf(this, itemIndex, label, filters[name], false) || undefined;
		const qs = compact({
			searchKey: optionalTextOf(this, itemIndex, 'Search Term', filters.searchKey),
			// Each list in its published form (docs/cometchat-api.md, List parameters): `searchIn` and
			// `roles` repeated (`roles=a&roles=b`), `tags` one comma-separated value.
			searchIn: choicesOf(this, itemIndex, 'Search In', filters.searchIn, ['name', 'uid']),
			status: optionalOptionOf(this, itemIndex, 'Status', filters.status, ['available', 'offline']),
			role: idOf(this, itemIndex, 'Role Name or ID', filters.role),
			roles: listOf(this, itemIndex, 'Role Names or IDs', filters.roles),
			tags: listOf(this, itemIndex, 'Tags', filters.tags).join(','),
			withTags: flag('withTags', 'With Tags'),
			onlyDeactivated: flag('onlyDeactivated', 'Only Deactivated'),
			withDeactivated: flag('withDeactivated', 'With Deactivated'),
		});
		return { method: 'GET', path: ['users'], qs };
	},
	simplify: { fields: SIMPLIFIED_USER_FIELDS, pick: simplifyUser },
});
