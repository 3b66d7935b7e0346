import { requiredId } from '../../readers/text';
import { moderationListOperation } from '../moderation';
import { ruleField } from './fields';
import { SIMPLIFIED_RULE_FIELDS, simplifyRule } from './simplify';

export const getRevisions = moderationListOperation({
	value: 'getRevisions',
	name: 'Get Revisions',
	action: 'Get the revisions of a moderation rule',
	description: 'List every saved version of a rule, newest first (only the newest is active)',
	properties: [ruleField('The rule whose revisions to list')],
	path(itemIndex) {
		return ['moderation', 'rules', requiredId(this, itemIndex, 'ruleId', 'Rule'), 'revisions'];
	},
	simplify: { fields: SIMPLIFIED_RULE_FIELDS, pick: simplifyRule },
});
