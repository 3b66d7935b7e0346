import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	ACTING_USER,
	LOCATOR_KINDS,
	locatorField,
	onBehalfOfField,
	onBehalfOfValue,
	requiredOnBehalfOf,
	tagsField,
} from '../../fields/common';
import { checkRange, rangeEndOf } from '../../readers/dates';
import { listOf } from '../../readers/lists';
import { idOf, optionalTextOf, requiredGuid, requiredUid, uidOf } from '../../readers/text';
import { booleanOf, compact, optionalOptionOf, readOption } from '../../readers/values';
import { MESSAGES_MAX_LIMIT } from '../../transport/paginate';
import { listOperation } from '../list';
import { attachmentDownloader, downloadAttachmentFields } from './attachments';
import { SIMPLIFIED_MESSAGE_FIELDS, simplifyMessage } from './simplify';

const CONVERSATIONS = ['all', 'group', 'user'] as const;
const ORDERS = ['newest', 'oldest'] as const;

/** Filters that only the app-wide list (GET /messages) takes; n8n leaves them out of the other lists' parameters. */
const onlyAllConversations = { show: { '/conversation': ['all'] } };

const properties: INodeProperties[] = [
	{
		displayName: 'Conversation',
		name: 'conversation',
		type: 'options',
		options: [
			{ name: 'All Conversations', value: 'all', description: "Every message of the app (or of one user, with 'Act As')" },
			{ name: 'Group', value: 'group', description: 'The messages of one group' },
			{ name: 'One-to-One', value: 'user', description: "The messages between the user in 'Act As' and one other user" },
		],
		default: 'all',
	},
	{
		...locatorField(LOCATOR_KINDS.user, {
			name: 'withUid',
			displayName: 'With User',
			description: 'The other user of the one-to-one conversation',
		}),
		displayOptions: { show: { conversation: ['user'] } },
	},
	{
		...locatorField(LOCATOR_KINDS.group, { name: 'groupGuid', displayName: 'Group', description: 'The group whose messages to list' }),
		displayOptions: { show: { conversation: ['group'] } },
	},
	onBehalfOfField(
		ACTING_USER.actAs,
		false,
		'All Conversations: only the conversations of this user; leave empty for every message. One-to-One: required, the user whose conversation with With User is read. Group: the user whose view is read; leave empty to read as the app.',
	),
	{
		displayName: 'Order',
		name: 'order',
		type: 'options',
		options: [
			{ name: 'Newest First', value: 'newest', description: 'The most recent messages; Limit keeps the newest' },
			{ name: 'Oldest First', value: 'oldest', description: 'From the start of the history; Limit keeps the oldest' },
		],
		default: 'newest',
	},
];

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
					{ name: 'Action', value: 'action', description: 'What happened, e.g. a message edited or a member added' },
					{ name: 'Custom', value: 'custom' },
					{ name: 'Message', value: 'message', description: 'Text, image, file, audio or video' },
				],
				default: 'message',
			},
			{
				displayName: 'Deleted Messages',
				name: 'deleted',
				type: 'options',
				options: [
					{ name: 'Hide', value: 'hide', description: 'Leave deleted messages out (hideDeleted)' },
					{ name: 'Include', value: 'include', description: 'List them, marked with deletedAt and deletedBy' },
					{ name: 'Only', value: 'only', description: 'List only deleted messages (onlyDeleted)' },
				],
				default: 'include',
				displayOptions: onlyAllConversations,
			},
			{
				displayName: 'Hide Thread Replies',
				name: 'hideReplies',
				type: 'boolean',
				default: false,
				description: 'Whether to leave out the replies in threads, keeping the messages that start them',
			},
			{
				displayName: 'Receiver Type',
				name: 'receiverType',
				type: 'options',
				options: [
					{ name: 'Group', value: 'group', description: 'Messages to groups' },
					{ name: 'User', value: 'user', description: 'One-to-one messages' },
				],
				default: 'user',
				displayOptions: onlyAllConversations,
			},
			{
				displayName: 'Search Term',
				name: 'searchKey',
				type: 'string',
				default: '',
				placeholder: 'e.g. refund',
				description: 'Only messages whose text contains this',
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
				displayName: 'Sent From',
				name: 'sentFrom',
				type: 'dateTime',
				default: '',
				description: 'Only messages sent at or after this time',
				displayOptions: onlyAllConversations,
			},
			{
				displayName: 'Sent Until',
				name: 'sentUntil',
				type: 'dateTime',
				default: '',
				description: 'Only messages sent at or before this time',
				displayOptions: onlyAllConversations,
			},
			{ ...tagsField, description: 'Only messages having any of these tags, separated by commas' },
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
 * GET /messages (app-wide), /users/{uid}/messages (one-to-one) or /groups/{guid}/messages, paged by
 * their cursor (docs/cometchat-api.md, Messages). Newest first pages backwards (`affix=prepend`).
 */
