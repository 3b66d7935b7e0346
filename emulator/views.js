// @ts-check
'use strict';

const { clone } = require('./util');

/** @typedef {import('./store').User} User */

/**
 * The conversation id of two users: both uids sorted, joined by `_user_` (as in the openapi
 * examples, e.g. `superhero2_user_superhero4`).
 * @param {string} a @param {string} b
 */
function userConversationId(a, b) {
	return a < b ? `${a}_user_${b}` : `${b}_user_${a}`;
}

/**
 * A user as the API shows it.
 * @param {User} u
 * @param {{
 *   withTags?: boolean,           // include `tags` (create/update always; lists only with withTags)
 *   conversationWith?: string,    // add `conversationId` relative to this uid
 *   blockedAt?: number,           // the viewer blocked this user at … (adds blockedByMe*)
 *   authToken?: string,           // create response with withAuthToken
 * }} [o]
 */
function userOut(u, o = {}) {
	/** @type {Record<string, any>} */
	const out = { uid: u.uid, name: u.name };
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

/**
 * The reduced user record embedded in messages (`data.entities`), reactions and flags.
 * @param {User} u
 * @param {string} [conversationWith]
 */
function userEntity(u, conversationWith) {
	/** @type {Record<string, any>} */
	const out = { uid: u.uid, name: u.name };
	if (u.avatar !== undefined) out.avatar = u.avatar;
	out.status = u.status;
	out.role = u.role;
	out.createdAt = u.createdAt;
	if (u.lastActiveAt !== undefined) out.lastActiveAt = u.lastActiveAt;
	if (conversationWith !== undefined) out.conversationId = userConversationId(conversationWith, u.uid);
	return out;
}

/**
 * The `meta.pagination` block of page-numbered lists. total_pages is at least 1 (as a
 * length-aware paginator reports an empty list: one empty page).
 * @param {number} total @param {number} count @param {number} perPage @param {number} page
 */
function pagination(total, count, perPage, page) {
	return {
		total,
		count,
		per_page: perPage,
		current_page: page,
		total_pages: Math.max(1, Math.ceil(total / perPage)),
	};
}

module.exports = { userConversationId, userOut, userEntity, pagination };
