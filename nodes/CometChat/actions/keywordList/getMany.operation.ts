import { moderationListOperation } from '../moderation';
import { SIMPLIFIED_KEYWORD_LIST_FIELDS, simplifyKeywordList } from './simplify';

export const getMany = moderationListOperation({
	action: 'Get many keyword lists',
	description: 'List the keyword lists moderation rules can refer to, newest first, with their search terms',
	path: () => ['moderation', 'keywords'],
	simplify: { fields: SIMPLIFIED_KEYWORD_LIST_FIELDS, pick: simplifyKeywordList },
});
