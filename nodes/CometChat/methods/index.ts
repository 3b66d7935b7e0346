import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { cometChatRequest } from '../transport/request';
import { PAGES_MAX_PAGE_SIZE } from '../transport/paginate';
import { moderationListSearch } from './moderation';

/** Entries a list shows per page while the user scrolls. */
const LIST_PAGE_SIZE = 100;

/**
 * A searchable, scrollable list over a page-numbered endpoint. n8n passes back the token we return,
 * which here is the next page number.
 */
async function searchPages(
	context: ILoadOptionsFunctions,
	path: string[],
	toItem: (record: IDataObject) => INodeListSearchItems,
	filter: string | undefined,
	paginationToken: string | undefined,
	searchQuery: (filter: string) => IDataObject = (text) => ({ searchKey: text }),
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1);
	const qs: IDataObject = { perPage: LIST_PAGE_SIZE, page, ...(filter ? searchQuery(filter) : {}) };
	const response = await cometChatRequest.call(context, { method: 'GET', path, qs });
	const records = Array.isArray(response.data) ? response.data : [];
	const pagination = (response.meta?.pagination ?? {}) as IDataObject;
	const more = page < Number(pagination.total_pages ?? page);
	return { results: records.map(toItem), paginationToken: more ? String(page + 1) : undefined };
}

export const listSearch = {
	...moderationListSearch,
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
	async searchRoles(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		const result = await searchPages(
			this,
			['roles'],
			(role) => ({ name: (role.name as string) || (role.role as string), value: role.role as string }),
			undefined,
			paginationToken,
		);
		// The roles list takes no search parameter, so the few roles an app has are filtered here.
		const text = filter?.toLowerCase();
		if (text) {
			result.results = result.results.filter(
				(item) => item.name.toLowerCase().includes(text) || String(item.value).toLowerCase().includes(text),
			);
		}
		return result;
	},
};

export const loadOptions = {
	async getRoles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const response = await cometChatRequest.call(this, {
			method: 'GET',
			path: ['roles'],
			qs: { perPage: PAGES_MAX_PAGE_SIZE, page: 1 },
		});
		const roles = Array.isArray(response.data) ? response.data : [];
		return roles.map((role) => ({
			name: (role.name as string) || (role.role as string),
			value: role.role as string,
			description: role.description as string | undefined,
		}));
	},
};
