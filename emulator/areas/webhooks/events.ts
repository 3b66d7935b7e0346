/** The webhook events: the node's list is the one list (the emulator reads it, the node never reads the emulator). */
export { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS, deliveryKey, webhookEvent } from '../../../nodes/CometChat/trigger/webhookEvents';
export type { WebhookEvent } from '../../../nodes/CometChat/trigger/webhookEvents';
