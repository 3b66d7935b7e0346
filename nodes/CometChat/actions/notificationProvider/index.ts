import type { ResourceDefinition } from '../types';
import { deleteProvider } from './delete.operation';
import { get } from './get.operation';
import { save } from './save.operation';
import { update } from './update.operation';

/**
 * One resource for the five providers, with a Provider choice (docs/cometchat-api.md, Notification
 * providers): they share their operations and most of their settings, so one table drives them.
 */
export const notificationProvider: ResourceDefinition = {
	value: 'notificationProvider',
	name: 'Notification Provider',
	description: 'Where CometChat sends notifications: Twilio SMS, SendGrid e-mail, or custom push, SMS and e-mail webhooks',
	operations: [deleteProvider, get, save, update],
	defaultOperation: get.value,
};
