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

// ---------------------------------------------------------------- content views (need the store)

/** @typedef {import('./store').Store} Store */

/**
 * A group as the API shows it, from the point of view of `viewer` (onBehalfOf, else the owner):
 * `scope`, `joinedAt` and `hasJoined` describe that user's membership.
 * @param {import('./store').Group} g @param {string} [viewer]
 */
function groupOut(g, viewer) {
	/** @type {Record<string, any>} */
	const out = { guid: g.guid, name: g.name };
	if (g.description !== undefined) out.description = g.description;
	if (g.icon !== undefined) out.icon = g.icon;
	out.type = g.type;
	const who = viewer ?? g.owner;
	const member = who !== undefined ? g.members.get(who) : undefined;
	if (member) out.scope = member.scope;
	out.membersCount = g.members.size;
	if (member) out.joinedAt = member.joinedAt;
	out.conversationId = `group_${g.guid}`;
	if (who !== undefined) out.hasJoined = Boolean(member);
	if (g.metadata !== undefined) out.metadata = clone(g.metadata);
	out.createdAt = g.createdAt;
	if (g.updatedAt !== undefined) out.updatedAt = g.updatedAt;
	if (g.owner !== undefined) out.owner = g.owner;
	out.tags = [...g.tags];
	return out;
}

/**
 * @param {Store} store @param {import('./store').Message} m
 * @param {{ withQuoted?: boolean, status?: string }} [o] status overrides the moderation status shown
 */
function messageOut(store, m, o = {}) {
	const sender = store.users.get(m.sender);
	/** @type {Record<string, any>} */
	const entities = {
		sender: { entity: sender ? userEntity(sender) : { uid: m.sender }, entityType: 'user' },
	};
	if (m.receiverType === 'group') {
		const g = store.groups.get(m.receiver);
		entities.receiver = { entity: g ? groupOut(g, m.sender) : { guid: m.receiver }, entityType: 'group' };
	} else {
		const r = store.users.get(m.receiver);
		entities.receiver = { entity: r ? userEntity(r, m.sender) : { uid: m.receiver }, entityType: 'user' };
	}
	/** @type {Record<string, any>} */
	const out = { id: m.id };
	if (m.muid !== undefined) out.muid = m.muid;
	Object.assign(out, {
		conversationId: m.conversationId, sender: m.sender, receiverType: m.receiverType, receiver: m.receiver,
		category: m.category, type: m.type,
		// no deep copy: answers are serialized at once and never mutated
		data: { ...m.data, entities, moderation: { status: o.status ?? m.moderationStatus } },
	});
	if (m.tags !== undefined) out.tags = [...m.tags];
	if (m.parentId !== undefined) out.parentId = m.parentId;
	if (m.replyCount !== undefined) out.replyCount = m.replyCount;
	if (m.quotedMessageId !== undefined) out.quotedMessageId = m.quotedMessageId;
	out.sentAt = m.sentAt;
	if (m.editedAt !== undefined) out.editedAt = m.editedAt;
	if (m.editedBy !== undefined) out.editedBy = m.editedBy;
	out.updatedAt = m.updatedAt;
	if (o.withQuoted && m.quotedMessageId !== undefined) {
		const q = store.messages.get(m.quotedMessageId);
		if (q) out.quotedMessage = messageOut(store, q);
	}
	return out;
}

/** @param {Store} store @param {import('./store').Reaction} r @param {string} [viewer] */
function reactionOut(store, r, viewer) {
	const u = store.users.get(r.uid);
	return {
		id: r.id, messageId: r.messageId, reaction: r.reaction, uid: r.uid, reactedAt: r.reactedAt,
		reactedBy: u ? userEntity(u, viewer !== undefined && viewer !== r.uid ? viewer : undefined) : { uid: r.uid },
	};
}

/** @param {Store} store @param {import('./store').FlagRecord} rec */
function flaggedOut(store, rec) {
	const m = store.messages.get(rec.messageId);
	const msg = m ? messageOut(store, m) : { id: rec.messageId };
	return {
		appId: store.appId,
		id: msg.id, conversationId: msg.conversationId, sender: msg.sender, receiverType: msg.receiverType, receiver: msg.receiver,
		category: msg.category, type: msg.type, data: msg.data, sentAt: msg.sentAt, updatedAt: msg.updatedAt,
		flaggedCount: rec.flaggedBy.length,
		flaggedBy: rec.flaggedBy.map((f) => {
			/** @type {Record<string, any>} */
			const e = { uid: f.uid, name: f.name };
			if (f.avatar !== undefined) e.avatar = f.avatar;
			Object.assign(e, { role: f.role, reasonId: f.reasonId, reasonName: f.reasonName, description: f.description, remark: f.remark, flaggedAt: f.flaggedAt });
			return e;
		}),
	};
}

/** @param {Store} store @param {import('./store').BlockedRecord} rec */
function blockedOut(store, rec) {
	const m = store.messages.get(rec.messageId);
	return {
		ruleId: rec.ruleId, ruleName: rec.ruleName, revisionId: rec.revisionId, condition: clone(rec.condition),
		message: m ? messageOut(store, m) : { id: rec.messageId },
		action: [...rec.action], createdAt: rec.createdAt, updatedAt: rec.updatedAt,
	};
}

/** @param {import('./store').Reason} r */
function reasonOut(r) {
	/** @type {Record<string, any>} */
	const out = { id: r.id, name: r.name, description: r.description, createdAt: r.createdAt, updatedAt: r.updatedAt };
	if (r.default !== undefined) out.default = r.default;
	return out;
}

/** @param {import('./store').KeywordList} k @param {boolean} single the single-item answer leaves out _id, appId and __v */
function keywordListOut(k, single) {
	/** @type {Record<string, any>} */
	const out = single ? {} : { _id: k._id };
	out.id = k.id;
	if (!single) out.appId = k.appId;
	out.name = k.name;
	if (k.description !== undefined) out.description = k.description;
	Object.assign(out, { category: k.category, isCSV: k.isCSV, searchTerms: [...k.searchTerms], createdAt: k.createdAt, updatedAt: k.updatedAt, revisionId: k.revisionId, active: k.active });
	if (!single) out.__v = k.__v;
	if (k.default !== undefined) out.default = k.default;
	return out;
}

/** @param {import('./store').Rule} r */
function ruleOut(r) {
	/** @type {Record<string, any>} */
	const out = { id: r.id, name: r.name, description: r.description, enabled: r.enabled, conditions: clone(r.conditions) };
	if (r.filters !== undefined) out.filters = clone(r.filters);
	Object.assign(out, { action: [...r.action], active: r.active, createdAt: r.createdAt, updatedAt: r.updatedAt, revisionId: r.revisionId });
	if (r.default !== undefined) out.default = r.default;
	return out;
}

module.exports.groupOut = groupOut;
module.exports.messageOut = messageOut;
module.exports.reactionOut = reactionOut;
module.exports.flaggedOut = flaggedOut;
module.exports.blockedOut = blockedOut;
module.exports.reasonOut = reasonOut;
module.exports.keywordListOut = keywordListOut;
module.exports.ruleOut = ruleOut;
