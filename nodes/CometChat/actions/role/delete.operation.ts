import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { roleField, roleValue } from './fields';

/** DELETE /roles/{role}: after a lost answer, ERR_ROLE_NOT_FOUND means the first attempt deleted it. */
export const deleteRole: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a role',
	description: 'Delete a role. The default role cannot be deleted.',
	returns: "Returns deleted (true) and the role's key.",
	properties: [roleField('The role to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = roleValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'DELETE', path: ['roles', role], alreadyDone: ['ERR_ROLE_NOT_FOUND'] });
		return { deleted: true, role, ...appliedEarlier(response) };
	},
};
