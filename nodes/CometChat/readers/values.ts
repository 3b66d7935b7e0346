/** Switches, numbers, options, JSON, metadata and message text. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { describeValue, fieldError, inputError } from './fieldErrors';
import { textOf } from './text';
import { listOf } from './lists';

/**
 * A switch: true or false. Text such as "false" is refused rather than read as true, since an
 * expression giving text is a mistake somewhere before this node.
 */
export function booleanOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown, fallback: boolean): boolean {
	if (value === undefined || value === null) return fallback;
	if (typeof value === 'boolean') return value;
	throw fieldError(
		context,
		itemIndex,
		label,
		`must be true or false, not ${describeValue(value)}`,
		`Turn '${label}' on or off, or give a boolean from an expression, e.g. {{ $json.flag === "yes" }}.`,
	);
}

export function readBoolean(context: IExecuteFunctions, itemIndex: number, name: string, label: string, fallback = false): boolean {
	return booleanOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, fallback), fallback);
}

/** A whole number of at least `min` (numbers only; text such as "10" is refused, as for switches). */
export function integerOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown, min: number): number {
	if (typeof value === 'number' && Number.isInteger(value) && value >= min) return value;
	throw fieldError(
		context,
		itemIndex,
		label,
		`must be a whole number of at least ${min}, not ${describeValue(value)}`,
		`Enter a whole number of at least ${min} in '${label}', or give one from an expression, e.g. {{ Number($json.count) }}.`,
	);
}

/** One of the values of an options parameter, which an expression may have set to anything. */
export function optionOf<T extends string>(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	allowed: readonly T[],
): T {
	const text = typeof value === 'string' ? value.trim() : value;
	if (typeof text === 'string' && (allowed as readonly string[]).includes(text)) return text as T;
	throw fieldError(
		context,
		itemIndex,
		label,
		`holds ${describeValue(value)}, which is not one of ${allowed.join(', ')}`,
		`Choose a value for '${label}' from the list, or give one of ${allowed.join(', ')} from an expression.`,
	);
}

export function readOption<T extends string>(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	allowed: readonly T[],
	fallback: T,
): T {
	return optionOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, fallback), allowed);
}

/** An optional option (a filter): undefined when empty. */
export function optionalOptionOf<T extends string>(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	allowed: readonly T[],
): T | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	return optionOf(context, itemIndex, label, value, allowed);
}

/**
 * The values of a multi-options field (or its expression): a list, each one of `allowed`. Empty
 * gives an empty list.
 */
export function choicesOf<T extends string>(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	allowed: readonly T[],
): T[] {
	const chosen = listOf(context, itemIndex, label, value);
	const wrong = chosen.find((entry) => !(allowed as readonly string[]).includes(entry));
	if (wrong !== undefined) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`holds "${wrong}", which is not one of ${allowed.join(', ')}`,
			`Choose the values of '${label}' from the list.`,
		);
	}
	return chosen as T[];
}

/**
 * A JSON object parameter. n8n hands JSON fields over as text, or as an object when an expression
 * produced one; both are accepted. Invalid JSON fails before any request is sent.
 */
export function parseJsonObject(context: IExecuteFunctions, itemIndex: number, value: unknown, fieldName: string): IDataObject | undefined {
	if (value === undefined || value === null) return undefined;
	let parsed: unknown = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return undefined;
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw inputError(
				context,
				itemIndex,
				`The ${fieldName} is not valid JSON (${(error as Error).message})`,
				`Fix the JSON in the '${fieldName}' field, e.g. {"department": "sales"}.`,
			);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw inputError(
			context,
			itemIndex,
			`The ${fieldName} must be a JSON object`,
			`Put a JSON object in the '${fieldName}' field, e.g. {"department": "sales"}.`,
		);
	}
	return parsed as IDataObject;
}

/** CometChat's documented limit of a user's or group's metadata, in bytes of its JSON. */
export const METADATA_MAX_BYTES = 5 * 1024;

/** Metadata of a user or group: a JSON object of at most 5 KB once serialized. */
export function metadataOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): IDataObject | undefined {
	const metadata = parseJsonObject(context, itemIndex, value, label);
	if (metadata === undefined) return undefined;
	const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
	if (bytes > METADATA_MAX_BYTES) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`is ${bytes} bytes as JSON; CometChat allows at most ${METADATA_MAX_BYTES} (5 KB)`,
			`Keep '${label}' under 5 KB, e.g. by storing large data elsewhere and keeping a reference here.`,
		);
	}
	return metadata;
}

/** CometChat's documented limit of a message: under 65 KB. */
export const MESSAGE_TEXT_MAX_BYTES = 65 * 1024;

/** A message text: text (a number is valid text), under 65 KB in UTF-8. */
export function messageTextOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string {
	const text = textOf(context, itemIndex, label, value);
	const bytes = Buffer.byteLength(text, 'utf8');
	if (bytes >= MESSAGE_TEXT_MAX_BYTES) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`is ${bytes} bytes; a CometChat message must be under ${MESSAGE_TEXT_MAX_BYTES} (65 KB)`,
			`Shorten the text in '${label}', or send it as a file.`,
		);
	}
	return text;
}

/** Copies the entries that were set, leaving out empty strings, so optional fields are not sent blank. */
export function compact(values: IDataObject): IDataObject {
	const result: IDataObject = {};
	// By key, not Object.entries: no pair array per field (Simplify runs it for every record of a list).
	for (const key of Object.keys(values)) {
		const value = values[key];
		if (value === undefined || value === null || value === '') continue;
		if (Array.isArray(value) && value.length === 0) continue;
		result[key] = value;
	}
	return result;
}
