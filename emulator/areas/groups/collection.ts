import type { App } from '../../core/app';
import { ApiError } from '../../core/errors';
import { clone } from '../../core/util';
import type { Json } from '../../core/validation';
import type { Users } from '../users/collection';

export interface Member {
	scope: string;
	joinedAt: number;
}

export interface Group {
	guid: string;
	name: string;
	type: string;
	password?: string;
	description?: string;
	icon?: string;
	metadata?: Json;
	owner?: string;
	tags: string[];
	createdAt: number;
	updatedAt?: number;
	members: Map<string, Member>;
	/** uid → bannedAt. */
	banned: Map<string, number>;
}

/** Groups, their members and banned users. */
export class Groups {
	byId!: Map<string, Group>;

	constructor(
		private readonly app: App,
		private readonly users: Users,
	) {
		this.reset();
	}

	reset(): void {
		this.byId = new Map();
	}

	require(guid: string): Group {
		const g = this.byId.get(guid);
		if (!g) throw new ApiError('ERR_GUID_NOT_FOUND', `The GUID ${guid} does not exist.`, { details: { guid } });
		return g;
	}

	/**
	 * Adds a group record. Members: `members` {admins, moderators, participants, usersToBan};
	 * seeds may also give `banned` (uids or {uid, bannedAt}). The owner joins as admin.
	 */
	add(input: Json): Group {
		if (this.byId.has(input.guid))
			throw new ApiError('ERR_GUID_ALREADY_EXISTS', `The GUID ${input.guid} already exists.`, { details: { guid: input.guid } });
		const createdAt: number = input.createdAt ?? this.app.now();
		const g: Group = {
			guid: input.guid,
			name: input.name,
			type: input.type ?? 'public',
			tags: [...(input.tags ?? [])],
			createdAt,
			members: new Map(),
			banned: new Map(),
		};
		for (const k of ['password', 'description', 'icon', 'owner', 'updatedAt'] as const)
			if (input[k] !== undefined) (g as Json)[k] = input[k];
		if (input.metadata !== undefined) g.metadata = clone(input.metadata);
		const members = input.members ?? {};
		const all = [
			g.owner,
			...(members.admins ?? []),
			...(members.moderators ?? []),
			...(members.participants ?? []),
			...(members.usersToBan ?? []),
		];
		const banned: { uid: string; bannedAt?: number }[] = (input.banned ?? []).map((b: string | { uid: string; bannedAt?: number }) =>
			typeof b === 'string' ? { uid: b } : b,
		);
		for (const uid of [...all, ...banned.map((b) => b.uid)]) if (uid !== undefined) this.users.require(uid);
		if (g.owner !== undefined) g.members.set(g.owner, { scope: 'admin', joinedAt: createdAt });
		for (const [list, scope] of [
			[members.admins, 'admin'],
			[members.moderators, 'moderator'],
			[members.participants, 'participant'],
		] as [string[] | undefined, string][]) {
			for (const uid of list ?? []) if (!g.members.has(uid)) g.members.set(uid, { scope, joinedAt: createdAt });
		}
		for (const uid of members.usersToBan ?? []) this.ban(g, uid, createdAt);
		for (const b of banned) this.ban(g, b.uid, b.bannedAt ?? createdAt);
		this.byId.set(g.guid, g);
		return g;
	}

	/** Removes a group with its members and bans. */
	remove(guid: string): Group {
		const g = this.require(guid);
		this.byId.delete(guid);
		return g;
	}

	/** The membership of `uid`, or 404 ERR_NOT_A_MEMBER. */
	requireMember(g: Group, uid: string): Member {
		const m = g.members.get(uid);
		if (!m)
			throw new ApiError('ERR_NOT_A_MEMBER', `The user with uid ${uid} is not a member of the group with guid ${g.guid}.`, {
				details: { guid: g.guid, uid },
			});
		return m;
	}

	/** The owner's membership cannot be changed by another member or the app (403 ERR_GROUP_NO_CLEARANCE). */
	refuseOwner(g: Group, uid: string, action: string): void {
		if (g.owner === uid)
			throw new ApiError('ERR_GROUP_NO_CLEARANCE', `The owner of the group with guid ${g.guid} cannot be ${action}.`, {
				details: { guid: g.guid, uid },
			});
	}

	ban(g: Group, uid: string, at?: number): void {
		this.users.require(uid);
		g.members.delete(uid);
		g.banned.delete(uid);
		g.banned.set(uid, at ?? this.app.now());
	}
}
