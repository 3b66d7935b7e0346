// @ts-check
'use strict';

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
 *   is true. `contains` = the word occurs as a whole word (case-insensitive); `equals` = the whole
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

/** @typedef {import('./store').Store} Store @typedef {import('./store').Message} Message @typedef {import('./store').Rule} Rule */

/**
 * @param {Store} store
 * @param {Message} m
 * @returns {{ outcome: 'approved' } | { outcome: 'block' | 'drop', rule: Rule, condition: Record<string, any> }}
 */
function evaluate(store, m) {
	/** @type {{ rule: Rule, condition: Record<string, any> } | undefined} */
	let block;
	for (const rule of store.listRules()) {
		if (!rule.enabled || !rule.active) continue;
		if (!(rule.filters ?? []).every((f) => filterPasses(store, m, f))) continue;
		const condition = rule.conditions.find((c) => conditionMatches(store, m, c));
		if (!condition) continue;
		if (rule.action.includes('dropMessage')) return { outcome: 'drop', rule, condition };
		if (!block && rule.action.includes('blockMessage')) block = { rule, condition };
	}
	return block ? { outcome: 'block', ...block } : { outcome: 'approved' };
}

/** @param {Store} store @param {Message} m @param {Record<string, any>} f */
function filterPasses(store, m, f) {
	/** @type {any} */
	let subject;
	if (f.type === 'receiver') subject = m.receiverType === 'group' ? store.groups.get(m.receiver) : store.users.get(m.receiver);
	else subject = store.users.get(m.sender);
	if (!subject) return false;
	const operand = f.operand ?? 'uid';
	if (f.entity === 'group' && m.receiverType !== 'group') return false;
	if (f.entity === 'user' && f.type === 'receiver' && m.receiverType !== 'user') return false;
	const actual = subject[operand];
	const values = Array.isArray(actual) ? actual.map(String) : [String(actual ?? '')];
	const want = String(f.value ?? '');
	const list = want.split(',').map((s) => s.trim());
	switch (f.operator ?? 'equals') {
		case 'equals': return values.includes(want);
		case 'notEquals': return !values.includes(want);
		case 'in': return values.some((v) => list.includes(v));
		case 'notIn': return !values.some((v) => list.includes(v));
		case 'startsWith': return values.some((v) => v.startsWith(want));
		case 'endsWith': return values.some((v) => v.endsWith(want));
		default: return false;
	}
}

/** @param {any} v @param {string[]} out */
function collectStrings(v, out) {
	if (typeof v === 'string') out.push(v);
	else if (Array.isArray(v)) for (const x of v) collectStrings(x, out);
	else if (v && typeof v === 'object') for (const x of Object.values(v)) collectStrings(x, out);
	return out;
}

/** @param {Message} m @param {string} operand @returns {string | undefined} the text a condition looks at */
function operandText(m, operand) {
	if (operand === 'text') return m.category === 'message' && typeof m.data.text === 'string' ? m.data.text : undefined;
	if (operand === 'custom') {
		if (m.category !== 'custom') return undefined;
		const src = m.data.customData !== undefined ? m.data.customData : { ...m.data, metadata: undefined };
		return collectStrings(src, []).join(' ');
	}
	return undefined;
}

/** @param {string} s */
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** @param {Store} store @param {Message} m @param {Record<string, any>} c */
function conditionMatches(store, m, c) {
	const operand = c.operand ?? 'text';
	const values = Array.isArray(c.value) ? c.value : [c.value];
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
	/** @type {string[]} */
	const words = ref
		? values.flatMap((id) => {
			const list = store.keywordLists.get(String(id));
			return list ? list.searchTerms.map((t) => (list.isCSV ? t.replace(/^"(.*)"$/, '$1') : t)) : [];
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

/** @param {string} source @param {boolean} whole */
function compile(source, whole) {
	try {
		return new RegExp(whole ? `^(?:${source})$` : source, 'i');
	} catch {
		return undefined;
	}
}

/** @param {string} source @returns {boolean} */
function isValidPattern(source) {
	return compile(source, false) !== undefined;
}

module.exports = { evaluate, isValidPattern, conditionMatches };
