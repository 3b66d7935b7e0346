import type { ResourceDefinition } from '../types';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const role: ResourceDefinition = {
	value: 'role',
	name: 'Role',
	description: 'Roles for role-based access control',
	operations: [get, getMany],
	defaultOperation: getMany.value,
};
