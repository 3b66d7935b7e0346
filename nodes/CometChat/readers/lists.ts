/** Lists: UIDs, GUIDs, tags, Clear Fields (docs/cometchat-api.md, List fields). */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { describeValue, fieldError, inputError, shorten } from './fieldErrors';
import { guidOf, uidOf } from './text';

/**
 * A list: an array (from an expression) or text separated by commas. Each element must be text or
 * a number; blank entries are dropped and the order is kept. An entry given twice is refused (the
 * list rule, docs/cometchat-api.md): it is a mistake upstream, and sending it would either repeat
 * the work or leave the service to pick one.
 */
export function listOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string[] {
	const entries = listEntriesOf(context, itemIndex, label, value);
	const repeated = entries.find((entry, index) => entries.indexOf(entry) !== index);
	if (repeated !== undefined) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`holds "${shorten(repeated)}" more than once`,
			`Give each entry of '${label}' once, e.g. with the expression {{ [...new Set($json.list)] }}.`,
		);
	}
	return entries;
}

function listEntriesOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string[] {
	if (value === undefined || value === null || value === '') return [];
	if (typeof value === 'string') return splitList(value);
	if (typeof value === 'number' && Number.isFinite(value)) return [String(value)];
	if (!Array.isArray(value)) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`must be a list or text separated by commas, not ${describeValue(value)}`,
			`Give '${label}' as text such as "a, b", or as a list of texts from an expression.`,
		);
	}
	return value.flatMap((element, index) => {
		if (typeof element === 'string') return element.trim() === '' ? [] : [element.trim()];
		if (typeof element === 'number' && Number.isFinite(element)) return [String(element)];
		throw fieldError(
			context,
			itemIndex,
			label,
			`has ${describeValue(element)} at position ${index + 1}; each entry must be text`,
			`Give '${label}' as a list of texts, e.g. {{ $json.people.map(p => p.id) }}.`,
		);
	});
}

function splitList(text: string): string[] {
	return text
		.split(',')
		.map((part) => part.trim())
		.filter((part) => part !== '');
}

/**
 * The most entries one request's list of UIDs or GUIDs carries. CometChat publishes no limit; a
 * bound keeps one item's request (and its answer) small, and a longer list is split over items.
 */
export const MAX_IDS_PER_REQUEST = 1000;

/** Refuses a list of IDs longer than one request carries (`max`: a published limit, where there is one). */
export function checkIdsPerRequest(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	count: number,
	max = MAX_IDS_PER_REQUEST,
): void {
	if (count <= max) return;
	throw fieldError(
		context,
		itemIndex,
		label,
		`has ${count} entries; at most ${max} are sent at once`,
		`Split the list over several items of at most ${max} each, e.g. with the Loop Over Items node.`,
	);
}

/**
 * A list of UIDs sent in one request: each checked against CometChat's UID rules, none twice, at
 * most MAX_IDS_PER_REQUEST (or the request's published `max`).
 */
export function uidListOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	max = MAX_IDS_PER_REQUEST,
): string[] {
	const uids = listOf(context, itemIndex, label, value).map((uid) => uidOf(context, itemIndex, label, uid));
	checkIdsPerRequest(context, itemIndex, label, uids.length, max);
	return uids;
}

/** A list of GUIDs sent in one request: each checked against CometChat's GUID rule, none twice, at most MAX_IDS_PER_REQUEST. */
export function guidListOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string[] {
	const guids = listOf(context, itemIndex, label, value).map((guid) => guidOf(context, itemIndex, label, guid));
	checkIdsPerRequest(context, itemIndex, label, guids.length);
	return guids;
}

/** CometChat's documented tag limits. */
export const MAX_TAGS = 25;
export const TAG_MAX_LENGTH = 100;

/** Tags of a user, group or message: a list of at most 25 texts of at most 100 characters each. */
export function tagsOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string[] {
	const tags = listOf(context, itemIndex, label, value);
	if (tags.length > MAX_TAGS) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`has ${tags.length} tags; CometChat allows at most ${MAX_TAGS}`,
			`Keep at most ${MAX_TAGS} tags in '${label}'.`,
		);
	}
	const long = tags.find((tag) => tag.length > TAG_MAX_LENGTH);
	if (long !== undefined) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`has a tag of ${long.length} characters ("${shorten(long)}"); a tag has at most ${TAG_MAX_LENGTH}`,
			`Shorten the tags in '${label}' to at most ${TAG_MAX_LENGTH} characters each.`,
		);
	}
	return tags;
}

/**
 * The attributes an Update's Clear Fields names, checked before anything is sent: each must be one
 * of `clearable`, and none may also be set in `body` (the update's fields).
 */
export function clearFieldsOf(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	clearable: ReadonlyArray<{ value: string }>,
	body: IDataObject,
): string[] {
	const clear = listOf(context, itemIndex, 'Clear Fields', value);
	const allowed = clearable.map((option) => option.value);
	const unknown = clear.filter((attribute) => !allowed.includes(attribute));
	if (unknown.length > 0) {
		const named = `${allowed.slice(0, -1).join(', ')} and ${allowed[allowed.length - 1]}`;
		throw inputError(
			context,
			itemIndex,
			`Clear Fields holds "${unknown.join('", "')}", which cannot be cleared`,
			`Only ${named} can be cleared. Remove the other values from Clear Fields.`,
		);
	}
	const both = clear.filter((attribute) => body[attribute] !== undefined);
	if (both.length > 0) {
		throw inputError(
			context,
			itemIndex,
			`"${both.join('", "')}" is both set and cleared`,
			'Either remove it from Clear Fields, or remove its field from Update Fields.',
		);
	}
	return clear;
}
