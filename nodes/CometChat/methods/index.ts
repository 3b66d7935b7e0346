import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import { cometChatRequest } from '../transport/request';
import { paginate } from '../transport/paginate';
import { matchingText, moderationListSearch } from './moderation';

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

const roleOption = (role: IDataObject) => ({
	name: (role.name as string) || (role.role as string),
	value: role.role as string,
});

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
		const result = await searchPages(this, ['roles'], roleOption, undefined, paginationToken);
		// The roles list takes no search parameter, so the few roles an app has are filtered here.
		return { ...result, results: matchingText(result.results, filter) };
	},
};

export const loadOptions = {
	async getRoles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const roles = await paginate.call(this, 'pages', { method: 'GET', path: ['roles'] }, { returnAll: true });
		return roles.map((role) => ({ ...roleOption(role), description: role.description as string | undefined }));
	},
};
