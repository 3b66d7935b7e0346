import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteBot } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const bot: ResourceDefinition = {
	value: 'bot',
	name: 'Bot',
	description: 'Users whose messages CometChat relays to a webhook URL (receive them with the CometChat Bot Trigger)',
	operations: [create, deleteBot, get, getMany, update],
	defaultOperation: getMany.value,
};
