import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const user: ResourceDefinition = {
	value: 'user',
	name: 'User',
	operations: [create, get, getMany],
	defaultOperation: 'create',
};
