import { simplifiedPicker } from '../../fields/lists';

/** The fields of a keyword list that a workflow usually needs (Simplify). */
export const SIMPLIFIED_KEYWORD_LIST_FIELDS = ['id', 'name', 'description', 'category', 'searchTerms', 'active', 'revisionId', 'updatedAt'];

export const simplifyKeywordList = simplifiedPicker(SIMPLIFIED_KEYWORD_LIST_FIELDS);
