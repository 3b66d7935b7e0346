import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { authTokenField, authTokenValue } from '../../fields/common';
import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import { revealOptionField, revealValue } from '../../fields/reveal';
import { VISIBLE_ENDING } from '../../helpers/secrets';
import { readBoolean } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

const REVEAL = 'Reveal Push Tokens';

export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many push tokens',
	description: `List the devices registered for push with an auth token, or all of its user's; tokens show their last ${VISIBLE_ENDING} characters`,
	properties: [
		authTokenField('The auth token (session) whose push tokens to list'),
		{
			displayName: 'All Tokens of the User',
			name: 'all',
			type: 'boolean',
			default: false,
			description: "Whether to list every push token of the auth token's user. When off, only those registered with this auth token.",
		},
		...returnAllOrLimitFields(),
		revealOptionField(
			REVEAL,
			`Whether to output each push token in clear in "pushToken", e.g. to pass it to Delete by Value. Off: only its last ${VISIBLE_ENDING} characters, in "pushTokenMasked". Auth tokens stay masked.`,
		),
	],
	shownSecrets(this: IExecuteFunctions, itemIndex: number) {
		return revealValue(this, itemIndex, REVEAL) ? ['pushToken'] : [];
	},
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const authToken = authTokenValue(this, itemIndex);
		const all = readBoolean(this, itemIndex, 'all', 'All Tokens of the User');
		const { limit } = pageLimitOf(this, itemIndex);
		revealValue(this, itemIndex, REVEAL);
		// One answer holds the whole list (the API has no paging); Limit keeps its first entries. The
		// auth token goes in the query: a secret in the URL, cut out of errors and logs.
		const response = await cometChatRequest.call(this, {
			method: 'GET',
			path: ['notifications', 'push', 'v1', 'tokens'],
			qs: { authToken, all },
			secrets: [authToken],
		});
		const tokens = (response.data as IDataObject | undefined)?.pushTokens;
		const list = Array.isArray(tokens) ? (tokens as IDataObject[]) : [];
		return limit === undefined ? list : list.slice(0, limit);
	},
};
