/**
 * The three paging envelopes of the API, in one place (see docs/cometchat-api.md, Paging):
 * - page-numbered lists: `perPage` + `page`, answered with `meta.pagination`;
 * - cursor lists (thread replies, reactions): `limit` + `affix`/`id`/`sentAt`, answered with
 *   `meta.current` and, while more remain, `meta.next`;
 * - moderation lists: `limit` + `page`, answered with `meta.current` only.
 */
import { validationError } from './errors';
import { queryInt, queryOne } from './validation';
import type { Json, Query } from './validation';

/** Page size of page-numbered lists (users, friends, banned users, roles, groups, calls). */
export const PAGE_DEFAULT = 100;
export const PAGE_MAX = 1000;

/**
 * The largest page the moderation lists serve: a larger `limit` is lowered to this. (CometChat's
 * own maximum is undocumented; its QA code sends limit=100.)
 */
export const MODERATION_MAX_LIMIT = 100;

export interface PageParams {
	page: number;
	perPage: number;
}

/** `perPage` (default 100, lowered to 1000) and `page` (from 1) of a page-numbered list. */
export function pageParams(query: Query): PageParams {
	return { perPage: queryInt(query, 'perPage', PAGE_DEFAULT, PAGE_MAX), page: queryInt(query, 'page', 1) };
}

export interface Pagination {
	total: number;
	count: number;
	per_page?: number;
	current_page: number;
	total_pages: number;
}

/**
 * The `meta.pagination` block of page-numbered lists. total_pages is at least 1 (as a
 * length-aware paginator reports an empty list: one empty page). `withPerPage: false` leaves out
 * per_page, as the calls list of the docs does.
 */
export function pagination(total: number, count: number, p: PageParams, withPerPage = true): Pagination {
	const totalPages = Math.max(1, Math.ceil(total / p.perPage));
	if (!withPerPage) return { total, count, total_pages: totalPages, current_page: p.page };
	return { total, count, per_page: p.perPage, current_page: p.page, total_pages: totalPages };
}

/** One page of an already ordered list, with its `meta.pagination`. */
export function numberedPage<T>(all: readonly T[], p: PageParams, withPerPage = true): { items: T[]; pagination: Pagination } {
	const items = all.slice((p.page - 1) * p.perPage, p.page * p.perPage);
	return { items, pagination: pagination(all.length, items.length, p, withPerPage) };
}

export interface CursorMeta {
	current: { limit: number; count: number };
	next?: { affix: 'append' | 'prepend'; sentAt?: number; id: string };
}

/**
 * A cursor page over items sorted ascending (by numeric id).
 * append (default): items at or after the cursor (`id` ≥, `sentAt` ≥), oldest first; `next` names
 * the first item not returned. prepend: items strictly before the cursor, the newest `limit` of
 * them, oldest first; `next` names the first returned item (send it back with affix=prepend).
 * `perPage` is accepted as an alias of `limit`.
 */
export function cursorPage<T extends { id: string }>(
	items: readonly T[],
	query: Query,
	def: number,
	max: number,
	sentAtOf: (x: T) => number | undefined,
): { page: T[]; meta: CursorMeta } {
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
	const atOrAfter = (x: T) =>
		(cid === undefined || Number(x.id) >= cid) && (cs === undefined || !sentAtKnown || (sentAtOf(x) as number) >= cs);
	let page: T[];
	let nextItem: T | undefined;
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
	const meta: CursorMeta = { current: { limit, count: page.length } };
	if (nextItem) {
		const s = sentAtOf(nextItem);
		meta.next = { affix, ...(s !== undefined ? { sentAt: s } : {}), id: nextItem.id };
	}
	return { page, meta };
}

export interface ModerationPageParams {
	limit: number;
	page: number;
}

/** `limit` (default per list, lowered to MODERATION_MAX_LIMIT) and `page` (from 1) of a moderation list. */
export function moderationParams(query: Query, def: number): ModerationPageParams {
	return { limit: queryInt(query, 'limit', def, MODERATION_MAX_LIMIT), page: queryInt(query, 'page', 1) };
}

/** One page of an already ordered moderation list. */
export function moderationSlice<T>(all: readonly T[], p: ModerationPageParams): T[] {
	return all.slice((p.page - 1) * p.limit, p.page * p.limit);
}

/** The answer of a moderation list: `data` and `meta.current {limit, count}` (the client stops on a short page). */
export function moderationAnswer(data: Json[], p: ModerationPageParams): { data: Json[]; meta: CursorMeta } {
	return { data, meta: { current: { limit: p.limit, count: data.length } } };
}
