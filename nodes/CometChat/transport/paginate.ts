import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CometChatContext, CometChatRequest, CometChatResponse, RequestObserver } from './request';
import { cometChatRequest } from './request';
import { RequestWindow } from './window';

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

/** The paging parameter each strategy moves forward with, named in the repeated-page error. */
const PAGING_PARAMETER: Record<PaginationStrategy, string> = {
	numberedPages: 'page',
	cursor: 'cursor (the fields of meta.next)',
	limitAndPage: 'page',
};

export interface PageLimit {
	returnAll: boolean;
	/** Used when returnAll is false. */
	limit?: number;
}

/** What a list is, beyond its strategy: all optional. */
export interface ListOptions {
	/** The list's own largest page, where it is published larger than its strategy's. */
	maxPageSize?: number;
	/**
	 * The field that identifies a record of this list (`uid`, `guid`, `id`), where it has one. Without
	 * it a record is identified by its whole content (see `Walk`).
	 */
	identity?: string;
	/** Applied to each record as its page arrives (Simplify), so the whole records are not all kept. */
	shape?: (record: IDataObject) => IDataObject;
}

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
	if (isCount(announced) && count < announced) return `is a short page: ${where} holds ${count} records, meta.pagination.count says ${announced}`;
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
 * Fetches a list with Return All / Limit, using as few requests as the envelope allows, with pages
 * in flight together where the total is known (numbered pages).
 */
export async function paginate(
	this: CometChatContext,
	strategy: PaginationStrategy,
	request: ListRequest,
	{ returnAll, limit = 50 }: PageLimit,
	options: ListOptions = {},
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, Math.floor(limit));
	if (wanted === 0) return [];
	const walk = new Walk(this, strategy, request, wanted, options);
	if (strategy === 'numberedPages') {
		await byNumberedPages.call(this, walk);
	} else {
		const maxSize = options.maxPageSize ?? (strategy === 'cursor' ? CURSOR_MAX_LIMIT : MODERATION_MAX_LIMIT);
		await oneByOne.call(this, walk, maxSize);
	}
	return walk.items;
}

/** A page as a walk holds it until its turn (`Walk.receive`). */
interface ReceivedPage {
	keys: Array<string | number>;
	records: IDataObject[];
	full: boolean;
}

/**
 * The records read so far in one walk over a list, at most `wanted` of them, each shaped as it is
 * added; and the guard against an endpoint that ignores its paging parameter. A full page made only
 * of the records of the page before means the service served that page again: the walk stops with
 * an error naming the endpoint and the parameter, rather than loop or return duplicates. A page
 * that repeats only some of them (the list moved between two reads, e.g. a record was inserted
 * before the page, which pushes the last records of a page into the next) is not that: its new
 * records are kept and the repeated ones dropped. Pages are added in order, so the page before is
 * the one a moved record comes from, and the walk holds one page of identities, not one per record
 * of the list.
 *
 * A record is known by its list's identity field (`uid`, `guid`, `id`) where the list has one,
 * else by its whole content: no one field serves every list (a rule's revisions share the rule's
 * `id`; blocked messages share their rule's `revisionId`), and a record served twice comes back the
 * same.
 */
class Walk {
	readonly items: IDataObject[] = [];
	/** The records of the page added last (all of it): a record served again is served again by the next page. */
	private previousPage = new Set<string | number>();

	constructor(
		private readonly context: CometChatContext,
		readonly strategy: PaginationStrategy,
		readonly request: ListRequest,
		readonly wanted: number,
		private readonly options: ListOptions,
	) {}

	get done(): boolean {
		return this.items.length >= this.wanted;
	}

	/**
	 * A page as it arrives: each record's identity, and the record shaped (Simplify). Done at once,
	 * so the whole records die young, even while the page waits for the pages before it.
	 */
	receive({ records, full }: ListPage): ReceivedPage {
		const { shape } = this.options;
		return { keys: records.map((record) => this.keyOf(record)), records: shape ? records.map(shape) : records, full };
	}

