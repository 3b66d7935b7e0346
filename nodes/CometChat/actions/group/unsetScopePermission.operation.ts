import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import { permissionKeyField, permissionKeyValue } from '../role/fields';
import type { OperationDefinition } from '../types';
import { scopeFields, scopePermissionsPath } from './scope';

/** DELETE /groups/{guid}/scopes/{scope}/permissions/{permission}: the permission goes back to its default. */
export const unsetScopePermission: OperationDefinition = {
	value: 'unsetScopePermission',
	name: 'Unset Scope Permission',
	action: "Unset a group scope's permission",
	description: 'Remove one permission set for a scope of a group, so its default applies again',
	returns: "Returns guid, scope, unset (the permission removed) and permissions: the scope's permissions now.",
	properties: [...scopeFields('unset'), permissionKeyField('The key of the permission to unset, e.g. sendMessage')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const path = scopePermissionsPath(this, itemIndex);
		const permission = permissionKeyValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'DELETE', path: [...path, permission] });
		return { guid: path[1], scope: path[3], unset: permission, permissions: (response.data as IDataObject | undefined)?.permissions ?? {} };
	},
};
