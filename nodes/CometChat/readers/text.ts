/**
 * Typed readers (this folder): text, IDs and UIDs here; lists, values and dates beside. Every parameter an operation reads goes through one of these, so a value of the
 * wrong type (an object from an expression, a number where a switch is expected) fails here with
 * the field's display name and [item N], before anything is sent. Each reader comes in two forms:
 * `...Of(value)` checks a value already read (e.g. a member of a collection), `read...(name)` reads
 * the parameter first.
 */
import type { IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';

import { describeValue, fieldError, shorten } from './fieldErrors';
import { noteIdRead } from './idsRead';

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

export function readRequiredText(context: IExecuteFunctions, itemIndex: number, name: string, label: string, howToFix?: string): string {
	return requiredTextOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, ''), howToFix);
}

/** A text that is dropped when empty, but refused when blank (spaces only): that is never meant. */
export function optionalTextOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string | undefined {
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

/** An e-mail address as far as a form can tell: something@domain.tld, no spaces. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** The longest address mail can carry (RFC 5321: a path of 256 with its brackets), and its longest local part. */
export const EMAIL_MAX_LENGTH = 254;
const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/** Why a text is not an e-mail address, or undefined when it can be one. Never quotes the text: addresses are personal data. */
export function emailProblem(text: string): string | undefined {
	if (text.length > EMAIL_MAX_LENGTH) return `has ${text.length} characters; an e-mail address has at most ${EMAIL_MAX_LENGTH}`;
	if (!EMAIL.test(text)) return 'is not an e-mail address';
	if (text.lastIndexOf('@') > EMAIL_LOCAL_PART_MAX_LENGTH) {
		return `is not an e-mail address: the part before the @ has at most ${EMAIL_LOCAL_PART_MAX_LENGTH} characters`;
	}
	return undefined;
}

/** The value of a resource locator (or of a plain string parameter that used to be one). */
export function locatorValue(value: unknown): string {
	if (isLocator(value)) return String(value.value ?? '').trim();
	return String(value ?? '').trim();
}

/**
 * What no ID of CometChat's holds, in any field: a slash or backslash, and control characters (line
 * breaks, tabs, NUL). An ID goes into a URL's path, where the servers and proxies in front of an API
 * may read even an encoded slash as a separator and address another resource; a line break is a
 * paste that took more than the ID.
 */
const NOT_IN_ANY_ID = /[/\\\p{Cc}]/gu;

/** The distinct characters of `text` that `pattern` (global) matches, each quoted: `"/", "\n"`; '' when none. */
function charactersIn(text: string, pattern: RegExp): string {
	return [...new Set(text.match(pattern) ?? [])].map((character) => JSON.stringify(character)).join(', ');
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
		const bad = charactersIn(id, NOT_IN_ANY_ID);
		if (bad !== '') {
			throw fieldError(
				context,
				itemIndex,
				label,
				// Not quoted: the ID may be a secret (an auth token, a push token, an API key).
				`has characters no CometChat ID can have: ${bad}`,
				`Give the ID itself in '${label}', as CometChat lists it, without slashes, line breaks or tabs.`,
			);
		}
		noteIdRead(context, itemIndex, label, id, 'id');
		return id;
	}
	if (typeof raw === 'number' && Number.isFinite(raw)) {
		noteIdRead(context, itemIndex, label, String(raw), 'id');
		return String(raw);
	}
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
export function optionalId(context: IExecuteFunctions, itemIndex: number, parameterName: string, label: string): string | undefined {
	return idOf(context, itemIndex, label, context.getNodeParameter(parameterName, itemIndex, '')) || undefined;
}

/** CometChat's documented UID rules: at most 100 letters, digits, `_` and `-`; stored in lower case. */
export const UID_MAX_LENGTH = 100;
/** The characters of a UID and of a GUID (CometChat documents the same set for both). */
const ID_CHARACTERS = /^[A-Za-z0-9_-]+$/;
const NOT_AN_ID_CHARACTER = /[^A-Za-z0-9_-]/g;

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
	if (!ID_CHARACTERS.test(uid)) {
		const bad = charactersIn(uid, NOT_AN_ID_CHARACTER);
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
	noteIdRead(context, itemIndex, label, uid, 'uid');
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
export function optionalUid(context: IExecuteFunctions, itemIndex: number, parameterName: string, label: string): string | undefined {
	const uid = optionalId(context, itemIndex, parameterName, label);
	return uid === undefined ? undefined : uidOf(context, itemIndex, label, uid);
}

/** Checks a GUID against CometChat's rule: letters, digits, `_` and `-` (ID_CHARACTERS). CometChat publishes no length limit or case rule for GUIDs: those are its own to judge. */
export function guidOf(context: IExecuteFunctions, itemIndex: number, label: string, guid: string): string {
	if (ID_CHARACTERS.test(guid)) {
		noteIdRead(context, itemIndex, label, guid, 'guid');
		return guid;
	}
	throw fieldError(
		context,
		itemIndex,
		label,
		`holds "${shorten(guid)}", which has characters a CometChat GUID cannot have: ${charactersIn(guid, NOT_AN_ID_CHARACTER)}`,
		`A GUID has only letters, digits, _ and -. Fix the GUID in '${label}'.`,
	);
}

/** A required GUID parameter (locator or string), checked against CometChat's GUID rule. */
export function requiredGuid(
	context: IExecuteFunctions,
	itemIndex: number,
	parameterName: string,
	label: string,
	howToFix?: string,
): string {
	return guidOf(context, itemIndex, label, requiredId(context, itemIndex, parameterName, label, howToFix));
}

/** A message ID as CometChat gives them: a whole number above zero, as digits. */
const MESSAGE_ID = /^[1-9][0-9]*$/;

/** An ID read with idOf that must be a message's: digits only (`1.5`, `-3` or `abc` is no message's ID). */
export function messageIdOf(context: IExecuteFunctions, itemIndex: number, label: string, id: string): string {
	if (MESSAGE_ID.test(id)) {
		noteIdRead(context, itemIndex, label, id, 'message');
		return id;
	}
	throw fieldError(
		context,
		itemIndex,
		label,
		`holds "${shorten(id)}", which is not a message ID; CometChat's message IDs are whole numbers, e.g. 1234`,
		`Give the message's ID in '${label}', e.g. with the expression {{ $json.id }} after a step that sent or listed it.`,
	);
}

/** An optional ID of one kind (a locator, a string or a number): undefined when empty, else checked by `check`. */
function optionalIdOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	check: (context: IExecuteFunctions, itemIndex: number, label: string, id: string) => string,
): string | undefined {
	const id = idOf(context, itemIndex, label, value);
	return id === '' ? undefined : check(context, itemIndex, label, id);
}

/** An optional message ID: undefined when empty, checked otherwise. */
export function optionalMessageIdOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string | undefined {
	return optionalIdOf(context, itemIndex, label, value, messageIdOf);
}

/** An optional GUID: undefined when empty, checked otherwise. */
export function optionalGuid(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string | undefined {
	return optionalIdOf(context, itemIndex, label, value, guidOf);
}
