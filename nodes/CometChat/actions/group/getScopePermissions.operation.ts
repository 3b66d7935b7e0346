import type { IExecuteFunctions } from 'n8n-workflow';

import { oneRequestList, oneRequestListFields } from '../role/fields';
import type { OperationDefinition } from '../types';
import { scopeFields, scopePermissionsPath } from './scope';

/** GET /groups/{guid}/scopes/{scope}/permissions: one item per permission. */
export const getScopePermissions: OperationDefinition = {
	value: 'getScopePermissions',
	name: 'Get Scope Permissions',
	action: "Get a group scope's permissions",
	description: "List the permissions of a group's admins, moderators or participants, with the values each takes",
	properties: [...scopeFields('list'), ...oneRequestListFields],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await oneRequestList(this, itemIndex, scopePermissionsPath(this, itemIndex));
	},
};
