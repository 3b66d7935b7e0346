// @ts-check
'use strict';

const { ApiError, validationError } = require('./errors');
const { clone, lowerBound, hex, isObject } = require('./util');
const { userConversationId } = require('./views');

/**
 * @typedef {{
 *   uid: string, name: string, avatar?: string, link?: string, role: string, status: string,
 *   statusMessage?: string, metadata?: Record<string, any>, tags: string[], createdAt: number,
 *   updatedAt?: number, lastActiveAt?: number, deactivatedAt?: number, seq: number,
 * }} User
 * @typedef {{ authToken: string, createdAt: number, updatedAt?: number, platform?: string, userAgent?: string, appInfo?: Record<string, any> }} AuthToken
 * @typedef {{ role: string, name: string, description?: string, metadata?: Record<string, any>, settings?: Record<string, any>, createdAt: number, updatedAt?: number }} Role
 * @typedef {{
 *   guid: string, name: string, type: string, password?: string, description?: string, icon?: string,
 *   metadata?: Record<string, any>, owner?: string, tags: string[], createdAt: number, updatedAt?: number,
 *   members: Map<string, { scope: string, joinedAt: number }>, banned: Map<string, number>,
 * }} Group
 * @typedef {{
 *   id: string, muid?: string, conversationId: string, sender: string, receiverType: string, receiver: string,
 *   category: string, type: string, data: Record<string, any>, tags?: string[], parentId?: string,
 *   quotedMessageId?: string, sentAt: number, updatedAt: number, editedAt?: number, editedBy?: string,
 *   replyCount?: number, moderationStatus: string,
 * }} Message
 * @typedef {{ id: string, messageId: string, reaction: string, uid: string, reactedAt: number }} Reaction
 * @typedef {{ id: string, name: string, description: string, createdAt: string, updatedAt: string, default?: boolean, seq: number }} Reason
 * @typedef {{
 *   _id: string, id: string, appId: string, name: string, description?: string, category: string, isCSV: boolean,
 *   searchTerms: string[], createdAt: number, updatedAt: number, revisionId: string, active: boolean,
 *   default?: boolean, __v: number, seq: number,
 * }} KeywordList
 * @typedef {Record<string, any> & { id: number, value: string[] }} Condition
 * @typedef {{
 *   id: string, name: string, description: string, enabled: boolean, conditions: Condition[],
 *   filters?: Record<string, any>[], action: string[], active: boolean, createdAt: number, updatedAt: number,
 *   revisionId: string, default?: boolean,
 * }} Rule
 * @typedef {{
 *   uid: string, name: string, avatar?: string, role: string, reasonId: string, reasonName: string,
 *   description: string, remark: string, flaggedAt: number,
 * }} FlagEntry
 * @typedef {{ messageId: string, idNum: number, flaggedBy: FlagEntry[], status: string, latest: number }} FlagRecord
 * @typedef {{
 *   messageId: string, idNum: number, ruleId: string, ruleName: string, revisionId: string,
 *   condition: Record<string, any>, action: string[], createdAt: number, updatedAt: number,
 * }} BlockedRecord
 * @typedef {Record<string, any> & { sessionId: string }} CallSession
 * @typedef {{
 *   authToken: string, pushTokenType: string, createdAt: string, platform: string, providerId: string,
 *   pushToken: string, uid: string, updatedAt: string,
 * }} PushToken
 */

/**
 * An array kept sorted ascending by `less`, read from the end for newest-first pages.
 * @template T
 */
class SortedIndex {
	/** @param {(a: T, b: T) => boolean} less */
	constructor(less) {
		this.less = less;
		/** @type {T[]} */
		this.items = [];
	}

	get size() {
		return this.items.length;
	}

	/** @param {T} item */
	insert(item) {
		const a = this.items;
		if (a.length === 0 || !this.less(item, a[a.length - 1])) a.push(item);
		else a.splice(lowerBound(a, item, this.less), 0, item);
	}

	/** @param {T} item (its sort key must not have changed since insert) */
	remove(item) {
		const a = this.items;
		let i = lowerBound(a, item, this.less);
		while (i < a.length && a[i] !== item && !this.less(item, a[i])) i++;
		if (a[i] === item) a.splice(i, 1);
		else {
			const j = a.indexOf(item);
			if (j >= 0) a.splice(j, 1);
		}
	}

	/**
	 * Page `page` (from 1) of `limit` items in descending order, optionally filtered.
	 * @param {number} page @param {number} limit @param {(x: T) => boolean} [keep]
	 * @returns {T[]}
	 */
	pageDesc(page, limit, keep) {
		const a = this.items;
		const skip = (page - 1) * limit;
		/** @type {T[]} */
		const out = [];
		if (!keep) {
			for (let i = a.length - 1 - skip; i >= 0 && out.length < limit; i--) out.push(a[i]);
			return out;
		}
		let seen = 0;
		for (let i = a.length - 1; i >= 0 && out.length < limit; i--) {
			if (!keep(a[i])) continue;
			if (seen++ >= skip) out.push(a[i]);
		}
		return out;
	}
}

/** a user sorts before another when created earlier (ties: inserted earlier) */
const userLess = (/** @type {User} */ a, /** @type {User} */ b) =>
	a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.seq < b.seq);

/** The roles a fresh app has, also with seed `none`. */
const BASE_ROLES = [
	{ role: 'default', name: 'Default Role', description: 'The role every new user gets.', createdAt: 1629869270 },
];

