import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { authTokenField, authTokenValue } from '../../fields/common';
import { readBoolean } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

export const deleteTokens: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete push tokens',
	description: "Unregister the push tokens of an auth token, or all of its user's, so the devices get no more notifications",
	returns: 'Returns deleted (true) and count: how many push tokens were unregistered (never the tokens).',
	properties: [
		authTokenField('The auth token (session) of the user whose push tokens to delete'),
		{
			displayName: 'All Tokens of the User',
			name: 'all',
			type: 'boolean',
			default: false,
			description:
				"Whether to delete every push token of the auth token's user. When off, only the push tokens registered with this auth token are deleted.",
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const authToken = authTokenValue(this, itemIndex);
		const all = readBoolean(this, itemIndex, 'all', 'All Tokens of the User');
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['notifications', 'push', 'v1', 'tokens'],
			qs: { all },
			body: { authToken },
			secrets: [authToken],
		});
		// The answer lists the deleted tokens with their auth token: secrets, so only their number goes out.
		const gone = (response.data as IDataObject | undefined)?.pushTokens;
		return { deleted: true, count: Array.isArray(gone) ? gone.length : 0 };
	},
};
