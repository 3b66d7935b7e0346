import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { readBots } from '../actions/bot/fields';
import { WEBHOOKS_PER_PAGE_MAX } from '../actions/webhook/getMany.operation';
import { managementRequest } from '../transport/management';
import { paginate } from '../transport/returnAll';
import { campaignListSearch } from './campaigns';
import { groupMemberListSearch } from './groupMembers';
import { messageListSearch } from './messages';
import { listPageSearch, matchingText, moderationListSearch } from './moderation';

/** A searchable, scrollable list over a numbered-pages endpoint, searched by the service (`searchKey`). */
async function searchPages(
	context: ILoadOptionsFunctions,
	path: string[],
	toItem: (record: IDataObject) => INodeListSearchItems,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const qs: IDataObject | undefined = filter ? { searchKey: filter } : undefined;
	return await listPageSearch(context, 'numberedPages', { method: 'GET', path, qs }, toItem, paginationToken);
}

const roleOption = (role: IDataObject) => ({
	name: (role.name as string) || (role.role as string),
	value: role.role as string,
});

export const listSearch = {
	...moderationListSearch,
	...groupMemberListSearch,
	...messageListSearch,
	...campaignListSearch,
	async searchUsers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchPages(
			this,
			['users'],
			(user) => ({ name: `${user.name as string} (${user.uid as string})`, value: user.uid as string }),
			filter,
			paginationToken,
		);
	},
	async searchGroups(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchPages(
			this,
			['groups'],
			(group) => ({ name: `${group.name as string} (${group.guid as string})`, value: group.guid as string }),
			filter,
			paginationToken,
		);
	},
	async searchBots(this: ILoadOptionsFunctions, filter?: string) {
		const toItem = (bot: IDataObject) => ({
			name: `${bot.uid as string}${bot.enabled === true ? '' : ' (disabled)'}`,
			value: bot.uid as string,
		});
		// One request (at most 25 bots, no paging or search parameter published): filtered here.
		return { results: matchingText((await readBots(this)).map(toItem), filter) };
	},
	async searchWebhooks(this: ILoadOptionsFunctions, filter?: string) {
		// One request: an app has at most 25 webhooks; the service searches their names (`searchKey`).
		const answer = await managementRequest(this, {
			method: 'GET',
			path: ['webhooks'],
			qs: { perPage: WEBHOOKS_PER_PAGE_MAX, ...(filter ? { searchKey: filter } : {}) },
			expect: 'list',
		});
		const toItem = (webhook: IDataObject) => ({
			name: `${String(webhook.name ?? webhook.id)} (${String(webhook.id)})${webhook.enabled === false ? ' (disabled)' : ''}`,
			value: String(webhook.id),
			url: typeof webhook.webhookURL === 'string' ? webhook.webhookURL : undefined,
		});
		return { results: (answer.body?.data as IDataObject[]).map(toItem) };
	},
	async searchRoles(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		const result = await searchPages(this, ['roles'], roleOption, undefined, paginationToken);
		// The roles list takes no search parameter, so the few roles an app has are filtered here.
		return { ...result, results: matchingText(result.results, filter) };
	},
};

export const loadOptions = {
	async getRoles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const roles = await paginate.call(this, 'numberedPages', { method: 'GET', path: ['roles'] }, { returnAll: true });
		return roles.map((role) => ({ ...roleOption(role), description: role.description as string | undefined }));
	},
};
