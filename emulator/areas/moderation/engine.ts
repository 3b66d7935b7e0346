/**
 * The moderation engine: which enabled, active rule (if any) a message trips.
 *
 * - A rule applies when it is `enabled` and `active` and all its filters pass.
 * - Filters: `type` sender | receiver; `operand` uid | guid | name | role | type | tags; operators
 *   equals, notEquals, in, notIn (comma-separated value), startsWith, endsWith.
 * - A rule matches when ANY of its conditions matches (the docs' rules pair a text condition with
 *   a custom one, so they must be alternatives).
 * - Condition operands: `text` → `data.text` of category `message`; `custom` → every string inside
 *   `data.customData` (or `data` itself when there is no customData) of category `custom`;
 *   `image` / `video` → messages of that type, media conditions only (below).
 * - Category `word`: the words are `value`, or the search terms of the keyword list(s) named in
 *   `value` when `isKeywordsReferencePresent` / `isKeywordReferencePresent` / `isListReferencePresent`
 *   is true (a sentence-similarity list's sentences count as its words: the emulator has no
 *   similarity model). `contains` = the word occurs as a whole word (case-insensitive); `equals` = the whole
 *   trimmed text equals the word (case-insensitive). Quotes around CSV terms are ignored.
 * - Category `pattern`: `value` entries are regular expressions (case-insensitive); `contains` = a
 *   match anywhere, `equals` = the whole text matches.
 * - Media conditions (`isMediaPresent`, value `<label>_greaterThan_<n>`): the emulator has no
 *   classifier, so it reads scores from the message: `data.metadata.moderationLabels` = { label:
 *   score 0..100 }. The condition matches when the label's score is greater than n. The labels
 *   `AnyOf` and `Any unsafe content` match any label.
 * - Outcome: a matching rule with `dropMessage` wins over `blockMessage`; otherwise the first
 *   matching rule (in rule list order: newest rule first) decides.
 */

import type { Json } from '../../core/validation';
import type { Groups } from '../groups/collection';
import type { Message } from '../messages/collection';
import type { Users } from '../users/collection';
import type { Moderation } from './collection';
import type { Rule } from './rules';

/** What the engine reads besides the message: rules and keyword lists, senders and receivers. */
export interface EngineSources {
	moderation: Moderation;
	users: Users;
	groups: Groups;
}

export type Verdict = { outcome: 'approved' } | { outcome: 'block' | 'drop'; rule: Rule; condition: Json };

export function evaluate(src: EngineSources, m: Message): Verdict {
	let block: { rule: Rule; condition: Json } | undefined;
	for (const rule of src.moderation.listRules()) {
		if (!rule.enabled || !rule.active) continue;
		if (!(rule.filters ?? []).every((f) => filterPasses(src, m, f))) continue;
		const condition = rule.conditions.find((c) => conditionMatches(src.moderation, m, c));
		if (!condition) continue;
		if (rule.action.includes('dropMessage')) return { outcome: 'drop', rule, condition };
		if (!block && rule.action.includes('blockMessage')) block = { rule, condition };
	}
	return block ? { outcome: 'block', ...block } : { outcome: 'approved' };
}

function filterPasses(src: EngineSources, m: Message, f: Json): boolean {
	let subject: Json | undefined;
	if (f.type === 'receiver') subject = m.receiverType === 'group' ? src.groups.byId.get(m.receiver) : src.users.byId.get(m.receiver);
	else subject = src.users.byId.get(m.sender);
	if (!subject) return false;
	const operand = f.operand ?? 'uid';
	if (f.entity === 'group' && m.receiverType !== 'group') return false;
	if (f.entity === 'user' && f.type === 'receiver' && m.receiverType !== 'user') return false;
	const actual = subject[operand];
	const values: string[] = Array.isArray(actual) ? actual.map(String) : [String(actual ?? '')];
	const want = String(f.value ?? '');
	const list = want.split(',').map((s) => s.trim());
	switch (f.operator ?? 'equals') {
		case 'equals':
			return values.includes(want);
		case 'notEquals':
			return !values.includes(want);
		case 'in':
			return values.some((v) => list.includes(v));
		case 'notIn':
			return !values.some((v) => list.includes(v));
		case 'startsWith':
			return values.some((v) => v.startsWith(want));
		case 'endsWith':
			return values.some((v) => v.endsWith(want));
		default:
			return false;
	}
}

function collectStrings(v: unknown, out: string[]): string[] {
	if (typeof v === 'string') out.push(v);
	else if (Array.isArray(v)) for (const x of v) collectStrings(x, out);
	else if (v && typeof v === 'object') for (const x of Object.values(v)) collectStrings(x, out);
	return out;
}

/** The text a condition looks at. */
function operandText(m: Message, operand: string): string | undefined {
	if (operand === 'text') return m.category === 'message' && typeof m.data.text === 'string' ? m.data.text : undefined;
	if (operand === 'custom') {
		if (m.category !== 'custom') return undefined;
		const src = m.data.customData !== undefined ? m.data.customData : { ...m.data, metadata: undefined };
		return collectStrings(src, []).join(' ');
	}
	return undefined;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function conditionMatches(moderation: Moderation, m: Message, c: Json): boolean {
	const operand = c.operand ?? 'text';
	const values: unknown[] = Array.isArray(c.value) ? c.value : [c.value];
	if (c.isMediaPresent || operand === 'image' || operand === 'video') {
		if (m.category !== 'message' || m.type !== operand) return false;
		const labels = m.data.metadata?.moderationLabels;
		if (!labels || typeof labels !== 'object') return false;
		return values.some((v) => {
			const mm = /^(.*)_greaterThan_(\d+(?:\.\d+)?)$/.exec(String(v));
			if (!mm) return false;
			const [, label, n] = mm;
			const any = label === 'AnyOf' || label === 'Any unsafe content';
			return Object.entries(labels).some(([k, score]) => (any || k === label) && Number(score) > Number(n));
		});
	}
	const text = operandText(m, operand);
	if (text === undefined || text === '') return false;
	const equals = c.operator === 'equals';
	if (c.category === 'pattern') {
		return values.some((v) => {
			const re = compile(String(v), equals);
			return re !== undefined && re.test(text);
		});
	}
	const ref = c.isKeywordsReferencePresent || c.isKeywordReferencePresent || c.isListReferencePresent;
	const words: string[] = ref
		? values.flatMap((id) => {
				const list = moderation.keywordLists.get(String(id));
				if (!list) return [];
				// A sentence-similarity list: no similarity model here; a disallowed sentence matches as a phrase.
				return [...list.searchTerms, ...(list.disallowedSentences ?? [])].map((t) => (list.isCSV ? t.replace(/^"(.*)"$/, '$1') : t));
			})
		: values.map(String);
	const lower = text.toLowerCase();
	return words.some((w) => {
		const word = w.trim().toLowerCase();
		if (word === '') return false;
		if (equals) return lower.trim() === word;
		return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(word)}(?![\\p{L}\\p{N}])`, 'u').test(lower);
	});
}

function compile(source: string, whole: boolean): RegExp | undefined {
	try {
		return new RegExp(whole ? `^(?:${source})$` : source, 'i');
	} catch {
		return undefined;
	}
}

export function isValidPattern(source: string): boolean {
	return compile(source, false) !== undefined;
}
