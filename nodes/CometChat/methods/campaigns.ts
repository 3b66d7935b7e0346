import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { CURSOR_MAX_LIMIT, readPage } from '../transport/paginate';
import { matchingText } from './moderation';

/**
 * A searchable, scrollable list over a Campaigns service list: a page at a time, the next page's
 * cursor (`meta.next`, as the service hands it back) carried as the pagination token. `search`: the
 * list's own search parameter; lists without one are filtered here, page by page.
 */
async function searchCampaignList(
	context: ILoadOptionsFunctions,
	path: string[],
	toItem: (record: IDataObject) => INodeListSearchItems,
	filter: string | undefined,
	paginationToken: string | undefined,
	searchable: boolean,
): Promise<INodeListSearchResult> {
	const at = paginationToken ? (JSON.parse(paginationToken) as IDataObject) : {};
	const text = filter?.trim();
	const qs: IDataObject = searchable && text ? { search: text } : {};
	const page = await readPage.call(context, 'cursor', { method: 'GET', path, qs, host: 'campaigns', identity: 'id' }, CURSOR_MAX_LIMIT, at);
	const results = page.records.map(toItem);
	return {
		results: searchable ? results : matchingText(results, filter),
		paginationToken: page.next ? JSON.stringify(page.next) : undefined,
	};
}

/** `Name (slug)`, the slug (templateId, channelId) being what a person recognises; the value is the record's ID. */
const named =
	(slugField: string | undefined) =>
	(record: IDataObject): INodeListSearchItems => ({
		name: `${record.name as string} (${(slugField ? record[slugField] : record.id) as string})`,
		value: record.id as string,
	});

export const campaignListSearch = {
	async searchCampaignTemplates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchCampaignList(this, ['templates'], named('templateId'), filter, paginationToken, true);
	},
	async searchCampaignChannels(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchCampaignList(this, ['channels'], named('channelId'), filter, paginationToken, true);
	},
	async searchCampaigns(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchCampaignList(this, ['campaigns'], named(undefined), filter, paginationToken, true);
	},
	async searchTemplateCategories(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchCampaignList(this, ['templates', 'categories'], named(undefined), filter, paginationToken, false);
	},
};
