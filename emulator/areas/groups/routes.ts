import { ApiError, throwIfInvalid } from '../../core/errors';
import type { Details } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { newestFirst } from '../../core/sorted-index';
import { checkTypes, isObject, isStringArray, queryOne, requireBodyObject } from '../../core/validation';
import type { User } from '../users/collection';
import { optionalOnBehalfOf } from '../users/access';
import { listedUser } from '../users/views';
import type { Areas } from '../types';
import { groupOut } from './views';

const GROUP_TYPES = ['public', 'password', 'private'];

export function register(router: Router, { users, groups }: Areas): void {
	router.add('POST', '/v3/groups', (req) => {
		const body = requireBodyObject(req.body);
		const details: Details = {};
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
		throwIfInvalid(details);
		const onBehalfOf = optionalOnBehalfOf(users, req);
		if (groups.byId.has(body.guid)) throw new ApiError('ERR_GUID_ALREADY_EXISTS', `The GUID ${body.guid} already exists.`, { details: { guid: body.guid } });
		const owner: string | undefined = body.owner ?? onBehalfOf ?? members.admins?.[0];
		const everyone: (string | undefined)[] = [owner, ...(members.admins ?? []), ...(members.moderators ?? []), ...(members.participants ?? []), ...(members.usersToBan ?? [])];
		const missing = [...new Set(everyone.filter((uid) => uid !== undefined && !users.byId.has(uid)))];
		if (missing.length) {
			throw new ApiError('ERR_UID_NOT_FOUND', `The UID ${missing.join(', ')} does not exist.`, { details: { uids: missing } });
		}
		const g = groups.add({
			guid: body.guid, name: body.name, type: body.type, password: body.password, icon: body.icon,
			description: body.description, metadata: body.metadata, owner, tags: body.tags, members,
		});
		return { data: groupOut(g, onBehalfOf) };
	});

	// Extra: list groups (searchKey on guid/name prefix, perPage/page, newest first).
	router.add('GET', '/v3/groups', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		const key = (queryOne(req.query, 'searchKey') ?? '').toLowerCase();
		const matching = [...groups.byId.values()].filter((g) => key === '' || g.guid.toLowerCase().startsWith(key) || g.name.toLowerCase().startsWith(key));
		const { items, pagination } = numberedPage(newestFirst(matching, (g) => g.createdAt), pageParams(req.query));
		return { data: items.map((g) => groupOut(g, viewer)), meta: { pagination } };
	});

	// Extra: get one group.
	router.add('GET', '/v3/groups/:guid', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		return { data: groupOut(groups.require(req.params.guid), viewer) };
	});

	router.add('GET', '/v3/groups/:guid/bannedusers', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		const g = groups.require(req.params.guid);
		// newest ban first
		const all = newestFirst(g.banned.entries(), ([, at]) => at).map(([uid]) => users.byId.get(uid)).filter((u): u is User => u !== undefined);
		const { items, pagination } = numberedPage(all, pageParams(req.query));
		return { data: items.map((u) => listedUser(users, viewer, u, false)), meta: { pagination } };
	});

	// Extra: ban a user.
	router.add('POST', '/v3/groups/:guid/bannedusers/:uid', (req) => {
		const g = groups.require(req.params.guid);
		groups.ban(g, req.params.uid);
		return { data: { success: true, message: `The user with uid ${req.params.uid} has been banned from the Group with ${g.guid}.` } };
	});
}
