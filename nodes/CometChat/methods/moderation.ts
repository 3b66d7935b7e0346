import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { cometChatRequest } from '../transport/request';
import { isShortPage, MODERATION_MAX_LIMIT } from '../transport/paginate';

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
	const page = Number(paginationToken ?? 1);
	const response = await cometChatRequest.call(context, {
		method: 'GET',
		path,
		qs: { limit: MODERATION_MAX_LIMIT, page },
	});
	const records = Array.isArray(response.data) ? response.data : [];
	const more = !isShortPage(response, records.length, MODERATION_MAX_LIMIT);
	return { results: matchingText(records.map(toItem), filter), paginationToken: more ? String(page + 1) : undefined };
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
