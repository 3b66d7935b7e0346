import type { App } from '../../core/app';
import { ApiError, validationError } from '../../core/errors';
import { SortedIndex } from '../../core/sorted-index';
import { clone, hex } from '../../core/util';
import type { Json } from '../../core/validation';

export interface User {
	uid: string;
	name: string;
	avatar?: string;
	link?: string;
	role: string;
	status: string;
	statusMessage?: string;
	metadata?: Json;
	tags: string[];
	createdAt: number;
	updatedAt?: number;
	lastActiveAt?: number;
	deactivatedAt?: number;
	seq: number;
}

export interface AuthToken {
	authToken: string;
	createdAt: number;
	updatedAt?: number;
	platform?: string;
	userAgent?: string;
	appInfo?: Json;
}

/** A user to add: seeds may also say `deactivated: true` and carry auth tokens. */
export type NewUser = Partial<Omit<User, 'seq' | 'deactivatedAt'>> & {
	uid: string;
	name: string;
	deactivatedAt?: number | null;
	deactivated?: boolean;
	authTokens?: (string | Partial<AuthToken>)[];
};

export interface UserPageOptions {
	page: number;
	perPage: number;
	includeDeactivated: boolean;
	onlyDeactivated: boolean;
	unfiltered: boolean;
}

/** A user sorts before another when created earlier (ties: inserted earlier). */
const userLess = (a: User, b: User) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.seq < b.seq);

/** Users, their auth tokens, friends and blocks. */
export class Users {
	private seq!: number;
	byId!: Map<string, User>;
	/** Ascending by (createdAt, insertion); lists read it from the end. */
	list!: SortedIndex<User>;
	deactivatedCount!: number;
	/** Next number per addUsers prefix. */
	private bulkCounters!: Map<string, number>;
	authTokens!: Map<string, AuthToken[]>;
	/** uid → friend uid → since. */
	friends!: Map<string, Map<string, number>>;
	/** uid → uid blocked by them → blockedAt. */
	blocked!: Map<string, Map<string, number>>;
	/** UIDs of users deleted without `permanent`: gone, but not free for a new user. */
	softDeleted!: Set<string>;

	constructor(private readonly app: App) {
		this.reset();
	}

	reset(): void {
		this.seq = 0;
		this.byId = new Map();
		this.list = new SortedIndex(userLess);
		this.deactivatedCount = 0;
		this.bulkCounters = new Map();
		this.authTokens = new Map();
		this.friends = new Map();
		this.blocked = new Map();
		this.softDeleted = new Set();
	}

	/** Seed data: `users`, `friends` (`[[a, b, since?]]` or `{uid: [uids]}`), `blockedUsers`. */
	seed(data: Json): void {
		for (const u of data.users ?? []) this.add(u);
		const friends = data.friends ?? [];
		if (Array.isArray(friends)) {
			for (const pair of friends) this.addFriends(pair[0], [pair[1]], pair[2]);
		} else {
			for (const [uid, list] of Object.entries(friends)) this.addFriends(uid, list as string[]);
		}
		for (const b of data.blockedUsers ?? []) this.block(b.uid, b.blockedUid, b.blockedAt);
	}

	get(uid: string): User | undefined {
		return this.byId.get(uid);
	}

	require(uid: string): User {
		const u = this.byId.get(uid);
		if (!u) throw new ApiError('ERR_UID_NOT_FOUND', `The UID ${uid} does not exist.`, { details: { uid } });
		return u;
	}

