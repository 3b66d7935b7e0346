import type { IDataObject } from 'n8n-workflow';

import type { AnswerProblem, CometChatContext, CometChatRequest, CometChatResponse, RequestObserver } from './request';
import { cometChatRequest, settledDisagreementOf } from './request';
import { valueAt } from '../helpers/records';

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
	/**
	 * For a cursor list whose next page cannot always be asked for with `meta.next` as given: the
	 * paging query of the next page, from `meta.next` (undefined: the last page) and the page's records.
	 */
	nextCursor?: (given: IDataObject | undefined, records: IDataObject[]) => IDataObject | undefined;
	/**
	 * A page whose rows disagree with its own count fails, after the retries, instead of being taken
	 * as the service's own count: for the polling trigger, whose floor would otherwise rise past the
	 * records such a page did not hold, and which has no way to tell the user.
	 */
	strictCounts?: boolean;
	/**
	 * Where every record of this list holds its identity (`uid`, `id`, `message.id`): a record
	 * without it there makes the answer no page (a garbled answer, retried, then an error), never
	 * a record passed on without its id.
	 */
	identity?: string;
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
	/**
	 * Where the page's rows disagree with its own `meta` the same way on a retry (the service's own
	 * count, as in CometChat's published examples): what disagrees. Its records are read, and `next`
	 * is where the envelope says.
	 */
	disagreement?: string;
}

/** The lists (their first request) whose service has already answered a page that disagrees with its count. */
const listsThatDisagree = new WeakSet<ListRequest>();

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
	// Once the list's service has answered a page that disagrees with its own count, it counts
	// that way: later pages of the walk that disagree are taken without a retry round each.
	const atOnce = listsThatDisagree.has(request);
	const response = await cometChatRequest.call(
		this,
		{
			...request,
			qs: { ...request.qs, ...sizeQuery, ...at },
			checkAnswer: (body) => checkPage(strategy, body, at, request.strictCounts ? undefined : { atOnce }, request.identity),
		},
		observer,
	);
	const disagreement = settledDisagreementOf(response);
	if (disagreement !== undefined) listsThatDisagree.add(request);
	// A list, as pageProblem checked.
	const records = response.data as IDataObject[];
	if (strategy === 'numberedPages') {
		const page = Number(at.page ?? 1);
		const pagination = (response.meta?.pagination ?? {}) as IDataObject;
		const totalPages = Number(pagination.total_pages ?? page);
		const more = (records.length > 0 || disagreement !== undefined) && page < totalPages;
		return { records, totalPages, full: records.length >= size, next: more ? { page: page + 1 } : undefined, disagreement };
	}
	const full = !isShortPage(response, records.length, size);
	// A page that disagrees with its count goes on where its count says: a full page has a next one.
	const announcedFull = disagreement !== undefined && !isShortPage(response, countOf(response) ?? records.length, size);
	if (strategy === 'cursor') {
		const next = nextCursorOf(request, response.meta?.next as IDataObject | undefined, records);
		const more = !!next && Object.keys(next).length > 0 && (full || announcedFull);
		return { records, full, next: more ? next : undefined, disagreement };
	}
	const page = Number(at.page ?? 1);
	return { records, full, next: full || announcedFull ? { page: page + 1 } : undefined, disagreement };
}

/** The paging query of a cursor list's next page: `meta.next` as given, or as the request says. */
function nextCursorOf(request: ListRequest, given: IDataObject | undefined, records: IDataObject[]): IDataObject | undefined {
	if (request.nextCursor) return request.nextCursor(given, records);
	const { cursorFields } = request;
	return given && cursorFields ? Object.fromEntries(Object.entries(given).filter(([name]) => cursorFields.includes(name))) : given;
}

/** `meta.current.count`: how many records a cursor or limit+page list's page says it holds. */
function countOf(response: CometChatResponse): number | undefined {
	const count = (response.meta?.current as IDataObject | undefined)?.count;
	return isCount(count) ? count : undefined;
}

/**
 * What `readPage` makes of a 200 answer: no page (retried, then an error), a page whose rows
 * disagree with its own count (retried once: the same again is the service's own count, unless
 * `settles` is undefined), or a page.
 */