class Store {
	// Collections (re-created by reset()); declared here so their types are known.
	seq = 0;
	/** @type {Map<string, User>} */ users = new Map();
	/** @type {User[]} ascending by (createdAt, insertion); lists read it from the end */ userList = [];
	deactivatedCount = 0;
	/** @type {Map<string, number>} next number per addUsers prefix */ bulkCounters = new Map();
	/** @type {Map<string, AuthToken[]>} */ authTokens = new Map();
	/** @type {Map<string, Map<string, number>>} uid → friend uid → since */ friends = new Map();
	/** @type {Map<string, Map<string, number>>} uid → uid blocked by them → blockedAt */ blocked = new Map();
	/** @type {Map<string, Role>} */ roles = new Map();
	/** @type {Map<string, Group>} */ groups = new Map();
	/** @type {Map<string, Message>} */ messages = new Map();
	nextMessageId = 1;
	/** @type {Map<string, string[]>} parent id → reply ids, ascending */ threads = new Map();
	/** @type {Map<string, Reaction[]>} message id → reactions, ascending id */ reactions = new Map();
	nextReactionId = 1;
	/** @type {Map<string, Reason>} */ reasons = new Map();
	/** @type {Map<string, KeywordList>} */ keywordLists = new Map();
	/** @type {Map<string, { current: Rule, revisions: Rule[] }>} revisions ascending */ rules = new Map();
	/** @type {Map<string, FlagRecord>} message id → flag record */ flagged = new Map();
	/** @type {SortedIndex<FlagRecord>} ascending by (latest flaggedAt, numeric id) */
	flaggedIndex = new SortedIndex((a, b) => a.latest < b.latest || (a.latest === b.latest && a.idNum < b.idNum));
	reviewedCount = 0;
	/** @type {Map<string, BlockedRecord>} message id → blocked record */ blockedMessages = new Map();
	/** @type {SortedIndex<BlockedRecord>} ascending by (createdAt, numeric id) */
	blockedIndex = new SortedIndex((a, b) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.idNum < b.idNum));
	/** @type {Map<string, CallSession>} */ calls = new Map();
	/** @type {PushToken[]} */ pushTokens = [];

	/** @param {{ appId?: string }} [options] */
	constructor(options = {}) {
		this.appId = options.appId ?? 'demo-app';
		/** @type {number | null} frozen epoch seconds, or null for real time */
		this.clock = null;
		this.reset();
	}

	// ---------------------------------------------------------------- clock

	/** @returns {number} epoch seconds from the store clock */
	now() {
		return this.clock ?? Math.floor(Date.now() / 1000);
	}

	/** @param {number | null} epochSeconds null = real time */
	setClock(epochSeconds) {
		if (epochSeconds !== null && (typeof epochSeconds !== 'number' || !Number.isFinite(epochSeconds))) {
			throw validationError({ now: ['The clock must be a number of epoch seconds or null.'] });
		}
		this.clock = epochSeconds === null ? null : Math.floor(epochSeconds);
	}

	// ---------------------------------------------------------------- reset / seed

	/** Empties every collection; only the `default` role remains. The clock is kept. */
	reset() {
		this.seq = 0;
		this.users = new Map();
		this.userList = [];
		this.deactivatedCount = 0;
		this.bulkCounters = new Map();
		this.authTokens = new Map();
		this.friends = new Map();
		this.blocked = new Map();
		this.roles = new Map();
		for (const r of BASE_ROLES) this.roles.set(r.role, clone(r));
		this.resetContent();
	}

	/**
	 * Loads seed data on top of the current state (call reset() first for a clean load).
	 * @param {Record<string, any>} data
	 */
	seed(data) {
		if (!isObject(data)) throw validationError({ seed: ['The seed must be a JSON object.'] });
		if (typeof data.appId === 'string') this.appId = data.appId;
		for (const r of data.roles ?? []) this.addRole(r);
		for (const u of data.users ?? []) this.addUser(u);
		const friends = data.friends ?? [];
		if (Array.isArray(friends)) {
			for (const pair of friends) this.addFriends(pair[0], [pair[1]], pair[2]);
		} else {
			for (const [uid, list] of Object.entries(friends)) this.addFriends(uid, list);
		}
		for (const b of data.blockedUsers ?? []) this.blockUser(b.uid, b.blockedUid, b.blockedAt);
		this.seedContent(data);
		return this;
	}

	// ---------------------------------------------------------------- roles

	/** @param {Partial<Role>} r */
	addRole(r) {
		if (typeof r.role !== 'string' || r.role === '') throw validationError({ role: ['The role field is required.'] });
		/** @type {Role} */
		const role = {
			role: r.role,
			name: r.name ?? r.role,
			...(r.description !== undefined ? { description: r.description } : {}),
			...(r.metadata !== undefined ? { metadata: clone(r.metadata) } : {}),
			...(r.settings !== undefined ? { settings: clone(r.settings) } : {}),
			createdAt: r.createdAt ?? this.now(),
			...(r.updatedAt !== undefined ? { updatedAt: r.updatedAt } : {}),
		};
		this.roles.set(role.role, role);
		return role;
	}

	/** @returns {Role[]} newest first (createdAt desc, then role key) */
	listRoles() {
		return [...this.roles.values()].sort((a, b) => b.createdAt - a.createdAt || a.role.localeCompare(b.role));
	}

	// ---------------------------------------------------------------- users

	/** @param {string} uid */
	getUser(uid) {
		return this.users.get(uid);
	}

	/** @param {string} uid @returns {User} */
	requireUser(uid) {
		const u = this.users.get(uid);
		if (!u) throw new ApiError('ERR_UID_NOT_FOUND', `The UID ${uid} does not exist.`, { details: { uid } });
		return u;
	}

	/**
	 * Adds a user record (no validation beyond uniqueness; routes validate request bodies).
	 * @param {Partial<User> & { uid: string, name: string, authTokens?: (string | Partial<AuthToken>)[] }} input
	 * @returns {User}
	 */
	addUser(input) {
		if (this.users.has(input.uid)) {
			throw new ApiError('ERR_UID_ALREADY_EXISTS', `The UID ${input.uid} already exists.`, { details: { uid: input.uid } });
		}
		/** @type {User} */
		const user = {
			uid: input.uid,
			name: input.name,
			role: input.role ?? 'default',
			status: input.status ?? 'offline',
			tags: input.tags ? [...input.tags] : [],
			createdAt: input.createdAt ?? this.now(),
			seq: ++this.seq,
		};
		if (input.avatar !== undefined) user.avatar = input.avatar;
		if (input.link !== undefined) user.link = input.link;
		if (input.statusMessage !== undefined) user.statusMessage = input.statusMessage;
		if (input.metadata !== undefined) user.metadata = clone(input.metadata);
		if (input.updatedAt !== undefined) user.updatedAt = input.updatedAt;
		if (input.lastActiveAt !== undefined) user.lastActiveAt = input.lastActiveAt;
		if (input.deactivatedAt !== undefined && input.deactivatedAt !== null) user.deactivatedAt = input.deactivatedAt;
		// @ts-ignore seeds may say `deactivated: true`
		if (input.deactivated === true && user.deactivatedAt === undefined) user.deactivatedAt = user.createdAt;
		this.insertUser(user);
		for (const t of input.authTokens ?? []) {
			if (typeof t === 'string') this.addAuthToken(user.uid, { authToken: t });
			else this.addAuthToken(user.uid, t);
		}
		return user;
	}

	/** @param {User} user */
	insertUser(user) {
		this.users.set(user.uid, user);
		const list = this.userList;
		if (list.length === 0 || !userLess(user, list[list.length - 1])) list.push(user);
		else list.splice(lowerBound(list, user, userLess), 0, user);
		if (user.deactivatedAt !== undefined) this.deactivatedCount++;
	}

	/**
	 * Fast bulk creation: `${prefix}${n}` for the next n numbers of that prefix (numbers continue
	 * across calls; taken uids are skipped). All get the current clock second.
	 * @param {number} n
	 * @param {string} [prefix]
	 * @returns {number} how many were added
	 */
	addUsers(n, prefix = 'user') {
		if (!Number.isInteger(n) || n < 0) throw validationError({ count: ['The count must be a non-negative integer.'] });
		const createdAt = this.now();
		let next = this.bulkCounters.get(prefix) ?? 1;
		let added = 0;
		const list = this.userList;
		const canAppend = list.length === 0 || list[list.length - 1].createdAt <= createdAt;
		while (added < n) {
			const uid = `${prefix}${next}`;
			const i = next++;
			if (this.users.has(uid)) continue;
			/** @type {User} */
			const user = { uid, name: `User ${i}`, role: 'default', status: 'offline', tags: [], createdAt, seq: ++this.seq };
			if (canAppend) {
				this.users.set(uid, user);
				list.push(user);
			} else {
				this.insertUser(user);
			}
			added++;
		}
		this.bulkCounters.set(prefix, next);
		return added;
	}

	/** @param {string} uid */
	removeUser(uid) {
		const user = this.users.get(uid);
		if (!user) return false;
		this.users.delete(uid);
		const i = this.userList.indexOf(user);
		if (i >= 0) this.userList.splice(i, 1);
		if (user.deactivatedAt !== undefined) this.deactivatedCount--;
		this.authTokens.delete(uid);
		return true;
	}

	/** @param {User} user @param {boolean} deactivated */
	setDeactivated(user, deactivated) {
		if (deactivated && user.deactivatedAt === undefined) {
			user.deactivatedAt = this.now();
			this.deactivatedCount++;
		} else if (!deactivated && user.deactivatedAt !== undefined) {
			delete user.deactivatedAt;
			this.deactivatedCount--;
		}
	}

	/**
	 * Users in list order (newest first), lazily filtered, one page of them.
	 * @param {(u: User) => boolean} predicate
	 * @param {{ page: number, perPage: number, includeDeactivated: boolean, onlyDeactivated: boolean, unfiltered: boolean }} o
	 * @returns {{ items: User[], total: number }}
	 */
	pageUsers(predicate, o) {
		const list = this.userList;
		const start = (o.page - 1) * o.perPage;
		// Fast path: no filter and every user visible → direct indexing from the end.
		if (o.unfiltered && (o.includeDeactivated || this.deactivatedCount === 0) && !o.onlyDeactivated) {
			const total = list.length;
			/** @type {User[]} */
			const items = [];
			for (let i = total - 1 - start; i >= 0 && items.length < o.perPage; i--) items.push(list[i]);
			return { items, total };
		}
		/** @type {User[]} */
		const items = [];
		let total = 0;
		for (let i = list.length - 1; i >= 0; i--) {
			const u = list[i];
			const deact = u.deactivatedAt !== undefined;
			if (o.onlyDeactivated ? !deact : deact && !o.includeDeactivated) continue;
			if (!predicate(u)) continue;
			if (total >= start && items.length < o.perPage) items.push(u);
			total++;
		}
		return { items, total };
	}

	// ---------------------------------------------------------------- auth tokens

	/** @param {string} uid @param {Partial<AuthToken>} [t] @returns {AuthToken} */
	addAuthToken(uid, t = {}) {
		this.requireUser(uid);
		const createdAt = t.createdAt ?? this.now();
		/** @type {AuthToken} */
		const token = { authToken: t.authToken ?? `${uid}_${createdAt}${hex(30)}`, createdAt };
		for (const k of /** @type {const} */ (['platform', 'userAgent', 'appInfo', 'updatedAt'])) {
			if (t[k] !== undefined) /** @type {any} */ (token)[k] = clone(t[k]);
		}
		const list = this.authTokens.get(uid) ?? [];
		list.push(token);
		this.authTokens.set(uid, list);
		return token;
	}

	/** @param {string} authToken @returns {{ uid: string, token: AuthToken } | undefined} */
	findAuthToken(authToken) {
		for (const [uid, list] of this.authTokens) {
			const token = list.find((t) => t.authToken === authToken);
			if (token) return { uid, token };
		}
		return undefined;
	}

	// ---------------------------------------------------------------- friends / blocks

	/** @param {string} uid @param {string[]} others @param {number} [since] */
	addFriends(uid, others, since) {
		this.requireUser(uid);
		for (const other of others) {
			this.requireUser(other);
			if (other === uid) continue;
			const at = since ?? this.now();
			for (const [a, b] of [[uid, other], [other, uid]]) {
				const m = this.friends.get(a) ?? new Map();
				m.set(b, at);
				this.friends.set(a, m);
			}
		}
	}

	/** @param {string} uid @returns {User[]} friends in list order (newest user first) */
	friendsOf(uid) {
		const m = this.friends.get(uid);
		if (!m) return [];
		const out = [];
		for (const f of m.keys()) {
			const u = this.users.get(f);
			if (u) out.push(u);
		}
		return out.sort((a, b) => (userLess(a, b) ? 1 : -1));
	}

	/** @param {string} uid @param {string} blockedUid @param {number} [at] */
	blockUser(uid, blockedUid, at) {
		this.requireUser(uid);
		this.requireUser(blockedUid);
		const m = this.blocked.get(uid) ?? new Map();
		m.set(blockedUid, at ?? this.now());
		this.blocked.set(uid, m);
	}

	// ================================================================ content (groups, messages, moderation, calls, push)

	resetContent() {
		this.groups = new Map();
		this.messages = new Map();
		this.nextMessageId = 1;
		this.threads = new Map();
		this.reactions = new Map();
		this.nextReactionId = 1;
		this.reasons = new Map();
		for (const r of DEFAULT_REASONS) this.addReason(r);
		this.keywordLists = new Map();
		this.rules = new Map();
		this.flagged = new Map();
		this.flaggedIndex = new SortedIndex((a, b) => a.latest < b.latest || (a.latest === b.latest && a.idNum < b.idNum));
		this.reviewedCount = 0;
		this.blockedMessages = new Map();
		this.blockedIndex = new SortedIndex((a, b) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.idNum < b.idNum));
		this.calls = new Map();
		this.pushTokens = [];
	}

	/** @param {Record<string, any>} data */
	seedContent(data) {
		for (const g of data.groups ?? []) this.addGroup(g);
		for (const r of data.reasons ?? []) this.addReason(r);
		for (const k of data.keywordLists ?? data.keywords ?? []) this.addKeywordList(k);
		for (const r of data.rules ?? []) this.addRule(r);
		const msgs = [...(data.messages ?? [])].sort((a, b) => idNum(a.id ?? '0') - idNum(b.id ?? '0'));
		for (const m of msgs) this.addMessage(m);
		for (const r of data.reactions ?? []) this.addReaction(r);
		for (const f of data.flags ?? []) this.addFlag(f);
		for (const b of data.blocked ?? data.blockedMessages ?? []) this.addBlocked(b);
		for (const c of data.calls ?? []) this.addCallSession(c);
		for (const t of data.pushTokens ?? []) this.addPushToken(t);
	}

	/** Counts of every collection (control API `GET /__emulator/state`). */
	summary() {
		return {
			appId: this.appId,
			now: this.now(),
			clockFrozen: this.clock !== null,
			users: this.users.size,
			deactivatedUsers: this.deactivatedCount,
			roles: this.roles.size,
			groups: this.groups.size,
			messages: this.messages.size,
			reactions: [...this.reactions.values()].reduce((n, l) => n + l.length, 0),
			reasons: this.reasons.size,
			keywordLists: this.keywordLists.size,
			rules: this.rules.size,
			flaggedMessages: this.flagged.size,
			blockedMessages: this.blockedMessages.size,
			calls: this.calls.size,
			pushTokens: this.pushTokens.length,
		};
	}

	// ---------------------------------------------------------------- groups

	/** @param {string} guid */
	requireGroup(guid) {
		const g = this.groups.get(guid);
		if (!g) throw new ApiError('ERR_GUID_NOT_FOUND', `The GUID ${guid} does not exist.`, { details: { guid } });
		return g;
	}

	/**
	 * Adds a group record. Members: `members` {admins, moderators, participants, usersToBan};
	 * seeds may also give `banned` (uids or {uid, bannedAt}). The owner joins as admin.
	 * @param {Record<string, any>} input
	 * @returns {Group}
	 */
	addGroup(input) {
		if (this.groups.has(input.guid)) throw new ApiError('ERR_GUID_ALREADY_EXISTS', `The GUID ${input.guid} already exists.`, { details: { guid: input.guid } });
		const createdAt = input.createdAt ?? this.now();
		/** @type {Group} */
		const g = {
			guid: input.guid, name: input.name, type: input.type ?? 'public', tags: [...(input.tags ?? [])], createdAt,
			members: new Map(), banned: new Map(),
		};
		for (const k of /** @type {const} */ (['password', 'description', 'icon', 'owner', 'updatedAt'])) if (input[k] !== undefined) /** @type {any} */ (g)[k] = input[k];
		if (input.metadata !== undefined) g.metadata = clone(input.metadata);
		const members = input.members ?? {};
		const all = [g.owner, ...(members.admins ?? []), ...(members.moderators ?? []), ...(members.participants ?? []), ...(members.usersToBan ?? [])];
		const banned = (input.banned ?? []).map((/** @type {any} */ b) => (typeof b === 'string' ? { uid: b } : b));
		for (const uid of [...all, ...banned.map((/** @type {any} */ b) => b.uid)]) if (uid !== undefined) this.requireUser(uid);
		if (g.owner !== undefined) g.members.set(g.owner, { scope: 'admin', joinedAt: createdAt });
		for (const [list, scope] of [[members.admins, 'admin'], [members.moderators, 'moderator'], [members.participants, 'participant']]) {
			for (const uid of list ?? []) if (!g.members.has(uid)) g.members.set(uid, { scope, joinedAt: createdAt });
		}
		for (const uid of members.usersToBan ?? []) this.banFromGroup(g, uid, createdAt);
		for (const b of banned) this.banFromGroup(g, b.uid, b.bannedAt ?? createdAt);
		this.groups.set(g.guid, g);
		return g;
	}

	/** @param {Group} g @param {string} uid @param {number} [at] */
	banFromGroup(g, uid, at) {
		this.requireUser(uid);
		g.members.delete(uid);
		g.banned.delete(uid);
		g.banned.set(uid, at ?? this.now());
	}

	// ---------------------------------------------------------------- messages

	/** @param {string} id */
	requireMessage(id) {
		const m = this.messages.get(id);
		if (!m) throw new ApiError('ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${id} does not exist.`, { details: { id } });
		return m;
	}

	/** @returns {string} the next message id (increasing integers as strings) */
	takeMessageId() {
		return String(this.nextMessageId++);
	}

	/**
	 * Stores a message as given (no moderation run: the route does that). Sender and receiver must
	 * exist. Seeds may set `moderationStatus` (default `approved`).
	 * @param {Record<string, any>} input
	 * @returns {Message}
	 */
	addMessage(input) {
		const m = this.buildMessage(input);
		if (this.messages.has(m.id)) throw new ApiError('ERR_BAD_REQUEST', `The message id ${m.id} is taken.`, { status: 409 });
		this.storeMessage(m);
		return m;
	}

	/**
	 * Builds a message record without storing it (takes an id when none is given).
	 * @param {Record<string, any>} input
	 * @returns {Message}
	 */
	buildMessage(input) {
		this.requireUser(input.sender);
		const receiverType = input.receiverType ?? 'user';
		if (receiverType === 'group') this.requireGroup(input.receiver);
		else this.requireUser(input.receiver);
		if (input.parentId !== undefined) this.requireMessage(String(input.parentId));
		const id = input.id !== undefined ? String(input.id) : this.takeMessageId();
		if (/^\d+$/.test(id) && Number(id) >= this.nextMessageId) this.nextMessageId = Number(id) + 1;
		const sentAt = input.sentAt ?? this.now();
		const data = isObject(input.data) ? clone(input.data) : {};
		delete data.entities;
		const moderationStatus = input.moderationStatus ?? data.moderation?.status ?? 'approved';
		delete data.moderation;
		/** @type {Message} */
		const m = {
			id,
			conversationId: receiverType === 'group' ? `group_${input.receiver}` : userConversationId(input.sender, input.receiver),
			sender: input.sender, receiverType, receiver: input.receiver,
			category: input.category ?? 'message', type: input.type ?? 'text', data, sentAt,
			updatedAt: input.updatedAt ?? sentAt, moderationStatus,
		};
		for (const k of /** @type {const} */ (['muid', 'parentId', 'quotedMessageId', 'editedBy'])) if (input[k] !== undefined) /** @type {any} */ (m)[k] = String(input[k]);
		if (input.editedAt !== undefined) m.editedAt = input.editedAt;
		if (input.tags !== undefined) m.tags = [...input.tags];
		return m;
	}

	/** @param {Message} m */
	storeMessage(m) {
		if (m.parentId !== undefined) {
			const parent = this.requireMessage(m.parentId);
			const list = this.threads.get(parent.id) ?? [];
			list.push(m.id);
			if (list.length > 1 && idNum(list[list.length - 2]) > idNum(m.id)) list.sort((a, b) => idNum(a) - idNum(b));
			this.threads.set(parent.id, list);
			parent.replyCount = (parent.replyCount ?? 0) + 1;
		}
		this.messages.set(m.id, m);
	}

	/**
	 * Bulk: n text messages from `sender` to `receiver` (created when absent), one second apart,
	 * the newest at the current clock.
	 * @param {number} n
	 * @param {{ sender?: string, receiver?: string, text?: string }} [o]
	 * @returns {Message[]}
	 */
	addMessages(n, o = {}) {
		const sender = o.sender ?? 'bulk-sender';
		const receiver = o.receiver ?? 'bulk-receiver';
		if (!this.users.has(sender)) this.addUser({ uid: sender, name: 'Bulk Sender' });
		if (!this.users.has(receiver)) this.addUser({ uid: receiver, name: 'Bulk Receiver' });
		const now = this.now();
		const out = [];
		for (let i = 0; i < n; i++) {
			out.push(this.addMessage({ sender, receiver, receiverType: 'user', data: { text: `${o.text ?? 'Bulk message'} ${i + 1}` }, sentAt: now - n + i + 1 }));
		}
		return out;
	}

	// ---------------------------------------------------------------- reactions

	/**
	 * @param {{ messageId: string, uid: string, reaction: string, reactedAt?: number, id?: string }} input
	 * @returns {Reaction}
	 */
	addReaction(input) {
		const m = this.requireMessage(String(input.messageId));
		this.requireUser(input.uid);
		if (typeof input.reaction !== 'string' || input.reaction === '') throw validationError({ reaction: ['The reaction is required.'] });
		const id = input.id !== undefined ? String(input.id) : String(this.nextReactionId);
		if (idNum(id) >= this.nextReactionId) this.nextReactionId = idNum(id) + 1;
		/** @type {Reaction} */
		const r = { id, messageId: m.id, reaction: input.reaction, uid: input.uid, reactedAt: input.reactedAt ?? this.now() };
		const list = this.reactions.get(m.id) ?? [];
		list.push(r);
		list.sort((a, b) => idNum(a.id) - idNum(b.id));
		this.reactions.set(m.id, list);
		return r;
	}

	// ---------------------------------------------------------------- moderation: reasons, keyword lists, rules

	/** @param {Record<string, any>} input @returns {Reason} */
	addReason(input) {
		if (typeof input.id !== 'string' || input.id === '') throw validationError({ id: ['The reason id is required.'] });
		const at = String(input.createdAt ?? this.now());
		/** @type {Reason} */
		const r = { id: input.id, name: input.name ?? input.id, description: input.description ?? '', createdAt: at, updatedAt: String(input.updatedAt ?? at), seq: ++this.seq };
		if (input.default !== undefined) r.default = Boolean(input.default);
		this.reasons.set(r.id, r);
		return r;
	}

	/** @param {string} id */
	requireReason(id) {
		const r = this.reasons.get(id);
		if (!r) throw new ApiError('ERR_REASON_NOT_FOUND', `The reason with id ${id} does not exist.`, { details: { reasonId: id } });
		return r;
	}

	/** @param {Record<string, any>} input @returns {KeywordList} */
	addKeywordList(input) {
		if (typeof input.id !== 'string' || input.id === '') throw validationError({ id: ['The keyword list id is required.'] });
		const createdAt = input.createdAt ?? this.now();
		const terms = typeof input.searchTerms === 'string' ? input.searchTerms.split(',').map((/** @type {string} */ s) => s.trim()).filter(Boolean) : [...(input.searchTerms ?? [])];
		const prev = this.keywordLists.get(input.id);
		const rev = prev ? revisionNumber(prev.revisionId) + 1 : 1;
		/** @type {KeywordList} */
		const k = {
			_id: input._id ?? prev?._id ?? hex(24),
			id: input.id,
			appId: input.appId ?? this.appId,
			name: input.name ?? input.id,
			category: input.category ?? 'word',
			isCSV: input.isCSV ?? false,
			searchTerms: terms,
			createdAt: prev?.createdAt ?? createdAt,
			updatedAt: input.updatedAt ?? (prev ? this.now() : createdAt),
			revisionId: input.revisionId ?? `${this.appId}_${input.id}_${rev}`,
			active: input.active ?? true,
			__v: input.__v ?? 0,
			seq: prev?.seq ?? ++this.seq,
		};
		if (input.description !== undefined) k.description = input.description;
		if (input.default !== undefined) k.default = Boolean(input.default);
		this.keywordLists.set(k.id, k);
		return k;
	}

	/** @param {string} id */
	requireKeywordList(id) {
		const k = this.keywordLists.get(id);
		if (!k) throw new ApiError('ERR_KEYWORD_NOT_FOUND', `The keyword list with id ${id} does not exist.`, { details: { keywordId: id } });
		return k;
	}

	/** @param {string} id */
	requireRule(id) {
		const r = this.rules.get(id);
		if (!r) throw new ApiError('ERR_RULE_NOT_FOUND', `The rule with id ${id} does not exist.`, { details: { ruleId: id } });
		return r;
	}

	/**
	 * Adds a rule (a seed, or POST /moderation/rules). Seeds may carry `revisions` (older ones).
	 * @param {Record<string, any>} input
	 * @returns {Rule}
	 */
	addRule(input) {
		if (typeof input.id !== 'string' || input.id === '') throw validationError({ id: ['The rule id is required.'] });
		const createdAt = input.createdAt ?? this.now();
		const n = input.revisionId ? revisionNumber(input.revisionId) : 1;
		/** @type {Rule} */
		const rule = {
			id: input.id,
			name: input.name ?? input.id,
			description: input.description ?? '',
			enabled: input.enabled ?? true,
			conditions: normalizeConditions(input.conditions ?? []),
			action: [...(input.action ?? ['blockMessage'])],
			active: true,
			createdAt,
			updatedAt: input.updatedAt ?? createdAt,
			revisionId: input.revisionId ?? `${this.appId}_${input.id}_${n}`,
		};
		if (input.filters !== undefined) rule.filters = clone(input.filters);
		if (input.default !== undefined) rule.default = Boolean(input.default);
		/** @type {Rule[]} */
		const older = (input.revisions ?? []).map((/** @type {any} */ r) => ({ ...normalizeRuleSnapshot(r, rule), active: false }));
		older.sort((a, b) => revisionNumber(a.revisionId) - revisionNumber(b.revisionId));
		this.rules.set(rule.id, { current: rule, revisions: [...older, rule] });
		return rule;
	}

	/**
	 * Applies an update: creates a new revision `<appId>_<ruleId>_<n+1>`, the only active one.
	 * @param {string} id
	 * @param {Record<string, any>} patch
	 */
	updateRule(id, patch) {
		const entry = this.requireRule(id);
		const prev = entry.current;
		const n = Math.max(...entry.revisions.map((r) => revisionNumber(r.revisionId))) + 1;
		/** @type {Rule} */
		const next = { ...clone(prev), updatedAt: this.now(), revisionId: `${this.appId}_${id}_${n}`, active: true };
		for (const k of /** @type {const} */ (['name', 'description', 'enabled'])) if (patch[k] !== undefined) /** @type {any} */ (next)[k] = patch[k];
		if (patch.action !== undefined) next.action = [...patch.action];
		if (patch.conditions !== undefined) next.conditions = normalizeConditions(patch.conditions);
		if (patch.filters !== undefined) next.filters = clone(patch.filters);
		for (const r of entry.revisions) r.active = false;
		entry.revisions.push(next);
		entry.current = next;
		return next;
	}

	/** @returns {Rule[]} current revisions, newest rule first (createdAt desc, then id) */
	listRules() {
		return [...this.rules.values()].map((e) => e.current).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	}

	// ---------------------------------------------------------------- moderation: flagged messages

	/**
	 * A user flags a message (store helper; POST /messages/:id/flagged uses it too). A second flag by
	 * the same user replaces their entry. A flag re-opens a reviewed record.
	 * @param {{ messageId: string, uid: string, reasonId: string, remark?: string, flaggedAt?: number }} input
	 * @returns {FlagRecord}
	 */
	addFlag(input) {
		const m = this.requireMessage(String(input.messageId));
		const u = this.requireUser(input.uid);
		const reason = this.requireReason(input.reasonId);
		const flaggedAt = input.flaggedAt ?? this.now();
		let rec = this.flagged.get(m.id);
		if (rec) {
			this.flaggedIndex.remove(rec);
		} else {
			rec = { messageId: m.id, idNum: idNum(m.id), flaggedBy: [], status: 'pending', latest: 0 };
			this.flagged.set(m.id, rec);
		}
		if (rec.status !== 'pending') {
			rec.status = 'pending';
			this.reviewedCount--;
		}
		rec.flaggedBy = rec.flaggedBy.filter((f) => f.uid !== u.uid);
		/** @type {FlagEntry} */
		const entry = { uid: u.uid, name: u.name, role: u.role, reasonId: reason.id, reasonName: reason.name, description: reason.description, remark: input.remark ?? '', flaggedAt };
		if (u.avatar !== undefined) entry.avatar = u.avatar;
		rec.flaggedBy.push(entry);
		rec.flaggedBy.sort((a, b) => a.flaggedAt - b.flaggedAt);
		rec.latest = Math.max(...rec.flaggedBy.map((f) => f.flaggedAt));
		this.flaggedIndex.insert(rec);
		return rec;
	}

	/**
	 * Bulk: n new messages, each flagged once, flaggedAt one second apart with the newest at the clock
	 * (or all at `flaggedAt` when given).
	 * @param {number} n
	 * @param {{ reasonId?: string, flagger?: string, flaggedAt?: number, sender?: string, receiver?: string }} [o]
	 * @returns {number}
	 */
	addFlaggedMessages(n, o = {}) {
		const flagger = o.flagger ?? 'bulk-flagger';
		if (!this.users.has(flagger)) this.addUser({ uid: flagger, name: 'Bulk Flagger' });
		const reasonId = o.reasonId ?? this.reasons.keys().next().value ?? this.addReason({ id: 'spam', name: 'Spam' }).id;
		const msgs = this.addMessages(n, { sender: o.sender, receiver: o.receiver, text: 'Flagged message' });
		const now = this.now();
		msgs.forEach((m, i) => this.addFlag({ messageId: m.id, uid: flagger, reasonId, remark: `bulk ${i + 1}`, flaggedAt: o.flaggedAt ?? now - n + i + 1 }));
		return n;
	}

	/** @param {string} id @param {'approved' | 'disapproved'} status */
	reviewFlag(id, status) {
		const rec = this.flagged.get(id);
		if (!rec) throw new ApiError('ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${id} is not flagged.`, { details: { id } });
		if (rec.status === 'pending') this.reviewedCount++;
		rec.status = status;
		if (status === 'disapproved') {
			const m = this.messages.get(id);
			if (m) m.moderationStatus = 'disapproved';
		}
		return rec;
	}

	/**
	 * A page of flagged records, newest latest-flaggedAt first (ties: higher message id first).
	 * @param {'pending' | 'approved' | 'disapproved' | 'all'} status
	 * @param {number} page @param {number} limit
	 */
	pageFlagged(status, page, limit) {
		const fast = status === 'all' || (status === 'pending' && this.reviewedCount === 0);
		return this.flaggedIndex.pageDesc(page, limit, fast ? undefined : (r) => r.status === status);
	}

	// ---------------------------------------------------------------- moderation: blocked messages

	/**
	 * A blocked-message record: the message is held with moderation status `pending`.
	 * @param {{ messageId: string, ruleId: string, conditionId?: number, condition?: Record<string, any>, createdAt?: number }} input
	 * @returns {BlockedRecord}
	 */
	addBlocked(input) {
		const m = this.requireMessage(String(input.messageId));
		const rule = this.requireRule(input.ruleId).current;
		const cond = input.condition ?? rule.conditions.find((c) => c.id === input.conditionId) ?? rule.conditions[0] ?? {};
		const createdAt = input.createdAt ?? this.now();
		const old = this.blockedMessages.get(m.id);
		if (old) this.blockedIndex.remove(old);
		/** @type {BlockedRecord} */
		const rec = {
			messageId: m.id, idNum: idNum(m.id), ruleId: rule.id, ruleName: rule.name, revisionId: rule.revisionId,
			condition: { ...clone(cond), weight: cond.weight ?? 1 }, action: [...rule.action], createdAt, updatedAt: createdAt,
		};
		m.moderationStatus = 'pending';
		this.blockedMessages.set(m.id, rec);
		this.blockedIndex.insert(rec);
		return rec;
	}

	/** @param {string} id */
	removeBlocked(id) {
		const rec = this.blockedMessages.get(id);
		if (!rec) return false;
		this.blockedMessages.delete(id);
		this.blockedIndex.remove(rec);
		return true;
	}

	// ---------------------------------------------------------------- calls

	/**
	 * A call session; missing fields are derived (durations from the timestamps, totalDuration as
	 * "HH:MM:SS", two participants: initiator and receiver).
	 * @param {Record<string, any>} input
	 * @returns {CallSession}
	 */
	addCallSession(input) {
		const initiator = input.initiator ?? this.userList[this.userList.length - 1]?.uid ?? 'unknown';
		const receiver = input.receiver ?? this.userList[this.userList.length - 2]?.uid ?? initiator;
		const now = this.now();
		const initiatedAt = input.initiatedAt ?? now - 60;
		const startedAt = input.startedAt ?? initiatedAt + 5;
		const endedAt = input.endedAt ?? startedAt + 30;
		const seconds = Math.max(0, endedAt - startedAt);
		const minutes = seconds / 60;
		const type = input.type ?? 'audio';
		const mid = input.mid ?? uuid();
		const participants = (input.participants ?? [initiator, ...(input.receiverType === 'group' ? [] : [receiver])]).map((/** @type {any} */ p, /** @type {number} */ i) => {
			const base = typeof p === 'string' ? { uid: p } : p;
			const joinedAt = base.joinedAt ?? startedAt + i;
			const leftAt = base.leftAt ?? endedAt - i;
			const pm = Math.max(0, leftAt - joinedAt) / 60;
			return {
				uid: base.uid,
				totalAudioMinutes: base.totalAudioMinutes ?? (type === 'audio' ? pm : 0),
				totalVideoMinutes: base.totalVideoMinutes ?? (type === 'video' ? pm : 0),
				totalDuration: base.totalDuration ?? pm,
				deviceId: base.deviceId ?? `${uuid()}@rtc.emulator.local/${hex(8)}`,
				isJoined: base.isJoined ?? true,
				joinedAt,
				mid: base.mid ?? mid,
				state: base.state ?? 'ended',
				leftAt,
			};
		});
		/** @type {CallSession} */
		const c = {
			sessionId: input.sessionId ?? `v1.us.${this.appId}.${now}${hex(40)}`,
			totalAudioMinutes: input.totalAudioMinutes ?? (type === 'audio' ? minutes : 0),
			totalVideoMinutes: input.totalVideoMinutes ?? (type === 'video' ? minutes : 0),
			totalDuration: input.totalDuration ?? hhmmss(seconds),
			metaData: clone(input.metaData ?? []),
			hasRecording: input.hasRecording ?? false,
			initiatedAt,
			initiator,
			mode: input.mode ?? 'call',
			receiver,
			receiverType: input.receiverType ?? 'user',
			status: input.status ?? 'ended',
			tags: [...(input.tags ?? [])],
			totalDurationInMinutes: input.totalDurationInMinutes ?? minutes,
			totalParticipants: input.totalParticipants ?? participants.length,
			type,
			mid,
			startedAt,
			endedAt,
			participants,
		};
		this.calls.set(c.sessionId, c);
		return c;
	}

	// ---------------------------------------------------------------- push tokens

	/**
	 * Registers a push token for a user; the auth token defaults to the user's first (created when
	 * the user has none). Timestamps are ISO 8601 strings, as the service shows them.
	 * @param {Record<string, any>} input
	 * @returns {PushToken}
	 */
	addPushToken(input) {
		let uid = input.uid;
		let authToken = input.authToken;
		if (uid === undefined && authToken !== undefined) uid = this.findAuthToken(authToken)?.uid;
		if (typeof uid !== 'string') throw validationError({ uid: ['The uid (or a known authToken) is required.'] });
		this.requireUser(uid);
		if (authToken === undefined) authToken = (this.authTokens.get(uid) ?? [])[0]?.authToken ?? this.addAuthToken(uid).authToken;
		else if (!this.findAuthToken(authToken)) this.addAuthToken(uid, { authToken });
		const iso = new Date(this.now() * 1000).toISOString();
		const platform = input.platform ?? 'fcm_android';
		/** @type {PushToken} */
		const t = {
			authToken,
			pushTokenType: input.pushTokenType ?? 'chat',
			createdAt: input.createdAt ?? iso,
			platform,
			providerId: input.providerId ?? 'fcm-provider-1',
			pushToken: input.pushToken ?? `${uid}_${platform}_${hex(16)}`,
			uid,
			updatedAt: input.updatedAt ?? input.createdAt ?? iso,
		};
		this.pushTokens.push(t);
		return t;
	}
}

/** The moderation reasons a fresh app has (ids chosen by the emulator; see README). */
const DEFAULT_REASONS = [
	{ id: 'spam', name: 'Spam', description: 'Unsolicited or repetitive content.', createdAt: 1718000000, default: true },
	{ id: 'sexual', name: 'Sexual content', description: 'Sexually explicit or suggestive content.', createdAt: 1718000000, default: true },
	{ id: 'harassment', name: 'Harassment', description: 'Bullying, threats or targeted abuse.', createdAt: 1718000000, default: true },
	{ id: 'hate_speech', name: 'Hate speech', description: 'Attacks on people based on who they are.', createdAt: 1718000000, default: true },
	{ id: 'violence', name: 'Violence', description: 'Violent or graphic content.', createdAt: 1718000000, default: true },
	{ id: 'other', name: 'Other', description: 'Anything else worth a moderator\'s look.', createdAt: 1718000000, default: true },
];

/** @param {string} id numeric part of an id, for ordering (non-numeric ids sort first) */
function idNum(id) {
	const n = Number(id);
	return Number.isFinite(n) ? n : -1;
}

/** @param {string} revisionId `<app>_<rule>_<n>` @returns {number} */
function revisionNumber(revisionId) {
	const m = /_(\d+)$/.exec(String(revisionId));
	return m ? Number(m[1]) : 1;
}

/** @param {number} seconds */
function hhmmss(seconds) {
	const s = Math.round(seconds);
	const p = (/** @type {number} */ n) => String(n).padStart(2, '0');
	return `${p(Math.floor(s / 3600))}:${p(Math.floor((s % 3600) / 60))}:${p(s % 60)}`;
}

function uuid() {
	const h = hex(32);
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Conditions as stored: ids assigned, `value` always an array, the request spelling
 * `isKeywordReferencePresent` turned into the response spelling `isKeywordsReferencePresent`
 * (`isListReferencePresent`, seen in one docs example, is kept as given and honoured too).
 * @param {any[]} conditions
 * @returns {Condition[]}
 */
function normalizeConditions(conditions) {
	return conditions.map((c, i) => {
		const { isKeywordReferencePresent, ...rest } = clone(c);
		/** @type {Condition} */
		const out = /** @type {any} */ ({ id: rest.id ?? i + 1 });
		// key order as in the docs' examples
		if (rest.isListReferencePresent !== undefined) out.isListReferencePresent = rest.isListReferencePresent;
		if (rest.isKeywordsReferencePresent !== undefined || rest.isListReferencePresent === undefined) {
			out.isKeywordsReferencePresent = Boolean(rest.isKeywordsReferencePresent ?? isKeywordReferencePresent);
		}
		out.isMediaPresent = Boolean(rest.isMediaPresent);
		out.entity = rest.entity ?? 'message';
		out.operand = rest.operand ?? 'text';
		out.category = rest.category ?? 'word';
		out.operator = rest.operator ?? 'contains';
		out.value = Array.isArray(rest.value) ? rest.value.map(String) : rest.value === undefined ? [] : [String(rest.value)];
		return Object.assign(out, rest, { id: out.id, value: out.value, isMediaPresent: out.isMediaPresent, entity: out.entity, operand: out.operand, category: out.category, operator: out.operator });
	});
}

/** @param {Record<string, any>} r @param {Rule} base @returns {Rule} */
function normalizeRuleSnapshot(r, base) {
	return {
		...clone(base),
		...clone(r),
		conditions: normalizeConditions(r.conditions ?? base.conditions),
	};
}


module.exports = { Store, userLess, SortedIndex, DEFAULT_REASONS, idNum, revisionNumber, hhmmss, normalizeConditions };