export const getMany = listOperation({
	action: 'Get many messages',
	description: 'List messages of the app, a group or a one-to-one conversation, newest or oldest first, with filters',
	strategy: 'cursor',
	identity: 'id',
	maxPageSize: MESSAGES_MAX_LIMIT,
	properties,
	filters: [...filters, ...downloadAttachmentFields],
	files(itemIndex) {
		return attachmentDownloader(this, itemIndex);
	},
	request(itemIndex) {
		const conversation = readOption(this, itemIndex, 'conversation', 'Conversation', CONVERSATIONS, 'all');
		const order = readOption(this, itemIndex, 'order', 'Order', ORDERS, 'newest');
		const given = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const sender = idOf(this, itemIndex, 'Sender UID', given.sender);
		if (sender) uidOf(this, itemIndex, 'Sender UID', sender);
		const tags = listOf(this, itemIndex, 'Tags', given.tags);
		const common = {
			searchKey: optionalTextOf(this, itemIndex, 'Search Term', given.searchKey),
			category: optionalOptionOf(this, itemIndex, 'Category', given.category, ['action', 'custom', 'message']),
			type: optionalTextOf(this, itemIndex, 'Type', given.type)?.trim(),
			sender: sender || undefined,
			hideReplies: booleanOf(this, itemIndex, 'Hide Thread Replies', given.hideReplies, false) || undefined,
			affix: order === 'newest' ? 'prepend' : undefined,
		};
		if (conversation !== 'all') {
			// These lists declare `tags` as a repeated parameter (tags=a&tags=b).
			const qs = compact({ ...common, tags: tags.length > 0 ? tags : undefined });
			// Both operations declare `affix` and `id` as their cursor, not the `sentAt` meta.next also has.
			const cursorFields = ['affix', 'id'];
			if (conversation === 'group') {
				const guid = requiredGuid(this, itemIndex, 'groupGuid', 'Group');
				return {
					method: 'GET',
					path: ['groups', guid, 'messages'],
					qs,
					onBehalfOf: onBehalfOfValue(this, itemIndex, ACTING_USER.actAs),
					cursorFields,
				};
			}
			const onBehalfOf = requiredOnBehalfOf(this, itemIndex, ACTING_USER.actAs);
			const withUid = requiredUid(
				this,
				itemIndex,
				'withUid',
				'With User',
				'Choose the other user of the conversation from the list, or enter a UID.',
			);
			return { method: 'GET', path: ['users', withUid, 'messages'], qs, onBehalfOf, cursorFields };
		}
		const deleted = optionalOptionOf(this, itemIndex, 'Deleted Messages', given.deleted, ['hide', 'include', 'only']);
		const sentFrom = rangeEndOf(this, itemIndex, 'Sent From', given.sentFrom);
		const sentUntil = rangeEndOf(this, itemIndex, 'Sent Until', given.sentUntil);
		checkRange(this, itemIndex, sentFrom, sentUntil);
		const qs = compact({
			...common,
			receiverType: optionalOptionOf(this, itemIndex, 'Receiver Type', given.receiverType, ['group', 'user']),
			hideDeleted: deleted === 'hide' || undefined,
			onlyDeleted: deleted === 'only' || undefined,
			'sentAt[from]': sentFrom.seconds,
			'sentAt[to]': sentUntil.seconds,
			// The app-wide list declares `tags` as one comma-separated value.
			tags: tags.join(','),
		});
		return { method: 'GET', path: ['messages'], qs, onBehalfOf: onBehalfOfValue(this, itemIndex, ACTING_USER.actAs) };
	},
	arrange(records, itemIndex) {
		if (this.getNodeParameter('order', itemIndex, 'newest') !== 'newest') return records;
		// Pages read backwards come each oldest first: the whole list is put newest first by id.
		return [...records].sort((a, b) => Number(b.id) - Number(a.id));
	},
	simplify: { fields: SIMPLIFIED_MESSAGE_FIELDS, pick: simplifyMessage },
});
