// @ts-check
'use strict';

const { ApiError, validationError } = require('./errors');
const { clone, lowerBound, hex, isObject } = require('./util');

/**
 * @typedef {{
 *   uid: string, name: string, avatar?: string, link?: string, role: string, status: string,
 *   statusMessage?: string, metadata?: Record<string, any>, tags: string[], createdAt: number,
 *   updatedAt?: number, lastActiveAt?: number, deactivatedAt?: number, seq: number,
 * }} User
 * @typedef {{ authToken: string, createdAt: number, updatedAt?: number, platform?: string, userAgent?: string, appInfo?: Record<string, any> }} AuthToken
 * @typedef {{ role: string, name: string, description?: string, metadata?: Record<string, any>, settings?: Record<string, any>, createdAt: number, updatedAt?: number }} Role
 */

/** a user sorts before another when created earlier (ties: inserted earlier) */
const userLess = (/** @type {User} */ a, /** @type {User} */ b) =>
	a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.seq < b.seq);

/** The roles a fresh app has, also with seed `none`. */
const BASE_ROLES = [
	{ role: 'default', name: 'Default Role', description: 'The role every new user gets.', createdAt: 1629869270 },
];

class Store {
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
		/** @type {Map<string, User>} */
		this.users = new Map();
		/** @type {User[]} ascending by (createdAt, insertion); lists read it from the end */
		this.userList = [];
		this.deactivatedCount = 0;
		/** @type {Map<string, number>} next number per addUsers prefix */
		this.bulkCounters = new Map();
		/** @type {Map<string, AuthToken[]>} */
		this.authTokens = new Map();
		/** @type {Map<string, Map<string, number>>} uid → friend uid → since */
		this.friends = new Map();
		/** @type {Map<string, Map<string, number>>} uid → uid blocked by them → blockedAt */
		this.blocked = new Map();
		/** @type {Map<string, Role>} */
		this.roles = new Map();
		for (const r of BASE_ROLES) this.roles.set(r.role, clone(r));
		if (typeof this.resetMore === 'function') this.resetMore();
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
		if (typeof this.seedMore === 'function') this.seedMore(data);
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
}

module.exports = { Store, userLess };
