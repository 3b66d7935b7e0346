import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { getBannedUsers } from './getBannedUsers.operation';

export const group: ResourceDefinition = {
	value: 'group',
	name: 'Group',
	description: 'Conversations of several users: create groups and list their banned users',
	operations: [create, getBannedUsers],
	defaultOperation: 'create',
};
