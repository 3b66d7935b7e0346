import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { readPage } from '../transport/paginate';

/** Messages the list shows: the app's most recent ones, one page (the list is not scrolled further). */
const RECENT_MESSAGES = 50;
const LABEL_TEXT_LENGTH = 60;

/** A message as a list entry: who sent it, what it says (or its kind), and its ID. */
function messageItem(message: IDataObject): INodeListSearchItems {
	const data = (message.data ?? {}) as IDataObject;
	const text =
		typeof data.text === 'string' && data.text.trim() ? data.text.trim() : `${message.category as string}/${message.type as string}`;
	const shown = text.length > LABEL_TEXT_LENGTH ? `${text.slice(0, LABEL_TEXT_LENGTH - 1)}…` : text;
	return { name: `${message.sender as string}: ${shown} (${message.id as string})`, value: message.id as string };
}

export const messageListSearch = {
	/**
	 * The app's most recent messages, newest first (GET /messages, affix=prepend: the newest page),
	 * searched by the service (`searchKey`, the text). One request; older messages are picked by ID.
	 */
	async searchMessages(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
		const qs: IDataObject = { affix: 'prepend' };
		if (filter?.trim()) qs.searchKey = filter.trim();
		const page = await readPage.call(this, 'cursor', { method: 'GET', path: ['messages'], qs }, RECENT_MESSAGES);
		const newestFirst = [...page.records].sort((a, b) => Number(b.id) - Number(a.id));
		return { results: newestFirst.map(messageItem) };
	},
};
