import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteGroup } from './delete.operation';
import { get } from './get.operation';
import { getBannedUsers } from './getBannedUsers.operation';
import { getMany } from './getMany.operation';
import { getScopePermissions } from './getScopePermissions.operation';
import { setScopePermissions } from './setScopePermissions.operation';
import { unsetScopePermission } from './unsetScopePermission.operation';
import { update } from './update.operation';

export const group: ResourceDefinition = {
	value: 'group',
	name: 'Group',
	description: 'Conversations of several users: create, get, list, update, delete, banned users, scope permissions',
	operations: [create, get, getMany, update, deleteGroup, getBannedUsers, getScopePermissions, setScopePermissions, unsetScopePermission],
	defaultOperation: 'create',
};
