import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, metadataField, onBehalfOfField, onBehalfOfValue, tagsField } from '../../fields/common';
import { tagsOf } from '../../readers/lists';
import { idOf, optionalTextOf, optionalUrlOf, readRequiredText, requiredGuid, textOf, uidOf } from '../../readers/text';
import { compact, metadataOf, optionOf } from '../../readers/values';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import { createdRecordLookup } from '../createdRecord';
import type { OperationDefinition } from '../types';
import { checkTypeAndPassword, GROUP_RETURNS, GROUP_TYPES, newGroupFields } from './fields';
import { memberFields, memberListsOf } from './members';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a group',
	description: 'Create a group, optionally with its first admins, moderators, participants and banned users',
	returns: GROUP_RETURNS,
	properties: [
		...newGroupFields('The GUID of the new group: its unique identifier'),
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			// Not `required`: with Type from an expression n8n would count it as shown, and would
			// refuse to start the workflow while it is empty. The operation checks it instead.
			default: '',
			description: 'The password users give to join the group. Required for the type Password.',
			displayOptions: { show: { type: ['password'] } },
		},
		onBehalfOfField(
			ACTING_USER.actAs,
			false,
			'The user (UID) who creates the group and owns it unless Owner UID is set. Leave empty to act as the app.',
		),
		{
			displayName: 'Members',
			name: 'members',
			type: 'collection',
			placeholder: 'Add Members',
			default: {},
			options: memberFields,
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Description',
					name: 'description',
					type: 'string',
					default: '',
					placeholder: 'e.g. Where the support team meets',
					description: 'What the group is for',
				},
				{
					displayName: 'Icon URL',
					name: 'icon',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://example.com/icons/support.png',
					description: 'URL of the group picture',
				},
				metadataField,
				{
					displayName: 'Owner UID',
					name: 'owner',
					type: 'string',
					default: '',
					placeholder: 'e.g. cometchat-uid-1',
					description: 'The user who owns the group',
				},
				tagsField,
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = requiredGuid(this, itemIndex, 'guid', 'GUID', 'Enter the GUID of the new group, e.g. cometchat-guid-1.');
		const name = readRequiredText(this, itemIndex, 'name', 'Name', 'Enter the display name of the group in Name.');
		const type = optionOf(this, itemIndex, 'Type', this.getNodeParameter('type', itemIndex, ''), GROUP_TYPES);
		// The Password field is shown (and read) for the type Password only.
		const password =
			type === 'password' ? textOf(this, itemIndex, 'Password', this.getNodeParameter('password', itemIndex, '')) : undefined;
		checkTypeAndPassword(this, itemIndex, type, password);
		const members = this.getNodeParameter('members', itemIndex, {}) as IDataObject;
		const memberLists = memberListsOf(this, itemIndex, members);
		const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const owner = idOf(this, itemIndex, 'Owner UID', fields.owner);
		const body = compact({
			guid,
			name,
			type,
			password,
			description: optionalTextOf(this, itemIndex, 'Description', fields.description),
			icon: optionalUrlOf(this, itemIndex, 'Icon URL', fields.icon),
			metadata: metadataOf(this, itemIndex, 'Metadata (JSON)', fields.metadata),
			owner: owner ? uidOf(this, itemIndex, 'Owner UID', owner) : undefined,
			tags: tagsOf(this, itemIndex, 'Tags', fields.tags),
			members: Object.keys(memberLists).length > 0 ? memberLists : undefined,
		});
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, {
			method: 'POST',
			path: ['groups'],
			body,
			onBehalfOf,
			secrets: password ? [password] : undefined,
			...createdRecordLookup(this, itemIndex, 'group', body, { onBehalfOf }),
		});
		return { ...(response.data as IDataObject), ...appliedEarlier(response) };
	},
};
