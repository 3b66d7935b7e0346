/** The errors of the readers: about the item's own input, naming the field and saying how to fix it. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** An error about the item's own input: what is wrong, which item, and how to fix it. */
export function inputError(context: IExecuteFunctions, itemIndex: number, message: string, howToFix: string): NodeOperationError {
	// The node's execute adds "[item N]" to every error's message, this one included.
	return new NodeOperationError(context.getNode(), message, {
		itemIndex,
		description: howToFix,
	});
}

/** An update with nothing in it is refused before any request, with where to put the changes. */
export function requireChanges(
	context: IExecuteFunctions,
	itemIndex: number,
	changes: IDataObject,
	howToFix: string,
	message = 'Nothing to update',
): void {
	if (Object.keys(changes).length === 0) throw inputError(context, itemIndex, message, howToFix);
}

/** How a wrong value is named in an error: its type, and the value when it is short. */
export function describeValue(value: unknown): string {
	if (value === null) return 'null';
	if (value === undefined) return 'nothing';
	if (Array.isArray(value)) return `a list (${shorten(JSON.stringify(value))})`;
	if (typeof value === 'object') return `an object (${shorten(JSON.stringify(value))})`;
	if (typeof value === 'boolean') return `the boolean ${value}`;
	if (typeof value === 'number') return `the number ${value}`;
	if (typeof value === 'string') return `the text "${shorten(value)}"`;
	return `a ${typeof value}`;
}

export function shorten(text: string, max = 40): string {
	return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Refuses a field's value when a check found a problem (a pure decision's answer: a phrase that
 * follows the field's name, or undefined when the value is right).
 */
export function refuseProblem(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	problem: string | undefined,
	howToFix: string,
): void {
	if (problem !== undefined) throw fieldError(context, itemIndex, label, problem, howToFix);
}

/** An error about one field, named by its display name. */
export function fieldError(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	problem: string,
	howToFix: string,
): NodeOperationError {
	return inputError(context, itemIndex, `'${label}' ${problem}`, howToFix);
}
