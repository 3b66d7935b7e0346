// @ts-check
'use strict';

const { ApiError, validationError } = require('../errors');
const { clone, queryOne } = require('../util');
const { requireBodyObject } = require('./users');

/** @typedef {import('../store').Store} Store */

/**
 * The authToken (body, or query for GET) must be a known auth token.
 * @param {Store} store @param {unknown} authToken
 */
function requireAuthToken(store, authToken) {
	if (typeof authToken !== 'string' || authToken === '') throw validationError({ authToken: ['The authToken field is required.'] });
	const found = store.findAuthToken(authToken);
	if (!found) throw new ApiError('ERR_AUTH_TOKEN_NOT_FOUND', 'The auth token does not exist.', { details: { authToken } });
	return found;
}

/** @param {Record<string, string | string[]>} query @returns {boolean} */
function allFlag(query) {
	const v = queryOne(query, 'all');
	if (v === undefined || v === '' || v === 'false' || v === '0') return false;
	if (v === 'true' || v === '1') return true;
	throw validationError({ all: ['The all must be true or false.'] });
}

/** @param {import('../router').Router} router @param {Store} store */
function register(router, store) {
	// all=true: every token of the auth token's user; all=false (default): the tokens registered with that auth token.
	router.add('DELETE', '/v3/notifications/push/v1/tokens', (req) => {
		const all = allFlag(req.query);
		const { uid, token } = requireAuthToken(store, requireBodyObject(req.body).authToken);
		const gone = store.pushTokens.filter((t) => (all ? t.uid === uid : t.authToken === token.authToken));
		store.pushTokens = store.pushTokens.filter((t) => !gone.includes(t));
		return { data: { pushTokens: gone.map((t) => clone(t)) } };
	});

	// Answers like the DELETE above: data.pushTokens = the removed record.
	router.add('DELETE', '/v3/notifications/push/v1/tokens/:pushToken', (req) => {
		const { uid } = requireAuthToken(store, requireBodyObject(req.body).authToken);
		const t = store.pushTokens.find((x) => x.pushToken === req.params.pushToken && x.uid === uid);
		if (!t) throw new ApiError('ERR_PUSH_TOKEN_NOT_FOUND', 'The push token is not registered for this auth token\'s user.', { details: { pushToken: req.params.pushToken } });
		store.pushTokens = store.pushTokens.filter((x) => x !== t);
		return { data: { pushTokens: [clone(t)] } };
	});

	// Extra: list push tokens (?authToken=…&all=…).
	router.add('GET', '/v3/notifications/push/v1/tokens', (req) => {
		const all = allFlag(req.query);
		const { uid, token } = requireAuthToken(store, queryOne(req.query, 'authToken'));
		return { data: { pushTokens: store.pushTokens.filter((t) => (all ? t.uid === uid : t.authToken === token.authToken)).map((t) => clone(t)) } };
	});

	// Extra: register a push token for the user of `authToken`.
	router.add('POST', '/v3/notifications/push/v1/tokens', (req) => {
		const body = requireBodyObject(req.body);
		const { uid } = requireAuthToken(store, body.authToken);
		if (typeof body.pushToken !== 'string' || body.pushToken === '') throw validationError({ pushToken: ['The pushToken field is required.'] });
		store.addPushToken({ uid, authToken: body.authToken, pushToken: body.pushToken, platform: body.platform, providerId: body.providerId, pushTokenType: body.pushTokenType });
		return { data: { success: true } };
	});
}

module.exports = { register };
