import type { IDataObject } from 'n8n-workflow';

import type { CometChatContext, CometChatRequest, CometChatResponse, RequestObserver } from './request';
import { cometChatRequest } from './request';

/**
 * How a list is paged: one strategy per list envelope of the API (docs/cometchat-api.md, Lists).
 * - numberedPages: `perPage` + `page` from 1, answered with `meta.pagination` (users, friends, banned
 *   users, roles);
 * - cursor: `limit`, then `meta.next` sent back as query parameters (thread, reactions, the message
 *   lists);
 * - limitAndPage: `limit` + `page` from 1, answered with `meta.current` only (the moderation lists).
 */
export type PaginationStrategy = 'numberedPages' | 'cursor' | 'limitAndPage';

/**
 * The largest page of each list (docs/cometchat-api.md, Page sizes); the emulator serves the same.
 * Largest `perPage` of the numbered lists: the published maximum.
 */
export const PAGES_MAX_PAGE_SIZE = 1000;
/** Largest `limit` of a cursor list whose maximum is not published (reactions): the SDK's limit. */
export const CURSOR_MAX_LIMIT = 100;
/** Largest `limit` of thread replies: the published maximum (1–1000). */
export const THREAD_MAX_LIMIT = 1000;
/** Largest `limit` of the message lists (app-wide, one conversation): the published maximum. */
export const MESSAGES_MAX_LIMIT = 1000;
/**
 * Largest `limit` of the limit+page (moderation) lists. Unverified: CometChat's own QA code sends
 * limit=100. How their next page is reached (`page` from 1) is unverified too; see
 * docs/cometchat-api.md, Lists.
 */
export const MODERATION_MAX_LIMIT = 100;

/** A list's first request. */
export interface ListRequest extends CometChatRequest {
	/**
	 * For a cursor list: the members of `meta.next` its published operation declares as query
	 * parameters (e.g. `affix` and `id` for a group's messages). The others are not sent back, so a
	 * page's request stays within the operation. Unset: every member is sent back.
	 */
	cursorFields?: readonly string[];
}

/** One page of a list, as read by `readPage`. */
export interface ListPage {
	records: IDataObject[];
	/** The paging query of the next page; undefined when this page is the last. */
	next?: IDataObject;
	/** The number of pages, where the envelope says it (numbered pages). */
	totalPages?: number;
	/** Whether the page came back as large as asked (or as the service's own page size). */
	full: boolean;
}

/** The paging query of a list's first page. */
export function firstPage(strategy: PaginationStrategy): IDataObject {
	return strategy === 'cursor' ? {} : { page: 1 };
}

/**
 * Reads one page of a list: one request with the strategy's size parameter (`perPage` or `limit`)
 * and the page's paging query (`at`, from `firstPage` or a previous page's `next`). The one place
 * that knows each envelope's way of saying whether another page follows.
 */
export async function readPage(
	this: CometChatContext,
	strategy: PaginationStrategy,
	request: ListRequest,
	size: number,
	at: IDataObject = firstPage(strategy),
	observer?: RequestObserver,
): Promise<ListPage> {
	const sizeQuery = strategy === 'numberedPages' ? { perPage: size } : { limit: size };
	const response = await cometChatRequest.call(
		this,
		{ ...request, qs: { ...request.qs, ...sizeQuery, ...at }, checkAnswer: (body) => pageProblem(strategy, body, at) },
		observer,
	);
	// A list, as pageProblem checked.
	const records = response.data as IDataObject[];
	if (strategy === 'numberedPages') {
		const page = Number(at.page ?? 1);
		const pagination = (response.meta?.pagination ?? {}) as IDataObject;
		const totalPages = Number(pagination.total_pages ?? page);
		const more = records.length > 0 && page < totalPages;
		return { records, totalPages, full: records.length >= size, next: more ? { page: page + 1 } : undefined };
	}
	if (strategy === 'cursor') {
		const given = response.meta?.next as IDataObject | undefined;
		const { cursorFields } = request;
		const next = given && cursorFields ? Object.fromEntries(Object.entries(given).filter(([name]) => cursorFields.includes(name))) : given;
		const full = !isShortPage(response, records.length, size);
		const more = !!next && Object.keys(next).length > 0 && full;
		return { records, full, next: more ? next : undefined };
	}
	const page = Number(at.page ?? 1);
	const full = !isShortPage(response, records.length, size);
	return { records, full, next: full ? { page: page + 1 } : undefined };
}

/**
 * What makes a list's 200 answer no page of it, or undefined when it is one (docs/cometchat-api.md,
 * Lists, Not a page). Taken for a page, such an answer would end the walk early, or skip records,
 * and look complete: instead it is retried as a garbled answer, then fails. A page that holds more
 * records than announced is not refused: the walk drops a record it holds twice.
 */
export function pageProblem(strategy: PaginationStrategy, body: unknown, at: IDataObject): string | undefined {
	if (Array.isArray(body)) return 'is not a list page: a bare list, without data and meta';
	const { data, meta, error } = body as CometChatResponse & { error?: { code?: unknown } };
	if (!Array.isArray(data)) {
		if (data === undefined) {
			const code = typeof error?.code === 'string' ? ` ${error.code}` : '';
			return `is not a list page: data is missing${error ? `, and it holds an error${code}` : ''}`;
		}
		const what = data === null ? 'null' : typeof data === 'object' ? 'an object' : `a ${typeof data}`;
		return `is not a list page: data is ${what}`;
	}
	const count = data.length;
	if (strategy !== 'numberedPages') {
		// Cursor and limit+page lists say only how many this page holds (a short one is the last).
		const announced = (meta?.current as IDataObject | undefined)?.count;
		if (isCount(announced) && count < announced) return `is a short page: it holds ${count} records, meta.current.count says ${announced}`;
		return undefined;
	}
	const pagination = meta?.pagination as IDataObject | undefined;
	if (!isCount(pagination?.total_pages)) return 'is not a list page: meta.pagination.total_pages is missing';
	const { total_pages: totalPages, per_page: perPage, count: announced } = pagination;
	const page = Number(at.page ?? 1);
	const where = `page ${page} of ${totalPages}`;
	if (page < totalPages && count === 0) return `is a short page: ${where} is empty`;
	if (page < totalPages && isCount(perPage) && count < perPage) return `is a short page: ${where} holds ${count} records, not ${perPage}`;
	if (isCount(announced) && count < announced)
		return `is a short page: ${where} holds ${count} records, meta.pagination.count says ${announced}`;
	return undefined;
}

function isCount(value: unknown): value is number {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * Whether a page is the last: it came back short. The service may serve fewer than asked (and says
 * how many in `meta.current.limit`), so a page is short against the smaller of the two.
 */
export function isShortPage(response: CometChatResponse, count: number, askedLimit: number): boolean {
	const servedLimit = Number((response.meta?.current as IDataObject | undefined)?.limit ?? askedLimit);
	return count === 0 || count < Math.min(askedLimit, servedLimit);
}

/**
 * The pages of a limit+page (moderation) list, newest first, one request each, fetched only as the
 * caller asks for them (the trigger stops as soon as it reaches what it has already seen).
 */
export async function* pagesByLimitAndPage(
	this: CometChatContext,
	request: CometChatRequest,
	limit = MODERATION_MAX_LIMIT,
): AsyncGenerator<IDataObject[]> {
	let at: IDataObject | undefined = firstPage('limitAndPage');
	while (at) {
		const page: ListPage = await readPage.call(this, 'limitAndPage', request, limit, at);
		if (page.records.length > 0) yield page.records;
		at = page.next;
	}
}
