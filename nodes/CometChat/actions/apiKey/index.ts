import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteApiKey } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const apiKey: ResourceDefinition = {
	value: 'apiKey',
	name: 'API Key',
	description: "The app's API keys: create one (shown once), list, look up, rename or rescope and delete them; keys are masked elsewhere",
	operations: [create, deleteApiKey, get, getMany, update],
	defaultOperation: getMany.value,
};
