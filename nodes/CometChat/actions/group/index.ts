import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteGroup } from './delete.operation';
import { get } from './get.operation';
import { getBannedUsers } from './getBannedUsers.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const group: ResourceDefinition = {
	value: 'group',
	name: 'Group',
	description: 'Conversations of several users: create, get, list, update and delete groups, and list their banned users',
	operations: [create, get, getMany, update, deleteGroup, getBannedUsers],
	defaultOperation: 'create',
};
