import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField, tagsField } from '../../fields/common';
import { searchFilterFields } from '../../fields/lists';
import { checkRange, rangeEndOf } from '../../readers/dates';
import { guidListOf, listOf } from '../../readers/lists';
import { idOf, optionalTextOf, uidOf } from '../../readers/text';
import { choicesOf, compact, integerOf, optionalOptionOf } from '../../readers/values';
import { listOperation } from '../list';
import { GROUP_TYPES } from './fields';
import { SIMPLIFIED_GROUP_FIELDS, simplifyGroup } from './simplify';

const dateFilter = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'dateTime',
	default: '',
	description,
});

const countFilter = (name: string, displayName: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	default: 1,
	typeOptions: { minValue: 0 },
	description,
});

/** The published filters of GET /groups (docs/cometchat-api.md, Groups), by display name. */
const filters: INodeProperties[] = [
	dateFilter('createdFrom', 'Created After', 'Only groups created at or after this time'),
	dateFilter('createdTo', 'Created Before', 'Only groups created at or before this time'),
	{
		displayName: 'GUIDs',
		name: 'guids',
		type: 'string',
		default: '',
		placeholder: 'e.g. support, sales',
		description: 'Only these groups: GUIDs separated by commas, or an array from an expression',
	},
	{
		...locatorField(LOCATOR_KINDS.user, {
			name: 'joinedBy',
			displayName: 'Joined By',
			description: 'Only the groups this user is a member of (the request is made as this user, with hasJoined)',
		}),
	},
	countFilter('membersMax', 'Max Members', 'Only groups with at most this many members'),
	countFilter('membersMin', 'Min Members', 'Only groups with at least this many members'),
	...searchFilterFields('groups', { label: 'GUID', value: 'guid' }, 'support'),
	{
		displayName: 'Sort By',
		name: 'sortBy',
		type: 'options',
		options: [
			{ name: 'Created At', value: 'createdAt' },
			{ name: 'GUID', value: 'guid' },
			{ name: 'Name', value: 'name' },
		],
		default: 'createdAt',
		description: 'The order of the list (newest first when not set)',
	},
	{
		displayName: 'Sort Order',
		name: 'sortOrder',
		type: 'options',
		options: [
			{ name: 'Ascending', value: 'asc' },
			{ name: 'Descending', value: 'desc' },
		],
		default: 'desc',
		description: 'Whether to sort from the first to the last or the other way round',
	},
	{ ...tagsField, description: 'Only groups having one of these tags, separated by commas' },
	{
		displayName: 'Types',
		name: 'types',
		type: 'multiOptions',
		options: [
			{ name: 'Password', value: 'password' },
			{ name: 'Private', value: 'private' },
			{ name: 'Public', value: 'public' },
		],
		default: [],
		description: 'Only groups of these types',
	},
	dateFilter('updatedFrom', 'Updated After', 'Only groups updated (after their creation) at or after this time'),
	dateFilter('updatedTo', 'Updated Before', 'Only groups updated (after their creation) at or before this time'),
];

export const getMany = listOperation({
	action: 'Get many groups',
	description: 'List groups, newest first, with optional filters',
	strategy: 'numberedPages',
	identity: 'guid',
	filters: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: filters,
		},
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const f = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const count = (name: string, label: string) => (f[name] === undefined ? undefined : integerOf(this, itemIndex, label, f[name], 0));
		const date = (name: string, label: string) => rangeEndOf(this, itemIndex, label, f[name]);
		const created = [date('createdFrom', 'Created After'), date('createdTo', 'Created Before')] as const;
		const updated = [date('updatedFrom', 'Updated After'), date('updatedTo', 'Updated Before')] as const;
		checkRange(this, itemIndex, ...created);
		checkRange(this, itemIndex, ...updated);
		const types = choicesOf(this, itemIndex, 'Types', f.types, GROUP_TYPES);
		const searchIn = choicesOf(this, itemIndex, 'Search In', f.searchIn, ['guid', 'name']);
		const joinedBy = idOf(this, itemIndex, 'Joined By', f.joinedBy);
		const qs = compact({
			searchKey: optionalTextOf(this, itemIndex, 'Search Term', f.searchKey),
			// As published (docs/cometchat-api.md, List parameters): `searchIn` repeated, the others one
			// comma-separated value.
			searchIn,
			sortBy: optionalOptionOf(this, itemIndex, 'Sort By', f.sortBy, ['name', 'guid', 'createdAt']),
			sortOrder: optionalOptionOf(this, itemIndex, 'Sort Order', f.sortOrder, ['asc', 'desc']),
			tags: listOf(this, itemIndex, 'Tags', f.tags).join(','),
			types: types.join(','),
			guids: guidListOf(this, itemIndex, 'GUIDs', f.guids).join(','),
			hasJoined: joinedBy ? true : undefined,
			'createdAt[from]': created[0].seconds,
			'createdAt[to]': created[1].seconds,
			'updatedAt[from]': updated[0].seconds,
			'updatedAt[to]': updated[1].seconds,
			'membersCount[gte]': count('membersMin', 'Min Members'),
			'membersCount[lte]': count('membersMax', 'Max Members'),
		});
		return {
			method: 'GET',
			path: ['groups'],
			qs,
			onBehalfOf: joinedBy ? uidOf(this, itemIndex, 'Joined By', joinedBy) : undefined,
		};
	},
	simplify: { fields: SIMPLIFIED_GROUP_FIELDS, pick: simplifyGroup },
});
