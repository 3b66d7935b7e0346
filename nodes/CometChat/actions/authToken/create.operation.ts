import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { readBoolean } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** POST /users/{uid}/auth_tokens (docs/cometchat-api.md, Auth tokens). */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create an auth token',
	description: 'Create an auth token so an app can log a user in; the output shows the token: treat it as a password',
	returns: 'Returns uid, authToken (in clear) and createdAt.',
	properties: [
		userField('The user to create an auth token for'),
		{
			displayName: 'Force New Token',
			name: 'force',
			type: 'boolean',
			default: false,
			description: 'Whether to always create a new token. When off, a user who already has a token may get that one back.',
		},
	],
	// What it is for: the new token, in clear.
	shownSecrets: () => ['authToken'],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const force = readBoolean(this, itemIndex, 'force', 'Force New Token', false);
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['users', uid, 'auth_tokens'], body: { force } });
		return response.data as IDataObject;
	},
};