	/** Adds a page's new records (`at`: the paging query it was read with); throws if a full page held nothing new. */
	add({ keys, records, full }: ReceivedPage, at: IDataObject): void {
		const previous = this.previousPage;
		if (full && this.items.length > 0 && keys.every((key) => previous.has(key))) {
			throw this.repeatedPageError(at);
		}
		// Built from the whole array, a Set is sized once (not grown key by key): a long list makes
		// one small table a page, not a trail of them.
		const page = new Set(keys);
		// A record the page itself holds twice is kept once; only then is the slower check needed.
		const seen = page.size < keys.length ? new Set<string | number>() : undefined;
		for (let index = 0; index < records.length && !this.done; index++) {
			const key = keys[index];
			if (previous.has(key)) continue;
			if (seen) {
				if (seen.has(key)) continue;
				seen.add(key);
			}
			this.items.push(records[index]);
		}
		this.previousPage = page;
	}

	/** The identity field's own value (no new string per record), else the whole record as JSON. */
	private keyOf(record: IDataObject): string | number {
		const id = this.options.identity === undefined ? undefined : record[this.options.identity];
		return typeof id === 'string' || typeof id === 'number' ? id : JSON.stringify(record);
	}

	private repeatedPageError(at: IDataObject): NodeOperationError {
		const endpoint = `GET /v3/${this.request.path.map((segment) => encodeURIComponent(String(segment))).join('/')}`;
		const parameter = PAGING_PARAMETER[this.strategy];
		return new NodeOperationError(
			this.context.getNode(),
			`CometChat ignored the paging parameter "${parameter}" of ${endpoint}`,
			{
				description:
					`The page requested with ${JSON.stringify(at)} held only records already read, so the service served an earlier page again. ` +
					`The list was not read further, to avoid reading the same page forever. ${this.items.length} records were read before. ` +
					'Turn off Return All and set a Limit no larger than one page, or filter the list so that it fits on one page.',
			},
		);
	}
}

/**
 * Page-numbered lists. Page 1 tells how many pages there are; the rest are fetched in a sliding
 * window of requests in flight (transport/window.ts) and added in order. Only the pages Limit needs
 * are fetched. A page that comes back short (the list shrank) stops new pages from starting; the
 * pages already in flight are still read, so nothing they hold is lost.
 */
async function byNumberedPages(this: CometChatContext, walk: Walk): Promise<void> {
	const perPage = Math.min(walk.wanted, PAGES_MAX_PAGE_SIZE);
	const window = new RequestWindow();
	const read = async (page: number, observer?: RequestObserver) =>
		await readPage.call(this, 'numberedPages', walk.request, perPage, { page }, observer);

	const first = await window.run(async (observer) => await read(1, observer));
	walk.add(walk.receive(first), { page: 1 });
	if (!first.next || !first.full || walk.done) return;
	let lastPage = Math.min(first.totalPages ?? 1, Math.ceil(walk.wanted / perPage));

	const started = new Map<number, Promise<ReceivedPage>>();
	let nextToStart = 2;
	let stopped = false;
	const startWhileRoom = (): void => {
		while (!stopped && nextToStart <= lastPage && window.hasRoom()) {
			const page = nextToStart++;
			const answer = window.run(async (observer) => walk.receive(await read(page, observer)));
			// Each page that ends makes room for the next. A page that failed fails the walk (raised
			// where the page is added), so no further page starts.
			answer.then(startWhileRoom, () => {
				stopped = true;
			});
			started.set(page, answer);
		}
	};
	try {
		for (let page = 2; page <= lastPage && !walk.done; page++) {
			startWhileRoom();
			while (!started.has(page)) {
				await window.waitForRoom();
				startWhileRoom();
			}
			const answer = await started.get(page)!;
			started.delete(page);
			walk.add(answer, { page });
			if (!answer.full) lastPage = Math.min(lastPage, nextToStart - 1);
		}
	} finally {
		stopped = true;
		// No request of this list outlives it, also when one page failed.
		await Promise.allSettled(started.values());
	}
}

/** Cursor and limit+page lists: each page says how to reach the next, so they are read one by one. */
async function oneByOne(this: CometChatContext, walk: Walk, maxSize: number): Promise<void> {
	const strategy = walk.strategy;
	let at: IDataObject | undefined = firstPage(strategy);
	while (at && !walk.done) {
		const size = Math.min(walk.wanted - walk.items.length, maxSize);
		const page: ListPage = await readPage.call(this, strategy, walk.request, size, at);
		walk.add(walk.receive(page), at);
		at = page.next;
	}
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
