import type { ResourceDefinition } from '../types';
import { allowFeatures } from './allowFeatures.operation';
import { create } from './create.operation';
import { deleteRole } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getPermissions } from './getPermissions.operation';
import { getRestrictedFeatures } from './getRestrictedFeatures.operation';
import { restrictFeatures } from './restrictFeatures.operation';
import { setPermissions } from './setPermissions.operation';
import { unsetPermission } from './unsetPermission.operation';
import { update } from './update.operation';

export const role: ResourceDefinition = {
	value: 'role',
	name: 'Role',
	description: 'Roles for role-based access control',
	operations: [
		get,
		getMany,
		create,
		update,
		deleteRole,
		getPermissions,
		setPermissions,
		unsetPermission,
		getRestrictedFeatures,
		restrictFeatures,
		allowFeatures,
	],
	defaultOperation: getMany.value,
};
