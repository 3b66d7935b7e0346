/**
 * Every event CometChat delivers to an app webhook (X-Webhook-Version 2), grouped by area, with the
 * member of `data` that identifies it for de-duplication. The one list: the emulator reads it too.
 */

export type WebhookArea = 'Message' | 'User' | 'Group' | 'Call' | 'Meeting' | 'Campaign' | 'Moderation';

export interface WebhookEvent {
	/** The trigger name CometChat sends (`trigger`) and registers (`triggerIds`). */
	name: string;
	area: WebhookArea;
	/** What happened, for the editor's list ("Message: Sent"). */
	label: string;
	/**
	 * Paths in `data` whose values, with the webhook id and the trigger, identify one event; a retry
	 * carries the same values. Empty: the whole of `data` is the key (the event has no id of its own).
	 */
	key: string[];
}

const event = (name: string, area: WebhookArea, label: string, key: string[] = []): WebhookEvent => ({ name, area, label, key });

export const WEBHOOK_EVENTS: readonly WebhookEvent[] = [
	event('message_sent', 'Message', 'Sent', ['message.id']),
	event('message_edited', 'Message', 'Edited', ['message.id']),
	event('message_deleted', 'Message', 'Deleted', ['message.id']),
	event('message_reaction_added', 'Message', 'Reaction Added', ['reaction.id']),
	event('message_reaction_removed', 'Message', 'Reaction Removed', ['reaction.id']),
	event('message_delivery_receipt', 'Message', 'Delivery Receipt', ['body.messageId', 'body.user.uid']),
	event('message_read_receipt', 'Message', 'Read Receipt', ['body.messageId', 'body.user.uid']),
	event('user_mentioned', 'Message', 'User Mentioned', ['message.id']),
	event('user_blocked', 'User', 'Blocked'),
	event('user_unblocked', 'User', 'Unblocked'),
	event('user_connection_status_changed', 'User', 'Connection Status Changed', ['user.uid', 'timestamp']),
	event('group_created', 'Group', 'Created', ['group.guid']),
	event('group_updated', 'Group', 'Updated'),
	event('group_deleted', 'Group', 'Deleted', ['group.guid']),
	event('group_member_joined', 'Group', 'Member Joined'),
	event('group_member_left', 'Group', 'Member Left'),
	event('group_member_added', 'Group', 'Member Added'),
	event('group_member_kicked', 'Group', 'Member Kicked'),
	event('group_member_banned', 'Group', 'Member Banned'),
	event('group_member_unbanned', 'Group', 'Member Unbanned'),
	event('group_member_scope_changed', 'Group', 'Member Scope Changed'),
	event('group_owner_transferred', 'Group', 'Owner Transferred'),
	event('call_initiated', 'Call', 'Initiated', ['call.id']),
	event('call_started', 'Call', 'Started', ['sessionId']),
	event('call_participant_joined', 'Call', 'Participant Joined'),
	event('call_participant_left', 'Call', 'Participant Left'),
	event('call_ended', 'Call', 'Ended', ['sessionId']),
	event('call_busy', 'Call', 'Busy', ['call.id']),
	event('call_cancelled', 'Call', 'Cancelled', ['call.id']),
	event('call_rejected', 'Call', 'Rejected', ['call.id']),
	event('call_unanswered', 'Call', 'Unanswered', ['call.id']),
	event('meeting_started', 'Meeting', 'Started', ['sessionId']),
	event('meeting_participant_joined', 'Meeting', 'Participant Joined'),
	event('meeting_participant_left', 'Meeting', 'Participant Left'),
	event('meeting_ended', 'Meeting', 'Ended', ['sessionId']),
	event('recording_generated', 'Call', 'Recording Generated', ['sessionId', 'recording_url']),
	event('transcription_generated', 'Call', 'Transcription Generated', ['sessionId', 'tid']),
	event('after_campaign_completed', 'Campaign', 'Campaign Completed'),
	event('after_campaign_failed', 'Campaign', 'Campaign Failed'),
	event('after_notification_created', 'Campaign', 'Notification Created'),
	event('after_feed_item_sent', 'Campaign', 'Feed Item Sent'),
	event('after_feed_item_delivered', 'Campaign', 'Feed Item Delivered'),
	event('after_feed_item_read', 'Campaign', 'Feed Item Read'),
	event('after_feed_item_interacted', 'Campaign', 'Feed Item Interacted'),
	event('after_push_notification_sent', 'Campaign', 'Push Notification Sent'),
	event('after_push_notification_delivered', 'Campaign', 'Push Notification Delivered'),
	event('after_push_notification_clicked', 'Campaign', 'Push Notification Clicked'),
	event('moderation_engine_approved', 'Moderation', 'Engine Approved', ['message.id']),
	event('moderation_engine_blocked', 'Moderation', 'Engine Blocked', ['message.id']),
	event('moderation_manual_approved', 'Moderation', 'Manually Approved', ['message.id']),
	event('moderation_engine_failed', 'Moderation', 'Engine Failed'),
];

export const WEBHOOK_EVENT_NAMES: readonly string[] = WEBHOOK_EVENTS.map((e) => e.name);

const BY_NAME = new Map(WEBHOOK_EVENTS.map((e) => [e.name, e]));

export function webhookEvent(name: string): WebhookEvent | undefined {
	return BY_NAME.get(name);
}

/** The value at a dotted path of `data`, or undefined. */
function at(data: unknown, path: string): unknown {
	let value = data;
	for (const part of path.split('.')) {
		if (value === null || typeof value !== 'object') return undefined;
		value = (value as Record<string, unknown>)[part];
	}
	return value;
}

/** A short, stable digest of a string (53-bit, two 32-bit lanes), for keys built from a whole payload. */
function digest(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** JSON with object keys sorted, so two equal payloads give one text whatever their key order. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.keys(value as object)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/**
 * The de-duplication key of one delivery: webhook + trigger + the event's key values (or a digest
 * of `data` when the event has no id, or one of its key values is missing).
 */
export function deliveryKey(webhook: unknown, trigger: unknown, data: unknown): string {
	const known = typeof trigger === 'string' ? BY_NAME.get(trigger) : undefined;
	const values = known?.key.map((path) => at(data, path)) ?? [];
	const usable = values.length > 0 && values.every((v) => typeof v === 'string' || typeof v === 'number');
	const tail = usable ? values.map(String).join('/') : `#${digest(canonical(data))}`;
	return `${String(webhook)}|${String(trigger)}|${tail}`;
}
