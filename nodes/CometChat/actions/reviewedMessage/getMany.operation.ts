import { moderationListOperation } from '../moderation';
import { SIMPLIFIED_REVIEWED_MESSAGE_FIELDS, simplifyReviewedMessage } from './simplify';

export const getMany = moderationListOperation({
	action: 'Get many reviewed messages',
	description:
		'List the messages a moderator has reviewed, the latest review first: blocked messages approved or rejected, flagged ones approved or disapproved',
	path: () => ['moderation', 'reviewed-messages'],
	simplify: { fields: SIMPLIFIED_REVIEWED_MESSAGE_FIELDS, pick: simplifyReviewedMessage },
});
