import { ACTING_USER, messageIdField, messageIdValue, onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { listOperation } from '../list';
import { THREAD_MAX_LIMIT } from '../../transport/paginate';
import { SIMPLIFIED_MESSAGE_FIELDS, simplifyMessage } from './simplify';

export const getThread = listOperation({
	value: 'getThread',
	name: 'Get Thread',
	action: 'Get the replies in a thread',
	description: 'List the replies to a message (its thread), oldest first, as seen by a user',
	strategy: 'cursor',
	identity: 'id',
	maxPageSize: THREAD_MAX_LIMIT,
	properties: [
		messageIdField('ID of the message that starts the thread'),
		onBehalfOfField(ACTING_USER.actAs, true, 'The user (UID) whose view of the thread is read. CometChat requires it.'),
	],
	request(itemIndex) {
		return {
			method: 'GET',
			path: ['messages', messageIdValue(this, itemIndex), 'thread'],
			onBehalfOf: requiredOnBehalfOf(this, itemIndex, ACTING_USER.actAs),
		};
	},
	simplify: { fields: SIMPLIFIED_MESSAGE_FIELDS, pick: simplifyMessage },
});
