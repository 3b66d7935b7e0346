/** Group members and bans: add, list, change scope, kick, ban, unban, and the banned users list. */
import { ApiError, throwIfInvalid, validationError } from '../../core/errors';
import type { Details } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { newestFirst } from '../../core/sorted-index';
import type { Json } from '../../core/validation';
import { isStringArray, queryList, queryOne, requireBodyObject } from '../../core/validation';
import type { User } from '../users/collection';
import { optionalOnBehalfOf } from '../users/access';
import { listedUser } from '../users/views';
import type { Areas } from '../types';
import type { Group, Member } from './collection';
import { groupData } from '../webhooks/payloads';

const SCOPES = ['admin', 'moderator', 'participant'];
/** The lists of POST /groups/{guid}/members and the scope each gives (null: banned). */
const MEMBER_LISTS: Record<string, string | null> = {
	admins: 'admin',
	moderators: 'moderator',
	participants: 'participant',
	usersToBan: null,
};

export function register(router: Router, areas: Areas): void {
	const { app, users, groups } = areas;
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
