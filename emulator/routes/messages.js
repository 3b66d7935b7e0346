// @ts-check
'use strict';

const { ApiError, validationError } = require('../errors');
const { isObject, isStringArray, queryInt, queryOne, header } = require('../util');
const { messageOut, reactionOut } = require('../views');
const { evaluate } = require('../moderation');
const { requireBodyObject, optionalOnBehalfOf } = require('./users');

/** Thread replies: `limit` default (as in the docs' example) and maximum (as GET /messages). */
const THREAD_LIMIT_DEFAULT = 10;
const THREAD_LIMIT_MAX = 1000;
/** Reactions: `limit` default (as in the docs' example) and maximum. */
const REACTIONS_LIMIT_DEFAULT = 100;
const REACTIONS_LIMIT_MAX = 1000;
/** Who `editedBy` names when PUT /moderation/messages/:id comes without onBehalfOf. */
const SYSTEM_EDITOR = 'app_system';

const CATEGORIES = ['message', 'custom', 'interactive'];
const MESSAGE_TYPES = ['text', 'image', 'file', 'audio', 'video'];
const FORM_ELEMENT_TYPES = ['textInput', 'dropdown', 'singleSelect', 'checkbox', 'button', 'dateTime', 'label'];

/** @typedef {import('../store').Store} Store @typedef {import('../router').Req} Req */

/** @param {Store} store @param {Req} req @returns {string} the onBehalfOf uid (required, must exist) */
function requireOnBehalfOf(store, req) {
	const uid = header(req.headers, 'onbehalfof');
	if (uid === undefined) throw validationError({ onBehalfOf: ['The onBehalfOf header is required.'] });
	store.requireUser(uid);
	return uid;
}

/** @param {any} v */
const idString = (v) => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v);

/**
 * Light checks of an interactive form's data (category `interactive`, type `form`).
 * @param {Record<string, any>} data @param {Record<string, string[]>} details
 */
function checkForm(data, details) {
	const add = (/** @type {string} */ k, /** @type {string} */ msg) => (details[k] ??= []).push(msg);
	const inter = data.interactiveData;
	if (!isObject(inter)) return add('data.interactiveData', 'The data.interactiveData must be an object.');
	if (!Array.isArray(inter.formFields)) add('data.interactiveData.formFields', 'The formFields must be an array of elements.');
	if (inter.submitElement !== undefined && (!isObject(inter.submitElement) || inter.submitElement.elementType !== 'button')) {
		add('data.interactiveData.submitElement', 'The submitElement must be a button element.');
	}
	const ids = new Set();
	for (const [i, el] of (Array.isArray(inter.formFields) ? inter.formFields : []).entries()) {
		const where = `data.interactiveData.formFields[${i}]`;
		if (!isObject(el)) {
			add(where, 'Each form field must be an object.');
			continue;
		}
		if (!FORM_ELEMENT_TYPES.includes(el.elementType)) add(`${where}.elementType`, `The elementType must be one of ${FORM_ELEMENT_TYPES.join(', ')}.`);
		if (typeof el.elementId !== 'string' || el.elementId === '') add(`${where}.elementId`, 'The elementId must be a non-empty string.');
		else if (ids.has(el.elementId)) add(`${where}.elementId`, `The elementId ${el.elementId} is used twice.`);
		else ids.add(el.elementId);
		if (['dropdown', 'singleSelect', 'checkbox'].includes(el.elementType) && !Array.isArray(el.options)) add(`${where}.options`, 'The options must be an array of {value, label}.');
	}
	if (data.interactionGoal !== undefined) {
		if (!isObject(data.interactionGoal) || !isStringArray(data.interactionGoal.elementIds ?? [])) add('data.interactionGoal', 'The interactionGoal must be {type, elementIds: string[]}.');
	}
}

/**
 * Validates a send body (POST /messages) and answers its pieces.
 * @param {Record<string, any>} body
 */
