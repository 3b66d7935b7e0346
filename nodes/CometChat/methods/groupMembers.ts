import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { locatorValue } from '../readers/text';
import { listPageSearch, matchingText } from './moderation';

/** The group chosen in the node's Group field (`guid`), which these lists belong to. */
function chosenGroup(context: ILoadOptionsFunctions): string {
	// The Group locator has only the List and By ID modes: its value is the GUID either way.
	const guid = locatorValue(context.getCurrentNodeParameter('guid'));
	if (guid === '') {
		throw new NodeOperationError(context.getNode(), 'Choose a group first', {
			description: 'This list shows the users of the group chosen in the Group field.',
		});
	}
	return guid;
}

const userItem = (record: IDataObject): INodeListSearchItems => ({
	name: `${record.name as string} (${record.uid as string})${record.scope ? `, ${record.scope as string}` : ''}`,
	value: record.uid as string,
});

/**
 * A group's members or banned users, page by page. Neither list takes a search parameter, so the
 * text filter is applied to each page here.
 */
async function searchGroupUsers(
	context: ILoadOptionsFunctions,
	list: 'members' | 'bannedusers',
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<INodeListSearchResult> {
	const path = ['groups', chosenGroup(context), list];
	const result = await listPageSearch(context, 'numberedPages', { method: 'GET', path }, userItem, paginationToken);
	return { ...result, results: matchingText(result.results, filter) };
}

export const groupMemberListSearch = {
	async searchGroupMembers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchGroupUsers(this, 'members', filter, paginationToken);
	},
	async searchGroupBannedUsers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) {
		return await searchGroupUsers(this, 'bannedusers', filter, paginationToken);
	},
};
