import type { ResourceDefinition } from '../types';
import { getMany } from './getMany.operation';

export const role: ResourceDefinition = {
	value: 'role',
	name: 'Role',
	description: 'Roles for role-based access control',
	operations: [getMany],
	defaultOperation: getMany.value,
};