function checkSendBody(body) {
	/** @type {Record<string, string[]>} */
	const details = {};
	const multi = body.multipleReceivers;
	if (multi !== undefined) {
		if (!isObject(multi) || (multi.uids !== undefined && !isStringArray(multi.uids)) || (multi.guids !== undefined && !isStringArray(multi.guids))) {
			details.multipleReceivers = ['The multipleReceivers must be {uids?: string[], guids?: string[]}.'];
		}
	}
	const hasMulti = isObject(multi) && ((multi.uids?.length ?? 0) + (multi.guids?.length ?? 0)) > 0;
	if (!hasMulti || body.receiver !== undefined || body.receiverType !== undefined) {
		if (typeof body.receiver !== 'string' || body.receiver === '') details.receiver = ['The receiver field is required.'];
		if (body.receiverType !== 'user' && body.receiverType !== 'group') details.receiverType = ['The receiverType must be user or group.'];
	}
	const category = body.category ?? 'message';
	if (!CATEGORIES.includes(category)) details.category = ['The category must be message, custom or interactive.'];
	const type = body.type ?? (category === 'message' ? 'text' : undefined);
	if (CATEGORIES.includes(category)) {
		if (typeof type !== 'string' || type === '') details.type = ['The type field is required.'];
		else if (category === 'message' && !MESSAGE_TYPES.includes(type)) details.type = [`The type of a message must be one of ${MESSAGE_TYPES.join(', ')}.`];
	}
	const data = body.data ?? {};
	if (!isObject(data)) details.data = ['The data must be an object.'];
	else {
		if (category === 'message' && type === 'text' && (typeof data.text !== 'string' || data.text === '')) details['data.text'] = ['The data.text is required for a text message.'];
		if (category === 'interactive' && type === 'form') checkForm(data, details);
	}
	if (body.muid !== undefined && typeof body.muid !== 'string') details.muid = ['The muid must be a string.'];
	if (body.tags !== undefined && !isStringArray(body.tags)) details.tags = ['The tags must be an array of strings.'];
	for (const k of ['quotedMessageId', 'parentId']) {
		const v = idString(body[k]);
		if (v !== undefined && (typeof v !== 'string' || v === '')) details[k] = [`The ${k} must be a message id.`];
	}
	if (Object.keys(details).length) throw validationError(details);
	return { category, type, data, hasMulti };
}

/**
 * Sends one message through the moderation engine.
 * Approved → stored; blockMessage → stored as `pending` with a blocked record; dropMessage → not
 * stored, answered with status `disapproved`.
 * @param {Store} store @param {Record<string, any>} input
 */
function sendOne(store, input) {
	const m = store.buildMessage(input);
	const verdict = evaluate(store, m);
	if (verdict.outcome === 'drop') return messageOut(store, m, { withQuoted: true, status: 'disapproved' });
	m.moderationStatus = verdict.outcome === 'block' ? 'pending' : 'approved';
	store.storeMessage(m);
	if (verdict.outcome === 'block') store.addBlocked({ messageId: m.id, ruleId: verdict.rule.id, condition: verdict.condition, createdAt: m.sentAt });
	return messageOut(store, m, { withQuoted: true });
}

/**
 * A cursor page over items sorted ascending (by numeric id).
 * append (default): items at or after the cursor (`id` ≥, `sentAt` ≥), oldest first; `next` names
 * the first item not returned. prepend: items strictly before the cursor, the newest `limit` of
 * them, oldest first; `next` names the first returned item (send it back with affix=prepend).
 * @template {{ id: string }} T
 * @param {T[]} items
 * @param {Record<string, string | string[]>} query
 * @param {number} def @param {number} max
 * @param {(x: T) => number | undefined} sentAtOf
 */
