import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { permissionKeyField, permissionKeyValue, roleField, roleValue } from './fields';

/** DELETE /roles/{role}/permissions/{permission}: the permission goes back to its default. */
export const unsetPermission: OperationDefinition = {
	value: 'unsetPermission',
	name: 'Unset Permission',
	action: "Unset a role's permission",
	description: 'Remove one permission set for a role, so its default applies again',
	returns: 'Returns role, unset (the permission key removed) and permissions: those still set, with their values.',
	properties: [
		roleField('The role whose permission to unset'),
		permissionKeyField('The key of the permission to unset, e.g. sendMessage or listUsers.mode'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = roleValue(this, itemIndex);
		const permission = permissionKeyValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'DELETE', path: ['roles', role, 'permissions', permission] });
		return { role, unset: permission, permissions: (response.data as IDataObject | undefined)?.permissions ?? {} };
	},
};
