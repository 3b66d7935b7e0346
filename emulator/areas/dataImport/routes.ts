/**
 * Data Import (data-import-apis.json): users, groups, members and messages with their history,
 * up to 50 a request, into the same stores the rest of the API serves (an imported user is a user
 * `GET /v3/users/<uid>` returns). Each entity is answered on its own under `data.<id>`: `success`
 * with the record, or `error`. A second import of an entity is answered with its "already exists"
 * code and stores nothing: `ERR_IMPORT_MUID_ALREADY_EXISTS` for a message (published); for users,
 * groups and members the description is silent and the emulator answers the chat API's codes
 * (`ERR_UID_ALREADY_EXISTS`, `ERR_GUID_ALREADY_EXISTS`, `ERR_ALREADY_JOINED`), as the node expects
 * (docs/cometchat-api.md, Data Import). Each endpoint has its own limit of 60 requests a minute
 * (`DATA_IMPORT_ENDPOINTS`, set up by the emulator's start).
 */
import { ApiError } from '../../core/errors';
import type { Router } from '../../core/router';
import { isObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import { groupOut } from '../groups/views';
import type { Message } from '../messages/collection';
import { messageOut } from '../messages/views';
import type { Areas } from '../types';
import { userOut } from '../users/views';
import type { EntityError, ImportKind } from './checks';
import { entitiesOf, groupProblem, joinedAtProblem, memberProblem, messageProblem, userProblem } from './checks';

/** Each endpoint's own rate limit: "a maximum of 60 requests per minute is permitted for these data import endpoints". */
export const DATA_IMPORT_PER_MINUTE = 60;
export const DATA_IMPORT_ENDPOINTS = ['users', 'groups', 'members', 'messages'].map((kind) => `POST /v3/data_import/${kind}`);
/** The published text of the limit's error (sic). */
export const DATA_IMPORT_LIMIT_MESSAGE =
	'Too many requests for data import API. 60 per minute is the maximum request allowed. Please retry for seconds after 58.';

type Importer = (key: string, entity: Json) => Json;

export function register(router: Router, areas: Areas): void {
	const { app, users, groups, messages, roles } = areas;
	/** muid → message id, for the muids already stored (by an import or a send). */
	const byMuid = new Map<string, string>();
	messages.listeners.add((m: Message) => {
		if (m.muid !== undefined) byMuid.set(m.muid, m.id);
	});
	const storedMuid = (muid: string) => {
		const id = byMuid.get(muid);
		return id !== undefined && messages.byId.get(id)?.muid === muid;
	};

	/** A user the entity refers to: there already, or created from its details. */
	const ensureUser = (uid: string, details: unknown) => {
		if (users.byId.has(uid) || !isObject(details)) return users.require(uid);
		return users.add(userInput(details));
	};
	const ensureGroup = (guid: string, details: unknown, ownerDetails?: unknown) => {
		if (groups.byId.has(guid) || !isObject(details)) return groups.require(guid);
		if (typeof details.owner === 'string') ensureUser(details.owner, ownerDetails);
		return groups.add(groupInput(details));
	};

	const importUser: Importer = (_, u) => {
		roles.requireExisting(u.role);
		return userOut(users.add(userInput(u)), { withTags: true });
	};
	const importGroup: Importer = (_, g) => {
		if (groups.byId.has(g.guid)) throw new ApiError('ERR_GUID_ALREADY_EXISTS', `The GUID ${g.guid} already exists.`);
		if (typeof g.owner === 'string') ensureUser(g.owner, g.groupOwnerDetails);
		return groupOut(groups.add(groupInput(g)));
	};
	const importMember: Importer = (_, m) => {
		const group = ensureGroup(m.guid, m.groupDetails);
		ensureUser(m.uid, m.userDetails);
		if (group.members.has(m.uid) || group.banned.has(m.uid))
			throw new ApiError('ERR_ALREADY_JOINED', `The user ${m.uid} is already a member of the group ${m.guid}.`);
		const problem = joinedAtProblem(m.joinedAt, group.createdAt, app.now() + 1);
		if (problem) throw new Refused(problem);
		const joinedAt: number = m.joinedAt ?? app.now();
		if (m.isBanned === true) groups.ban(group, m.uid, joinedAt);
		else group.members.set(m.uid, { scope: m.scope ?? 'participant', joinedAt });
		return {
			guid: m.guid,
			uid: m.uid,
			scope: m.isBanned === true ? undefined : (m.scope ?? 'participant'),
			joinedAt,
			isBanned: m.isBanned === true,
		};
	};
	const importMessage: Importer = (_, m) => {
		if (storedMuid(m.muid))
			throw new Refused({ code: 'ERR_IMPORT_MUID_ALREADY_EXISTS', message: `The message muid ${m.muid} is expected to be unique.` });
		ensureUser(m.sender, m.senderUserDetails);
		if (m.receiverType === 'group') ensureGroup(m.receiver, m.receiverGroupDetails, m.receiverGroupOwnerDetails);
		else ensureUser(m.receiver, m.receiverUserDetails);
		const stored = messages.add({
			muid: m.muid,
			sender: m.sender,
			receiverType: m.receiverType,
			receiver: m.receiver,
			category: m.category ?? 'message',
			type: m.type ?? 'text',
			data: m.data ?? {},
			tags: m.tags,
			sentAt: m.sentAt,
		});
		const out = messageOut(areas, stored);
		return { ...out, deliveredAt: m.deliveredAt, readAt: m.readAt };
	};

	const route = (kind: ImportKind, check: (key: string, entity: Json) => EntityError | undefined, importer: Importer) =>
		router.add('POST', `/v3/data_import/${kind}`, (req) => {
			const data: Json = {};
			for (const [key, entity] of entitiesOf(req.body, kind)) {
				const problem = check(key, entity);
				data[key] = problem ? { success: false, error: problem } : importOne(key, entity, importer);
			}
			return { data };
		});
	route('users', userProblem, importUser);
	route('groups', groupProblem, importGroup);
	route('members', memberProblem, importMember);
	route('messages', messageProblem, importMessage);
}

/** An entity refused with a code of Data Import's own (not one of the API's error answers). */
class Refused extends Error {
	constructor(readonly refusal: EntityError) {
		super(refusal.message);
	}
}

/** One entity's answer: a refusal by the stores (a user that does not exist, a role unknown, already there) is the entity's error with its code. */
function importOne(key: string, entity: Json, importer: Importer): Json {
	try {
		return { success: true, data: importer(key, entity) };
	} catch (error) {
		if (error instanceof Refused) return { success: false, error: error.refusal };
		if (!(error instanceof ApiError)) throw error;
		return { success: false, error: { code: error.code, message: error.message } };
	}
}

function userInput(u: Json) {
	return {
		uid: u.uid,
		name: u.name,
		avatar: u.avatar,
		link: u.link,
		role: u.role,
		metadata: u.metadata,
		tags: u.tags,
		createdAt: u.createdAt,
		lastActiveAt: u.lastActiveAt,
		deactivatedAt: u.deactivatedAt,
	};
}

function groupInput(g: Json): Json {
	return {
		guid: g.guid,
		name: g.name,
		type: g.type,
		password: g.password,
		icon: g.icon,
		owner: g.owner,
		createdAt: g.createdAt,
		metadata: g.metadata,
		tags: g.tags,
	};
}
