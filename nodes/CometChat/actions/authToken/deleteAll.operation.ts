import type { IExecuteFunctions } from 'n8n-workflow';

import { userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** DELETE /users/{uid}/auth_tokens (CometChat's "flush"). */
export const deleteAll: OperationDefinition = {
	value: 'deleteAll',
	name: 'Delete All',
	action: 'Delete all auth tokens of a user',
	description: 'Delete every auth token of a user, which logs them out everywhere',
	returns: "Returns deleted (true), the user's uid and allAuthTokens (true).",
	properties: [userField('The user whose auth tokens to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		await cometChatRequest.call(this, { method: 'DELETE', path: ['users', uid, 'auth_tokens'] });
		return { deleted: true, uid, allAuthTokens: true };
	},
};
