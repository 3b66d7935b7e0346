import { ApiError, throwIfInvalid, validationError } from '../../core/errors';
import type { Details } from '../../core/errors';
import { moderationAnswer, moderationParams, moderationSlice } from '../../core/paging';
import type { Router } from '../../core/router';
import { isObject, queryOne, requireBodyObject } from '../../core/validation';
import { messageOut } from '../messages/views';
import type { Areas } from '../types';
import { optionalOnBehalfOf, requireOnBehalfOf } from '../users/access';
import { checkRuleBody } from './checks';
import type { FlagStatus } from './collection';
import { evaluate } from './engine';
import { blockedOut, flaggedOut, keywordListOut, reasonOut, ruleOut } from './views';

/** Default `limit` of each moderation list (from `meta.current.limit` in the docs' examples). */
export const MODERATION_DEFAULT_LIMITS = Object.freeze({ flagged: 50, blocked: 50, rules: 50, reasons: 50, revisions: 10, keywords: 10 });
/** Who `editedBy` names when PUT /moderation/messages/:id comes without onBehalfOf. */
export const SYSTEM_EDITOR = 'app_system';

const FLAG_STATUSES = ['pending', 'approved', 'disapproved', 'all'];

import { actionMessage, messageData } from '../webhooks/payloads';