	/** Adds a user record (no validation beyond uniqueness; routes validate request bodies). */
	add(input: NewUser): User {
		if (this.byId.has(input.uid) || this.softDeleted.has(input.uid)) {
			throw new ApiError('ERR_UID_ALREADY_EXISTS', `The UID ${input.uid} already exists.`, { details: { uid: input.uid } });
		}
		const user: User = {
			uid: input.uid,
			name: input.name,
			role: input.role ?? 'default',
			status: input.status ?? 'offline',
			tags: input.tags ? [...input.tags] : [],
			createdAt: input.createdAt ?? this.app.now(),
			seq: ++this.seq,
		};
		if (input.avatar !== undefined) user.avatar = input.avatar;
		if (input.link !== undefined) user.link = input.link;
		if (input.statusMessage !== undefined) user.statusMessage = input.statusMessage;
		if (input.metadata !== undefined) user.metadata = clone(input.metadata);
		if (input.updatedAt !== undefined) user.updatedAt = input.updatedAt;
		if (input.lastActiveAt !== undefined) user.lastActiveAt = input.lastActiveAt;
		if (input.deactivatedAt !== undefined && input.deactivatedAt !== null) user.deactivatedAt = input.deactivatedAt;
		if (input.deactivated === true && user.deactivatedAt === undefined) user.deactivatedAt = user.createdAt;
		this.insert(user);
		for (const t of input.authTokens ?? []) this.addAuthToken(user.uid, typeof t === 'string' ? { authToken: t } : t);
		return user;
	}

	private insert(user: User): void {
		this.byId.set(user.uid, user);
		this.list.insert(user);
		if (user.deactivatedAt !== undefined) this.deactivatedCount++;
	}

	/**
	 * Fast bulk creation: `${prefix}${n}` for the next n numbers of that prefix (numbers continue
	 * across calls; taken uids are skipped). All get the current clock second. Answers how many were added.
	 */
	addMany(n: number, prefix = 'user'): number {
		if (!Number.isInteger(n) || n < 0) throw validationError({ count: ['The count must be a non-negative integer.'] });
		const createdAt = this.app.now();
		let next = this.bulkCounters.get(prefix) ?? 1;
		let added = 0;
		while (added < n) {
			const uid = `${prefix}${next}`;
			const i = next++;
			if (this.byId.has(uid)) continue;
			this.insert({ uid, name: `User ${i}`, role: 'default', status: 'offline', tags: [], createdAt, seq: ++this.seq });
			added++;
		}
		this.bulkCounters.set(prefix, next);
		return added;
	}

	/**
	 * Removes a user with their auth tokens, friendships and blocks. Without `permanent` the UID stays
	 * taken (a create with it is answered ERR_UID_ALREADY_EXISTS); `permanent` frees it.
	 */
	remove(uid: string, permanent = true): boolean {
		const user = this.byId.get(uid);
		if (!user) return false;
		this.byId.delete(uid);
		this.list.remove(user);
		if (user.deactivatedAt !== undefined) this.deactivatedCount--;
		this.authTokens.delete(uid);
		for (const relation of [this.friends, this.blocked]) {
			relation.delete(uid);
			for (const others of relation.values()) others.delete(uid);
		}
		if (permanent) this.softDeleted.delete(uid);
		else this.softDeleted.add(uid);
		return true;
	}

	setDeactivated(user: User, deactivated: boolean): void {
		if (deactivated && user.deactivatedAt === undefined) {
			user.deactivatedAt = this.app.now();
			this.deactivatedCount++;
		} else if (!deactivated && user.deactivatedAt !== undefined) {
			delete user.deactivatedAt;
			this.deactivatedCount--;
		}
	}