function checkPage(
	strategy: PaginationStrategy,
	body: unknown,
	at: IDataObject,
	settles: { atOnce: boolean } | undefined,
	identity: string | undefined,
): AnswerProblem | undefined {
	const notAPage = pageProblem(strategy, body, at, identity);
	if (notAPage !== undefined) return { wrong: notAPage };
	const disagreement = countDisagreement(strategy, body as CometChatResponse, at);
	return disagreement === undefined ? undefined : { wrong: disagreement, settlesWhenRepeated: settles };
}

/**
 * What makes a list's 200 answer no page of it, or undefined when it is one (docs/cometchat-api.md,
 * Lists, Not a page): no list in `data`, a record without the list's `identity`, no
 * `total_pages` (numbered pages), an empty list without `meta` after a full page (the others).
 * Taken for a page, such an answer would end the walk early, or skip records, or pass a record on
 * without its id, and look complete: instead it is retried as a garbled answer, then fails. A page
 * that holds more records than announced is not refused: the walk drops a record it holds twice.
 * Fewer than announced is `countDisagreement`'s.
 */
export function pageProblem(strategy: PaginationStrategy, body: unknown, at: IDataObject, identity?: string): string | undefined {
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
	const anonymous = identity === undefined ? -1 : data.findIndex((record) => !hasIdentity(record, identity));
	if (anonymous >= 0) return `is not a list page: record ${anonymous + 1} of ${data.length} has no ${identity}`;
	if (strategy !== 'numberedPages') {
		// The page after a full one is asked for only because that one was full: an empty list that
		// does not even say so in `meta` is a lost answer, not the end of the list.
		if (data.length === 0 && meta === undefined && !isFirstPage(strategy, at)) {
			return 'is not a list page: an empty list without meta, after a full page';
		}
		return undefined;
	}
	const pagination = meta?.pagination as IDataObject | undefined;
	if (!isCount(pagination?.total_pages)) return 'is not a list page: meta.pagination.total_pages is missing';
	return undefined;
}

/** Whether a record holds a string or a number at the dotted path `identity`. */
function hasIdentity(record: unknown, identity: string): boolean {
	const value = valueAt(record, identity);
	return (typeof value === 'string' && value !== '') || typeof value === 'number';
}

/** Whether `at` asks for a list's first page. */
function isFirstPage(strategy: PaginationStrategy, at: IDataObject): boolean {
	return strategy === 'cursor' ? Object.keys(at).length === 0 : Number(at.page ?? 1) === 1;
}

/**
 * Where a page's rows disagree with its own `meta`, or undefined: fewer records than it counts, or
 * (numbered pages) fewer than a page before the last holds. A garbled transfer gives that once; the
 * service's own count (CometChat's published examples: 1 blocked message with `meta.current.count`
 * 20, 4 group members with `meta.pagination.count` 5) gives it again on a retry.
 */
export function countDisagreement(strategy: PaginationStrategy, body: CometChatResponse, at: IDataObject): string | undefined {
	const count = Array.isArray(body.data) ? body.data.length : 0;
	const records = `${count} record${count === 1 ? '' : 's'}`;
	if (strategy !== 'numberedPages') {
		const announced = countOf(body);
		return announced !== undefined && count < announced
			? `is a short page: it holds ${records}, meta.current.count says ${announced}`
			: undefined;
	}
	const { total_pages: totalPages, per_page: perPage, count: announced } = (body.meta?.pagination ?? {}) as IDataObject;
	const page = Number(at.page ?? 1);
	const where = `page ${page} of ${String(totalPages)}`;
	const beforeLast = isCount(totalPages) && page < totalPages;
	if (beforeLast && count === 0) return `is a short page: ${where} is empty`;
	if (beforeLast && isCount(perPage) && count < perPage) return `is a short page: ${where} holds ${records}, not ${perPage}`;
	if (isCount(announced) && count < announced) return `is a short page: ${where} holds ${records}, meta.pagination.count says ${announced}`;
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
