import { ApiError, validationError } from '../../core/errors';
import type { Router } from '../../core/router';
import { clone } from '../../core/util';
import { queryOne, requireBodyObject } from '../../core/validation';
import type { Query } from '../../core/validation';
import type { Users } from '../users/collection';
import type { Areas } from '../types';

/** The authToken (body, or query for GET) must be a known auth token. */
function requireAuthToken(users: Users, authToken: unknown) {
	if (typeof authToken !== 'string' || authToken === '') throw validationError({ authToken: ['The authToken field is required.'] });
	const found = users.findAuthToken(authToken);
	if (!found) throw new ApiError('ERR_AUTH_TOKEN_NOT_FOUND', 'The auth token does not exist.', { details: { authToken } });
	return found;
}

function allFlag(query: Query): boolean {
	const v = queryOne(query, 'all');
	if (v === undefined || v === '' || v === 'false' || v === '0') return false;
	if (v === 'true' || v === '1') return true;
	throw validationError({ all: ['The all must be true or false.'] });
}

export function register(router: Router, { users, push }: Areas): void {
	// all=true: every token of the auth token's user; all=false (default): the tokens registered with that auth token.
	router.add('DELETE', '/v3/notifications/push/v1/tokens', (req) => {
		const all = allFlag(req.query);
		const { uid, token } = requireAuthToken(users, requireBodyObject(req.body).authToken);
		const gone = push.list.filter((t) => (all ? t.uid === uid : t.authToken === token.authToken));
		push.remove(gone);
		return { data: { pushTokens: gone.map((t) => clone(t)) } };
	});

	// Answers like the DELETE above: data.pushTokens = the removed record.
	router.add('DELETE', '/v3/notifications/push/v1/tokens/:pushToken', (req) => {
		const { uid } = requireAuthToken(users, requireBodyObject(req.body).authToken);
		const t = push.list.find((x) => x.pushToken === req.params.pushToken && x.uid === uid);
		if (!t)
			throw new ApiError('ERR_PUSH_TOKEN_NOT_FOUND', "The push token is not registered for this auth token's user.", {
				details: { pushToken: req.params.pushToken },
			});
		push.remove([t]);
		return { data: { pushTokens: [clone(t)] } };
	});

	// Extra: list push tokens (?authToken=…&all=…).
	router.add('GET', '/v3/notifications/push/v1/tokens', (req) => {
		const all = allFlag(req.query);
		const { uid, token } = requireAuthToken(users, queryOne(req.query, 'authToken'));
		return { data: { pushTokens: push.list.filter((t) => (all ? t.uid === uid : t.authToken === token.authToken)).map((t) => clone(t)) } };
	});

	// Extra: register a push token for the user of `authToken`.
	router.add('POST', '/v3/notifications/push/v1/tokens', (req) => {
		const body = requireBodyObject(req.body);
		const { uid } = requireAuthToken(users, body.authToken);
		if (typeof body.pushToken !== 'string' || body.pushToken === '')
			throw validationError({ pushToken: ['The pushToken field is required.'] });
		push.add({
			uid,
			authToken: body.authToken,
			pushToken: body.pushToken,
			platform: body.platform,
			providerId: body.providerId,
			pushTokenType: body.pushTokenType,
		});
		return { data: { success: true } };
	});
}
