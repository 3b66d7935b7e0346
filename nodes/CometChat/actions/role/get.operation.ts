import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requiredId } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** GET /roles/{role}: beyond the spec, a public CometChat endpoint; a role check needs one role's settings. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a role',
	description: 'Get a role by its key, with its settings: whom its users can list and message',
	returns: 'Returns the role: role (its key), name, description, metadata, settings (listUsers, sendMessagesTo) and createdAt.',
	properties: [
		locatorField(LOCATOR_KINDS.role, {
			name: 'role',
			displayName: 'Role',
			required: true,
			description: 'The role to get',
		}),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const role = requiredId(this, itemIndex, 'role', 'Role');
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['roles', role] });
		return response.data as IDataObject;
	},
};
