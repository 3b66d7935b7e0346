import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** An error about the item's own input: what is wrong, which item, and how to fix it. */
export function inputError(
	context: IExecuteFunctions,
	itemIndex: number,
	message: string,
	howToFix: string,
): NodeOperationError {
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

/*
 * Typed readers. Every parameter an operation reads goes through one of these, so a value of the
 * wrong type (an object from an expression, a number where a switch is expected) fails here with
 * the field's display name and [item N], before anything is sent. Each reader comes in two forms:
 * `...Of(value)` checks a value already read (e.g. a member of a collection), `read...(name)` reads
 * the parameter first.
 */

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

function shorten(text: string, max = 40): string {
	return text.length > max ? `${text.slice(0, max)}…` : text;
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

function isLocator(value: unknown): value is INodeParameterResourceLocator {
	return value !== null && typeof value === 'object' && '__rl' in (value as object);
}

/**
 * Text: a string, or a number (sent as its string). Objects, lists and booleans are refused; an
 * unset value reads as ''. Not trimmed.
 */
export function textOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	throw fieldError(
		context,
		itemIndex,
		label,
		`must be text, not ${describeValue(value)}`,
		`Give '${label}' as text. An expression must pick a single value, e.g. {{ $json.name }}, not a whole object or list.`,
	);
}

/** Reads a text parameter (see textOf). */
export function readText(context: IExecuteFunctions, itemIndex: number, name: string, label: string): string {
	return textOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, ''));
}

/** A text that must not be empty or blank; the text is sent as given. */
export function requiredTextOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	howToFix = `Fill in '${label}'.`,
): string {
	const text = textOf(context, itemIndex, label, value);
	if (text.trim() === '') throw fieldError(context, itemIndex, label, text === '' ? 'is empty' : 'is blank', howToFix);
	return text;
}

export function readRequiredText(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	howToFix?: string,
): string {
	return requiredTextOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, ''), howToFix);
}

/** A text that is dropped when empty, but refused when blank (spaces only): that is never meant. */
export function optionalTextOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
): string | undefined {
	const text = textOf(context, itemIndex, label, value);
	if (text === '') return undefined;
	if (text.trim() === '') {
		throw fieldError(context, itemIndex, label, 'is blank', `Fill in '${label}', or remove it.`);
	}
	return text;
}

/** A whole http(s) URL: a scheme, a host, no spaces. */
function isHttpUrl(text: string): boolean {
	if (!/^https?:\/\/[^\s/?#]+\S*$/i.test(text)) return false;
	try {
		return new URL(text).hostname !== '';
	} catch {
		return false;
	}
}

/**
 * An optional URL (an avatar, an icon, a file, a webhook): undefined when empty; anything but a
 * whole http(s) URL, or one longer than `maxLength`, is refused. Sent trimmed.
 */
export function optionalUrlOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	options: { maxLength?: number; howToFix?: string } = {},
): string | undefined {
	const url = optionalTextOf(context, itemIndex, label, value)?.trim();
	if (url === undefined) return undefined;
	const { maxLength } = options;
	if (!isHttpUrl(url) || (maxLength !== undefined && url.length > maxLength)) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`must be an http(s) URL${maxLength === undefined ? '' : ` of at most ${maxLength} characters`}, not ${describeValue(url)}`,
			options.howToFix ?? `Enter the full address in '${label}', starting with https://, e.g. https://example.com/file.png.`,
		);
	}
	return url;
}

/** The value of a resource locator (or of a plain string parameter that used to be one). */
export function locatorValue(value: unknown): string {
	if (isLocator(value)) return String(value.value ?? '').trim();
	return String(value ?? '').trim();
}

/**
 * An ID: text or a number, from a resource locator or a string field, trimmed. Objects, lists and
 * booleans are refused; an unset value reads as ''.
 */
export function idOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string {
	const raw = isLocator(value) ? value.value : value;
	if (raw === undefined || raw === null) return '';
	if (typeof raw === 'string') {
		const id = raw.trim();
		// URLs resolve `.` and `..` as "here" and "up": such an ID would address another resource.
		if (/^\.{1,2}$/.test(id)) {
			throw fieldError(context, itemIndex, label, `is "${id}", which no request can carry as an ID`, `Give the real ID in '${label}'.`);
		}
		return id;
	}
	if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
	throw fieldError(
		context,
		itemIndex,
		label,
		`must be one ID, not ${describeValue(raw)}`,
		`Give '${label}' as a single ID, e.g. with the expression {{ $json.id }}. To act on several, pass one item per ID.`,
	);
}

