import { addDetail, ApiError, throwIfInvalid, validationError } from '../../core/errors';
import type { Details } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { newestFirst } from '../../core/sorted-index';
import type { Json } from '../../core/validation';
import { checkTypes, isObject, isStringArray, queryBool, queryList, queryOne, requireBodyObject } from '../../core/validation';
import type { User } from '../users/collection';
import { optionalOnBehalfOf } from '../users/access';
import { listedUser } from '../users/views';
import type { Areas } from '../types';
import type { Group, Member } from './collection';
import { groupOut } from './views';
import { groupData } from '../webhooks/payloads';

const GROUP_TYPES = ['public', 'password', 'private'];
const SCOPES = ['admin', 'moderator', 'participant'];
/** The attributes PUT /groups/{guid} can clear (`unset`). */
const UNSETTABLE = ['icon', 'description', 'metadata'];
/** The lists of POST /groups/{guid}/members and the scope each gives (null: banned). */
const MEMBER_LISTS: Record<string, string | null> = {
	admins: 'admin',
	moderators: 'moderator',
	participants: 'participant',
	usersToBan: null,
};

export function register(router: Router, areas: Areas): void {
	const { app, users, groups } = areas;
	const memberMap = (g: Group) => Object.fromEntries([...g.members].map(([uid, m]) => [uid, { scope: m.scope }]));
	router.add('POST', '/v3/groups', (req) => {
		const body = requireBodyObject(req.body);
		const details: Details = {};
		if (typeof body.guid !== 'string' || body.guid.trim() === '')
			details.guid = ['The guid field is required and must be a non-empty string.'];
		if (typeof body.name !== 'string' || body.name.trim() === '')
			details.name = ['The name field is required and must be a non-empty string.'];
		if (body.type === undefined) details.type = ['The type field is required.'];
		else if (!GROUP_TYPES.includes(body.type)) details.type = ['The type must be public, password or private.'];
		checkTypes(
			body,
			{
				password: 'string',
				icon: 'string',
				description: 'string',
				metadata: 'object',
				owner: 'string',
				tags: 'string[]',
				members: 'object',
			},
			details,
		);
		if (body.type === 'password' && (typeof body.password !== 'string' || body.password === ''))
			details.password = ['The password field is required for a group of type password.'];
		const members = isObject(body.members) ? body.members : {};
		for (const k of ['admins', 'moderators', 'participants', 'usersToBan']) {
			if (members[k] !== undefined && !isStringArray(members[k])) details[`members.${k}`] = [`The members.${k} must be an array of uids.`];
		}
		throwIfInvalid(details);
		const onBehalfOf = optionalOnBehalfOf(users, req);
		if (groups.byId.has(body.guid))
			throw new ApiError('ERR_GUID_ALREADY_EXISTS', `The GUID ${body.guid} already exists.`, { details: { guid: body.guid } });
		const owner: string | undefined = body.owner ?? onBehalfOf ?? members.admins?.[0];
		const everyone: (string | undefined)[] = [
			owner,
			...(members.admins ?? []),
			...(members.moderators ?? []),
			...(members.participants ?? []),
			...(members.usersToBan ?? []),
		];
		const missing = [...new Set(everyone.filter((uid) => uid !== undefined && !users.byId.has(uid)))];
		if (missing.length) {
			throw new ApiError('ERR_UID_NOT_FOUND', `The UID ${missing.join(', ')} does not exist.`, { details: { uids: missing } });
		}
		const g = groups.add({
			guid: body.guid,
			name: body.name,
			type: body.type,
			password: body.password,
			icon: body.icon,
			description: body.description,
			metadata: body.metadata,
			owner,
			tags: body.tags,
			members,
		});
		app.emit('group_created', groupData(areas, g, { members: memberMap(g) }));
		return { data: groupOut(g, onBehalfOf) };
	});

	// List groups (newest first; searchKey on guid/name prefix; the published filters below).
	router.add('GET', '/v3/groups', (req) => {
		const viewer = optionalOnBehalfOf(users, req);
		const q = req.query;
		const key = (queryOne(q, 'searchKey') ?? '').toLowerCase();
		const searchIn = queryList(q, 'searchIn') ?? ['name', 'guid'];
		const details: Details = {};
		if (searchIn.some((s) => s !== 'name' && s !== 'guid')) details.searchIn = ['The searchIn values must be name or guid.'];
		const sortBy = queryOne(q, 'sortBy');
		const sortOrder = queryOne(q, 'sortOrder');
		const hasJoined = queryBool(q, 'hasJoined');
		if (hasJoined && viewer === undefined) details.hasJoined = ['The hasJoined filter needs the onBehalfOf header.'];
		const bounds: Record<string, number | undefined> = {};
		for (const name of [
			'createdAt[from]',
			'createdAt[to]',
			'updatedAt[from]',
			'updatedAt[to]',
			'membersCount[gte]',
			'membersCount[lte]',
			'membersCount[eq]',
		]) {
			const v = queryOne(q, name);
			if (v === undefined) continue;
			if (!/^\d+$/.test(v)) details[name] = [`The ${name} must be a whole number.`];
			else bounds[name] = Number(v);
		}
		throwIfInvalid(details);
		const types = queryList(q, 'types');
		const tags = queryList(q, 'tags');
		const guids = queryList(q, 'guids');
		const inRange = (value: number | undefined, from: string, to: string) =>
			(bounds[from] === undefined || (value !== undefined && value >= bounds[from])) &&
			(bounds[to] === undefined || (value !== undefined && value <= bounds[to]));
		const matching = [...groups.byId.values()].filter(
			(g) =>
				(key === '' ||
					(searchIn.includes('guid') && g.guid.toLowerCase().startsWith(key)) ||
					(searchIn.includes('name') && g.name.toLowerCase().startsWith(key))) &&
				(types === undefined || types.includes(g.type)) &&
				(tags === undefined || g.tags.some((t) => tags.includes(t))) &&
				(guids === undefined || guids.includes(g.guid)) &&
				(!hasJoined || (viewer !== undefined && g.members.has(viewer))) &&
				inRange(g.createdAt, 'createdAt[from]', 'createdAt[to]') &&
				// As published: only groups that were updated after their creation.
				((bounds['updatedAt[from]'] === undefined && bounds['updatedAt[to]'] === undefined) ||
					(g.updatedAt !== undefined && g.updatedAt !== g.createdAt && inRange(g.updatedAt, 'updatedAt[from]', 'updatedAt[to]'))) &&
				inRange(g.members.size, 'membersCount[gte]', 'membersCount[lte]') &&
				(bounds['membersCount[eq]'] === undefined || g.members.size === bounds['membersCount[eq]']),
		);
		let ordered = newestFirst(matching, (g) => g.createdAt);
		if (sortBy === 'name' || sortBy === 'guid')
			ordered = [...matching].sort((a, b) => a[sortBy].localeCompare(b[sortBy]) || a.guid.localeCompare(b.guid));
		else if (sortBy === 'createdAt') ordered = [...ordered].reverse();
		if (sortBy !== undefined && sortOrder !== 'asc') ordered = ordered.reverse();
		else if (sortBy === undefined && sortOrder === 'asc') ordered = [...ordered].reverse();
		const { items, pagination } = numberedPage(ordered, pageParams(q));
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
		const all = newestFirst(g.banned.entries(), ([, at]) => at)
			.map(([uid]) => users.byId.get(uid))
			.filter((u): u is User => u !== undefined);
		const { items, pagination } = numberedPage(all, pageParams(req.query));
		return { data: items.map((u) => listedUser(users, viewer, u, false)), meta: { pagination } };
	});

	router.add('PUT', '/v3/groups/:guid', (req) => {
		const body = requireBodyObject(req.body);
		const onBehalfOf = optionalOnBehalfOf(users, req);
		const g = groups.require(req.params.guid);
		const details: Details = {};
		checkTypes(
			body,
			{
				name: 'string',
				type: 'string',
				password: 'string',
				icon: 'string',
				description: 'string',
				metadata: 'object',
				owner: 'string',
				tags: 'string[]',
				unset: 'string[]',
			},
			details,
		);
		if (typeof body.name === 'string' && body.name.trim() === '') details.name = ['The name must not be empty.'];
		if (body.type !== undefined && !GROUP_TYPES.includes(body.type)) details.type = ['The type must be public, password or private.'];
		const unset: string[] = isStringArray(body.unset) ? body.unset : [];
		for (const field of unset) {
			if (!UNSETTABLE.includes(field))
				addDetail(details, 'unset', `The ${field} cannot be unset; only icon, description and metadata can.`);
			else if (body[field] !== undefined) addDetail(details, 'unset', `The ${field} cannot be set and unset at once.`);
		}
		const becomesPassword = body.type === 'password' && g.type !== 'password';
		if (becomesPassword && (typeof body.password !== 'string' || body.password === ''))
			details.password = ['The password field is required to make a group of type password.'];
		throwIfInvalid(details);
		// As published: owner is ignored when onBehalfOf is present.
		const owner: string | undefined = onBehalfOf === undefined ? body.owner : undefined;
		if (owner !== undefined) users.require(owner);
		for (const k of ['name', 'type', 'icon', 'description'] as const) if (body[k] !== undefined) g[k] = body[k];
		if (body.password !== undefined) g.password = body.password;
		if (g.type !== 'password') delete g.password;
		if (body.metadata !== undefined) g.metadata = body.metadata;
		if (body.tags !== undefined) g.tags = [...body.tags];
		for (const field of unset) delete g[field as 'icon' | 'description' | 'metadata'];
		if (owner !== undefined && owner !== g.owner) {
			g.banned.delete(owner);
			g.members.set(owner, { scope: 'admin', joinedAt: g.members.get(owner)?.joinedAt ?? app.now() });
			g.owner = owner;
		}
		g.updatedAt = app.now();
		app.emit('group_updated', groupData(areas, g, onBehalfOf !== undefined ? { by: onBehalfOf } : {}));
		return { data: groupOut(g, onBehalfOf) };
	});

	router.add('DELETE', '/v3/groups/:guid', (req) => {
		optionalOnBehalfOf(users, req);
		const g = groups.remove(req.params.guid);
		app.emit('group_deleted', groupData(areas, g));
		return { data: { success: true, message: `Group with guid ${g.guid} has been deleted successfully.` } };
	});

	// Add members: each uid answered on its own, under the list it was given in.
	router.add('POST', '/v3/groups/:guid/members', (req) => {
		const body = requireBodyObject(req.body);
		const onBehalfOf = optionalOnBehalfOf(users, req);
		const g = groups.require(req.params.guid);
		const details: Details = {};
		for (const k of Object.keys(MEMBER_LISTS)) {
			if (body[k] === undefined) continue;
			if (!isStringArray(body[k]) || body[k].length === 0) details[k] = [`The ${k} must be a non-empty array of uids.`];
		}
		if (!Object.keys(MEMBER_LISTS).some((k) => body[k] !== undefined))
			details.members = ['Give at least one of admins, moderators, participants, usersToBan.'];
		throwIfInvalid(details);
		const data: Json = {};
		for (const [list, scope] of Object.entries(MEMBER_LISTS)) {
			if (body[list] === undefined) continue;
			const answers: Json = {};
			for (const uid of body[list] as string[]) answers[uid] = addOne(g, uid, scope, onBehalfOf);
			data[list] = answers;
			const done = Object.keys(answers).filter((uid) => answers[uid].success === true);
			if (done.length > 0) {
				const members = Object.fromEntries(done.map((uid) => [uid, scope === null ? {} : { scope }]));
				app.emit(
					scope === null ? 'group_member_banned' : 'group_member_added',
					groupData(areas, g, { members, by: onBehalfOf ?? 'app_system' }),
				);
			}
		}
		return { data };
	});

	/** One uid of an add: `{success: true}` or `{error: {code, message}}`, as the add-friends answer. */
	function addOne(g: Group, uid: string, scope: string | null, onBehalfOf: string | undefined): Json {
		const fail = (code: string, message: string) => ({ error: { code, message } });
		if (!users.byId.has(uid)) return fail('ERR_UID_NOT_FOUND', `The UID ${uid} does not exist.`);
		if (scope === null) {
			if (g.owner === uid) return fail('ERR_GROUP_NO_CLEARANCE', `The owner of the group with guid ${g.guid} cannot be banned.`);
			if (uid === onBehalfOf) return fail('ERR_GROUP_NO_SELF_ACTION', 'A user cannot ban themselves.');
			if (g.banned.has(uid))
				return fail('ERR_ALREADY_BANNED', `The user with uid ${uid} is already banned from the group with guid ${g.guid}.`);
			groups.ban(g, uid);
			return { success: true };
		}
		if (g.banned.has(uid)) return fail('ERR_BANNED_GROUPMEMBER', `The user with uid ${uid} is banned from the group with guid ${g.guid}.`);
		if (g.members.has(uid)) return fail('ERR_ALREADY_JOINED', `The user with uid ${uid} has already joined the group with guid ${g.guid}.`);
		g.members.set(uid, { scope, joinedAt: app.now() });
		return { success: true };
	}

	// Members: joined first first (ties by uid); `scopes` (comma list) and `status` filters.
	router.add('GET', '/v3/groups/:guid/members', (req) => {
		const g = groups.require(req.params.guid);
		const q = req.query;
		const scopes = queryList(q, 'scopes');
		const status = queryOne(q, 'status');
		const details: Details = {};
		if (scopes?.some((s) => !SCOPES.includes(s))) details.scopes = ['The scopes must be admin, moderator or participant.'];
		throwIfInvalid(details);
		const all = [...g.members.entries()]
			.filter(([, m]) => scopes === undefined || scopes.includes(m.scope))
			.map(([uid, m]) => ({ user: users.byId.get(uid), m }))
			.filter((x): x is { user: User; m: Member } => x.user !== undefined && (status === undefined || x.user.status === status))
			.sort((a, b) => a.m.joinedAt - b.m.joinedAt || a.user.uid.localeCompare(b.user.uid));
		const { items, pagination } = numberedPage(all, pageParams(q));
		return {
			data: items.map(({ user, m }) => ({ ...listedUser(users, undefined, user, false), scope: m.scope, joinedAt: m.joinedAt })),
			meta: { pagination },
		};
	});

	router.add('PUT', '/v3/groups/:guid/members/:uid', (req) => {
		const body = requireBodyObject(req.body);
		const onBehalfOf = optionalOnBehalfOf(users, req);
		const g = groups.require(req.params.guid);
		const scope = body.scope ?? 'participant';
		if (typeof scope !== 'string' || !SCOPES.includes(scope))
			throw validationError({ scope: ['The scope must be admin, moderator or participant.'] });
		const uid = req.params.uid;
		users.require(uid);
		const member = groups.requireMember(g, uid);
		if (uid === onBehalfOf) throw new ApiError('ERR_GROUP_NO_SELF_ACTION', 'A user cannot change their own scope.', { details: { uid } });
		groups.refuseOwner(g, uid, 'given another scope');
		if (member.scope === scope)
			throw new ApiError('ERR_SAME_SCOPE', `The user with uid ${uid} already has the scope ${scope}.`, { details: { uid, scope } });
		const oldScope = member.scope;
		member.scope = scope;
		app.emit(
			'group_member_scope_changed',
			groupData(areas, g, { members: { [uid]: { scope, oldScope } }, by: onBehalfOf ?? 'app_system' }),
		);
		return { data: { guid: g.guid, uid, scope, joinedAt: member.joinedAt } };
	});

	router.add('DELETE', '/v3/groups/:guid/members/:uid', (req) => {
		const onBehalfOf = optionalOnBehalfOf(users, req);
		const g = groups.require(req.params.guid);
		const uid = req.params.uid;
		users.require(uid);
		groups.requireMember(g, uid);
		if (uid === onBehalfOf)
			throw new ApiError('ERR_GROUP_NO_SELF_ACTION', 'A user cannot kick themselves; they leave the group instead.', { details: { uid } });
		groups.refuseOwner(g, uid, 'kicked');
		g.members.delete(uid);
		app.emit('group_member_kicked', groupData(areas, g, { members: { [uid]: {} }, by: onBehalfOf ?? 'app_system' }));
		return { data: { success: true, message: `The member with ${uid} has been kicked from the Group with ${g.guid}.` } };
	});

	router.add('POST', '/v3/groups/:guid/bannedusers/:uid', (req) => {
		const onBehalfOf = optionalOnBehalfOf(users, req);
		const g = groups.require(req.params.guid);
		const uid = req.params.uid;
		users.require(uid);
		if (uid === onBehalfOf) throw new ApiError('ERR_GROUP_NO_SELF_ACTION', 'A user cannot ban themselves.', { details: { uid } });
		groups.refuseOwner(g, uid, 'banned');
		if (g.banned.has(uid))
			throw new ApiError('ERR_ALREADY_BANNED', `The user with uid ${uid} is already banned from the group with guid ${g.guid}.`, {
				details: { guid: g.guid, uid },
			});
		groups.ban(g, uid);
		app.emit('group_member_banned', groupData(areas, g, { members: { [uid]: {} }, by: onBehalfOf ?? 'app_system' }));
		return { data: { success: true, message: `The user with uid ${uid} has been banned from the Group with ${g.guid}.` } };
	});

	router.add('DELETE', '/v3/groups/:guid/bannedusers/:uid', (req) => {
		const onBehalfOf = optionalOnBehalfOf(users, req);
		const g = groups.require(req.params.guid);
		const uid = req.params.uid;
		users.require(uid);
		if (!g.banned.has(uid))
			throw new ApiError('ERR_NOT_A_BANNED_USER', `The user with uid ${uid} is not banned from the group with guid ${g.guid}.`, {
				details: { guid: g.guid, uid },
			});
		g.banned.delete(uid);
		app.emit('group_member_unbanned', groupData(areas, g, { members: { [uid]: {} }, by: onBehalfOf ?? 'app_system' }));
		// The published example says "banned" here too; the emulator names what happened.
		return { data: { success: true, message: `The user with uid ${uid} has been unbanned from the Group with ${g.guid}.` } };
	});
}
