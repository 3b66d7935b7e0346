import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import type { PaginationStrategy } from '../transport/paginate';
import { MODERATION_MAX_LIMIT, readPage } from '../transport/paginate';
import type { CometChatRequest } from '../transport/request';

/** Entries a list shows per page while the user scrolls. */
const LIST_PAGE_SIZE = 100;

/**
 * One page of a scrollable list in the editor, read by the transport's page reader. n8n passes back
 * the token we return, which here is the next page number.
 */
export async function listPageSearch(
	context: ILoadOptionsFunctions,
	strategy: Exclude<PaginationStrategy, 'cursor'>,
	request: CometChatRequest,
	toItem: (record: IDataObject) => INodeListSearchItems,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const size = strategy === 'limitAndPage' ? MODERATION_MAX_LIMIT : LIST_PAGE_SIZE;
	const page = await readPage.call(context, strategy, request, size, { page: Number(paginationToken ?? 1) });
	return { results: page.records.map(toItem), paginationToken: page.next ? String(page.next.page) : undefined };
}

/**
 * A searchable, scrollable list over a moderation endpoint (`limit` + `page`). These lists take no
 * search parameter, so the text filter is applied to each page here.
 */
async function searchModerationList(
	context: ILoadOptionsFunctions,
	path: string[],
	toItem: (record: IDataObject) => INodeListSearchItems,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const result = await listPageSearch(context, 'limitAndPage', { method: 'GET', path }, toItem, paginationToken);
	return { ...result, results: matchingText(result.results, filter) };
}

/** For lists the service cannot search: the entries whose name or ID contains the text, any case. */
export function matchingText(items: INodeListSearchItems[], filter: string | undefined): INodeListSearchItems[] {
	const text = filter?.trim().toLowerCase();
	if (!text) return items;
	return items.filter((item) => item.name.toLowerCase().includes(text) || String(item.value).toLowerCase().includes(text));
}

const named = (record: IDataObject): INodeListSearchItems => ({
	name: `${(record.name as string) || (record.id as string)} (${record.id as string})`,
	value: record.id as string,
});

export const moderationListSearch = {
	async searchReasons(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchModerationList(this, ['moderation', 'reasons'], named, filter, paginationToken);
	},
	async searchRules(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchModerationList(this, ['moderation', 'rules'], named, filter, paginationToken);
	},
	async searchKeywordLists(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchModerationList(this, ['moderation', 'keywords'], named, filter, paginationToken);
	},
};
