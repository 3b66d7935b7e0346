import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { get } from './get.operation';
import { getAvailability } from './getAvailability.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const campaignChannel: ResourceDefinition = {
	value: 'campaignChannel',
	name: 'Campaign Channel',
	description: 'The channels campaign notifications go out through: in-app feed, push, email, …',
	operations: [create, get, getAvailability, getMany, update],
	defaultOperation: getMany.value,
};
