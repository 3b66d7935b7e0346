import { simplifiedPicker } from '../../fields/lists';

/** The fields of a moderation rule (or revision) that a workflow usually needs (Simplify). */
export const SIMPLIFIED_RULE_FIELDS = ['id', 'name', 'description', 'enabled', 'active', 'action', 'conditions', 'revisionId', 'updatedAt'];

export const simplifyRule = simplifiedPicker(SIMPLIFIED_RULE_FIELDS);
