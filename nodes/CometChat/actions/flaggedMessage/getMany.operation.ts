import { moderationListOperation } from '../moderation';
import { SIMPLIFIED_FLAGGED_MESSAGE_FIELDS, simplifyFlaggedMessage } from './simplify';

export const getMany = moderationListOperation({
	action: 'Get many flagged messages',
	description: 'List the messages users flagged that await review, latest first, with who flagged them and why',
	path: () => ['moderation', 'flagged-messages'],
	simplify: { fields: SIMPLIFIED_FLAGGED_MESSAGE_FIELDS, pick: simplifyFlaggedMessage },
});
