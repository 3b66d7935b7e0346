/** Rules and their conditions as stored: the normal form of what seeds and request bodies give. */
import { clone } from '../../core/util';
import type { Json } from '../../core/validation';

export type Condition = Json & { id: number; value: string[] };

export interface Rule {
	id: string;
	name: string;
	description: string;
	enabled: boolean;
	conditions: Condition[];
	filters?: Json[];
	action: string[];
	active: boolean;
	createdAt: number;
	updatedAt: number;
	revisionId: string;
	default?: boolean;
}

/** The number of a revision id `<app>_<rule>_<n>`. */
export function revisionNumber(revisionId: string): number {
	const m = /_(\d+)$/.exec(String(revisionId));
	return m ? Number(m[1]) : 1;
}

/**
 * Conditions as stored: ids assigned, `value` always an array, the request spelling
 * `isKeywordReferencePresent` turned into the response spelling `isKeywordsReferencePresent`
 * (`isListReferencePresent`, seen in one docs example, is kept as given and honoured too).
 */
export function normalizeConditions(conditions: Json[]): Condition[] {
	return conditions.map((c, i) => {
		const { isKeywordReferencePresent, ...rest } = clone(c);
		const out: Json = { id: rest.id ?? i + 1 };
		// key order as in the docs' examples
		if (rest.isListReferencePresent !== undefined) out.isListReferencePresent = rest.isListReferencePresent;
		if (rest.isKeywordsReferencePresent !== undefined || rest.isListReferencePresent === undefined) {
			out.isKeywordsReferencePresent = Boolean(rest.isKeywordsReferencePresent ?? isKeywordReferencePresent);
		}
		out.isMediaPresent = Boolean(rest.isMediaPresent);
		out.entity = rest.entity ?? 'message';
		out.operand = rest.operand ?? 'text';
		out.category = rest.category ?? 'word';
		out.operator = rest.operator ?? 'contains';
		out.value = Array.isArray(rest.value) ? rest.value.map(String) : rest.value === undefined ? [] : [String(rest.value)];
		return Object.assign(out, rest, {
			id: out.id,
			value: out.value,
			isMediaPresent: out.isMediaPresent,
			entity: out.entity,
			operand: out.operand,
			category: out.category,
			operator: out.operator,
		}) as Condition;
	});
}

/** A rule from its input (a seed, or POST /moderation/rules); `revisionId` defaults to `<appId>_<id>_1`. */
export function buildRule(input: Json, appId: string, now: number): Rule {
	const createdAt: number = input.createdAt ?? now;
	const n = input.revisionId ? revisionNumber(input.revisionId) : 1;
	const rule: Rule = {
		id: input.id,
		name: input.name ?? input.id,
		description: input.description ?? '',
		enabled: input.enabled ?? true,
		conditions: normalizeConditions(input.conditions ?? []),
		action: [...(input.action ?? ['blockMessage'])],
		active: true,
		createdAt,
		updatedAt: input.updatedAt ?? createdAt,
		revisionId: input.revisionId ?? `${appId}_${input.id}_${n}`,
	};
	if (input.filters !== undefined) rule.filters = clone(input.filters);
	if (input.default !== undefined) rule.default = Boolean(input.default);
	return rule;
}

/** Older revisions given by a seed (`revisions`), inactive, oldest first. */
export function olderRevisions(input: Json, base: Rule): Rule[] {
	const older: Rule[] = (input.revisions ?? []).map((r: Json) => ({
		...clone(base),
		...clone(r),
		conditions: normalizeConditions(r.conditions ?? base.conditions),
		active: false,
	}));
	return older.sort((a, b) => revisionNumber(a.revisionId) - revisionNumber(b.revisionId));
}

/** The next revision of `prev` with `patch` applied (only the fields a PUT may change). */
export function nextRevision(prev: Rule, patch: Json, revisionId: string, now: number): Rule {
	const next: Rule = { ...clone(prev), updatedAt: now, revisionId, active: true };
	for (const k of ['name', 'description', 'enabled'] as const) if (patch[k] !== undefined) (next as Json)[k] = patch[k];
	if (patch.action !== undefined) next.action = [...patch.action];
	if (patch.conditions !== undefined) next.conditions = normalizeConditions(patch.conditions);
	if (patch.filters !== undefined) next.filters = clone(patch.filters);
	return next;
}
