import { moderationListOperation } from '../moderation';
import { SIMPLIFIED_RULE_FIELDS, simplifyRule } from './simplify';

export const getMany = moderationListOperation({
	action: 'Get many moderation rules',
	description: 'List the moderation rules of the app, newest first, with their conditions and actions',
	path: () => ['moderation', 'rules'],
	simplify: { fields: SIMPLIFIED_RULE_FIELDS, pick: simplifyRule },
});
