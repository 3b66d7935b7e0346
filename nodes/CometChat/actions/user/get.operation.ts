import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** GET /users/{uid}: beyond the spec, a public CometChat endpoint; sync workflows need a lookup by UID. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a user',
	description: 'Get a user by UID',
	returns: 'Returns the user as CometChat answers: uid, name, avatar, role, status, lastActiveAt, createdAt and more.',
	properties: [
		locatorField(LOCATOR_KINDS.user, {
			name: 'uid',
			displayName: 'User',
			required: true,
			description: 'The user to get',
		}),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['users', uid] });
		return response.data as IDataObject;
	},
};
