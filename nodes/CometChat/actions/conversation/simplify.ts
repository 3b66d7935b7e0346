import type { IDataObject } from 'n8n-workflow';

import { withIsoTimes } from '../../fields/lists';
import { isRecord } from '../../helpers/records';

/** What Simplify keeps of a conversation: the other user or group and the last message, each in short. */
export const SIMPLIFIED_CONVERSATION_FIELDS = [
	'conversationId',
	'conversationType',
	'unreadMessageCount',
	'updatedAt',
	'conversationWith (uid or guid, name)',
	'lastMessage (id, sender, type, text, sentAt)',
	'tags',
	'pinnedAt',
];

/** A conversation as Simplify gives it, each time (its own and its last message's) with its ISO 8601 copy. */
export function simplifyConversation(record: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const field of ['conversationId', 'conversationType', 'unreadMessageCount', 'updatedAt']) {
		if (record[field] !== undefined) out[field] = record[field];
	}
	const other = record.conversationWith;
	if (isRecord(other)) {
		const id = other.uid !== undefined ? { uid: other.uid } : { guid: other.guid };
		out.conversationWith = { ...id, name: other.name };
	}
	const last = record.lastMessage;
	if (isRecord(last)) {
		const data = isRecord(last.data) ? last.data : {};
		out.lastMessage = withIsoTimes({ id: last.id, sender: last.sender, type: last.type, text: data.text, sentAt: last.sentAt });
	}
	for (const field of ['tags', 'pinnedAt']) if (record[field] !== undefined) out[field] = record[field];
	return withIsoTimes(out);
}
