import type { ResourceDefinition } from '../types';
import { get } from './get.operation';
import { reset } from './reset.operation';
import { update } from './update.operation';

/**
 * The app's notification settings: one record, so Get / Update / Reset rather than a list
 * (docs/cometchat-api.md, Notification settings, says why it is a resource of its own).
 */
export const notificationSetting: ResourceDefinition = {
	value: 'notificationSetting',
	name: 'Notification Setting',
	description: "The app's notification preferences, sounds and templates: get, update or reset them",
	operations: [get, reset, update],
	defaultOperation: get.value,
};
