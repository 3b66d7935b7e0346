import type { ResourceDefinition } from '../types';
import { get } from './get.operation';
import { getMuted } from './getMuted.operation';
import { getTimezone } from './getTimezone.operation';
import { mute } from './mute.operation';
import { reset } from './reset.operation';
import { unmute } from './unmute.operation';
import { update } from './update.operation';
import { updateTimezone } from './updateTimezone.operation';

export const notificationPreference: ResourceDefinition = {
	value: 'notificationPreference',
	name: 'Notification Preference',
	description: "A user's push, e-mail and SMS notification settings: what they are notified of, muted conversations, time zone",
	operations: [get, update, reset, getMuted, mute, unmute, getTimezone, updateTimezone],
	defaultOperation: get.value,
};
