import type { IExecuteFunctions } from 'n8n-workflow';

import { userField } from '../../fields/common';
import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import { requiredUid } from '../../readers/text';
import { paginate } from '../../transport/returnAll';
import type { OperationDefinition } from '../types';
import { revealedTokens, revealOptionsField } from './reveal';

/** GET /users/{uid}/auth_tokens, page-numbered; the node masks tokens unless Options → Reveal Tokens. */
export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many auth tokens',
	description: "List a user's auth tokens (their sessions), newest first. Tokens are masked unless Reveal Tokens is on.",
	properties: [userField('The user whose auth tokens to list'), ...returnAllOrLimitFields(), revealOptionsField('each token')],
	shownSecrets: revealedTokens,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const pageLimit = pageLimitOf(this, itemIndex);
		return await paginate.call(this, 'numberedPages', { method: 'GET', path: ['users', uid, 'auth_tokens'] }, pageLimit, {
			identity: 'authToken',
		});
	},
};
