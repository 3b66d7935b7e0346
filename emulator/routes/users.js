// @ts-check
'use strict';

const { ApiError, validationError } = require('../errors');
const { isObject, isStringArray, queryList, queryOne, queryBool, queryInt, header } = require('../util');
const { userOut, pagination } = require('../views');

/** Page size of page-numbered lists (users, friends, banned users, roles). */
const PAGE_DEFAULT = 100;
const PAGE_MAX = 1000;

/** @typedef {import('../router').Req} Req */
/** @typedef {import('../store').Store} Store */

/**
 * @param {unknown} body
 * @returns {Record<string, any>}
 */
function requireBodyObject(body) {
	if (body === undefined) return {};
	if (!isObject(body)) throw validationError({ body: ['The request body must be a JSON object.'] });
	return body;
}

/**
 * Checks optional typed fields of a body; collects messages in `details`.
 * @param {Record<string, any>} body
 * @param {Record<string, 'string' | 'object' | 'string[]' | 'boolean'>} spec
 * @param {Record<string, string[]>} details
 */
function checkTypes(body, spec, details) {
	for (const [k, t] of Object.entries(spec)) {
		const v = body[k];
		if (v === undefined) continue;
		const ok =
			t === 'string' ? typeof v === 'string'
			: t === 'object' ? isObject(v)
			: t === 'boolean' ? typeof v === 'boolean'
			: isStringArray(v);
		if (!ok) (details[k] ??= []).push(`The ${k} must be ${t === 'string[]' ? 'an array of strings' : t === 'object' ? 'an object' : `a ${t}`}.`);
	}
}

/** @param {Store} store @param {string | undefined} role */
function requireRole(store, role) {
	if (role !== undefined && !store.roles.has(role)) {
		throw new ApiError('ERR_ROLE_NOT_FOUND', `The role ${role} does not exist.`, { details: { role } });
	}
}

/** @param {Store} store @param {Req} req @returns {string | undefined} a valid onBehalfOf uid, if the header was sent */
function optionalOnBehalfOf(store, req) {
	const uid = header(req.headers, 'onbehalfof');
	if (uid !== undefined) store.requireUser(uid);
	return uid;
}

/**
 * @param {Store} store
 * @param {string | undefined} viewer
 * @param {import('../store').User} u
 * @param {boolean} withTags
 */
function listedUser(store, viewer, u, withTags) {
	const blockedAt = viewer !== undefined ? store.blocked.get(viewer)?.get(u.uid) : undefined;
	// conversationId: relative to onBehalfOf when sent, else to the user itself (`<uid>_user_<uid>`)
	return userOut(u, { withTags, conversationWith: viewer ?? u.uid, blockedAt });
}

/**
 * @param {import('../router').Router} router
 * @param {Store} store
 */
