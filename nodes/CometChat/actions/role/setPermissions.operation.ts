import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { permissionsField, permissionsValue, roleField, roleValue } from './fields';

/** PUT /roles/{role}/permissions: outputs the role's permissions after the change. */
export const setPermissions: OperationDefinition = {
	value: 'setPermissions',
	name: 'Set Permissions',
	action: "Set a role's permissions",
	description: 'Allow or deny what users of a role can do, e.g. create groups or send some types of message',
	returns: 'Returns role and permissions: every permission the role now has set, with its value.',
	properties: [roleField('The role whose permissions to set'), permissionsField('{"createGroup": "deny", "listUsers.mode": "friends"}')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = roleValue(this, itemIndex);
		const permissions = permissionsValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['roles', role, 'permissions'], body: { permissions } });
		return { role, permissions: (response.data as IDataObject | undefined)?.permissions ?? {} };
	},
};
