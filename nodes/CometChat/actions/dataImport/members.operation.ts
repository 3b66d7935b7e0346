import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requiredGuid, requiredUid } from '../../readers/text';
import { booleanOf, compact, optionalOptionOf } from '../../readers/values';
import type { EntityImport, OperationDefinition } from '../types';
import { importOneItem, importReturns } from './batches';
import { detailsOf, GROUP_DETAILS, jsonField, timeField, timeOf, USER_DETAILS } from './fields';

const SCOPES = ['admin', 'moderator', 'participant'] as const;

const members: EntityImport = {
	endpoint: 'members',
	noun: 'group member',
	idLabel: 'Member',
	read(context: IExecuteFunctions, itemIndex: number) {
		const fields = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const guid = requiredGuid(context, itemIndex, 'guid', 'GUID', 'Enter the GUID of the group, e.g. {{ $json.guid }}.');
		const uid = requiredUid(context, itemIndex, 'uid', 'UID', 'Enter the UID of the member, e.g. {{ $json.uid }}.');
		// The key CometChat's schema asks for (`memberId` must equal it): built here, never typed by the user.
		const memberId = `${guid}_member_${uid}`;
		const entity = compact({
			memberId,
			guid,
			uid,
			scope: optionalOptionOf(context, itemIndex, 'Scope', fields.scope, SCOPES),
			isBanned: fields.isBanned === undefined ? undefined : booleanOf(context, itemIndex, 'Is Banned', fields.isBanned, false),
			joinedAt: timeOf(context, itemIndex, 'Joined At', fields.joinedAt),
			groupDetails: detailsOf(context, itemIndex, 'Group Details (JSON)', fields.groupDetails, GROUP_DETAILS),
			userDetails: detailsOf(context, itemIndex, 'User Details (JSON)', fields.userDetails, USER_DETAILS),
		});
		return { id: memberId, entity };
	},
};

export const importMembers: OperationDefinition = {
	value: 'importMembers',
	name: 'Import Group Members',
	action: 'Import group members',
	description: 'Import memberships of groups, 50 to a request; a member already in the group is reported as already imported',
	returns: importReturns('<guid>_member_<uid>'),
	entityImport: members,
	properties: [
		{
			displayName: 'GUID',
			name: 'guid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. cometchat-guid-1',
			description: 'The GUID of the group the user is a member of',
		},
		{
			displayName: 'UID',
			name: 'uid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. cometchat-uid-1',
			description: 'The UID of the member',
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				jsonField(
					'groupDetails',
					'Group Details (JSON)',
					'The group to create when not imported yet: at least "guid", "name" and "type"',
					'{"guid": "support", "name": "Support", "type": "public"}',
				),
				{
					displayName: 'Is Banned',
					name: 'isBanned',
					type: 'boolean',
					default: false,
					description: 'Whether the user is imported as banned from the group',
				},
				timeField('joinedAt', 'Joined At', 'When the user joined the group; after the group was created'),
				{
					displayName: 'Scope',
					name: 'scope',
					type: 'options',
					options: [
						{ name: 'Admin', value: 'admin' },
						{ name: 'Moderator', value: 'moderator' },
						{ name: 'Participant', value: 'participant' },
					],
					default: 'participant',
					description: 'The member’s scope in the group',
				},
				jsonField(
					'userDetails',
					'User Details (JSON)',
					'The user to create when not imported yet: at least "uid" and "name"',
					'{"uid": "ada", "name": "Ada Lovelace"}',
				),
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await importOneItem(this, itemIndex, members);
	},
};
