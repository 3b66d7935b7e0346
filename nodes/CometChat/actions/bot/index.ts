import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteBot } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const bot: ResourceDefinition = {
	value: 'bot',
	name: 'Bot',
	description: 'Bots: users whose messages CometChat relays to a webhook URL (to run a workflow on them, use the CometChat Bot Trigger)',
	operations: [create, deleteBot, get, getMany, update],
	defaultOperation: getMany.value,
};
