// @ts-check
'use strict';

const { ApiError, validationError } = require('../errors');
const { isObject, isStringArray, queryInt, queryOne } = require('../util');
const { flaggedOut, blockedOut, reasonOut, keywordListOut, ruleOut } = require('../views');
const { isValidPattern } = require('../moderation');
const { requireBodyObject } = require('./users');

/**
 * The largest page the moderation lists serve: a larger `limit` is lowered to this. (CometChat's
 * own maximum is undocumented; its QA code sends limit=100.)
 */
const MODERATION_MAX_LIMIT = 100;
/** Default `limit` of each moderation list (from `meta.current.limit` in the docs' examples). */
const MODERATION_DEFAULT_LIMITS = Object.freeze({ flagged: 50, blocked: 50, rules: 50, reasons: 50, revisions: 10, keywords: 10 });

const ACTIONS = ['blockMessage', 'dropMessage'];
const OPERANDS = ['text', 'image', 'video', 'custom'];
const FLAG_STATUSES = ['pending', 'approved', 'disapproved', 'all'];

/** @typedef {import('../store').Store} Store */

/**
 * `limit` (default per list, lowered to MODERATION_MAX_LIMIT) and `page` (from 1).
 * @param {Record<string, string | string[]>} query @param {number} def
 */
function moderationPage(query, def) {
	return { limit: queryInt(query, 'limit', def, MODERATION_MAX_LIMIT), page: queryInt(query, 'page', 1) };
}

/**
 * @template T @param {T[]} all @param {{ limit: number, page: number }} p
 */
function slice(all, p) {
	return all.slice((p.page - 1) * p.limit, p.page * p.limit);
}

/**
 * Validates a rule body (PUT, or POST with `requireId`).
 * @param {Store} store @param {Record<string, any>} body @param {boolean} requireId
 */
function checkRuleBody(store, body, requireId) {
	/** @type {Record<string, string[]>} */
	const details = {};
	const add = (/** @type {string} */ k, /** @type {string} */ m) => (details[k] ??= []).push(m);
	if (requireId && (typeof body.id !== 'string' || body.id === '')) add('id', 'The id field is required.');
	if (!requireId && body.id !== undefined && typeof body.id !== 'string') add('id', 'The id must be a string.');
	if (body.name !== undefined && typeof body.name !== 'string') add('name', 'The name must be a string.');
	if (body.description !== undefined && typeof body.description !== 'string') add('description', 'The description must be a string.');
	if (body.enabled !== undefined && typeof body.enabled !== 'boolean') add('enabled', 'The enabled must be a boolean.');
	if (body.action !== undefined && (!isStringArray(body.action) || body.action.length === 0 || body.action.some((/** @type {string} */ a) => !ACTIONS.includes(a)))) {
		add('action', `The action must be a non-empty array of ${ACTIONS.join(', ')}.`);
	}
	if (body.filters !== undefined) {
		if (!Array.isArray(body.filters) || body.filters.some((/** @type {any} */ f) => !isObject(f) || typeof f.value !== 'string')) add('filters', 'The filters must be an array of {type, entity, operand, operator, value}.');
		else for (const [i, f] of body.filters.entries()) {
			if (f.type !== undefined && f.type !== 'sender' && f.type !== 'receiver') add(`filters[${i}].type`, 'The type must be sender or receiver.');
		}
	}
	if (body.conditions !== undefined) {
		if (!Array.isArray(body.conditions)) add('conditions', 'The conditions must be an array.');
		else for (const [i, c] of body.conditions.entries()) {
			const at = `conditions[${i}]`;
			if (!isObject(c)) {
				add(at, 'Each condition must be an object.');
				continue;
			}
			if (c.operand !== undefined && !OPERANDS.includes(c.operand)) add(`${at}.operand`, `The operand must be one of ${OPERANDS.join(', ')}.`);
			if (c.category !== undefined && c.category !== 'word' && c.category !== 'pattern') add(`${at}.category`, 'The category must be word or pattern.');
			if (c.operator !== undefined && c.operator !== 'contains' && c.operator !== 'equals') add(`${at}.operator`, 'The operator must be contains or equals.');
			const values = Array.isArray(c.value) ? c.value : [c.value];
			if (values.length === 0 || values.some((v) => typeof v !== 'string' || v === '')) {
				add(`${at}.value`, 'The value must be a non-empty string (or an array of them).');
				continue;
			}
			if (c.category === 'pattern' && !c.isMediaPresent) for (const v of values) if (!isValidPattern(v)) add(`${at}.value`, `The pattern ${v} is not a valid regular expression.`);
			if (c.isKeywordsReferencePresent || c.isKeywordReferencePresent || c.isListReferencePresent) {
				for (const v of values) if (!store.keywordLists.has(v)) throw new ApiError('ERR_KEYWORD_NOT_FOUND', `The keyword list with id ${v} does not exist.`, { details: { keywordId: v } });
			}
		}
	}
	if (Object.keys(details).length) throw validationError(details);
}

