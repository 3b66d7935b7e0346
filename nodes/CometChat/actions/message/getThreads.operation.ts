import type { IDataObject } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { withIsoTimes } from '../../fields/lists';
import { inputError } from '../../readers/fieldErrors';
import { booleanOf, compact } from '../../readers/values';
import { listOperation } from '../list';
import { messageHead } from './simplify';

/** Largest `limit` of the threads list: the published maximum (default 100). */
const THREADS_MAX_LIMIT = 1000;

/**
 * A simplified thread (10 fields): who wrote its first message to whom, its text and time, how many
 * replies, the last reply's time, and the user's counts.
 */
const SIMPLIFIED_THREAD_FIELDS = [
	'id',
	'sender',
	'receiverType',
	'receiver',
	'text',
	'sentAt',
	'replyCount',
	'lastReplyAt',
	'unreadReplyCount',
	'mentionCount',
];

/** A thread is its first message, which is no reply: its head has no `parentId`. */
function simplifyThread(thread: IDataObject): IDataObject {
	const data = (thread.data ?? {}) as IDataObject;
	const lastReply = (thread.lastReply ?? {}) as IDataObject;
	return withIsoTimes(
		compact({
			...messageHead(thread),
			text: data.text,
			sentAt: thread.sentAt,
			replyCount: thread.replyCount,
			lastReplyAt: lastReply.sentAt,
			unreadReplyCount: thread.unreadReplyCount,
			mentionCount: thread.mentionCount,
		}),
	);
}

/** GET /threads: see docs/cometchat-api.md, Message actions. */
export const getThreads = listOperation({
	value: 'getThreads',
	name: 'Get Threads',
	action: 'Get the threads',
	description: 'List threads (messages with replies) with their reply counts and last replies, as the app or a user sees them',
	strategy: 'cursor',
	identity: 'id',
	maxPageSize: THREADS_MAX_LIMIT,
	properties: [
		onBehalfOfField(ACTING_USER.actAs, false, 'The user (UID) whose threads are listed. Leave empty to list the threads of the whole app.'),
	],
	filters: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Only Threads the User Took Part In',
					name: 'participatedByMe',
					type: 'boolean',
					default: true,
					description: "Whether to list only the threads the user in 'Act As' started or replied in (needs 'Act As')",
				},
				{
					displayName: 'With Mention Count',
					name: 'withMentionCount',
					type: 'boolean',
					default: true,
					description: "Whether to add each thread's count of unread mentions of the user in 'Act As' (mentionCount)",
				},
				{
					displayName: 'With Unread Reply Count',
					name: 'withUnreadReplyCount',
					type: 'boolean',
					default: true,
					description: "Whether to add each thread's count of replies the user in 'Act As' has not read (unreadReplyCount)",
				},
			],
		},
	],
	request(itemIndex) {
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const given = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const participatedByMe = booleanOf(this, itemIndex, 'Only Threads the User Took Part In', given.participatedByMe, false);
		const withUnreadReplyCount = booleanOf(this, itemIndex, 'With Unread Reply Count', given.withUnreadReplyCount, false);
		const withMentionCount = booleanOf(this, itemIndex, 'With Mention Count', given.withMentionCount, false);
		if (onBehalfOf === undefined && (participatedByMe || withUnreadReplyCount || withMentionCount)) {
			throw inputError(
				this,
				itemIndex,
				"The filters 'Only Threads the User Took Part In', 'With Unread Reply Count' and 'With Mention Count' are about one user, and 'Act As' is empty",
				"Choose the user in 'Act As', or remove these filters.",
			);
		}
		const qs = compact({
			participatedByMe: participatedByMe || undefined,
			withUnreadReplyCount: withUnreadReplyCount || undefined,
			withMentionCount: withMentionCount || undefined,
		});
		return { method: 'GET', path: ['threads'], qs, onBehalfOf };
	},
	simplify: { fields: SIMPLIFIED_THREAD_FIELDS, pick: simplifyThread },
});
