/** Users as the API shows them, also embedded in other areas' answers. */
import { clone } from '../../core/util';
import type { Json } from '../../core/validation';
import type { User, Users } from './collection';

/**
 * The conversation id of two users: both uids sorted, joined by `_user_` (as in the docs'
 * examples, e.g. `superhero2_user_superhero4`).
 */
export function userConversationId(a: string, b: string): string {
	return a < b ? `${a}_user_${b}` : `${b}_user_${a}`;
}

export interface UserOutOptions {
	/** Include `tags` (create/update always; lists only with withTags). */
	withTags?: boolean;
	/** Add `conversationId` relative to this uid. */
	conversationWith?: string;
	/** The viewer blocked this user at … (adds blockedByMe*). */
	blockedAt?: number;
	/** Create response with withAuthToken. */
	authToken?: string;
}

/** A user as the API shows it. */
export function userOut(u: User, o: UserOutOptions = {}): Json {
	const out: Json = { uid: u.uid, name: u.name };
	if (u.link !== undefined) out.link = u.link;
	if (u.avatar !== undefined) out.avatar = u.avatar;
	if (u.metadata !== undefined) out.metadata = clone(u.metadata);
	out.status = u.status;
	if (u.statusMessage !== undefined) out.statusMessage = u.statusMessage;
	out.role = u.role;
	if (o.blockedAt !== undefined) {
		out.blockedByMe = true;
		out.blockedByMeAt = o.blockedAt;
		out.blockedAt = o.blockedAt;
	}
	if (u.lastActiveAt !== undefined) out.lastActiveAt = u.lastActiveAt;
	out.createdAt = u.createdAt;
	if (u.updatedAt !== undefined) out.updatedAt = u.updatedAt;
	if (u.deactivatedAt !== undefined) out.deactivatedAt = u.deactivatedAt;
	if (o.conversationWith !== undefined) out.conversationId = userConversationId(o.conversationWith, u.uid);
	if (o.withTags) out.tags = [...u.tags];
	if (o.authToken !== undefined) out.authToken = o.authToken;
	return out;
}

/** The reduced user record embedded in messages (`data.entities`), reactions and flags. */
export function userEntity(u: User, conversationWith?: string): Json {
	const out: Json = { uid: u.uid, name: u.name };
	if (u.avatar !== undefined) out.avatar = u.avatar;
	out.status = u.status;
	out.role = u.role;
	out.createdAt = u.createdAt;
	if (u.lastActiveAt !== undefined) out.lastActiveAt = u.lastActiveAt;
	if (conversationWith !== undefined) out.conversationId = userConversationId(conversationWith, u.uid);
	return out;
}

/**
 * A user in a list (users, friends, banned users): `conversationId` relative to the viewer when
 * there is one, else to the user itself (`<uid>_user_<uid>`); blockedByMe* when the viewer blocked them.
 */
export function listedUser(users: Users, viewer: string | undefined, u: User, withTags: boolean): Json {
	return userOut(u, { withTags, conversationWith: viewer ?? u.uid, blockedAt: users.blockedAt(viewer, u.uid) });
}

/** The newest `updatedAt` (else `createdAt`) of a page of users; `fallback` for an empty page. */
export function newestUpdate(items: User[], fallback: number): number {
	let max = 0;
	for (const u of items) max = Math.max(max, u.updatedAt ?? u.createdAt);
	return max || fallback;
}
