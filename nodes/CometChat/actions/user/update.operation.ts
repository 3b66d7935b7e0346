import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requireChanges } from '../../readers/fieldErrors';
import { clearFieldsOf } from '../../readers/lists';
import { optionalTextOf, requiredUid } from '../../readers/text';
import { compact } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { userProfileBody, userProfileOptions } from './profile';

/**
 * What Clear Fields can clear (docs/cometchat-api.md, Users): avatar, link and metadata through
 * `unset`, which lists only those; tags by sending `tags: []` and the status message by sending
 * `statusMessage: ""`, which an update otherwise leaves out as "not given".
 */
const CLEARABLE = [
	{ name: 'Avatar URL', value: 'avatar' },
	{ name: 'Link', value: 'link' },
	{ name: 'Metadata', value: 'metadata' },
	{ name: 'Status Message', value: 'statusMessage' },
	{ name: 'Tags', value: 'tags' },
];
/** Cleared by an empty value rather than through `unset`. */
const CLEARED_BY_EMPTY_VALUE: IDataObject = { statusMessage: '', tags: [] };

const clearFields: INodeProperties = {
	displayName: 'Clear Fields',
	name: 'unset',
	type: 'multiOptions',
	options: CLEARABLE,
	default: [],
	description: 'Attributes to remove from the user. A cleared attribute cannot also be set here.',
};

const newName: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Ada Lovelace',
	description: 'New display name of the user',
};

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a user',
	description: 'Change the profile of an existing user, or clear its avatar, link, metadata, status message or tags',
	returns: 'Returns the updated user as CometChat answers: uid, name, role, status, tags, updatedAt and more.',
	properties: [
		locatorField(LOCATOR_KINDS.user, {
			name: 'uid',
			displayName: 'User',
			required: true,
			description: 'The user to update',
		}),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [...userProfileOptions, clearFields, newName].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {
			...userProfileBody(this, itemIndex, fields),
			...compact({ name: optionalTextOf(this, itemIndex, 'Name', fields.name) }),
		};
		const unset = clearFieldsOf(this, itemIndex, fields.unset, CLEARABLE, body);
		for (const attribute of unset) {
			if (attribute in CLEARED_BY_EMPTY_VALUE) body[attribute] = CLEARED_BY_EMPTY_VALUE[attribute];
		}
		const viaUnset = unset.filter((attribute) => !(attribute in CLEARED_BY_EMPTY_VALUE));
		if (viaUnset.length > 0) body.unset = viaUnset;
		requireChanges(this, itemIndex, body, 'Add at least one field under Update Fields, or choose attributes under Clear Fields.');
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['users', uid], body });
		return response.data as IDataObject;
	},
};
