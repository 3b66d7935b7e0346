import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { authTokenField, authTokenValue, userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { revealedTokens, revealOptionsField } from './reveal';

/** GET /users/{uid}/auth_tokens/{authToken}; the node masks the token in the output unless revealed. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get an auth token',
	description: "Get one of a user's auth tokens (when created, its platform); masked unless Reveal Tokens is on",
	returns: 'Returns uid, createdAt, platform and authTokenMasked, or authToken with Reveal Tokens.',
	properties: [
		userField('The user the auth token belongs to'),
		authTokenField('The auth token to look up'),
		revealOptionsField('the token'),
	],
	shownSecrets: revealedTokens,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const authToken = authTokenValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'GET',
			path: ['users', uid, 'auth_tokens', authToken],
			secrets: [authToken],
		});
		return response.data as IDataObject;
	},
};
