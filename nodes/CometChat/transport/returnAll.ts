import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ListPage, ListRequest, PaginationStrategy } from './paginate';
import { CURSOR_MAX_LIMIT, firstPage, MODERATION_MAX_LIMIT, PAGES_MAX_PAGE_SIZE, readPage } from './paginate';
import type { CometChatContext, RequestObserver } from './request';
import { pathAfterV3 } from './apis';
import { buildPath } from './request';
import { RequestWindow } from './window';

/**
 * Return All / Limit: the walk over a list, page after page, until it ends or has enough records.
 * One page and its envelope are paginate.ts's.
 */

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

/** The paging parameter each strategy moves forward with, named in the repeated-page error. */
const PAGING_PARAMETER: Record<PaginationStrategy, string> = {
	numberedPages: 'page',
	cursor: 'cursor (the fields of meta.next)',
	limitAndPage: 'page',
};

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
	// Each record must hold the list's identity: one without it is a garbled answer (paginate.ts).
	const listRequest = options.identity === undefined ? request : { ...request, identity: options.identity };
	const walk = new Walk(this, strategy, listRequest, wanted, options);
	if (strategy === 'numberedPages') {
		await byNumberedPages.call(this, walk);
	} else {
		const maxSize = options.maxPageSize ?? (strategy === 'cursor' ? CURSOR_MAX_LIMIT : MODERATION_MAX_LIMIT);
		await oneByOne.call(this, walk, maxSize);
	}
	hintDisagreements(this, walk);
	return walk.items;
}

/**
 * Tells the user, without failing the run, that pages disagreed with their own count (the same on
 * a retry): n8n's execution hint, above the node's output, where the context takes one.
 */
function hintDisagreements(context: CometChatContext, walk: Walk): void {
	const [first, ...others] = walk.disagreements;
	if (first === undefined || !('addExecutionHints' in context)) return;
	const pages = others.length > 0 ? `${others.length + 1} of its pages disagree` : 'a page disagrees';
	const read = walk.items.length;
	context.addExecutionHints({
		type: 'warning',
		location: 'outputPane',
		message:
			`In CometChat's answer to GET ${buildPath(pathAfterV3(walk.request))}, ${pages} with its own count, the same on a retry ` +
			`(${first.replace(/^is a short page: /, '')}). The ${read === 1 ? '1 record it sent is' : `${read} records it sent are`} here, and the list was ` +
			'followed as far as its own paging said: it may hold records it did not send.',
	});
}

/** A page as a walk holds it until its turn (`Walk.receive`). */
interface ReceivedPage {
	keys: Array<string | number>;
	records: IDataObject[];
	full: boolean;
	/** Whether the page's envelope says another page follows. */
	announcesMore: boolean;
	disagreement?: string;
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
	/** What each page that disagreed with its own count (the same on a retry) had wrong. */
	readonly disagreements: string[] = [];
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
	receive({ records, full, next, disagreement }: ListPage): ReceivedPage {
		const { shape } = this.options;
		const keys = records.map((record) => this.keyOf(record));
		return { keys, records: shape ? records.map(shape) : records, full, announcesMore: next !== undefined, disagreement };
	}

	/**
	 * Adds a page's new records (`at`: the paging query it was read with) and answers how many were
	 * new; throws if a full page held nothing new.
	 */
	add({ keys, records, full, disagreement }: ReceivedPage, at: IDataObject): number {
		const previous = this.previousPage;
		if (full && this.items.length > 0 && keys.every((key) => previous.has(key))) {
			throw this.repeatedPageError(at);
		}
		if (disagreement !== undefined) this.disagreements.push(disagreement);
		const before = this.items.length;
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
		return this.items.length - before;
	}

	/** The identity field's own value (no new string per record), else the whole record as JSON. */
	private keyOf(record: IDataObject): string | number {
		const id = this.options.identity === undefined ? undefined : record[this.options.identity];
		return typeof id === 'string' || typeof id === 'number' ? id : JSON.stringify(record);
	}

	private repeatedPageError(at: IDataObject): NodeOperationError {
		const endpoint = `GET ${buildPath(pathAfterV3(this.request))}`;
		const parameter = PAGING_PARAMETER[this.strategy];
		return new NodeOperationError(this.context.getNode(), `CometChat ignored the paging parameter "${parameter}" of ${endpoint}`, {
			description:
				`The page requested with ${JSON.stringify(at)} held only records already read, so the service served an earlier page again. ` +
				`The list was not read further, to avoid reading the same page forever. ${this.items.length} records were read before. ` +
				'Turn off Return All and set a Limit no larger than one page, or filter the list so that it fits on one page.',
		});
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
	if (!first.next || walk.done) return;
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
			if (!answer.announcesMore) lastPage = Math.min(lastPage, nextToStart - 1);
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
	/** Pages in a row that disagreed with their count and brought nothing new. */
	let emptyDisagreements = 0;
	while (at && !walk.done) {
		const size = Math.min(walk.wanted - walk.items.length, maxSize);
		const page: ListPage = await readPage.call(this, strategy, walk.request, size, at);
		const added = walk.add(walk.receive(page), at);
		emptyDisagreements = page.disagreement !== undefined && added === 0 ? emptyDisagreements + 1 : 0;
		// Where pages disagree with their count, the list's own paging is followed only while it
		// leads somewhere: a page of records already read, or two empty ones in a row, end it (a
		// service that answers every page alike would lead on forever).
		const goesNowhere = emptyDisagreements > 0 && (page.records.length > 0 || emptyDisagreements >= 2);
		at = goesNowhere ? undefined : page.next;
	}
}
