/** Checks of rule bodies (POST and PUT /moderation/rules). */
import { ApiError, addDetail, throwIfInvalid } from '../../core/errors';
import type { Details } from '../../core/errors';
import { isObject, isStringArray } from '../../core/validation';
import type { Json } from '../../core/validation';
import type { Moderation } from './collection';
import { isValidPattern } from './engine';

const ACTIONS = ['blockMessage', 'dropMessage'];
const OPERANDS = ['text', 'image', 'video', 'custom'];

/** Validates a rule body (PUT, or POST with `requireId`); unknown keyword lists are a 404. */
export function checkRuleBody(moderation: Moderation, body: Json, requireId: boolean): void {
	const details: Details = {};
	const add = (k: string, m: string) => addDetail(details, k, m);
	if (requireId && (typeof body.id !== 'string' || body.id === '')) add('id', 'The id field is required.');
	if (!requireId && body.id !== undefined && typeof body.id !== 'string') add('id', 'The id must be a string.');
	if (body.name !== undefined && typeof body.name !== 'string') add('name', 'The name must be a string.');
	if (body.description !== undefined && typeof body.description !== 'string') add('description', 'The description must be a string.');
	if (body.enabled !== undefined && typeof body.enabled !== 'boolean') add('enabled', 'The enabled must be a boolean.');
	if (
		body.action !== undefined &&
		(!isStringArray(body.action) || body.action.length === 0 || body.action.some((a) => !ACTIONS.includes(a)))
	) {
		add('action', `The action must be a non-empty array of ${ACTIONS.join(', ')}.`);
	}
	if (body.filters !== undefined) {
		if (!Array.isArray(body.filters) || body.filters.some((f: unknown) => !isObject(f) || typeof f.value !== 'string'))
			add('filters', 'The filters must be an array of {type, entity, operand, operator, value}.');
		else
			for (const [i, f] of (body.filters as Json[]).entries()) {
				if (f.type !== undefined && f.type !== 'sender' && f.type !== 'receiver')
					add(`filters[${i}].type`, 'The type must be sender or receiver.');
			}
	}
	if (body.conditions !== undefined) {
		if (!Array.isArray(body.conditions)) add('conditions', 'The conditions must be an array.');
		else
			for (const [i, c] of (body.conditions as unknown[]).entries()) {
				const at = `conditions[${i}]`;
				if (!isObject(c)) {
					add(at, 'Each condition must be an object.');
					continue;
				}
				if (c.operand !== undefined && !OPERANDS.includes(c.operand))
					add(`${at}.operand`, `The operand must be one of ${OPERANDS.join(', ')}.`);
				if (c.category !== undefined && c.category !== 'word' && c.category !== 'pattern')
					add(`${at}.category`, 'The category must be word or pattern.');
				if (c.operator !== undefined && c.operator !== 'contains' && c.operator !== 'equals')
					add(`${at}.operator`, 'The operator must be contains or equals.');
				const values: unknown[] = Array.isArray(c.value) ? c.value : [c.value];
				if (values.length === 0 || values.some((v) => typeof v !== 'string' || v === '')) {
					add(`${at}.value`, 'The value must be a non-empty string (or an array of them).');
					continue;
				}
				const strings = values as string[];
				if (c.category === 'pattern' && !c.isMediaPresent)
					for (const v of strings) if (!isValidPattern(v)) add(`${at}.value`, `The pattern ${v} is not a valid regular expression.`);
				if (c.isKeywordsReferencePresent || c.isKeywordReferencePresent || c.isListReferencePresent) {
					for (const v of strings)
						if (!moderation.keywordLists.has(v))
							throw new ApiError('ERR_KEYWORD_NOT_FOUND', `The keyword list with id ${v} does not exist.`, { details: { keywordId: v } });
				}
			}
	}
	throwIfInvalid(details);
}
