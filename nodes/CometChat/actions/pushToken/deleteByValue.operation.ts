import type { IExecuteFunctions } from 'n8n-workflow';

import { requiredId } from '../../readers/text';
import { authTokenField, authTokenValue } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { pushTokenField } from './fields';

/** Beyond the spec: DELETE /notifications/push/v1/tokens/{pushToken}, a public CometChat endpoint. */
export const deleteByValue: OperationDefinition = {
	value: 'deleteByValue',
	name: 'Delete by Value',
	action: 'Delete a push token by its value',
	description: "Unregister one push token of the auth token's user, given the push token itself",
	returns: 'Returns deleted (true) only: the push token and auth token are never output.',
	properties: [
		authTokenField('The auth token (session) of the user the push token belongs to'),
		pushTokenField('The push token to delete, as the device registered it (e.g. an FCM or APNs token)'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const authToken = authTokenValue(this, itemIndex);
		const pushToken = requiredId(
			this,
			itemIndex,
			'pushToken',
			'Push Token',
			'Enter the push token to delete, as the device registered it.',
		);
		await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['notifications', 'push', 'v1', 'tokens', pushToken],
			body: { authToken },
			secrets: [authToken, pushToken],
		});
		// The answer repeats the push token and its auth token: secrets, never put out.
		return { deleted: true };
	},
};
