import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { idOf, optionalGuid, optionalTextOf, uidOf } from '../../readers/text';
import { compact, optionalOptionOf } from '../../readers/values';
import { listOperation } from '../list';
import { SIMPLIFIED_MESSAGE_FIELDS, simplifyMessage } from '../message/simplify';

const CATEGORIES = ['custom', 'message'] as const;
const STATUSES = ['disapproved', 'pending'] as const;

const filters: INodeProperties[] = [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Category',
				name: 'category',
				type: 'options',
				options: [
					{ name: 'Custom', value: 'custom' },
					{ name: 'Message', value: 'message', description: 'Text, image, file, audio or video' },
				],
				default: 'message',
			},
			{
				displayName: 'Moderation Status',
				name: 'moderationStatus',
				type: 'options',
				options: [
					{ name: 'Disapproved', value: 'disapproved', description: 'Dropped by a rule, or rejected by a moderator' },
					{ name: 'Pending', value: 'pending', description: 'Held by a rule, awaiting review' },
				],
				default: 'pending',
			},
			{
				displayName: 'Receiver GUID',
				name: 'receiverGUID',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-guid-1',
				description: 'Only messages sent to this group',
			},
			{
				displayName: 'Receiver UID',
				name: 'receiverUID',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-uid-2',
				description: 'Only messages sent to this user',
			},
			{
				displayName: 'Sender UID',
				name: 'sender',
				type: 'string',
				default: '',
				placeholder: 'e.g. cometchat-uid-1',
				description: 'Only messages sent by this user',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'string',
				default: '',
				placeholder: 'e.g. text',
				description: 'Only messages of this type: text, image, file, audio, video, or a custom type',
			},
		],
	},
];

/**
 * GET /moderation/messages: the messages submitted for moderation, oldest first, read by the cursor
 * its answers carry (`meta.next`), like the message lists (docs/cometchat-api.md, Moderation set-up).
 */
export const getMany = listOperation({
	action: 'Get many moderated messages',
	description: 'List the messages submitted for moderation, oldest first, with their moderation status',
	strategy: 'cursor',
	identity: 'id',
	filters,
	request(itemIndex) {
		const given = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const uid = (label: string, value: unknown) => {
			const id = idOf(this, itemIndex, label, value);
			return id === '' ? undefined : uidOf(this, itemIndex, label, id);
		};
		const qs = compact({
			sender: uid('Sender UID', given.sender),
			receiverUID: uid('Receiver UID', given.receiverUID),
			receiverGUID: optionalGuid(this, itemIndex, 'Receiver GUID', given.receiverGUID),
			category: optionalOptionOf(this, itemIndex, 'Category', given.category, CATEGORIES),
			type: optionalTextOf(this, itemIndex, 'Type', given.type)?.trim(),
			moderationStatus: optionalOptionOf(this, itemIndex, 'Moderation Status', given.moderationStatus, STATUSES),
		});
		return { method: 'GET', path: ['moderation', 'messages'], qs };
	},
	simplify: { fields: SIMPLIFIED_MESSAGE_FIELDS, pick: simplifyMessage },
});