/** @param {import('../router').Router} router @param {Store} store */
function register(router, store) {
	router.add('GET', '/v3/moderation/flagged-messages', (req) => {
		const p = moderationPage(req.query, MODERATION_DEFAULT_LIMITS.flagged);
		const status = queryOne(req.query, 'status') ?? 'pending';
		if (!FLAG_STATUSES.includes(status)) throw validationError({ status: [`The status must be one of ${FLAG_STATUSES.join(', ')}.`] });
		const items = store.pageFlagged(/** @type {any} */ (status), p.page, p.limit);
		return { data: items.map((r) => flaggedOut(store, r)), meta: { current: { limit: p.limit, count: items.length } } };
	});

	router.add('PATCH', '/v3/moderation/flagged-messages/:id', (req) => {
		const body = requireBodyObject(req.body);
		if (body.status !== 'approved' && body.status !== 'disapproved') throw validationError({ status: ['The status must be approved or disapproved.'] });
		store.reviewFlag(req.params.id, body.status);
		return { data: { success: true, message: `Message with ID ${req.params.id} has been ${body.status}.` } };
	});

	router.add('GET', '/v3/moderation/blocked-messages', (req) => {
		const p = moderationPage(req.query, MODERATION_DEFAULT_LIMITS.blocked);
		const items = store.blockedIndex.pageDesc(p.page, p.limit);
		return { data: items.map((r) => blockedOut(store, r)), meta: { current: { limit: p.limit, count: items.length } } };
	});

	router.add('PATCH', '/v3/moderation/blocked-messages/:id', (req) => {
		const body = requireBodyObject(req.body);
		if (body.status !== 'approved' && body.status !== 'rejected') throw validationError({ status: ['The status must be approved or rejected.'] });
		const id = req.params.id;
		if (!store.blockedMessages.has(id)) throw new ApiError('ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${id} is not blocked.`, { details: { id } });
		store.removeBlocked(id);
		const m = store.messages.get(id);
		if (m) m.moderationStatus = body.status === 'approved' ? 'approved' : 'disapproved';
		return { data: { success: true, message: `Message with ID ${id} has been ${body.status}.` } };
	});

	router.add('GET', '/v3/moderation/reasons', (req) => {
		const p = moderationPage(req.query, MODERATION_DEFAULT_LIMITS.reasons);
		const all = [...store.reasons.values()].sort((a, b) => Number(b.createdAt) - Number(a.createdAt) || a.seq - b.seq);
		const items = slice(all, p);
		return { data: items.map(reasonOut), meta: { current: { limit: p.limit, count: items.length } } };
	});

	router.add('GET', '/v3/moderation/rules', (req) => {
		const p = moderationPage(req.query, MODERATION_DEFAULT_LIMITS.rules);
		const items = slice(store.listRules(), p);
		return { data: items.map(ruleOut), meta: { current: { limit: p.limit, count: items.length } } };
	});

	// Extra: add a rule.
	router.add('POST', '/v3/moderation/rules', (req) => {
		const body = requireBodyObject(req.body);
		checkRuleBody(store, body, true);
		if (store.rules.has(body.id)) throw new ApiError('ERR_RULE_ALREADY_EXISTS', `The rule with id ${body.id} already exists.`);
		return { data: ruleOut(store.addRule({ ...body, createdAt: undefined, updatedAt: undefined, revisionId: undefined })) };
	});

	// Extra: one rule (a rule — the docs' example for this endpoint is a keyword list by mistake).
	router.add('GET', '/v3/moderation/rules/:ruleId', (req) => ({ data: ruleOut(store.requireRule(req.params.ruleId).current) }));

	router.add('PUT', '/v3/moderation/rules/:ruleId', (req) => {
		store.requireRule(req.params.ruleId);
		const body = requireBodyObject(req.body);
		checkRuleBody(store, body, false);
		if (body.id !== undefined && body.id !== req.params.ruleId) throw validationError({ id: ['The id in the body must match the rule id of the path.'] });
		return { data: ruleOut(store.updateRule(req.params.ruleId, body)) };
	});

	router.add('DELETE', '/v3/moderation/rules/:ruleId', (req) => {
		store.requireRule(req.params.ruleId);
		store.rules.delete(req.params.ruleId);
		return { data: { success: true, message: `Rule with id ${req.params.ruleId} has been deleted successfully.` } };
	});

	router.add('GET', '/v3/moderation/rules/:ruleId/revisions', (req) => {
		const entry = store.requireRule(req.params.ruleId);
		const p = moderationPage(req.query, MODERATION_DEFAULT_LIMITS.revisions);
		const items = slice([...entry.revisions].reverse(), p);
		return { data: items.map(ruleOut), meta: { current: { limit: p.limit, count: items.length } } };
	});

	router.add('GET', '/v3/moderation/keywords', (req) => {
		const p = moderationPage(req.query, MODERATION_DEFAULT_LIMITS.keywords);
		const all = [...store.keywordLists.values()].sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
		const items = slice(all, p);
		return { data: items.map((k) => keywordListOut(k, false)), meta: { current: { limit: p.limit, count: items.length } } };
	});

	router.add('GET', '/v3/moderation/keywords/:keywordId', (req) => ({ data: keywordListOut(store.requireKeywordList(req.params.keywordId), true) }));

	// Extra: create/replace a keyword list with a JSON body (the service takes multipart form data).
	router.add('POST', '/v3/moderation/keywords', (req) => {
		const body = requireBodyObject(req.body);
		/** @type {Record<string, string[]>} */
		const details = {};
		if (typeof body.id !== 'string' || body.id === '') details.id = ['The id field is required.'];
		if (!(typeof body.searchTerms === 'string' || isStringArray(body.searchTerms))) details.searchTerms = ['The searchTerms must be a comma-separated string or an array of strings.'];
		if (Object.keys(details).length) throw validationError(details);
		return { data: keywordListOut(store.addKeywordList({ ...body, createdAt: undefined, updatedAt: undefined, revisionId: undefined }), true) };
	});
}

module.exports = { register, MODERATION_MAX_LIMIT, MODERATION_DEFAULT_LIMITS, moderationPage };
