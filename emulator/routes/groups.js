// @ts-check
'use strict';

const { ApiError, validationError } = require('../errors');
const { isObject, isStringArray, queryInt, queryOne } = require('../util');
const { groupOut, pagination } = require('../views');
const { requireBodyObject, checkTypes, optionalOnBehalfOf, listedUser, PAGE_DEFAULT, PAGE_MAX } = require('./users');

const GROUP_TYPES = ['public', 'password', 'private'];

/** @param {import('../router').Router} router @param {import('../store').Store} store */
function register(router, store) {
	router.add('POST', '/v3/groups', (req) => {
		const body = requireBodyObject(req.body);
		/** @type {Record<string, string[]>} */
		const details = {};
		if (typeof body.guid !== 'string' || body.guid.trim() === '') details.guid = ['The guid field is required and must be a non-empty string.'];
		if (typeof body.name !== 'string' || body.name.trim() === '') details.name = ['The name field is required and must be a non-empty string.'];
		if (body.type === undefined) details.type = ['The type field is required.'];
		else if (!GROUP_TYPES.includes(body.type)) details.type = ['The type must be public, password or private.'];
		checkTypes(body, { password: 'string', icon: 'string', description: 'string', metadata: 'object', owner: 'string', tags: 'string[]', members: 'object' }, details);
		if (body.type === 'password' && (typeof body.password !== 'string' || body.password === '')) details.password = ['The password field is required for a group of type password.'];
		const members = isObject(body.members) ? body.members : {};
		for (const k of ['admins', 'moderators', 'participants', 'usersToBan']) {
			if (members[k] !== undefined && !isStringArray(members[k])) details[`members.${k}`] = [`The members.${k} must be an array of uids.`];
		}
		if (Object.keys(details).length) throw validationError(details);
		const onBehalfOf = optionalOnBehalfOf(store, req);
		if (store.groups.has(body.guid)) throw new ApiError('ERR_GUID_ALREADY_EXISTS', `The GUID ${body.guid} already exists.`, { details: { guid: body.guid } });
		const owner = body.owner ?? onBehalfOf ?? members.admins?.[0];
		const everyone = [owner, ...(members.admins ?? []), ...(members.moderators ?? []), ...(members.participants ?? []), ...(members.usersToBan ?? [])];
		const missing = [...new Set(everyone.filter((uid) => uid !== undefined && !store.users.has(uid)))];
		if (missing.length) {
			throw new ApiError('ERR_UID_NOT_FOUND', `The UID ${missing.join(', ')} does not exist.`, { details: { uids: missing } });
		}
		const g = store.addGroup({
			guid: body.guid, name: body.name, type: body.type, password: body.password, icon: body.icon,
			description: body.description, metadata: body.metadata, owner, tags: body.tags, members,
		});
		return { data: groupOut(g, onBehalfOf) };
	});

	// Extra: list groups (searchKey on guid/name prefix, perPage/page, newest first).
	router.add('GET', '/v3/groups', (req) => {
		const viewer = optionalOnBehalfOf(store, req);
		const perPage = queryInt(req.query, 'perPage', PAGE_DEFAULT, PAGE_MAX);
		const page = queryInt(req.query, 'page', 1);
		const key = (queryOne(req.query, 'searchKey') ?? '').toLowerCase();
		const all = [...store.groups.values()]
			.filter((g) => key === '' || g.guid.toLowerCase().startsWith(key) || g.name.toLowerCase().startsWith(key))
			.reverse()
			.sort((a, b) => b.createdAt - a.createdAt);
		const items = all.slice((page - 1) * perPage, page * perPage);
		return { data: items.map((g) => groupOut(g, viewer)), meta: { pagination: pagination(all.length, items.length, perPage, page) } };
	});

	// Extra: get one group.
	router.add('GET', '/v3/groups/:guid', (req) => {
		const viewer = optionalOnBehalfOf(store, req);
		return { data: groupOut(store.requireGroup(req.params.guid), viewer) };
	});

	router.add('GET', '/v3/groups/:guid/bannedusers', (req) => {
		const viewer = optionalOnBehalfOf(store, req);
		const g = store.requireGroup(req.params.guid);
		const perPage = queryInt(req.query, 'perPage', PAGE_DEFAULT, PAGE_MAX);
		const page = queryInt(req.query, 'page', 1);
		// newest ban first
		const all = [...g.banned.entries()].reverse().sort((a, b) => b[1] - a[1]).map(([uid]) => store.users.get(uid)).filter((u) => u !== undefined);
		const items = all.slice((page - 1) * perPage, page * perPage);
		return {
			data: items.map((u) => listedUser(store, viewer, /** @type {import('../store').User} */ (u), false)),
			meta: { pagination: pagination(all.length, items.length, perPage, page) },
		};
	});

	// Extra: ban a user.
	router.add('POST', '/v3/groups/:guid/bannedusers/:uid', (req) => {
		const g = store.requireGroup(req.params.guid);
		store.banFromGroup(g, req.params.uid);
		return { data: { success: true, message: `The user with uid ${req.params.uid} has been banned from the Group with ${g.guid}.` } };
	});
}

module.exports = { register, GROUP_TYPES };
