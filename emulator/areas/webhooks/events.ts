/** The webhook events: the node's list (the emulator reads it, the node never reads the emulator). */
export { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS, webhookEvent } from '../../../nodes/CometChat/webhookTrigger/events';
export type { WebhookEvent } from '../../../nodes/CometChat/webhookTrigger/events';