/**
 * A required ID from a resource locator or string field; an empty one fails with a clear message.
 * `howToFix` replaces the default hint, which suits a resource locator.
 */
export function requiredId(
	context: IExecuteFunctions,
	itemIndex: number,
	parameterName: string,
	label: string,
	howToFix = `Choose a ${label.toLowerCase()} from the list or enter its ID.`,
): string {
	const id = idOf(context, itemIndex, label, context.getNodeParameter(parameterName, itemIndex, ''));
	if (!id) throw fieldError(context, itemIndex, label, 'is empty', howToFix);
	return id;
}

/** An optional ID parameter: undefined when empty. */
export function optionalId(
	context: IExecuteFunctions,
	itemIndex: number,
	parameterName: string,
	label: string,
): string | undefined {
	return idOf(context, itemIndex, label, context.getNodeParameter(parameterName, itemIndex, '')) || undefined;
}

/** CometChat's documented UID rules: at most 100 letters, digits, `_` and `-`; stored in lower case. */
export const UID_MAX_LENGTH = 100;
const UID_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/**
 * Checks a UID against CometChat's rules. A UID with capital letters is refused, not lowercased:
 * CometChat would store it in lower case, so the UID a workflow keeps would no longer match the one
 * CometChat has; the error gives the lower-case form to use instead.
 */
export function uidOf(context: IExecuteFunctions, itemIndex: number, label: string, uid: string): string {
	if (uid.length > UID_MAX_LENGTH) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`has ${uid.length} characters; a CometChat UID has at most ${UID_MAX_LENGTH}`,
			`Shorten the UID in '${label}' to at most ${UID_MAX_LENGTH} characters.`,
		);
	}
	if (!UID_CHARACTERS.test(uid)) {
		const bad = [...new Set(uid.replace(/[A-Za-z0-9_-]/g, ''))].map((c) => JSON.stringify(c)).join(', ');
		throw fieldError(
			context,
			itemIndex,
			label,
			`holds "${shorten(uid)}", which has characters a CometChat UID cannot have: ${bad}`,
			`A UID has only letters, digits, _ and -. Fix the UID in '${label}'.`,
		);
	}
	if (uid !== uid.toLowerCase()) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`holds "${uid}", which has capital letters; CometChat stores UIDs in lower case`,
			`Use "${uid.toLowerCase()}", e.g. with the expression {{ $json.uid.toLowerCase() }}, so the UID you keep is the one CometChat has.`,
		);
	}
	return uid;
}

/** A required UID parameter (locator or string), checked against CometChat's UID rules. */
export function requiredUid(
	context: IExecuteFunctions,
	itemIndex: number,
	parameterName: string,
	label: string,
	howToFix?: string,
): string {
	return uidOf(context, itemIndex, label, requiredId(context, itemIndex, parameterName, label, howToFix));
}

/** An optional UID parameter: undefined when empty, checked otherwise. */
export function optionalUid(
	context: IExecuteFunctions,
	itemIndex: number,
	parameterName: string,
	label: string,
): string | undefined {
	const uid = optionalId(context, itemIndex, parameterName, label);
	return uid === undefined ? undefined : uidOf(context, itemIndex, label, uid);
}

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

/** Refuses a list of IDs longer than one request carries. */
export function checkIdsPerRequest(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	count: number,
): void {
	if (count <= MAX_IDS_PER_REQUEST) return;
	throw fieldError(
		context,
		itemIndex,
		label,
		`has ${count} entries; at most ${MAX_IDS_PER_REQUEST} are sent at once`,
		`Split the list over several items of at most ${MAX_IDS_PER_REQUEST} each, e.g. with the Loop Over Items node.`,
	);
}

/**
 * A list of UIDs sent in one request: each checked against CometChat's UID rules, none twice, at
 * most MAX_IDS_PER_REQUEST.
 */
