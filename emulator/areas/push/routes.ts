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

	// The push tokens registered with the auth token; all=true: every push token of its user.
	router.add('GET', '/v3/notifications/push/v1/tokens', (req) => {
		const all = allFlag(req.query);
		const { uid, token } = requireAuthToken(users, queryOne(req.query, 'authToken'));
		return { data: { pushTokens: push.list.filter((t) => (all ? t.uid === uid : t.authToken === token.authToken)).map((t) => clone(t)) } };
	});

	// Registers a push token (pnTokenSchema): fcmToken, deviceToken (APNs) or voipToken (APNs VoIP),
	// the one its platform takes. The same push token registered again is updated, not doubled.
	router.add('POST', '/v3/notifications/push/v1/tokens', (req) => {
		const body = requireBodyObject(req.body);
		const { uid } = requireAuthToken(users, body.authToken);
		const platform: unknown = body.platform;
		const field =
			typeof platform !== 'string'
				? undefined
				: platform.startsWith('fcm_')
					? 'fcmToken'
					: platform.endsWith('_voip')
						? 'voipToken'
						: 'deviceToken';
		if (field === undefined) throw validationError({ platform: ['The platform field is required.'] });
		const value: unknown = body[field];
		if (typeof value !== 'string' || value === '')
			throw validationError({ [field]: [`The ${field} field is required for the platform ${platform}.`] });
		const known = push.list.find((t) => t.pushToken === value);
		if (known) push.remove([known]);
		push.add({
			uid,
			authToken: body.authToken,
			pushToken: value,
			platform,
			providerId: body.providerId ?? (field === 'fcmToken' ? 'fcm-provider-1' : 'apns-provider-1'),
			pushTokenType: field === 'voipToken' ? 'voip' : 'chat',
			createdAt: known?.createdAt,
		});
		return { data: { success: true } };
	});
}
