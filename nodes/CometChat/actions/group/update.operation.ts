import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ACTING_USER, metadataField, onBehalfOfField, onBehalfOfValue, tagsField } from '../../fields/common';
import { inputError, requireChanges } from '../../readers/fieldErrors';
import { clearFieldsOf, tagsOf } from '../../readers/lists';
import { idOf, optionalTextOf, optionalUrlOf, uidOf } from '../../readers/text';
import { compact, metadataOf, optionalOptionOf } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { checkTypeAndPassword, GROUP_RETURNS, GROUP_TYPES, groupField, groupTypeOptions, groupValue } from './fields';

/**
 * What Clear Fields can clear: icon, description and metadata through `unset` (PUT /groups/{guid}),
 * and the tags, which `unset` does not cover, by sending `tags: []` (docs/cometchat-api.md, Groups).
 */
const CLEARABLE = [
	{ name: 'Description', value: 'description' },
	{ name: 'Icon URL', value: 'icon' },
	{ name: 'Metadata', value: 'metadata' },
	{ name: 'Tags', value: 'tags' },
];
const UNSET = ['description', 'icon', 'metadata'];

const updateFields: INodeProperties[] = [
	{
		displayName: 'Clear Fields',
		name: 'clear',
		type: 'multiOptions',
		options: CLEARABLE,
		default: [],
		description: 'Attributes to remove from the group. A cleared attribute cannot also be set here.',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		placeholder: 'e.g. Where the support team meets',
		description: 'New description of the group',
	},
	{
		displayName: 'Icon URL',
		name: 'icon',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/icons/support.png',
		description: 'URL of the new group picture',
	},
	metadataField,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Support Team',
		description: 'New display name of the group',
	},
	{
		displayName: 'Owner UID',
		name: 'owner',
		type: 'string',
		default: '',
		placeholder: 'e.g. cometchat-uid-1',
		description: "The user who becomes the owner. CometChat ignores it when 'Act As' is set.",
	},
	{
		displayName: 'Password',
		name: 'password',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'New password of a group of type Password (needed when the type changes to Password)',
	},
	{ ...tagsField, description: 'New tags, replacing the current ones: separated by commas, or an array from an expression' },
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: groupTypeOptions,
		default: 'public',
		description: 'Who can join the group',
	},
];

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a group',
	description: 'Change a group, or clear its description, icon, metadata or tags',
	returns: GROUP_RETURNS,
	properties: [
		groupField('The group to update'),
		onBehalfOfField(ACTING_USER.actAs, false),
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
		const guid = groupValue(this, itemIndex);
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const owner = idOf(this, itemIndex, 'Owner UID', fields.owner);
		if (owner && onBehalfOf) {
			throw inputError(
				this,
				itemIndex,
				"'Owner UID' cannot be changed while 'Act As' is set",
				"CometChat ignores the owner when the request is made as a user. Clear 'Act As', or remove 'Owner UID'.",
			);
		}
		const password = optionalTextOf(this, itemIndex, 'Password', fields.password);
		const type = optionalOptionOf(this, itemIndex, 'Type', fields.type, GROUP_TYPES);
		checkTypeAndPassword(this, itemIndex, type, password);
		const body: IDataObject = compact({
			name: optionalTextOf(this, itemIndex, 'Name', fields.name),
			type,
			password,
			description: optionalTextOf(this, itemIndex, 'Description', fields.description),
			icon: optionalUrlOf(this, itemIndex, 'Icon URL', fields.icon),
			metadata: metadataOf(this, itemIndex, 'Metadata (JSON)', fields.metadata),
			owner: owner ? uidOf(this, itemIndex, 'Owner UID', owner) : undefined,
			tags: tagsOf(this, itemIndex, 'Tags', fields.tags),
		});
		// An empty list from an expression is meant: it clears the tags, as Clear Fields → Tags does.
		if (Array.isArray(fields.tags) && fields.tags.length === 0) body.tags = [];
		const clear = clearFieldsOf(this, itemIndex, fields.clear, CLEARABLE, body);
		const unset = clear.filter((attribute) => UNSET.includes(attribute));
		if (unset.length > 0) body.unset = unset;
		if (clear.includes('tags')) body.tags = [];
		requireChanges(this, itemIndex, body, 'Add at least one field under Update Fields, or choose attributes under Clear Fields.');
		const response = await cometChatRequest.call(this, {
			method: 'PUT',
			path: ['groups', guid],
			body,
			onBehalfOf,
			secrets: password ? [password] : undefined,
		});
		return response.data as IDataObject;
	},
};