export function register(router: Router, areas: Areas): void {
	const { app, users, messages, moderation } = areas;

	// The body's published shape ({id}, required) is checked by the validation step (core/contract.ts).
	router.add('POST', '/v3/messages/:id/flagged', (req) => {
		const uid = requireOnBehalfOf(users, req);
		const m = messages.require(req.params.id);
		const body = requireBodyObject(req.body);
		const details: Details = {};
		// `reasonId` and `remark`, the earlier published names, are accepted beside `id` (contract/deviations.json).
		if (body.reasonId !== undefined && body.reasonId !== body.id)
			details.reasonId = ['The reasonId, when sent, must name the same reason as id.'];
		if (body.remark !== undefined && typeof body.remark !== 'string') details.remark = ['The remark must be a string.'];
		throwIfInvalid(details);
		moderation.addFlag({ messageId: m.id, uid, reasonId: body.id, remark: body.remark });
		// The published answer has no `data` wrapper.
		return { success: true, message: `Message with id ${m.id} has been flagged successfully.` };
	});

	router.add('PUT', '/v3/moderation/messages/:id', (req) => {
		const editor = optionalOnBehalfOf(users, req) ?? SYSTEM_EDITOR;
		const m = messages.require(req.params.id);
		const body = requireBodyObject(req.body);
		if (!isObject(body.data)) throw validationError({ data: ['The data field is required and must be an object.'] });
		const { entities: _entities, moderation: _moderation, ...changes } = body.data;
		Object.assign(m.data, structuredClone(changes));
		const now = app.now();
		m.editedAt = now;
		m.editedBy = editor;
		m.updatedAt = now;
		const wasBlocked = moderation.blockedMessages.has(m.id);
		const verdict = evaluate(areas, m);
		if (verdict.outcome === 'approved') {
			m.moderationStatus = 'approved';
			moderation.removeBlocked(m.id);
			// A blocked message the engine now passes.
			if (wasBlocked) app.emit('moderation_engine_approved', messageData(areas, m));
		} else if (verdict.outcome === 'block') {
			moderation.addBlocked({ messageId: m.id, ruleId: verdict.rule.id, condition: verdict.condition });
			app.emit('moderation_engine_blocked', messageData(areas, m));
		} else {
			m.moderationStatus = 'disapproved';
			moderation.removeBlocked(m.id);
			app.emit('moderation_engine_blocked', messageData(areas, m));
		}
		app.emit('message_edited', { message: actionMessage(areas, m, 'edited', editor) });
		return { data: messageOut(areas, m) };
	});

	router.add('GET', '/v3/moderation/flagged-messages', (req) => {
		const p = moderationParams(req.query, MODERATION_DEFAULT_LIMITS.flagged);
		const status = queryOne(req.query, 'status') ?? 'pending';
		if (!FLAG_STATUSES.includes(status)) throw validationError({ status: [`The status must be one of ${FLAG_STATUSES.join(', ')}.`] });
		const items = moderation.pageFlagged(status as FlagStatus | 'all', p.page, p.limit);
		return moderationAnswer(
			items.map((r) => flaggedOut(areas, app.appId, r)),
			p,
		);
	});

	// `status` (approved | disapproved) is checked by the validation step; the published answer has no `data` wrapper.
	router.add('PATCH', '/v3/moderation/flagged-messages/:id', (req) => {
		const body = requireBodyObject(req.body);
		if (body.status === undefined) throw validationError({ status: ['The status is required.'] });
		moderation.reviewFlag(req.params.id, body.status);
		return { success: true, message: `Message with ID ${req.params.id} has been ${body.status}.` };
	});

	router.add('GET', '/v3/moderation/blocked-messages', (req) => {
		const p = moderationParams(req.query, MODERATION_DEFAULT_LIMITS.blocked);
		return moderationAnswer(
			moderation.blockedIndex.pageDesc(p.page, p.limit).map((r) => blockedOut(areas, r)),
			p,
		);
	});

	// `status` (approved | rejected) and `reviewed` (boolean), both required, are checked by the validation step.
	router.add('PATCH', '/v3/moderation/blocked-messages/:id', (req) => {
		const body = requireBodyObject(req.body);
		const id = req.params.id;
		if (!moderation.blockedMessages.has(id))
			throw new ApiError('ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${id} is not blocked.`, { details: { id } });
		// `reviewed: false` decides the message but leaves the record in the blocked list; `true` moves it to the reviewed list.
		const record = moderation.blockedMessages.get(id);
		if (body.reviewed === true && record) {
			moderation.addReviewed({ kind: 'blocked', rec: record, reviewedAt: app.now() });
			moderation.removeBlocked(id);
		}
		const m = messages.byId.get(id);
		if (m) m.moderationStatus = body.status === 'approved' ? 'approved' : 'disapproved';
		if (m && body.status === 'approved') app.emit('moderation_manual_approved', { ...messageData(areas, m), reviewed: true });
		return { data: { success: true, message: `Message with ID ${id} has been ${body.status}.` } };
	});

	router.add('GET', '/v3/moderation/reasons', (req) => {
		const p = moderationParams(req.query, MODERATION_DEFAULT_LIMITS.reasons);
		const all = [...moderation.reasons.values()].sort((a, b) => Number(b.createdAt) - Number(a.createdAt) || a.seq - b.seq);
		return moderationAnswer(moderationSlice(all, p).map(reasonOut), p);
	});

	router.add('GET', '/v3/moderation/rules', (req) => {
		const p = moderationParams(req.query, MODERATION_DEFAULT_LIMITS.rules);
		return moderationAnswer(moderationSlice(moderation.listRules(), p).map(ruleOut), p);
	});

	// A rule created is listed and used for the messages sent after it. Its body's published shape is checked by the validation step.
	router.add('POST', '/v3/moderation/rules', (req) => {
		const body = requireBodyObject(req.body);
		checkRuleBody(moderation, body, true);
		if (moderation.rules.has(body.id)) throw new ApiError('ERR_RULE_ALREADY_EXISTS', `The rule with id ${body.id} already exists.`);
		return { data: ruleOut(moderation.addRule({ ...body, createdAt: undefined, updatedAt: undefined, revisionId: undefined })) };
	});

	// One rule (a rule: the docs' example for this endpoint is a keyword list by mistake).
	router.add('GET', '/v3/moderation/rules/:ruleId', (req) => ({ data: ruleOut(moderation.requireRule(req.params.ruleId).current) }));

	router.add('PUT', '/v3/moderation/rules/:ruleId', (req) => {
		moderation.requireRule(req.params.ruleId);
		const body = requireBodyObject(req.body);
		checkRuleBody(moderation, body, false);
		if (body.id !== undefined && body.id !== req.params.ruleId)
			throw validationError({ id: ['The id in the body must match the rule id of the path.'] });
		return { data: ruleOut(moderation.updateRule(req.params.ruleId, body)) };
	});

	router.add('DELETE', '/v3/moderation/rules/:ruleId', (req) => {
		moderation.requireRule(req.params.ruleId);
		moderation.rules.delete(req.params.ruleId);
		return { data: { success: true, message: `Rule with id ${req.params.ruleId} has been deleted successfully.` } };
	});

	router.add('GET', '/v3/moderation/rules/:ruleId/revisions', (req) => {
		const entry = moderation.requireRule(req.params.ruleId);
		const p = moderationParams(req.query, MODERATION_DEFAULT_LIMITS.revisions);
		return moderationAnswer(moderationSlice([...entry.revisions].reverse(), p).map(ruleOut), p);
	});

	router.add('GET', '/v3/moderation/keywords', (req) => {
		const p = moderationParams(req.query, MODERATION_DEFAULT_LIMITS.keywords);
		const all = [...moderation.keywordLists.values()].sort((a, b) => b.createdAt - a.createdAt || b.seq - a.seq);
		return moderationAnswer(
			moderationSlice(all, p).map((k) => keywordListOut(k, false)),
			p,
		);
	});

	router.add('GET', '/v3/moderation/keywords/:keywordId', (req) => ({
		data: keywordListOut(moderation.requireKeywordList(req.params.keywordId), true),
	}));
}
