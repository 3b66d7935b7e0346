import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { simplifiedPicker } from '../../fields/lists';
import { checkRange, optionalDateTimeMillisOf } from '../../readers/dates';
import { optionalTextOf } from '../../readers/text';
import { booleanOf, compact, integerOf, optionalOptionOf } from '../../readers/values';
import type { ListRequest } from '../../transport/paginate';
import { listOperation } from '../list';

const CHANNELS = ['push', 'email', 'sms'] as const;
const PROVIDERS = ['fcm', 'apns', 'sendgrid', 'twilio', 'custom'] as const;
const RECEIVER_TYPES = ['user', 'group'] as const;
const TRIGGERS = [
	'after_message',
	'message_deleted',
	'message_edited',
	'message_reaction_added',
	'initiated',
	'rejected',
	'cancelled',
	'unanswered',
	'after_group_joined',
	'after_group_left',
	'after_group_members_added',
	'after_group_members_kicked',
	'after_group_members_banned',
	'after_group_members_unbanned',
	'after_scope_changed',
] as const;
const REASONS = [
	'MESSAGES_PREFERENCE',
	'REPLIES_PREFERENCE',
	'MESSAGE_ACTIONS_PREFERENCE',
	'REACTIONS_PREFERENCE',
	'GROUP_ACTIONS_PREFERENCE',
	'DND_PREFERENCE',
	'MUTE_PREFERENCE',
	'SCHEDULE_PREFERENCE',
	'CALL_PREFERENCE',
	'QUOTA_PREFERENCE',
	'MISSING_EMAIL',
	'MISSING_PHNO',
	'INVALID_PUSH_PROVIDER_ID',
	'TIMED_OUT',
	'NOT_FOUND',
	'TWILIO_CREATE_ERROR',
] as const;

/** An options filter from a published enum: the values as CometChat spells them. */
function choiceFilter(displayName: string, name: string, values: readonly string[], description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		options: values.map((value) => ({ name: value, value })),
		default: '',
		description,
	};
}

const FILTERS: INodeProperties[] = [
	choiceFilter('Channel', 'channel', CHANNELS, 'Only notifications sent by push, e-mail or SMS'),
	{
		displayName: 'From',
		name: 'from',
		type: 'dateTime',
		default: '',
		description: 'Only notifications of messages sent at or after this time',
	},
	{ displayName: 'Message ID', name: 'messageId', type: 'number', default: 1, description: 'Only notifications of this message or reply' },
	{
		displayName: 'Notification Triggered',
		name: 'notificationTriggered',
		type: 'boolean',
		default: false,
		description: 'Whether to list only notifications sent to the provider (on) or only those held back by a preference (off; see Reason)',
	},
	choiceFilter('Provider', 'provider', PROVIDERS, 'Only notifications sent through this provider'),
	choiceFilter('Reason', 'reason', REASONS, 'Only notifications held back for this reason'),
	{
		displayName: 'Receiver',
		name: 'receiver',
		type: 'string',
		default: '',
		description: 'Only notifications of messages to this UID or GUID',
	},
	choiceFilter('Receiver Type', 'receiverType', RECEIVER_TYPES, 'Only notifications of messages to a user or to a group'),
	{ displayName: 'Sender', name: 'sender', type: 'string', default: '', description: 'Only notifications of messages from this UID' },
	{
		displayName: 'Success',
		name: 'success',
		type: 'boolean',
		default: true,
		description: 'Whether to list only notifications the provider accepted (on) or only those it answered with an error (off)',
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		default: '',
		description: 'Only notifications of messages sent at or before this time',
	},
	choiceFilter('Trigger', 'trigger', TRIGGERS, 'Only notifications of this event'),
];

/** The query of the filters given, each checked. */
function filtersQuery(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const given = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const option = <T extends string>(label: string, name: string, values: readonly T[]) =>
		given[name] === undefined ? undefined : optionalOptionOf(context, itemIndex, label, given[name], values);
	const flag = (label: string, name: string) =>
		given[name] === undefined ? undefined : booleanOf(context, itemIndex, label, given[name], false);
	const from = optionalDateTimeMillisOf(context, itemIndex, 'From', given.from);
	const to = optionalDateTimeMillisOf(context, itemIndex, 'To', given.to);
	const secondsOf = (millis: number | undefined) => (millis === undefined ? undefined : millis / 1000);
	checkRange(context, itemIndex, { label: 'From', seconds: secondsOf(from) }, { label: 'To', seconds: secondsOf(to) });
	return compact({
		channel: option('Channel', 'channel', CHANNELS),
		provider: option('Provider', 'provider', PROVIDERS),
		trigger: option('Trigger', 'trigger', TRIGGERS),
		reason: option('Reason', 'reason', REASONS),
		receiverType: option('Receiver Type', 'receiverType', RECEIVER_TYPES),
		sender: optionalTextOf(context, itemIndex, 'Sender', given.sender)?.trim(),
		receiver: optionalTextOf(context, itemIndex, 'Receiver', given.receiver)?.trim(),
		messageId: given.messageId === undefined ? undefined : integerOf(context, itemIndex, 'Message ID', given.messageId, 1),
		from,
		to,
		notificationTriggered: flag('Notification Triggered', 'notificationTriggered'),
		success: flag('Success', 'success'),
	});
}

/** A simplified log entry (10 fields): which notification, through what, and what became of it. */
const SIMPLIFIED_LOG_FIELDS = [
	'_id',
	'channel',
	'provider',
	'trigger',
	'messageId',
	'sender',
	'receiver',
	'notificationTriggered',
	'success',
	'reason',
];

/**
 * The next page of the logs (docs/cometchat-api.md, Notification providers and logs): `meta.next` as
 * CometChat hands it back (`{affix, messageId}` in its published example). Where the Message ID filter
 * is set, a `messageId` in the cursor would take the filter's place in the query: the page is asked
 * for with the declared `logId` instead, the `_id` of the page's last entry.
 */
function logsCursor(filtered: boolean): ListRequest['nextCursor'] {
	if (!filtered) return undefined;
	return (given, records) => {
		const last = records[records.length - 1];
		return given === undefined || last === undefined ? undefined : compact({ affix: given.affix, logId: last._id as string });
	};
}

/**
 * GET /notifications/v1/logs (docs/cometchat-api.md, Notification logs): oldest first, paged with
 * `meta.next` as given. A push token in an entry is dropped (helpers/secrets.ts).
 */
export const getMany = listOperation({
	action: 'Get many notification logs',
	description: 'List what became of the notifications CometChat sent, or held back, through its providers',
	strategy: 'cursor',
	identity: '_id',
	filters: [{ displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options: FILTERS }],
	request(itemIndex) {
		const qs = filtersQuery(this, itemIndex);
		return { method: 'GET', path: ['notifications', 'v1', 'logs'], qs, nextCursor: logsCursor(qs.messageId !== undefined) };
	},
	simplify: { fields: SIMPLIFIED_LOG_FIELDS, pick: simplifiedPicker(SIMPLIFIED_LOG_FIELDS) },
});
