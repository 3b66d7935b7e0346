import { moderationListOperation } from '../moderation';

export const getMany = moderationListOperation({
	action: 'Get many moderation reasons',
	description: 'List the reasons users can give when they flag a message (their IDs are what Message → Flag takes)',
	path: () => ['moderation', 'reasons'],
});
