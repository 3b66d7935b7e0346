import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import { permissionsField, permissionsValue } from '../role/fields';
import type { OperationDefinition } from '../types';
import { scopeFields, scopePermissionsPath } from './scope';

/** PUT /groups/{guid}/scopes/{scope}/permissions: outputs the scope's permissions after the change. */
export const setScopePermissions: OperationDefinition = {
	value: 'setScopePermissions',
	name: 'Set Scope Permissions',
	action: "Set a group scope's permissions",
	description: "Allow or deny what a group's admins, moderators or participants can do in it, e.g. send messages",
	returns: 'Returns guid, scope and permissions: each permission of the scope with its value now.',
	properties: [...scopeFields('set'), permissionsField('{"sendMessage": "deny", "addReaction": "allow"}')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const path = scopePermissionsPath(this, itemIndex);
		const permissions = permissionsValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'PUT', path, body: { permissions } });
		return { guid: path[1], scope: path[3], permissions: (response.data as IDataObject | undefined)?.permissions ?? {} };
	},
};