	/** Users in list order (newest first), lazily filtered, one page of them. */
	page(predicate: (u: User) => boolean, o: UserPageOptions): { items: User[]; total: number } {
		const list = this.list.items;
		const start = (o.page - 1) * o.perPage;
		// Fast path: no filter and every user visible → direct indexing from the end.
		if (o.unfiltered && (o.includeDeactivated || this.deactivatedCount === 0) && !o.onlyDeactivated) {
			return { items: this.list.pageDesc(o.page, o.perPage), total: list.length };
		}
		const items: User[] = [];
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

	addAuthToken(uid: string, t: Partial<AuthToken> = {}): AuthToken {
		this.require(uid);
		const createdAt = t.createdAt ?? this.app.now();
		const token: AuthToken = { authToken: t.authToken ?? `${uid}_${createdAt}${hex(30)}`, createdAt };
		if (t.platform !== undefined) token.platform = t.platform;
		if (t.userAgent !== undefined) token.userAgent = t.userAgent;
		if (t.appInfo !== undefined) token.appInfo = clone(t.appInfo);
		if (t.updatedAt !== undefined) token.updatedAt = t.updatedAt;
		const list = this.authTokens.get(uid) ?? [];
		list.push(token);
		this.authTokens.set(uid, list);
		return token;
	}

	/** A token of the user, or 404 ERR_AUTH_TOKEN_NOT_FOUND. */
	requireAuthToken(uid: string, authToken: string): AuthToken {
		const token = (this.authTokens.get(uid) ?? []).find((t) => t.authToken === authToken);
		if (!token) {
			throw new ApiError('ERR_AUTH_TOKEN_NOT_FOUND', `The auth token ${authToken} does not exist for the UID ${uid}.`);
		}
		return token;
	}

	/** Removes one token of the user (404 ERR_AUTH_TOKEN_NOT_FOUND when it has no such token). */
	removeAuthToken(uid: string, authToken: string): void {
		const token = this.requireAuthToken(uid, authToken);
		const list = this.authTokens.get(uid) ?? [];
		list.splice(list.indexOf(token), 1);
	}

	findAuthToken(authToken: string): { uid: string; token: AuthToken } | undefined {
		for (const [uid, list] of this.authTokens) {
			const token = list.find((t) => t.authToken === authToken);
			if (token) return { uid, token };
		}
		return undefined;
	}

	addFriends(uid: string, others: string[], since?: number): void {
		this.require(uid);
		for (const other of others) {
			this.require(other);
			if (other === uid) continue;
			const at = since ?? this.app.now();
			for (const [a, b] of [
				[uid, other],
				[other, uid],
			]) {
				const m = this.friends.get(a) ?? new Map<string, number>();
				m.set(b, at);
				this.friends.set(a, m);
			}
		}
	}

	/** Ends the friendship of `uid` and `other`, both ways; whether there was one. */
	removeFriend(uid: string, other: string): boolean {
		const had = this.friends.get(uid)?.delete(other) ?? false;
		this.friends.get(other)?.delete(uid);
		return had;
	}

	/** The users a relation of `uid` names (friends, blocks), those that still exist. */
	private usersIn(m: Map<string, number> | undefined): User[] {
		const out: User[] = [];
		for (const other of m?.keys() ?? []) {
			const u = this.byId.get(other);
			if (u) out.push(u);
		}
		return out;
	}

	/** Friends in list order (newest user first). */
	friendsOf(uid: string): User[] {
		return this.usersIn(this.friends.get(uid)).sort((a, b) => (userLess(a, b) ? 1 : -1));
	}

	block(uid: string, blockedUid: string, at?: number): void {
		this.require(uid);
		this.require(blockedUid);
		const m = this.blocked.get(uid) ?? new Map<string, number>();
		m.set(blockedUid, at ?? this.app.now());
		this.blocked.set(uid, m);
	}

	/** Whether the block existed. */
	unblock(uid: string, blockedUid: string): boolean {
		return this.blocked.get(uid)?.delete(blockedUid) ?? false;
	}

	/** The users `uid` blocked, the latest block first (ties: newest user first). */
	blockedBy(uid: string): User[] {
		const m = this.blocked.get(uid);
		return this.usersIn(m).sort((a, b) => (m?.get(b.uid) ?? 0) - (m?.get(a.uid) ?? 0) || (userLess(a, b) ? 1 : -1));
	}

	/** When `viewer` blocked `uid`, if they did. */
	blockedAt(viewer: string | undefined, uid: string): number | undefined {
		return viewer !== undefined ? this.blocked.get(viewer)?.get(uid) : undefined;
	}
}
