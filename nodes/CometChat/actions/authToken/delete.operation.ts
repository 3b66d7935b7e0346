import type { IExecuteFunctions } from 'n8n-workflow';

import { authTokenField, authTokenValue, userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** DELETE /users/{uid}/auth_tokens/{authToken}; the output never holds the token. */
export const deleteToken: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete an auth token',
	description: 'Delete one auth token of a user, which logs out the session that uses it',
	returns: "Returns deleted (true) and the user's uid.",
	properties: [userField('The user the auth token belongs to'), authTokenField('The auth token to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const authToken = authTokenValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['users', uid, 'auth_tokens', authToken],
			secrets: [authToken],
			alreadyDone: ['ERR_AUTH_TOKEN_NOT_FOUND'],
		});
		return { deleted: true, uid, ...appliedEarlier(response) };
	},
};