function register(router, store) {
	router.add('POST', '/v3/users', (req) => {
		const body = requireBodyObject(req.body);
		/** @type {Record<string, string[]>} */
		const details = {};
		if (typeof body.uid !== 'string' || body.uid.trim() === '') details.uid = ['The uid field is required and must be a non-empty string.'];
		if (typeof body.name !== 'string' || body.name.trim() === '') details.name = ['The name field is required and must be a non-empty string.'];
		checkTypes(body, { avatar: 'string', link: 'string', role: 'string', statusMessage: 'string', metadata: 'object', tags: 'string[]', withAuthToken: 'boolean' }, details);
		if (Object.keys(details).length) throw validationError(details);
		requireRole(store, body.role);
		if (store.users.has(body.uid)) {
			throw new ApiError('ERR_UID_ALREADY_EXISTS', `The UID ${body.uid} already exists.`, { details: { uid: body.uid } });
		}
		const user = store.addUser({
			uid: body.uid, name: body.name, avatar: body.avatar, link: body.link, role: body.role,
			statusMessage: body.statusMessage, metadata: body.metadata, tags: body.tags,
		});
		const token = body.withAuthToken === true ? store.addAuthToken(user.uid).authToken : undefined;
		return { data: userOut(user, { withTags: true, authToken: token }) };
	});

	router.add('GET', '/v3/users', (req) => {
		const q = req.query;
		const viewer = optionalOnBehalfOf(store, req);
		const perPage = queryInt(q, 'perPage', PAGE_DEFAULT, PAGE_MAX);
		const page = queryInt(q, 'page', 1);
		const searchKey = queryOne(q, 'searchKey');
		const searchIn = queryList(q, 'searchIn') ?? ['name', 'uid'];
		const status = queryOne(q, 'status');
		const role = queryOne(q, 'role');
		const roles = queryList(q, 'roles');
		const tags = queryList(q, 'tags');
		/** @type {Record<string, string[]>} */
		const details = {};
		if (searchIn.some((s) => s !== 'name' && s !== 'uid')) details.searchIn = ['The searchIn values must be name or uid.'];
		if (status !== undefined && status !== 'available' && status !== 'offline') details.status = ['The status must be available or offline.'];
		if (Object.keys(details).length) throw validationError(details);

		/** @type {((u: import('../store').User) => boolean)[]} */
		const tests = [];
		if (searchKey !== undefined && searchKey !== '') {
			const key = searchKey.toLowerCase();
			const inName = searchIn.includes('name');
			const inUid = searchIn.includes('uid');
			tests.push((u) => (inName && u.name.toLowerCase().startsWith(key)) || (inUid && u.uid.toLowerCase().startsWith(key)));
		}
		if (status !== undefined) tests.push((u) => u.status === status);
		const roleSet = new Set([...(role !== undefined && role !== '' ? [role] : []), ...(roles ?? [])]);
		if (roleSet.size) tests.push((u) => roleSet.has(u.role));
		if (tags && tags.length) tests.push((u) => u.tags.some((t) => tags.includes(t)));

		const { items, total } = store.pageUsers((u) => tests.every((t) => t(u)), {
			page,
			perPage,
			unfiltered: tests.length === 0,
			includeDeactivated: queryBool(q, 'withDeactivated'),
			onlyDeactivated: queryBool(q, 'onlyDeactivated'),
		});
		const withTags = queryBool(q, 'withTags');
		let maxUpdated = 0;
		for (const u of items) maxUpdated = Math.max(maxUpdated, u.updatedAt ?? u.createdAt);
		return {
			data: items.map((u) => listedUser(store, viewer, u, withTags)),
			meta: { pagination: pagination(total, items.length, perPage, page) },
			cursor: { updatedAt: maxUpdated || store.now(), affix: 'prepend' },
		};
	});

	router.add('GET', '/v3/users/:uid', (req) => {
		const viewer = optionalOnBehalfOf(store, req);
		const u = store.requireUser(req.params.uid);
		const blockedAt = viewer !== undefined ? store.blocked.get(viewer)?.get(u.uid) : undefined;
		return { data: userOut(u, { withTags: true, conversationWith: viewer, blockedAt }) };
	});

	router.add('PUT', '/v3/users/:uid', (req) => {
		const user = store.requireUser(req.params.uid);
		const body = requireBodyObject(req.body);
		/** @type {Record<string, string[]>} */
		const details = {};
		if (body.name !== undefined && (typeof body.name !== 'string' || body.name.trim() === '')) details.name = ['The name must be a non-empty string.'];
		checkTypes(body, { avatar: 'string', link: 'string', role: 'string', statusMessage: 'string', metadata: 'object', tags: 'string[]', unset: 'string[]' }, details);
		if (isStringArray(body.unset) && body.unset.some((/** @type {string} */ s) => !['avatar', 'link', 'metadata'].includes(s))) {
			details.unset = ['The unset values must be avatar, link or metadata.'];
		}
		if (Object.keys(details).length) throw validationError(details);
		requireRole(store, body.role);
		for (const k of /** @type {const} */ (['name', 'avatar', 'link', 'role', 'statusMessage'])) {
			if (body[k] !== undefined) user[k] = body[k];
		}
		if (body.metadata !== undefined) user.metadata = structuredClone(body.metadata);
		if (body.tags !== undefined) user.tags = [...body.tags];
		for (const k of body.unset ?? []) delete user[/** @type {'avatar' | 'link' | 'metadata'} */ (k)];
		user.updatedAt = store.now();
		return { data: userOut(user, { withTags: true }) };
	});

	// Extra (public CometChat endpoint): delete a user.
	router.add('DELETE', '/v3/users/:uid', (req) => {
		store.requireUser(req.params.uid);
		store.removeUser(req.params.uid);
		return { data: { success: true, message: `User with ${req.params.uid} has been deleted successfully.` } };
	});

	// Extras: deactivate (DELETE /users) and reactivate (PUT /users) several users.
	router.add('DELETE', '/v3/users', (req) => {
		const body = requireBodyObject(req.body);
		if (!isStringArray(body.uidsToDeactivate)) throw validationError({ uidsToDeactivate: ['The uidsToDeactivate must be an array of uids.'] });
		const done = [];
		for (const uid of body.uidsToDeactivate) {
			const u = store.getUser(uid);
			if (u) {
				store.setDeactivated(u, true);
				done.push(uid);
			}
		}
		return { data: { deactivatedUids: done } };
	});
	router.add('PUT', '/v3/users', (req) => {
		const body = requireBodyObject(req.body);
		if (!isStringArray(body.uidsToActivate)) throw validationError({ uidsToActivate: ['The uidsToActivate must be an array of uids.'] });
		const done = [];
		for (const uid of body.uidsToActivate) {
			const u = store.getUser(uid);
			if (u) {
				store.setDeactivated(u, false);
				done.push(uid);
			}
		}
		return { data: { nonDeactivatedUids: done } };
	});

	router.add('GET', '/v3/users/:uid/friends', (req) => {
		const owner = store.requireUser(req.params.uid);
		const q = req.query;
		const perPage = queryInt(q, 'perPage', PAGE_DEFAULT, PAGE_MAX);
		const page = queryInt(q, 'page', 1);
		const searchKey = (queryOne(q, 'searchKey') ?? '').toLowerCase();
		const withTags = queryBool(q, 'withTags');
		const all = store.friendsOf(owner.uid).filter(
			(u) => searchKey === '' || u.name.toLowerCase().startsWith(searchKey) || u.uid.toLowerCase().startsWith(searchKey),
		);
		const items = all.slice((page - 1) * perPage, page * perPage);
		let maxUpdated = 0;
		for (const u of items) maxUpdated = Math.max(maxUpdated, u.updatedAt ?? u.createdAt);
		return {
			data: items.map((u) => listedUser(store, owner.uid, u, withTags)),
			meta: {
				pagination: pagination(all.length, items.length, perPage, page),
				cursor: { updatedAt: maxUpdated || store.now(), affix: 'prepend' },
			},
		};
	});

	// Extra: add friends ({accepted: [uids]}), answered per uid.
	router.add('POST', '/v3/users/:uid/friends', (req) => {
		store.requireUser(req.params.uid);
		const body = requireBodyObject(req.body);
		if (!isStringArray(body.accepted)) throw validationError({ accepted: ['The accepted must be an array of uids.'] });
		/** @type {Record<string, any>} */
		const accepted = {};
		for (const uid of body.accepted) {
			if (!store.users.has(uid)) {
				accepted[uid] = { error: { code: 'ERR_UID_NOT_FOUND', message: `The UID ${uid} does not exist.` } };
				continue;
			}
			store.addFriends(req.params.uid, [uid]);
			accepted[uid] = { success: true, message: 'Created relationship with status accepted.' };
		}
		return { data: { accepted } };
	});

	// Extra: create an auth token for a user.
	router.add('POST', '/v3/users/:uid/auth_tokens', (req) => {
		store.requireUser(req.params.uid);
		const body = requireBodyObject(req.body);
		const t = store.addAuthToken(req.params.uid, { platform: body.platform, userAgent: body.userAgent, appInfo: body.appInfo });
		return { data: { uid: req.params.uid, authToken: t.authToken, createdAt: t.createdAt } };
	});

	router.add('PUT', '/v3/users/:uid/auth_tokens/:authToken', (req) => {
		store.requireUser(req.params.uid);
		const body = requireBodyObject(req.body);
		/** @type {Record<string, string[]>} */
		const details = {};
		checkTypes(body, { platform: 'string', userAgent: 'string', appInfo: 'object' }, details);
		if (Object.keys(details).length) throw validationError(details);
		const token = (store.authTokens.get(req.params.uid) ?? []).find((t) => t.authToken === req.params.authToken);
		if (!token) {
			throw new ApiError('ERR_AUTH_TOKEN_NOT_FOUND', `The auth token ${req.params.authToken} does not exist for the UID ${req.params.uid}.`);
		}
		if (body.platform !== undefined) token.platform = body.platform;
		if (body.userAgent !== undefined) token.userAgent = body.userAgent;
		if (body.appInfo !== undefined) token.appInfo = structuredClone(body.appInfo);
		token.updatedAt = store.now();
		return { data: { uid: req.params.uid, authToken: token.authToken, createdAt: token.createdAt } };
	});
}

module.exports = { register, requireBodyObject, checkTypes, optionalOnBehalfOf, listedUser, PAGE_DEFAULT, PAGE_MAX };
