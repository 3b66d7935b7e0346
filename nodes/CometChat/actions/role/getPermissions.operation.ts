import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { oneRequestList, oneRequestListFields, roleField, roleValue } from './fields';

/** GET /roles/{role}/permissions: one item per permission (docs/cometchat-api.md, Roles and permissions). */
export const getPermissions: OperationDefinition = {
	value: 'getPermissions',
	name: 'Get Permissions',
	action: "Get a role's permissions",
	description: 'List the permissions a role can be given, with the values each takes and its default',
	properties: [roleField('The role whose permissions to list'), ...oneRequestListFields],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = roleValue(this, itemIndex);
		return await oneRequestList(this, itemIndex, ['roles', role, 'permissions']);
	},
};
