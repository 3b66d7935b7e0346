import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { cometChatRequest } from '../transport/request';
import { MODERATION_MAX_LIMIT } from '../transport/paginate';

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
	const servedLimit = Number((response.meta?.current as IDataObject | undefined)?.limit ?? MODERATION_MAX_LIMIT);
	const more = records.length > 0 && records.length >= Math.min(MODERATION_MAX_LIMIT, servedLimit);
	const text = filter?.trim().toLowerCase();
	const results = records
		.map(toItem)
		.filter((item) => !text || item.name.toLowerCase().includes(text) || String(item.value).toLowerCase().includes(text));
	return { results, paginationToken: more ? String(page + 1) : undefined };
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
