import { ApiError, throwIfInvalid, validationError } from '../../core/errors';
import type { Details } from '../../core/errors';
import { numberedPage, pageParams, pagination } from '../../core/paging';
import type { Router } from '../../core/router';
import { checkTypes, isStringArray, queryBool, queryList, queryOne, requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import type { Areas } from '../types';
import { optionalOnBehalfOf } from './access';
import type { AuthToken, User } from './collection';
import { listedUser, newestUpdate, userOut } from './views';
import { blockData } from '../webhooks/payloads';

export function register(router: Router, areas: Areas): void {
	const { app, users, roles } = areas;
	router.add('POST', '/v3/users', (req) => {
		const body = requireBodyObject(req.body);
		const details: Details = {};
		if (typeof body.uid !== 'string' || body.uid.trim() === '') details.uid = ['The uid field is required and must be a non-empty string.'];
		if (typeof body.name !== 'string' || body.name.trim() === '')
			details.name = ['The name field is required and must be a non-empty string.'];
		checkTypes(
			body,
			{
				avatar: 'string',
				link: 'string',
				role: 'string',
				statusMessage: 'string',
				metadata: 'object',
				tags: 'string[]',
				withAuthToken: 'boolean',
			},
			details,
		);
		throwIfInvalid(details);
		roles.requireExisting(body.role);
		if (users.byId.has(body.uid)) {
			throw new ApiError('ERR_UID_ALREADY_EXISTS', `The UID ${body.uid} already exists.`, { details: { uid: body.uid } });
		}
		const user = users.add({
			uid: body.uid,
			name: body.name,
			avatar: body.avatar,
			link: body.link,
			role: body.role,
			statusMessage: body.statusMessage,
			metadata: body.metadata,
			tags: body.tags,
		});
		const token = body.withAuthToken === true ? users.addAuthToken(user.uid).authToken : undefined;
		return { data: userOut(user, { withTags: true, authToken: token }) };
	});

	router.add('GET', '/v3/users', (req) => {
		const q = req.query;
		const viewer = optionalOnBehalfOf(users, req);
		const p = pageParams(q);
		const searchKey = queryOne(q, 'searchKey');
		const searchIn = queryList(q, 'searchIn') ?? ['name', 'uid'];
		const status = queryOne(q, 'status');
		const role = queryOne(q, 'role');
		const roleList = queryList(q, 'roles');
		const tags = queryList(q, 'tags');
		const details: Details = {};
		if (searchIn.some((s) => s !== 'name' && s !== 'uid')) details.searchIn = ['The searchIn values must be name or uid.'];
		if (status !== undefined && status !== 'available' && status !== 'offline')
			details.status = ['The status must be available or offline.'];
		throwIfInvalid(details);

		const tests: ((u: User) => boolean)[] = [];
		if (searchKey !== undefined && searchKey !== '') {
			const key = searchKey.toLowerCase();
			const inName = searchIn.includes('name');
			const inUid = searchIn.includes('uid');
			tests.push((u) => (inName && u.name.toLowerCase().startsWith(key)) || (inUid && u.uid.toLowerCase().startsWith(key)));
		}
		if (status !== undefined) tests.push((u) => u.status === status);
		const roleSet = new Set([...(role !== undefined && role !== '' ? [role] : []), ...(roleList ?? [])]);
		if (roleSet.size) tests.push((u) => roleSet.has(u.role));
		if (tags && tags.length) tests.push((u) => u.tags.some((t) => tags.includes(t)));

		const { items, total } = users.page((u) => tests.every((t) => t(u)), {
			...p,
			unfiltered: tests.length === 0,
			includeDeactivated: queryBool(q, 'withDeactivated'),
			onlyDeactivated: queryBool(q, 'onlyDeactivated'),
		});
		const withTags = queryBool(q, 'withTags');
		return {
			data: items.map((u) => listedUser(users, viewer, u, withTags)),
			meta: { pagination: pagination(total, items.length, p) },
			cursor: { updatedAt: newestUpdate(items, app.now()), affix: 'prepend' },
		};
	});

	router.add('GET', '/v3/users/:uid', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		const u = users.require(req.params.uid);
		return { data: userOut(u, { withTags: true, conversationWith: viewer, blockedAt: users.blockedAt(viewer, u.uid) }) };
	});

	router.add('PUT', '/v3/users/:uid', (req) => {
		const user = users.require(req.params.uid);
		const body = requireBodyObject(req.body);
		const details: Details = {};
		if (body.name !== undefined && (typeof body.name !== 'string' || body.name.trim() === ''))
			details.name = ['The name must be a non-empty string.'];
		checkTypes(
			body,
			{
				avatar: 'string',
				link: 'string',
				role: 'string',
				statusMessage: 'string',
				metadata: 'object',
				tags: 'string[]',
				unset: 'string[]',
			},
			details,
		);
		if (isStringArray(body.unset) && body.unset.some((s) => !['avatar', 'link', 'metadata'].includes(s))) {
			details.unset = ['The unset values must be avatar, link or metadata.'];
		}
		throwIfInvalid(details);
		roles.requireExisting(body.role);
		for (const k of ['name', 'avatar', 'link', 'role', 'statusMessage'] as const) {
			if (body[k] !== undefined) user[k] = body[k];
		}
		// An empty status message clears it (the emulator's choice; `unset` does not list it).
		if (body.statusMessage === '') delete user.statusMessage;
		if (body.metadata !== undefined) user.metadata = structuredClone(body.metadata);
		if (body.tags !== undefined) user.tags = [...body.tags];
		for (const k of (body.unset ?? []) as ('avatar' | 'link' | 'metadata')[]) delete user[k];
		user.updatedAt = app.now();
		return { data: userOut(user, { withTags: true }) };
	});

	// Delete a user; without `permanent` the UID stays taken (see docs/emulator.md, Users, groups, tokens).
	router.add('DELETE', '/v3/users/:uid', (req) => {
		users.require(req.params.uid);
		const body = req.body === undefined || req.body === null ? {} : requireBodyObject(req.body);
		const details: Details = {};
		checkTypes(body, { permanent: 'boolean' }, details);
		throwIfInvalid(details);
		users.remove(req.params.uid, body.permanent === true);
		return { data: { success: true, message: `User with ${req.params.uid} has been deleted successfully.` } };
	});

	/** Deactivates or reactivates the users named in `field`; answers the uids that exist. */
	const setDeactivated = (body: Json, field: string, deactivated: boolean): string[] => {
		if (!isStringArray(body[field])) throw validationError({ [field]: [`The ${field} must be an array of uids.`] });
		const done: string[] = [];
		for (const uid of body[field]) {
			const u = users.get(uid);
			if (u) {
				users.setDeactivated(u, deactivated);
				done.push(uid);
			}
		}
		return done;
	};
	// Extras: deactivate (DELETE /users) and reactivate (PUT /users) several users.
	router.add('DELETE', '/v3/users', (req) => ({
		data: { deactivatedUids: setDeactivated(requireBodyObject(req.body), 'uidsToDeactivate', true) },
	}));
	router.add('PUT', '/v3/users', (req) => ({
		data: { nonDeactivatedUids: setDeactivated(requireBodyObject(req.body), 'uidsToActivate', false) },
	}));

	router.add('GET', '/v3/users/:uid/friends', (req) => {
		const owner = users.require(req.params.uid);
		const q = req.query;
		const searchKey = (queryOne(q, 'searchKey') ?? '').toLowerCase();
		const withTags = queryBool(q, 'withTags');
		const all = users
			.friendsOf(owner.uid)
			.filter((u) => searchKey === '' || u.name.toLowerCase().startsWith(searchKey) || u.uid.toLowerCase().startsWith(searchKey));
		const { items, pagination: pages } = numberedPage(all, pageParams(q));
		return {
			data: items.map((u) => listedUser(users, owner.uid, u, withTags)),
			meta: { pagination: pages, cursor: { updatedAt: newestUpdate(items, app.now()), affix: 'prepend' } },
		};
	});

	// Add friends ({accepted: [uids], addToConversations?}), answered per uid. addToConversations is
	// accepted and has no effect: the emulator keeps no conversation list of its own.
	router.add('POST', '/v3/users/:uid/friends', (req) => {
		users.require(req.params.uid);
		const body = requireBodyObject(req.body);
		if (!isStringArray(body.accepted)) throw validationError({ accepted: ['The accepted must be an array of uids.'] });
		const accepted: Json = {};
		for (const uid of body.accepted) {
			if (!users.byId.has(uid)) {
				accepted[uid] = { error: { code: 'ERR_UID_NOT_FOUND', message: `The UID ${uid} does not exist.` } };
				continue;
			}
			users.addFriends(req.params.uid, [uid]);
			accepted[uid] = { success: true, message: 'Created relationship with status accepted.' };
		}
		return { data: { accepted } };
	});

	// Remove friends ({friends: [uids]}), both ways; a UID that is no friend (or no user) changes nothing.
	router.add('DELETE', '/v3/users/:uid/friends', (req) => {
		users.require(req.params.uid);
		const body = requireBodyObject(req.body);
		if (!isStringArray(body.friends) || body.friends.length === 0) {
			throw validationError({ friends: ['The friends must be a non-empty array of uids.'] });
		}
		for (const uid of body.friends) users.removeFriend(req.params.uid, uid);
		return { data: { success: true, message: 'Deleted the friend relations succussfully' } };
	});

	/** An auth token as the API shows it: uid, token, createdAt, and what an update stored. */
	const tokenOut = (uid: string, t: AuthToken): Json => {
		const out: Json = { uid, authToken: t.authToken, createdAt: t.createdAt };
		for (const k of ['platform', 'userAgent', 'updatedAt'] as const) if (t[k] !== undefined) out[k] = t[k];
		if (t.appInfo !== undefined) out.appInfo = structuredClone(t.appInfo);
		return out;
	};

	// Create an auth token. Without `force`, a user who has one gets their newest token back.
	router.add('POST', '/v3/users/:uid/auth_tokens', (req) => {
		users.require(req.params.uid);
		const body = req.body === undefined || req.body === null ? {} : requireBodyObject(req.body);
		const details: Details = {};
		checkTypes(body, { force: 'boolean' }, details);
		throwIfInvalid(details);
		const existing = users.authTokens.get(req.params.uid) ?? [];
		const t = body.force !== true && existing.length > 0 ? existing[existing.length - 1] : users.addAuthToken(req.params.uid);
		return { data: { uid: req.params.uid, authToken: t.authToken, createdAt: t.createdAt } };
	});

	// List a user's auth tokens, newest first, page-numbered.
	router.add('GET', '/v3/users/:uid/auth_tokens', (req) => {
		users.require(req.params.uid);
		const all = [...(users.authTokens.get(req.params.uid) ?? [])].reverse();
		const { items, pagination: pages } = numberedPage(all, pageParams(req.query));
		return { data: items.map((t) => tokenOut(req.params.uid, t)), meta: { pagination: pages } };
	});

	// Delete every auth token of a user.
	router.add('DELETE', '/v3/users/:uid/auth_tokens', (req) => {
		users.require(req.params.uid);
		users.authTokens.delete(req.params.uid);
		return { data: { success: true, message: `Cleared Auth Tokens successfully for uid ${req.params.uid}.` } };
	});

	router.add('GET', '/v3/users/:uid/auth_tokens/:authToken', (req) => {
		users.require(req.params.uid);
		return { data: tokenOut(req.params.uid, users.requireAuthToken(req.params.uid, req.params.authToken)) };
	});

	router.add('DELETE', '/v3/users/:uid/auth_tokens/:authToken', (req) => {
		users.require(req.params.uid);
		users.removeAuthToken(req.params.uid, req.params.authToken);
		return { data: { success: true, message: `The auth token of the user ${req.params.uid} has been deleted successfully.` } };
	});

	router.add('PUT', '/v3/users/:uid/auth_tokens/:authToken', (req) => {
		users.require(req.params.uid);
		const body = requireBodyObject(req.body);
		const details: Details = {};
		checkTypes(body, { platform: 'string', userAgent: 'string', appInfo: 'object' }, details);
		throwIfInvalid(details);
		const token = users.requireAuthToken(req.params.uid, req.params.authToken);
		if (body.platform !== undefined) token.platform = body.platform;
		if (body.userAgent !== undefined) token.userAgent = body.userAgent;
		if (body.appInfo !== undefined) token.appInfo = structuredClone(body.appInfo);
		token.updatedAt = app.now();
		return { data: { uid: req.params.uid, authToken: token.authToken, createdAt: token.createdAt } };
	});

	/** Blocks or unblocks the users in `blockedUids`; answers one entry per uid, keyed by it. */
	const changeBlocks = (uid: string, body: Json, block: boolean): Json => {
		if (!isStringArray(body.blockedUids) || body.blockedUids.length === 0) {
			throw validationError({ blockedUids: ['The blockedUids must be a non-empty array of uids.'] });
		}
		const answer: Json = {};
		for (const other of body.blockedUids) {
			if (!users.byId.has(other)) {
				answer[other] = { error: { code: 'ERR_UID_NOT_FOUND', message: `The UID ${other} does not exist.` } };
				continue;
			}
			if (block) users.block(uid, other);
			else users.unblock(uid, other);
			app.emit(block ? 'user_blocked' : 'user_unblocked', blockData(areas, uid, [other]));
			answer[other] = {
				success: true,
				message: `The user with UID ${uid} has ${block ? 'blocked' : 'unblocked'} user with UID ${other} successfully.`,
			};
		}
		return answer;
	};
	router.add('POST', '/v3/users/:uid/blockedusers', (req) => {
		users.require(req.params.uid);
		return { data: changeBlocks(req.params.uid, requireBodyObject(req.body), true) };
	});
	router.add('DELETE', '/v3/users/:uid/blockedusers', (req) => {
		users.require(req.params.uid);
		return { data: changeBlocks(req.params.uid, requireBodyObject(req.body), false) };
	});

	// The users a user blocked, the latest block first; blockedByMe* and conversationId relative to the owner.
	router.add('GET', '/v3/users/:uid/blockedusers', (req) => {
		const owner = users.require(req.params.uid);
		const { items, pagination: pages } = numberedPage(users.blockedBy(owner.uid), pageParams(req.query));
		return {
			data: items.map((u) => listedUser(users, owner.uid, u, queryBool(req.query, 'withTags'))),
			meta: { pagination: pages, cursor: { updatedAt: newestUpdate(items, app.now()), affix: 'prepend' } },
		};
	});
}
