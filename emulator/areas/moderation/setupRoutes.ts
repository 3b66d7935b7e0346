/**
 * The moderation set-up: reasons, rules and keyword lists created, read, changed and deleted; the
 * messages submitted for moderation; the reviewed messages (docs/emulator.md, Moderation set-up).
 * Bodies of the published operations are checked against their schema by the validation step
 * (core/contract.ts) before these handlers run.
 */
import { ApiError, validationError } from '../../core/errors';
import { multipartBoundary } from '../../core/multipart';
import { cursorPage, moderationAnswer, moderationParams, moderationSlice } from '../../core/paging';
import type { Req, Router } from '../../core/router';
import { hex } from '../../core/util';
import { header, queryOne, requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import { sendOne } from '../messages/routes';
import { messageOut } from '../messages/views';
import type { Areas } from '../types';
import type { Reason } from './collection';
import { blockedOut, flaggedOut, keywordListOut, reasonOut } from './views';

/** `limit` of the moderated-messages list: the docs' example shows 100 (not declared); the largest served is the same. */
export const SUBMITTED_LIMIT = 100;
/** Default `limit` of the reviewed list (published default 50). */
export const REVIEWED_DEFAULT_LIMIT = 50;

/** A single reason as its own answers show it: the times as numbers (the list shows them as text). */
function reasonRecord(r: Reason): Json {
	return { ...reasonOut(r), createdAt: Number(r.createdAt), updatedAt: Number(r.updatedAt) };
}

/** A keyword list's body: published as multipart/form-data only (its fields are checked by the validation step). */
function keywordBody(req: Req): Json {
	if (multipartBoundary(header(req.headers, 'content-type')) === undefined)
		throw validationError({ body: ['The body must be multipart/form-data (the fields of a keyword list).'] });
	return requireBodyObject(req.body);
}

/** The terms of a keyword list: `searchTerms` comma-separated, or a CSV `file` (then isCSV). */
function termsOf(body: Json): Json {
	if (body.category === 'sentence-similarity') {
		const sentences: string[] = Array.isArray(body.disallowedSentences) ? body.disallowedSentences : [];
		return { searchTerms: [], disallowedSentences: sentences.map((t) => t.trim()).filter(Boolean), isCSV: false };
	}
	const csv = typeof body.file === 'string';
	const text: string = csv ? body.file : (body.searchTerms ?? '');
	return {
		searchTerms: text
			.split(csv ? /[,\r\n]+/ : ',')
			.map((t) => t.trim())
			.filter(Boolean),
		isCSV: csv,
	};
}

export function register(router: Router, areas: Areas): void {
	const { app, moderation } = areas;

	router.add('POST', '/v3/moderation/reasons', (req) => {
		const body = requireBodyObject(req.body);
		if (body.id === '') throw validationError({ id: ['The id must not be empty.'] });
		if (moderation.reasons.has(body.id))
			throw new ApiError('ERR_REASON_ALREADY_EXISTS', `The reason with id ${body.id} already exists.`, { details: { id: body.id } });
		return { data: reasonRecord(moderation.addReason({ id: body.id, name: body.name, description: body.description })) };
	});

	router.add('GET', '/v3/moderation/reasons/:id', (req) => ({ data: reasonRecord(moderation.requireReason(req.params.id)) }));

	router.add('PUT', '/v3/moderation/reasons/:id', (req) => {
		const reason = moderation.requireReason(req.params.id);
		const body = requireBodyObject(req.body);
		if (body.name === '') throw validationError({ name: ['The name must not be empty.'] });
		reason.name = body.name;
		reason.updatedAt = String(app.now());
		return { data: reasonRecord(reason) };
	});

	// The published answer has no `data` wrapper.
	router.add('DELETE', '/v3/moderation/reasons/:id', (req) => {
		moderation.requireReason(req.params.id);
		moderation.reasons.delete(req.params.id);
		return { success: true, message: `The reason with id ${req.params.id} has been deleted successfully.` };
	});

	router.add('POST', '/v3/moderation/keywords', (req) => {
		const body = keywordBody(req);
		const id: string = body.id || `list-${hex(8)}`;
		if (moderation.keywordLists.has(id))
			throw new ApiError('ERR_KEYWORD_ALREADY_EXISTS', `The keyword list with id ${id} already exists.`, { details: { keywordId: id } });
		const { name, description, category } = body;
		return { data: keywordListOut(moderation.addKeywordList({ id, name, description, category, ...termsOf(body) }), true) };
	});

	// The list is replaced by the body (a new revision); a name or description not sent stays.
	router.add('PUT', '/v3/moderation/keywords/:keywordId', (req) => {
		const prev = moderation.requireKeywordList(req.params.keywordId);
		const body = keywordBody(req);
		if (body.id !== undefined && body.id !== prev.id)
			throw validationError({ id: ['The id in the body must match the keyword list id of the path.'] });
		const next = moderation.addKeywordList({
			id: prev.id,
			name: body.name ?? prev.name,
			description: body.description ?? prev.description,
			category: body.category,
			...termsOf(body),
		});
		return { data: keywordListOut(next, true) };
	});

	router.add('DELETE', '/v3/moderation/keywords/:keywordId', (req) => {
		const id = moderation.requireKeywordList(req.params.keywordId).id;
		moderation.keywordLists.delete(id);
		return { data: { success: true, message: `Keyword with id ${id} has been deleted successfully.` } };
	});

	const { users, messages } = areas;

	// A message submitted for moderation: moderated as a send (stored unless a rule drops it) and listed.
	router.add('POST', '/v3/moderation/messages', (req) => {
		const body = requireBodyObject(req.body);
		if (body.receiverGroupDetails !== undefined)
			throw validationError({ receiverGroupDetails: ['The emulator does not create groups; create the group first.'] });
		// The users a body describes are created when they do not exist yet, as published.
		const described: Array<[unknown, Json | undefined]> = [
			[body.sender, body.senderUserDetails],
			[body.receiverType === 'user' ? body.receiver : undefined, body.receiverUserDetails],
		];
		for (const [uid, details] of described) {
			if (typeof uid === 'string' && details !== undefined && !users.byId.has(uid))
				users.add({ ...details, uid, name: details.name ?? uid });
		}
		const { sender, receiver, receiverType, muid, tags, sentAt } = body;
		const data = body.data ?? {};
		const out = sendOne(areas, {
			sender,
			receiver,
			receiverType,
			category: body.category ?? 'message',
			type: body.type ?? 'text',
			data,
			muid,
			tags,
			sentAt,
		});
		if (messages.byId.has(out.id)) moderation.submitted.add(out.id);
		return { data: out };
	});

	// The submitted messages, oldest first, with the filters published; the cursor of the message lists.
	router.add('GET', '/v3/moderation/messages', (req) => {
		const want = (name: string) => queryOne(req.query, name);
		const [sender, receiverUID, receiverGUID, category, type, status] = [
			'sender',
			'receiverUID',
			'receiverGUID',
			'category',
			'type',
			'moderationStatus',
		].map(want);
		const all = messages
			.list()
			.filter(
				(m) =>
					moderation.submitted.has(m.id) &&
					(sender === undefined || m.sender === sender) &&
					(receiverUID === undefined || (m.receiverType === 'user' && m.receiver === receiverUID)) &&
					(receiverGUID === undefined || (m.receiverType === 'group' && m.receiver === receiverGUID)) &&
					(category === undefined || m.category === category) &&
					(type === undefined || m.type === type) &&
					(status === undefined || m.moderationStatus === status),
			);
		const { page, meta } = cursorPage(all, req.query, SUBMITTED_LIMIT, SUBMITTED_LIMIT, (m) => m.sentAt);
		return { data: page.map((m) => messageOut(areas, m)), meta };
	});

	router.add('GET', '/v3/moderation/messages/:id', (req) => ({ data: messageOut(areas, messages.require(req.params.id)) }));

	// The message goes with its moderation data (its blocked record).
	router.add('DELETE', '/v3/moderation/messages/:id', (req) => {
		const m = messages.require(req.params.id);
		moderation.removeBlocked(m.id);
		moderation.submitted.delete(m.id);
		messages.remove(m);
		return { data: { success: true, message: `Message with id ${m.id} has been deleted successfully.` } };
	});

	// The reviews, newest first: blocked messages approved or rejected, flagged ones approved or disapproved.
	router.add('GET', '/v3/moderation/reviewed-messages', (req) => {
		const p = moderationParams(req.query, REVIEWED_DEFAULT_LIMIT);
		const newestFirst = [...moderation.reviewed].reverse();
		const records = moderationSlice(newestFirst, p).map((review) => {
			if (review.kind === 'flagged') {
				const flag = moderation.flagged.get(review.messageId);
				return flag ? flaggedOut(areas, app.appId, flag) : { id: review.messageId, appId: app.appId };
			}
			return { ...blockedOut(areas, review.rec), appId: app.appId };
		});
		return moderationAnswer(records, p);
	});
}
