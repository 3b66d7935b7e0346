/** Regular expressions users give: the Pattern conditions of moderation rules and the terms of Pattern keyword lists. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { fieldError, shorten } from './fieldErrors';

/**
 * Why a text is not a regular expression, or undefined when it compiles. It is compiled as
 * JavaScript reads it (the syntax CometChat's dashboard takes is not published): the engine's reason
 * without the pattern it repeats, e.g. "Unterminated group".
 */
export function patternProblem(pattern: string): string | undefined {
	try {
		new RegExp(pattern);
		return undefined;
	} catch (error) {
		const reason = (error as Error).message.split(': ').pop() ?? '';
		return reason === '' ? 'it does not compile' : reason;
	}
}

/**
 * Refuses a regular expression that does not compile, naming the field, where in it (`where`, e.g.
 * "condition 2 "), and why.
 */
export function checkPattern(context: IExecuteFunctions, itemIndex: number, label: string, pattern: string, where = ''): void {
	const problem = patternProblem(pattern);
	if (problem === undefined) return;
	throw fieldError(
		context,
		itemIndex,
		label,
		`${where}holds "${shorten(pattern)}", which is not a valid regular expression: ${problem}`,
		`Fix the expression in '${label}' (a literal ( [ { . * + ? or \\ is written with a \\ before it), or use the Word category for plain words.`,
	);
}

/**
 * The Pattern conditions of a rule body as CometChat takes it (a JSON body, or one built from the
 * fields): each value, a text or a list of texts, compiled. A keyword list reference is an ID, not
 * a pattern. `nameOf(n)` names condition n (from 0) in an error: its field's label, and where in the
 * field when the field holds them all.
 */
export function checkRulePatterns(
	context: IExecuteFunctions,
	itemIndex: number,
	conditions: unknown,
	nameOf: (n: number) => [label: string, where?: string],
): void {
	if (!Array.isArray(conditions)) return;
	conditions.forEach((condition: IDataObject, n) => {
		if (condition === null || typeof condition !== 'object' || condition.category !== 'pattern') return;
		if (condition.isKeywordReferencePresent === true || condition.isKeywordsReferencePresent === true) return;
		const values = Array.isArray(condition.value) ? condition.value : [condition.value];
		const [label, where] = nameOf(n);
		for (const value of values) if (typeof value === 'string') checkPattern(context, itemIndex, label, value, where);
	});
}