export function uidListOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string[] {
	const uids = listOf(context, itemIndex, label, value).map((uid) => uidOf(context, itemIndex, label, uid));
	checkIdsPerRequest(context, itemIndex, label, uids.length);
	return uids;
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
 * A switch: true or false. Text such as "false" is refused rather than read as true, since an
 * expression giving text is a mistake somewhere before this node.
 */
export function booleanOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	fallback: boolean,
): boolean {
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

export function readBoolean(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	fallback = false,
): boolean {
	return booleanOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, fallback), fallback);
}

/** A whole number of at least `min` (numbers only; text such as "10" is refused, as for switches). */
export function integerOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	min: number,
): number {
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
export function parseJsonObject(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	fieldName: string,
): IDataObject | undefined {
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
export function metadataOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
): IDataObject | undefined {
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

/**
 * Epoch seconds as the API's timestamps have them: ten digits, from 2001-09-09 to 2286. A bare
 * number outside that range is refused rather than guessed at: 1700000000000 is milliseconds, and
 * 0 or 12 is most likely a mistake, not 1970.
 */
const EPOCH_SECONDS_MIN = 1_000_000_000;
const EPOCH_SECONDS_MAX = 9_999_999_999;
const ISO_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

const ACCEPTED_DATE_FORMS =
	'a date and time in ISO 8601 (2024-01-31 or 2024-01-31T12:00:00Z), a date from an expression such as {{ $now.minus({ days: 7 }) }}, or whole epoch seconds (10 digits, e.g. 1706702400)';

/** Why a text is not an ISO 8601 date that exists, or undefined when it is one. */
function isoDateProblem(text: string): string | undefined {
	const parts = ISO_DATE_TIME.exec(text);
	if (!parts) return 'is not in a form this field takes';
	const [year, month, day, hour = 0, minute = 0, second = 0] = parts.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return 'is a date that does not exist';
	if (hour > 23 || minute > 59 || second > 59) return 'is a time that does not exist';
	return undefined;
}

/**
 * A point in time, in milliseconds, from a Date & Time field or an expression: ISO 8601 text, a
 * Date, a Luxon DateTime, or whole epoch seconds (a number or digits). Undefined when empty. A date
 * that does not exist (2024-02-30), text in another form, and numbers that are not 10-digit epoch
 * seconds are refused with the accepted forms.
 */
export function optionalDateTimeMillisOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const refuse = (problem: string) =>
		fieldError(context, itemIndex, label, `${problem}; it takes ${ACCEPTED_DATE_FORMS}`, `Pick a date in '${label}', or give it in one of those forms.`);
	const text = typeof value === 'string' ? value.trim() : undefined;
	if (typeof value === 'number' || (text !== undefined && /^\d+$/.test(text))) {
		const seconds = Number(text ?? value);
		if (!Number.isInteger(seconds) || seconds < 0) throw refuse(`is ${describeValue(value)}, not whole epoch seconds`);
		if (seconds > EPOCH_SECONDS_MAX && seconds <= EPOCH_SECONDS_MAX * 1000) {
			throw refuse(`is ${describeValue(value)}, which looks like milliseconds (divide by 1000)`);
		}
		if (seconds < EPOCH_SECONDS_MIN || seconds > EPOCH_SECONDS_MAX) {
			throw refuse(`is ${describeValue(value)}, which is not 10-digit epoch seconds`);
		}
		return seconds * 1000;
	}
	if (text !== undefined) {
		const problem = isoDateProblem(text);
		const millis = Date.parse(text);
		if (problem !== undefined || !Number.isFinite(millis)) throw refuse(`holds "${shorten(text)}", which ${problem ?? 'is not a date'}`);
		return millis;
	}
	let millis = Number.NaN;
	if (value instanceof Date) millis = value.getTime();
	else if (typeof value === 'object' && typeof (value as { toMillis?: unknown }).toMillis === 'function') {
		millis = (value as { toMillis(): number }).toMillis();
	}
	if (Number.isFinite(millis)) return millis;
	throw refuse(`must be a date and time, not ${describeValue(value)}`);
}

/** The same point in time as whole epoch seconds (the API's timestamps). */
export function optionalEpochSecondsOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
): number | undefined {
	const millis = optionalDateTimeMillisOf(context, itemIndex, label, value);
	return millis === undefined ? undefined : Math.floor(millis / 1000);
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
