import type { IDataObject } from 'n8n-workflow';

import type { CometChatContext, CometChatRequest, CometChatResponse } from './request';
import { cometChatRequest } from './request';

/**
 * The three list envelopes of the API (spec 2.14), each a strategy:
 * - pages: `page` + `perPage`, answered with `meta.pagination` (users, friends, banned users, roles);
 * - cursor: `limit`, then `meta.next` sent back as query parameters (thread, reactions);
 * - moderation: `limit` + `page`, answered with `meta.current` only (all moderation lists).
 */
export type PaginationStrategy = 'pages' | 'cursor' | 'moderation';

/** Largest page of the page-numbered lists (spec section 8). */
export const PAGES_MAX_PAGE_SIZE = 1000;
/** Largest `limit` of the cursor lists. Unverified for thread and reactions: the SDK's limit. */
export const CURSOR_MAX_LIMIT = 100;
/**
 * Largest `limit` of the moderation lists, and how their next page is reached (`page` from 1).
 * Unverified (api-facts.md): CometChat's own QA code sends limit=100. The emulator uses the same.
 */
export const MODERATION_MAX_LIMIT = 100;
/** Pages fetched at once once the total is known (Return All on page-numbered lists). */
const PAGES_CONCURRENCY = 3;

export interface PageLimit {
	returnAll: boolean;
	/** Used when returnAll is false. */
	limit?: number;
}

/** Fetches a list with Return All / Limit, using as few requests as the envelope allows. */
export async function paginate(
	this: CometChatContext,
	strategy: PaginationStrategy,
	request: CometChatRequest,
	{ returnAll, limit = 50 }: PageLimit,
): Promise<IDataObject[]> {
	const wanted = returnAll ? Infinity : Math.max(0, Math.floor(limit));
	if (wanted === 0) return [];
	const items =
		strategy === 'pages'
			? await byPages.call(this, request, wanted)
			: strategy === 'cursor'
				? await byCursor.call(this, request, wanted)
				: await byModerationPages.call(this, request, wanted);
	return items.length > wanted ? items.slice(0, wanted) : items;
}

/**
 * Whether a page is the last: it came back short. The service may serve fewer than asked (and says
 * how many in `meta.current.limit`), so a page is short against the smaller of the two.
 */
export function isShortPage(response: CometChatResponse, count: number, askedLimit: number): boolean {
	const servedLimit = Number((response.meta?.current as IDataObject | undefined)?.limit ?? askedLimit);
	return count === 0 || count < Math.min(askedLimit, servedLimit);
}

function dataOf(response: CometChatResponse): IDataObject[] {
	return Array.isArray(response.data) ? response.data : [];
}

function withQuery(request: CometChatRequest, qs: IDataObject): CometChatRequest {
	return { ...request, qs: { ...request.qs, ...qs } };
}

async function byPages(
	this: CometChatContext,
	request: CometChatRequest,
	wanted: number,
): Promise<IDataObject[]> {
	const perPage = Math.min(wanted, PAGES_MAX_PAGE_SIZE);
	const fetchPage = async (page: number) =>
		await cometChatRequest.call(this, withQuery(request, { perPage, page }));

	const first = await fetchPage(1);
	const items = dataOf(first);
	const pagination = (first.meta?.pagination ?? {}) as IDataObject;
	const totalPages = Number(pagination.total_pages ?? 1);
	const lastPage = Math.min(totalPages, Math.ceil(wanted / perPage));
	if (items.length < perPage || lastPage <= 1) return items;

	// The total is known: fetch the remaining pages a few at a time, and keep them in order.
	const remaining: number[] = [];
	for (let page = 2; page <= lastPage; page++) remaining.push(page);
	for (let start = 0; start < remaining.length; start += PAGES_CONCURRENCY) {
		const batch = remaining.slice(start, start + PAGES_CONCURRENCY);
		const pages = await Promise.all(batch.map(fetchPage));
		for (const page of pages) items.push(...dataOf(page));
		if (items.length >= wanted || dataOf(pages[pages.length - 1]).length < perPage) break;
	}
	return items;
}

async function byCursor(
	this: CometChatContext,
	request: CometChatRequest,
	wanted: number,
): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	let cursor: IDataObject = {};
	for (;;) {
		const limit = Math.min(wanted - items.length, CURSOR_MAX_LIMIT);
		const response = await cometChatRequest.call(this, withQuery(request, { ...cursor, limit }));
		const page = dataOf(response);
		items.push(...page);
		const next = response.meta?.next as IDataObject | undefined;
		if (!next || Object.keys(next).length === 0) break;
		if (isShortPage(response, page.length, limit) || items.length >= wanted) break;
		cursor = next;
	}
	return items;
}

async function byModerationPages(
	this: CometChatContext,
	request: CometChatRequest,
	wanted: number,
): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for await (const page of moderationPages.call(this, request, Math.min(wanted, MODERATION_MAX_LIMIT))) {
		items.push(...page);
		if (items.length >= wanted) break;
	}
	return items;
}

/**
 * The pages of a moderation list, newest first, one request each, fetched only as the caller
 * asks for them (the trigger stops as soon as it reaches what it has already seen).
 */
export async function* moderationPages(
	this: CometChatContext,
	request: CometChatRequest,
	limit = MODERATION_MAX_LIMIT,
): AsyncGenerator<IDataObject[]> {
	for (let page = 1; ; page++) {
		const response = await cometChatRequest.call(this, withQuery(request, { limit, page }));
		const batch = dataOf(response);
		if (batch.length > 0) yield batch;
		if (isShortPage(response, batch.length, limit)) return;
	}
}
