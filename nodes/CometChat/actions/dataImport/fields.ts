/** The fields the four Data Import operations share, and their readers (docs/cometchat-api.md, Data Import). */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { optionalEpochSecondsOf } from '../../readers/dates';
import { fieldError } from '../../readers/fieldErrors';
import { idOf, uidOf } from '../../readers/text';
import { parseJsonObject } from '../../readers/values';

/** A time of the imported entity: sent as 10-digit epoch seconds, the type the published schema gives it. */
export function timeField(name: string, displayName: string, description: string, required = false): INodeProperties {
	return {
		displayName,
		name,
		type: 'dateTime',
		required,
		default: '',
		description: `${description}. A date and time, or whole epoch seconds.`,
	};
}

/** A time field's value as epoch seconds, or undefined when empty. */
export function timeOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): number | undefined {
	return optionalEpochSecondsOf(context, itemIndex, label, value);
}

/** A time the entity must have (a message's Sent At). */
export function requiredTimeOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): number {
	const seconds = timeOf(context, itemIndex, label, value);
	if (seconds === undefined)
		throw fieldError(context, itemIndex, label, 'is empty', `Give '${label}' a date and time, e.g. {{ $json.sentAt }}.`);
	return seconds;
}

/** A JSON object field of Additional Fields (details of a user or group the entity refers to). */
export function jsonField(name: string, displayName: string, description: string, example: string): INodeProperties {
	return { displayName, name, type: 'json', default: '', placeholder: `e.g. ${example}`, description };
}

/**
 * Details of a user or group sent with the entity, for CometChat to create it when it is not
 * imported yet: a JSON object that has the fields the published schema requires (`uid` and `name`
 * of a user; `guid`, `name` and `type` of a group).
 */
export function detailsOf(
	context: IExecuteFunctions,
	itemIndex: number,
	label: string,
	value: unknown,
	required: readonly string[],
): IDataObject | undefined {
	const details = parseJsonObject(context, itemIndex, value, label);
	if (details === undefined) return undefined;
	const missing = required.filter((key) => typeof details[key] !== 'string' || (details[key] as string).trim() === '');
	if (missing.length > 0) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`has no ${missing.map((key) => `"${key}"`).join(', ')} (text)`,
			`Give '${label}' at least ${required.map((key) => `"${key}"`).join(', ')}, e.g. {"${required[0]}": "…"}.`,
		);
	}
	return details;
}

export const USER_DETAILS = ['uid', 'name'] as const;
export const GROUP_DETAILS = ['guid', 'name', 'type'] as const;

/** A UID in Additional Fields: undefined when empty, checked against CometChat's UID rules otherwise. */
export function optionalUidOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): string | undefined {
	const uid = idOf(context, itemIndex, label, value);
	return uid === '' ? undefined : uidOf(context, itemIndex, label, uid);
}
