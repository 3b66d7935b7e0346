/** The fields every list has: Return All / Limit, Simplify or the AI tool's Output, search filters. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { PageLimit } from '../transport/returnAll';
import { fieldError } from '../readers/fieldErrors';
import { listOf } from '../readers/lists';
import { booleanOf, integerOf, readBoolean, readOption } from '../readers/values';

/** A list's Limit in the node: what workflows saved with it keep. */
export const LIST_LIMIT = 50;

/** A list's Limit in the node's AI tool: small, so one call cannot flood the model's context. */
export const TOOL_LIST_LIMIT = 10;

/**
 * A list's Limit as two fields of one name: as given (LIST_LIMIT) in the node, TOOL_LIST_LIMIT in its
 * AI tool (the `@tool` display condition), so saved workflows keep theirs and the tool starts small.
 */
export function withToolLimit(limit: INodeProperties): INodeProperties[] {
	const conditions = limit.displayOptions ?? {};
	return [
		{ ...limit, displayOptions: { ...conditions, hide: { ...conditions.hide, '@tool': [true] } } },
		{ ...limit, default: TOOL_LIST_LIMIT, displayOptions: { ...conditions, show: { ...conditions.show, '@tool': [true] } } },
	];
}

/** Return All + Limit, as every list in n8n has them. */
export function returnAllOrLimitFields(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		...withToolLimit({
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
		}),
	];
}

/** Return All must be a boolean and Limit a whole number of at least 1 (Limit is read only without Return All). */
export function pageLimitOf(context: IExecuteFunctions, itemIndex: number): PageLimit {
	const returnAll = readBoolean(context, itemIndex, 'returnAll', 'Return All', false);
	if (returnAll) return { returnAll, limit: undefined };
	const limit = integerOf(context, itemIndex, 'Limit', context.getNodeParameter('limit', itemIndex, LIST_LIMIT), 1);
	return { returnAll, limit };
}

/**
 * The node's version from which Simplify is a field of its own, at the top of a list's fields, as
 * n8n's guidelines place it; version 1 keeps it in Options, so workflows saved with it keep it.
 */
export const TOP_LEVEL_SIMPLIFY_VERSION = 1.1;

/**
 * Simplify, for records of more than 10 fields. On by default, so the default output stays short.
 */
