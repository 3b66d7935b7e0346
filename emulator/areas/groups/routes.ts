import { addDetail, ApiError, throwIfInvalid } from '../../core/errors';
import type { Details } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { newestFirst } from '../../core/sorted-index';
import { checkTypes, isObject, isStringArray, queryBool, queryList, queryOne, requireBodyObject } from '../../core/validation';
import { optionalOnBehalfOf } from '../users/access';
import type { Areas } from '../types';
import type { Group } from './collection';
import { groupOut } from './views';
import { groupData } from '../webhooks/payloads';

const GROUP_TYPES = ['public', 'password', 'private'];
/** The attributes PUT /groups/{guid} can clear (`unset`). */
const UNSETTABLE = ['icon', 'description', 'metadata'];

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
}
