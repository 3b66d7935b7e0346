import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { simplifiedPicker } from '../../fields/lists';
import { choicesOf, compact, optionalOptionOf } from '../../readers/values';
import { groupField, groupValue } from '../group/fields';
import { listOperation } from '../list';
import { SCOPES, scopeOptions } from './fields';

/** The fields of a member that a workflow usually needs (Simplify). */
const SIMPLIFIED_MEMBER_FIELDS = ['uid', 'name', 'avatar', 'role', 'status', 'scope', 'joinedAt'];

/** GET /groups/{guid}/members (docs/cometchat-api.md, Group members). */
export const getMany = listOperation({
	action: 'Get many members of a group',
	description: 'List the members of a group with their scope, optionally only some scopes',
	strategy: 'numberedPages',
	identity: 'uid',
	properties: [groupField('The group whose members to list')],
	filters: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Scopes',
					name: 'scopes',
					type: 'multiOptions',
					options: scopeOptions,
					default: [],
					description: 'Only members with one of these scopes',
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
					description: 'Only members with this presence status',
				},
			],
		},
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const guid = groupValue(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const scopes = choicesOf(this, itemIndex, 'Scopes', filters.scopes, SCOPES);
		const qs = compact({
			// Published as one comma-separated value (explode=false).
			scopes: scopes.join(','),
			status: optionalOptionOf(this, itemIndex, 'Status', filters.status, ['available', 'offline']),
		});
		return { method: 'GET', path: ['groups', guid, 'members'], qs };
	},
	simplify: { fields: SIMPLIFIED_MEMBER_FIELDS, pick: simplifiedPicker(SIMPLIFIED_MEMBER_FIELDS) },
});