export function simplifyOption(fieldsKept: string): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return a simplified version of each record (${fieldsKept}) instead of the raw data${isoTimesNote(fieldsKept)}`,
	};
}

/**
 * The name of a time's ISO 8601 copy under Simplify: `sentAt` (epoch seconds, as CometChat gives it)
 * stays, and `sentAtIso` (`2024-01-31T12:00:00.000Z`) is added beside it, so a workflow reads the date
 * without converting it and one that reads the seconds keeps working.
 */
export function isoTimeName(field: string): string {
	return `${field}Iso`;
}

/** CometChat's times are the fields named …At, in epoch seconds (docs/cometchat-api.md, Dates). */
function isTimeField(field: string): boolean {
	return field.endsWith('At');
}

/**
 * An epoch-seconds time as ISO 8601 in UTC, as JavaScript writes it (`2024-01-31T12:00:00.000Z`; one
 * flat string, 40 bytes a record); undefined for anything else. A number of 11 digits or more (e.g.
 * milliseconds) gets no copy rather than a date thousands of years away.
 */
export function isoTimeOf(value: unknown): string | undefined {
	const seconds = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
	if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds >= 1e10) return undefined;
	return new Date(seconds * 1000).toISOString();
}

/** A simplified record with the ISO 8601 copy of each of its times right after it (its key order kept). */
export function withIsoTimes(record: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const key of Object.keys(record)) {
		result[key] = record[key];
		const iso = isTimeField(key) ? isoTimeOf(record[key]) : undefined;
		if (iso !== undefined) result[isoTimeName(key)] = iso;
	}
	return result;
}

/** The sentence Simplify's description adds when the fields kept hold a time: its ISO 8601 copy. */
function isoTimesNote(fieldsKept: string): string {
	const time = /\b(\w+At)\b/.exec(fieldsKept)?.[1];
	return time === undefined ? '' : `. Each time comes in epoch seconds and as ISO 8601 beside it (${time}, ${isoTimeName(time)}).`;
}

/**
 * A list's Simplify field, from version 1.1 (TOP_LEVEL_SIMPLIFY_VERSION). Hidden in the node's AI
 * tool, which has Output instead (toolOutputFields).
 */
export function simplifyField(fieldsKept: string[]): INodeProperties {
	return {
		...simplifyOption(fieldsKept.join(', ')),
		displayOptions: { show: { '@version': [{ _cnd: { gte: TOP_LEVEL_SIMPLIFY_VERSION } }] }, hide: { '@tool': [true] } },
	};
}

/**
 * Version 1's Options collection of a list, whose only option is Simplify (read back with
 * `options`). Hidden in the node's AI tool, which has Output instead (toolOutputFields).
 */
export function simplifyOptionsField(fieldsKept: string[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { '@version': [1] }, hide: { '@tool': [true] } },
		options: [simplifyOption(fieldsKept.join(', '))],
	};
}

/**
 * In the node's AI tool (n8n derives `cometChatTool` from `usableAsTool`), n8n's guidelines ask for
 * an Output choice: Simplified, Raw, or Selected Fields, so the agent gets no more than it needs.
 */
export function toolOutputFields(fieldsKept: string[]): INodeProperties[] {
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Raw', value: 'raw', description: 'Every field CometChat returns' },
				{ name: 'Selected Fields', value: 'selectedFields', description: 'Only the fields you name' },
				{
					name: 'Simplified',
					value: 'simplified',
					description: `At most 10 fields of each record, e.g. ${fieldsKept.slice(0, 3).join(', ')}`,
				},
			],
			default: 'simplified',
			description: 'How much of each record the agent gets',
			displayOptions: { show: { '@tool': [true] } },
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'string',
			required: true,
			default: '',
			placeholder: `e.g. ${fieldsKept.slice(0, 3).join(', ')}`,
			description: 'The fields of each record to keep, separated by commas (top-level names)',
			displayOptions: { show: { '@tool': [true], output: ['selectedFields'] } },
		},
	];
}

/** Whether the node runs as its AI tool variant (the `@tool` display condition, at run time). */
function isTool(context: IExecuteFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

/**
 * How each of a list's records goes out, as the user asked: Simplify in the node (in Options in
 * version 1), Output
 * (Simplified, Raw or Selected Fields) in its AI tool; undefined when records go out whole. Read
 * before the request, so a bad choice fails before anything is sent. It is applied to each page as
 * it arrives, so a long list is never held twice (whole and shaped).
 */
export function recordShaper(
	context: IExecuteFunctions,
	itemIndex: number,
	pick: (record: IDataObject) => IDataObject,
): ((record: IDataObject) => IDataObject) | undefined {
	if (!isTool(context)) {
		if (context.getNode().typeVersion >= TOP_LEVEL_SIMPLIFY_VERSION) {
			return readBoolean(context, itemIndex, 'simplify', 'Simplify', true) ? pick : undefined;
		}
		const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
		return booleanOf(context, itemIndex, 'Simplify', options.simplify, true) ? pick : undefined;
	}
	const output = readOption(context, itemIndex, 'output', 'Output', ['raw', 'selectedFields', 'simplified'] as const, 'simplified');
	if (output === 'raw') return undefined;
	if (output === 'selectedFields') {
		const fields = listOf(context, itemIndex, 'Fields', context.getNodeParameter('fields', itemIndex, ''));
		if (fields.length === 0) {
			throw fieldError(
				context,
				itemIndex,
				'Fields',
				'names no field',
				'Name the fields to keep in Fields, separated by commas, or choose another Output.',
			);
		}
		return fieldPicker(fields);
	}
	return pick;
}

/**
 * The Search In and Search Term filters of a list searched by name and by id (users by UID, groups
 * by GUID).
 */
export function searchFilterFields(noun: string, id: { label: string; value: string }, placeholder: string): INodeProperties[] {
	const fields = [
		{ name: id.label, value: id.value },
		{ name: 'Name', value: 'name' },
	].sort((a, b) => a.name.localeCompare(b.name));
	return [
		{
			displayName: 'Search In',
			name: 'searchIn',
			type: 'multiOptions',
			options: fields,
			default: [],
			description: 'Which fields the search term is matched against. Both when none is chosen.',
		},
		{
			displayName: 'Search Term',
			name: 'searchKey',
			type: 'string',
			default: '',
			placeholder: `e.g. ${placeholder}`,
			description: `Only ${noun} whose ${id.label} or name starts with this text`,
		},
	];
}

/** Simplify's picker: the named fields a record has, each time with its ISO 8601 copy beside it. */
export function simplifiedPicker(fields: readonly string[]): (record: IDataObject) => IDataObject {
	return fieldPicker(fields, true);
}

/**
 * Makes the function that copies the named fields a record has (not undefined) into a new plain
 * object: Simplify (`isoTimes`: with each time's ISO 8601 copy), and the tool's Selected Fields (as named).
 *
 * The copies are made with `new` on a constructor of the picker's own, because V8 then sizes them to
 * the fields they get, once it has seen a few. An object literal that fields are added to has room
 * for 4 and keeps the rest in a second block: a simplified user took 94 bytes that way, and takes 63
 * this way, so 100,000 of them hold 3 MiB less. The constructor's prototype is Object's, so a copy is
 * a plain object like any other (to JSON, to n8n, to lodash's isPlainObject).
 */
export function fieldPicker(fields: readonly string[], isoTimes = false): (record: IDataObject) => IDataObject {
	const times = new Set(isoTimes ? fields.filter(isTimeField) : []);
	function PickedFields(this: IDataObject, record: IDataObject): void {
		for (const field of fields) {
			const value = record[field];
			if (value === undefined) continue;
			this[field] = value;
			const iso = times.has(field) ? isoTimeOf(value) : undefined;
			if (iso !== undefined) this[isoTimeName(field)] = iso;
		}
	}
	PickedFields.prototype = Object.prototype;
	const Picked = PickedFields as unknown as new (record: IDataObject) => IDataObject;
	return (record) => new Picked(record);
}
