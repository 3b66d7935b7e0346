/**
 * Every event CometChat delivers to an app webhook (X-Webhook-Version 2), grouped by area, with the
 * members of `data` that identify one event. CometChat documents these for `message_sent` and the
 * call and meeting events; for the others the node uses the event's own id where its payload has
 * one, and no id where it has none (docs/cometchat-api.md, "Push triggers: exactly once", lists
 * each with its source).
 */
import { deliveryKeyOf } from '../delivery/keys';

export type WebhookArea = 'Message' | 'User' | 'Group' | 'Call' | 'Meeting' | 'Campaign' | 'Moderation';

export interface WebhookEvent {
	/** The trigger name CometChat sends (`trigger`) and registers (`triggerIds`). */
	name: string;
	area: WebhookArea;
	/** What happened, for the editor's list ("Message: Sent"). */
	label: string;
	/**
	 * Paths in `data` whose values, with the webhook id and the trigger, identify one event; a retry
	 * carries the same values. Empty: the event has no id, so a repeat is recognised by its whole
	 * `data`, and only within CometChat's retry horizon.
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
	event('group_created', 'Group', 'Created', ['group.guid', 'group.createdAt']),
	event('group_updated', 'Group', 'Updated'),
	event('group_deleted', 'Group', 'Deleted'),
	event('group_member_joined', 'Group', 'Member Joined'),
	event('group_member_left', 'Group', 'Member Left'),
	event('group_member_added', 'Group', 'Member Added'),
	event('group_member_kicked', 'Group', 'Member Kicked'),
	event('group_member_banned', 'Group', 'Member Banned'),
	event('group_member_unbanned', 'Group', 'Member Unbanned'),
	event('group_member_scope_changed', 'Group', 'Member Scope Changed'),
	event('group_owner_transferred', 'Group', 'Owner Transferred'),
	event('call_initiated', 'Call', 'Initiated', ['call.id', 'call.sentAt']),
	event('call_started', 'Call', 'Started', ['sessionId', 'created_at']),
	event('call_participant_joined', 'Call', 'Participant Joined', ['sessionId', 'occupant.joined_at']),
	event('call_participant_left', 'Call', 'Participant Left', ['sessionId', 'occupant.left_at']),
	event('call_ended', 'Call', 'Ended', ['sessionId', 'destroyed_at']),
	event('call_busy', 'Call', 'Busy', ['call.id', 'call.sentAt']),
	event('call_cancelled', 'Call', 'Cancelled', ['call.id', 'call.sentAt']),
	event('call_rejected', 'Call', 'Rejected', ['call.id', 'call.sentAt']),
	event('call_unanswered', 'Call', 'Unanswered', ['call.id', 'call.sentAt']),
	event('meeting_started', 'Meeting', 'Started', ['sessionId', 'created_at']),
	event('meeting_participant_joined', 'Meeting', 'Participant Joined', ['sessionId', 'occupant.joined_at']),
	event('meeting_participant_left', 'Meeting', 'Participant Left', ['sessionId', 'occupant.left_at']),
	event('meeting_ended', 'Meeting', 'Ended', ['sessionId', 'destroyed_at']),
	event('recording_generated', 'Call', 'Recording Generated', ['sessionId', 'startTime']),
	event('transcription_generated', 'Call', 'Transcription Generated', ['sessionId', 'tid']),
	event('after_campaign_completed', 'Campaign', 'Campaign Completed', ['campaignId', 'completedAt']),
	event('after_campaign_failed', 'Campaign', 'Campaign Failed', ['campaignId', 'updatedAt']),
	event('after_notification_created', 'Campaign', 'Notification Created', ['notificationId']),
	event('after_feed_item_sent', 'Campaign', 'Feed Item Sent', ['id', 'sentAt']),
	event('after_feed_item_delivered', 'Campaign', 'Feed Item Delivered', ['id', 'deliveredAt']),
	event('after_feed_item_read', 'Campaign', 'Feed Item Read', ['id', 'readAt']),
	event('after_feed_item_interacted', 'Campaign', 'Feed Item Interacted', ['id', 'interactedAt']),
	event('after_push_notification_sent', 'Campaign', 'Push Notification Sent', ['pushNotificationId', 'sentAt']),
	event('after_push_notification_delivered', 'Campaign', 'Push Notification Delivered', ['pushNotificationId', 'deliveredAt']),
	event('after_push_notification_clicked', 'Campaign', 'Push Notification Clicked', ['pushNotificationId', 'clickedAt']),
	event('moderation_engine_approved', 'Moderation', 'Engine Approved', ['message.id']),
	event('moderation_engine_blocked', 'Moderation', 'Engine Blocked', ['message.id']),
	event('moderation_manual_approved', 'Moderation', 'Manually Approved', ['message.id']),
	event('moderation_engine_failed', 'Moderation', 'Engine Failed', ['resource.id', 'completedAt']),
];

export const WEBHOOK_EVENT_NAMES: readonly string[] = WEBHOOK_EVENTS.map((e) => e.name);

const BY_NAME = new Map(WEBHOOK_EVENTS.map((e) => [e.name, e]));

export function webhookEvent(name: string): WebhookEvent | undefined {
	return BY_NAME.get(name);
}

/** The key of one delivery to the webhook `webhook`: its trigger and the event's id values (see WebhookEvent.key). */
export function webhookDeliveryKey(webhook: string, trigger: string, data: unknown): string {
	return deliveryKeyOf(webhook, trigger, data, BY_NAME.get(trigger)?.key ?? []);
}
