import type { ResourceDefinition } from '../types';
import { addTriggers } from './addTriggers.operation';
import { create } from './create.operation';
import { deleteWebhook } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getTriggers } from './getTriggers.operation';
import { removeTriggers } from './removeTriggers.operation';
import { update } from './update.operation';

/** The app's webhooks, through CometChat's management API and its own credential (CometChat Management API). */
export const webhook: ResourceDefinition = {
	value: 'webhook',
	name: 'Webhook',
	description: "The app's webhooks and their triggers (management API): audit or repair what CometChat posts where",
	operations: [addTriggers, create, deleteWebhook, get, getMany, getTriggers, removeTriggers, update],
	defaultOperation: getMany.value,
};
