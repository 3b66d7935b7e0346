/**
 * The filters of the message lists (GET /messages, /users/:uid/messages, /groups/:guid/messages),
 * as CometChat publishes them; the emulator applies the ones below and ignores the rest.
 */
import { validationError } from '../../core/errors';
import { queryBool, queryList, queryOne } from '../../core/validation';
import type { Query } from '../../core/validation';
import type { Message } from './collection';

/** An epoch-seconds query parameter, if sent (anything else is a 400). */
function epochParam(query: Query, name: string): number | undefined {
	const v = queryOne(query, name);
	if (v === undefined || v === '') return undefined;
	if (!/^\d+$/.test(v)) throw validationError({ [name]: [`The ${name} must be epoch seconds.`] });
	return Number(v);
}

/**
 * A predicate over messages from the list filters: `searchKey` (text contains, any case),
 * `category`/`categories`, `type`/`types`, `receiverType`, `sender`/`senders`, `conversationId`,
 * `tags` (any of them), `hideReplies`, `hideDeleted`/`onlyDeleted`, `sentAt[from]`/`sentAt[to]`
 * (inclusive).
 */
export function messageFilter(query: Query): (m: Message) => boolean {
	const search = queryOne(query, 'searchKey')?.toLowerCase();
	const categories = [...(queryList(query, 'categories') ?? []), ...(queryList(query, 'category') ?? [])];
	const types = [...(queryList(query, 'types') ?? []), ...(queryList(query, 'type') ?? [])];
	const receiverType = queryOne(query, 'receiverType');
	const senders = [...(queryList(query, 'senders') ?? []), ...(queryList(query, 'sender') ?? [])];
	const conversationId = queryOne(query, 'conversationId');
	const tags = queryList(query, 'tags') ?? [];
	const hideReplies = queryBool(query, 'hideReplies');
	const hideDeleted = queryBool(query, 'hideDeleted');
	const onlyDeleted = queryBool(query, 'onlyDeleted');
	const from = epochParam(query, 'sentAt[from]');
	const to = epochParam(query, 'sentAt[to]');
	return (m) => {
		if (search !== undefined && !(typeof m.data.text === 'string' && m.data.text.toLowerCase().includes(search))) return false;
		if (categories.length > 0 && !categories.includes(m.category)) return false;
		if (types.length > 0 && !types.includes(m.type)) return false;
		if (receiverType !== undefined && m.receiverType !== receiverType) return false;
		if (senders.length > 0 && !senders.includes(m.sender)) return false;
		if (conversationId !== undefined && m.conversationId !== conversationId) return false;
		if (tags.length > 0 && !(m.tags ?? []).some((t) => tags.includes(t))) return false;
		if (hideReplies && m.parentId !== undefined) return false;
		if (hideDeleted && m.deletedAt !== undefined) return false;
		if (onlyDeleted && m.deletedAt === undefined) return false;
		if (from !== undefined && m.sentAt < from) return false;
		if (to !== undefined && m.sentAt > to) return false;
		return true;
	};
}
