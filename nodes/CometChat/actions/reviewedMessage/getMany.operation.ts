import { moderationListOperation } from '../moderation';
import { SIMPLIFIED_REVIEWED_MESSAGE_FIELDS, simplifyReviewedMessage } from './simplify';

export const getMany = moderationListOperation({
	action: 'Get many reviewed messages',
	description: 'List the messages a moderator reviewed, latest first: approved, rejected or disapproved',
	path: () => ['moderation', 'reviewed-messages'],
	simplify: { fields: SIMPLIFIED_REVIEWED_MESSAGE_FIELDS, pick: simplifyReviewedMessage },
});
