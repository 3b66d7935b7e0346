import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { metadataField, tagsField } from '../../fields/common';
import { tagsOf } from '../../readers/lists';
import { optionalUrlOf, readRequiredText, requiredGuid, textOf } from '../../readers/text';
import { compact, metadataOf, readOption } from '../../readers/values';
import { checkTypeAndPassword, GROUP_TYPES, newGroupFields } from '../group/fields';
import type { EntityImport, OperationDefinition } from '../types';
import { importOneItem, importReturns } from './batches';
import { detailsOf, jsonField, optionalUidOf, timeField, timeOf, USER_DETAILS } from './fields';

const groups: EntityImport = {
	endpoint: 'groups',
	noun: 'group',
	idLabel: 'GUID',
	read(context: IExecuteFunctions, itemIndex: number) {
		const fields = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const guid = requiredGuid(context, itemIndex, 'guid', 'GUID', 'Enter the GUID of the group, e.g. {{ $json.guid }}.');
		const type = readOption(context, itemIndex, 'type', 'Type', GROUP_TYPES, 'public');
		const password = textOf(context, itemIndex, 'Password', fields.password) || undefined;
		checkTypeAndPassword(context, itemIndex, type, password);
		const entity = compact({
			guid,
			name: readRequiredText(context, itemIndex, 'name', 'Name', 'Enter the display name of the group in Name.'),
			type,
			password,
			icon: optionalUrlOf(context, itemIndex, 'Icon URL', fields.icon),
			owner: optionalUidOf(context, itemIndex, 'Owner UID', fields.owner),
			createdAt: timeOf(context, itemIndex, 'Created At', fields.createdAt),
			metadata: metadataOf(context, itemIndex, 'Metadata (JSON)', fields.metadata),
			tags: tagsOf(context, itemIndex, 'Tags', fields.tags),
			groupOwnerDetails: detailsOf(context, itemIndex, 'Owner Details (JSON)', fields.groupOwnerDetails, USER_DETAILS),
		});
		return { id: guid, entity, secrets: password ? [password] : undefined };
	},
};

export const importGroups: OperationDefinition = {
	value: 'importGroups',
	name: 'Import Groups',
	action: 'Import groups',
	description: 'Import groups with their history, 50 to a request; a group already in CometChat is reported as already imported',
	returns: importReturns('its GUID'),
	entityImport: groups,
	properties: [
		...newGroupFields('The GUID of the group: its unique identifier'),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				timeField('createdAt', 'Created At', 'When the group was created in the system the import comes from'),
				{
					displayName: 'Icon URL',
					name: 'icon',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://example.com/icons/support.png',
					description: 'URL of the group icon',
				},
				metadataField,
				{
					displayName: 'Owner UID',
					name: 'owner',
					type: 'string',
					default: '',
					placeholder: 'e.g. cometchat-uid-1',
					description: 'The user who owns the group: imported before, or described in Owner Details',
				},
				jsonField(
					'groupOwnerDetails',
					'Owner Details (JSON)',
					'The owner as a user to create when not imported yet: at least "uid" and "name"',
					'{"uid": "ada", "name": "Ada Lovelace"}',
				),
				{
					displayName: 'Password',
					name: 'password',
					type: 'string',
					typeOptions: { password: true },
					default: '',
					description: 'The password users give to join the group. Required for the type Password.',
				},
				tagsField,
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await importOneItem(this, itemIndex, groups);
	},
};