function cursorPage(items, query, def, max, sentAtOf) {
	const limit = queryInt(query, query.limit === undefined && query.perPage !== undefined ? 'perPage' : 'limit', def, max);
	const affix = queryOne(query, 'affix') ?? 'append';
	if (affix !== 'append' && affix !== 'prepend') throw validationError({ affix: ['The affix must be append or prepend.'] });
	const idQ = queryOne(query, 'id');
	const sentQ = queryOne(query, 'sentAt');
	if (idQ !== undefined && !/^\d+$/.test(idQ)) throw validationError({ id: ['The id must be a message id.'] });
	if (sentQ !== undefined && !/^\d+$/.test(sentQ)) throw validationError({ sentAt: ['The sentAt must be epoch seconds.'] });
	const cid = idQ !== undefined ? Number(idQ) : undefined;
	const cs = sentQ !== undefined ? Number(sentQ) : undefined;
	const sentAtKnown = items.length > 0 && sentAtOf(items[0]) !== undefined;
	/** @param {T} x */
	const atOrAfter = (x) => (cid === undefined || Number(x.id) >= cid) && (cs === undefined || !sentAtKnown || /** @type {number} */ (sentAtOf(x)) >= cs);
	/** @type {T[]} */
	let page;
	/** @type {T | undefined} */
	let nextItem;
	if (affix === 'append') {
		let start = items.findIndex(atOrAfter);
		if (start < 0) start = items.length;
		page = items.slice(start, start + limit);
		nextItem = items[start + limit];
	} else {
		let end = cid === undefined && cs === undefined ? items.length : items.findIndex(atOrAfter);
		if (end < 0) end = items.length;
		const start = Math.max(0, end - limit);
		page = items.slice(start, end);
		nextItem = start > 0 ? page[0] : undefined;
	}
	/** @type {Record<string, any>} */
	const meta = { current: { limit, count: page.length } };
	if (nextItem) {
		const s = sentAtOf(nextItem);
		meta.next = { affix, ...(s !== undefined ? { sentAt: s } : {}), id: nextItem.id };
	}
	return { page, meta };
}

