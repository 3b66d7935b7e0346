import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { metadataField } from '../../fields/common';
import { requireChanges } from '../../readers/fieldErrors';
import { clearFieldsOf } from '../../readers/lists';
import { optionalTextOf } from '../../readers/text';
import { compact, parseJsonObject } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { roleField, roleSettingsFields, roleSettingsOf, roleValue } from './fields';

/** What Clear Fields removes, through `unset` (PUT /roles/{role}). */
const CLEARABLE = [
	{ name: 'Description', value: 'description' },
	{ name: 'Metadata', value: 'metadata' },
	{ name: 'Settings', value: 'settings' },
];

const updateFields: INodeProperties[] = [
	{
		displayName: 'Clear Fields',
		name: 'clear',
		type: 'multiOptions',
		options: CLEARABLE,
		default: [],
		description: 'Attributes to remove from the role. A cleared attribute cannot also be set here.',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		placeholder: 'e.g. Can moderate the support groups',
		description: 'New description of the role',
	},
	roleSettingsFields[0],
	{ ...metadataField, description: 'New JSON stored with the role, replacing the current one' },
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Moderator',
		description: 'New display name of the role',
	},
	roleSettingsFields[1],
];

/** PUT /roles/{role}: only the fields given are sent; a setting given leaves the other as it is. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a role',
	description: "Change a role's name, description, metadata or settings, or clear them",
	returns: 'Returns the role after the change: role (its key), name, description, metadata, settings and times.',
	properties: [
		roleField('The role to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: updateFields,
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = roleValue(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body = compact({
			name: optionalTextOf(this, itemIndex, 'Name', fields.name),
			description: optionalTextOf(this, itemIndex, 'Description', fields.description),
			metadata: parseJsonObject(this, itemIndex, fields.metadata, 'Metadata (JSON)'),
			settings: roleSettingsOf(this, itemIndex, fields),
		});
		const unset = clearFieldsOf(this, itemIndex, fields.clear, CLEARABLE, body);
		if (unset.length > 0) body.unset = unset;
		requireChanges(this, itemIndex, body, 'Add at least one field under Update Fields, or choose attributes under Clear Fields.');
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['roles', role], body });
		return response.data as IDataObject;
	},
};
