/**
 * The moderation set-up: reasons, rules and keyword lists created, read, changed and deleted; the
 * messages submitted for moderation; the reviewed messages (docs/emulator.md, Moderation set-up).
 * Bodies of the published operations are checked against their schema by the validation step
 * (core/contract.ts) before these handlers run.
 */
import { ApiError, validationError } from '../../core/errors';
import { multipartBoundary } from '../../core/multipart';
import type { Req, Router } from '../../core/router';
import { hex } from '../../core/util';
import { header, requireBodyObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import type { Areas } from '../types';
import type { Reason } from './collection';
import { keywordListOut, reasonOut } from './views';

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
	return { searchTerms: text.split(csv ? /[,\r\n]+/ : ',').map((t) => t.trim()).filter(Boolean), isCSV: csv };
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
}