/** @param {import('../router').Router} router @param {Store} store */
function register(router, store) {
	/** @param {Req} req @param {string | undefined} parentId */
	function send(req, parentId) {
		const sender = requireOnBehalfOf(store, req);
		const body = requireBodyObject(req.body);
		const { category, type, data, hasMulti } = checkSendBody(body);
		const quotedMessageId = idString(body.quotedMessageId);
		if (quotedMessageId !== undefined) store.requireMessage(quotedMessageId);
		const pid = parentId ?? idString(body.parentId);
		if (pid !== undefined) store.requireMessage(pid);
		const base = { sender, category, type, data, muid: body.muid, tags: body.tags, quotedMessageId, parentId: pid };

		if (!hasMulti) {
			if (body.receiverType === 'group') store.requireGroup(body.receiver);
			else store.requireUser(body.receiver);
			return { data: sendOne(store, { ...base, receiver: body.receiver, receiverType: body.receiverType }) };
		}
		// multipleReceivers: one message per receiver, answered per receiver (see README).
		/** @type {{ uids: Record<string, any>, guids: Record<string, any> }} */
		const out = { uids: {}, guids: {} };
		const targets = [
			...(body.receiver !== undefined ? [[body.receiverType, body.receiver]] : []),
			...(body.multipleReceivers.uids ?? []).map((/** @type {string} */ u) => ['user', u]),
			...(body.multipleReceivers.guids ?? []).map((/** @type {string} */ g) => ['group', g]),
		];
		for (const [receiverType, receiver] of targets) {
			const bucket = receiverType === 'group' ? out.guids : out.uids;
			if (receiver in bucket) continue;
			try {
				bucket[receiver] = sendOne(store, { ...base, receiver, receiverType });
			} catch (err) {
				if (!(err instanceof ApiError)) throw err;
				bucket[receiver] = err.toBody();
			}
		}
		return { data: out };
	}

	router.add('POST', '/v3/messages', (req) => send(req, undefined));
	// Extra: send a thread reply.
	router.add('POST', '/v3/messages/:id/thread', (req) => send(req, req.params.id));

	// Extra: one message.
	router.add('GET', '/v3/messages/:id', (req) => {
		optionalOnBehalfOf(store, req);
		return { data: messageOut(store, store.requireMessage(req.params.id), { withQuoted: true }) };
	});

	router.add('GET', '/v3/messages/:id/thread', (req) => {
		requireOnBehalfOf(store, req);
		const parent = store.requireMessage(req.params.id);
		const replies = (store.threads.get(parent.id) ?? []).map((id) => store.messages.get(id)).filter((m) => m !== undefined);
		const { page, meta } = cursorPage(/** @type {import('../store').Message[]} */ (replies), req.query, THREAD_LIMIT_DEFAULT, THREAD_LIMIT_MAX, (m) => m.sentAt);
		return { data: page.map((m) => messageOut(store, m)), meta };
	});

	router.add('GET', '/v3/messages/:id/reactions', (req) => {
		const viewer = requireOnBehalfOf(store, req);
		const m = store.requireMessage(req.params.id);
		const { page, meta } = cursorPage(store.reactions.get(m.id) ?? [], req.query, REACTIONS_LIMIT_DEFAULT, REACTIONS_LIMIT_MAX, () => undefined);
		return { data: page.map((r) => reactionOut(store, r, viewer)), meta };
	});

	// Extra: react to a message (answers the reaction).
	router.add('POST', '/v3/messages/:id/reactions/:reaction', (req) => {
		const uid = requireOnBehalfOf(store, req);
		const r = store.addReaction({ messageId: req.params.id, uid, reaction: req.params.reaction });
		return { data: reactionOut(store, r, uid) };
	});

	router.add('POST', '/v3/messages/:id/flagged', (req) => {
		const uid = requireOnBehalfOf(store, req);
		const m = store.requireMessage(req.params.id);
		const body = requireBodyObject(req.body);
		/** @type {Record<string, string[]>} */
		const details = {};
		if (typeof body.reasonId !== 'string' || body.reasonId === '') details.reasonId = ['The reasonId field is required.'];
		if (body.remark !== undefined && typeof body.remark !== 'string') details.remark = ['The remark must be a string.'];
		if (Object.keys(details).length) throw validationError(details);
		store.addFlag({ messageId: m.id, uid, reasonId: body.reasonId, remark: body.remark });
		return { data: { success: true, message: `Message with id ${m.id} has been flagged successfully.` } };
	});

	router.add('PUT', '/v3/moderation/messages/:id', (req) => {
		const editor = optionalOnBehalfOf(store, req) ?? SYSTEM_EDITOR;
		const m = store.requireMessage(req.params.id);
		const body = requireBodyObject(req.body);
		if (!isObject(body.data)) throw validationError({ data: ['The data field is required and must be an object.'] });
		const { entities, moderation, ...changes } = body.data;
		Object.assign(m.data, structuredClone(changes));
		const now = store.now();
		m.editedAt = now;
		m.editedBy = editor;
		m.updatedAt = now;
		const verdict = evaluate(store, m);
		if (verdict.outcome === 'approved') {
			m.moderationStatus = 'approved';
			store.removeBlocked(m.id);
		} else if (verdict.outcome === 'block') {
			store.addBlocked({ messageId: m.id, ruleId: verdict.rule.id, condition: verdict.condition });
		} else {
			m.moderationStatus = 'disapproved';
			store.removeBlocked(m.id);
		}
		return { data: messageOut(store, m) };
	});
}

module.exports = { register, requireOnBehalfOf, cursorPage, THREAD_LIMIT_DEFAULT, THREAD_LIMIT_MAX, REACTIONS_LIMIT_DEFAULT, REACTIONS_LIMIT_MAX, SYSTEM_EDITOR };
