import type { ResourceDefinition } from '../types';
import { block } from './block.operation';
import { getMany } from './getMany.operation';
import { unblock } from './unblock.operation';

export const blockedUser: ResourceDefinition = {
	value: 'blockedUser',
	name: 'Blocked User',
	description: 'Users a user has blocked: block, unblock and list them',
	operations: [block, unblock, getMany],
	defaultOperation: 'block',
};
