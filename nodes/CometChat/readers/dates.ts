/** Dates and times (docs/cometchat-api.md, Dates). */
import type { IExecuteFunctions } from 'n8n-workflow';

import { describeValue, fieldError, shorten } from './fieldErrors';

/**
 * Epoch seconds as the API's timestamps have them: ten digits, from 2001-09-09 to 2286. A bare
 * number outside that range is refused rather than guessed at: 1700000000000 is milliseconds, and
 * 0 or 12 is most likely a mistake, not 1970.
 */
const EPOCH_SECONDS_MIN = 1_000_000_000;
const EPOCH_SECONDS_MAX = 9_999_999_999;
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

const ACCEPTED_DATE_FORMS =
	'a date and time in ISO 8601 (2024-01-31 or 2024-01-31T12:00:00Z), a date from an expression such as {{ $now.minus({ days: 7 }) }}, or whole epoch seconds (10 digits, e.g. 1706702400)';

/** Why a text is not an ISO 8601 date that exists, or undefined when it is one. */
function isoDateProblem(text: string): string | undefined {
	const parts = ISO_DATE_TIME.exec(text);
	if (!parts) return 'is not in a form this field takes';
	const [year, month, day, hour = 0, minute = 0, second = 0] = parts
		.slice(1, 7)
		.map((part) => (part === undefined ? undefined : Number(part))) as number[];
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
export function optionalDateTimeMillisOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const refuse = (problem: string) =>
		fieldError(
			context,
			itemIndex,
			label,
			`${problem}; it takes ${ACCEPTED_DATE_FORMS}`,
			`Pick a date in '${label}', or give it in one of those forms.`,
		);
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
export function optionalEpochSecondsOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): number | undefined {
	const millis = optionalDateTimeMillisOf(context, itemIndex, label, value);
	return millis === undefined ? undefined : Math.floor(millis / 1000);
}

/** One end of a range of time: its field's display name, and its time in epoch seconds when given. */
export interface RangeEnd {
	label: string;
	seconds: number | undefined;
}

/** One end of a range from its date field (see optionalEpochSecondsOf). */
export function rangeEndOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown): RangeEnd {
	return { label, seconds: optionalEpochSecondsOf(context, itemIndex, label, value) };
}

function isoOf(seconds: number): string {
	return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * Refuses a range whose end comes before its start. The service takes one and answers with an empty
 * list or zero, and no word why: a swapped pair is a mistake upstream, told here naming both fields.
 */
export function checkRange(context: IExecuteFunctions, itemIndex: number, start: RangeEnd, end: RangeEnd): void {
	if (start.seconds === undefined || end.seconds === undefined || end.seconds >= start.seconds) return;
	throw fieldError(
		context,
		itemIndex,
		end.label,
		`(${isoOf(end.seconds)}) is before '${start.label}' (${isoOf(start.seconds)})`,
		`Pick a '${end.label}' after '${start.label}', or swap the two.`,
	);
}

/**
 * Refuses a start of a report's period that has not come yet: the service reports only what has
 * happened, so the answer could only be zeros. `nowSeconds` is the clock of the check.
 */
export function checkHasBegun(context: IExecuteFunctions, itemIndex: number, start: RangeEnd, nowSeconds: number): void {
	if (start.seconds === undefined || start.seconds <= nowSeconds) return;
	throw fieldError(
		context,
		itemIndex,
		start.label,
		`(${isoOf(start.seconds)}) is in the future; CometChat reports only what has already happened`,
		`Pick a '${start.label}' in the past, e.g. {{ $now.minus({ days: 30 }) }}.`,
	);
}
