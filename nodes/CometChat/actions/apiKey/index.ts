import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteApiKey } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const apiKey: ResourceDefinition = {
	value: 'apiKey',
	name: 'API Key',
	description: "The app's API keys: create (shown once), list, get, update and delete; keys are masked elsewhere",
	operations: [create, deleteApiKey, get, getMany, update],
	defaultOperation: getMany.value,
};
