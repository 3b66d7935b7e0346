import { moderationListOperation } from '../moderation';
import { SIMPLIFIED_BLOCKED_MESSAGE_FIELDS, simplifyBlockedMessage } from './simplify';

export const getMany = moderationListOperation({
	action: 'Get many blocked messages',
	description: 'List the messages a moderation rule held back (pending), newest first, with the rule that matched',
	path: () => ['moderation', 'blocked-messages'],
	simplify: { fields: SIMPLIFIED_BLOCKED_MESSAGE_FIELDS, pick: simplifyBlockedMessage },
});
