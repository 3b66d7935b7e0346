/** When a Send and Wait's wait ends: Options → Limit Wait Time, bounded by n8n's latest wait date. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { optionalDateTimeMillisOf } from '../../../readers/dates';
import { describeValue, fieldError } from '../../../readers/fieldErrors';
import { optionOf } from '../../../readers/values';

const LIMIT_TYPES = ['afterTimeInterval', 'atSpecifiedTime'] as const;
const UNIT_MILLIS = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
const UNITS = Object.keys(UNIT_MILLIS) as Array<keyof typeof UNIT_MILLIS>;

/**
 * The latest deadline n8n can wait until: WAIT_INDEFINITELY (3000-01-01) is how n8n stores a wait
 * without a limit (putExecutionToWait keeps the date as waitTill; only an answer ends such a
 * wait), so a limit must end before it.
 */
const LATEST_DEADLINE = WAIT_INDEFINITELY.getTime();
const beyondLatest = `the latest date n8n can wait until (${WAIT_INDEFINITELY.toISOString()})`;

/** When the wait ends: n8n's "wait indefinitely" date, or the limit from Options → Limit Wait Time. */
export function waitTillOf(context: IExecuteFunctions, itemIndex: number): Date {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const limit = (options.limitWaitTime as IDataObject | undefined)?.values as IDataObject | undefined;
	if (!limit) return WAIT_INDEFINITELY;
	const limitType = optionOf(context, itemIndex, 'Limit Type', limit.limitType ?? 'afterTimeInterval', LIMIT_TYPES);
	const tooLate = (label: string, what: string) =>
		fieldError(
			context,
			itemIndex,
			label,
			`${what} ${beyondLatest}`,
			'Set an earlier end in Options → Limit Wait Time, or remove Limit Wait Time to wait until the person answers.',
		);
	if (limitType === 'atSpecifiedTime') {
		const at = limit.maxDateAndTime;
		const millis = optionalDateTimeMillisOf(context, itemIndex, 'Max Date and Time', at);
		if (millis === undefined || millis <= Date.now()) {
			throw fieldError(
				context,
				itemIndex,
				'Max Date and Time',
				millis === undefined ? 'is empty' : `is in the past (${new Date(millis).toISOString()})`,
				"Pick a date and time in the future in Options → Limit Wait Time → 'Max Date and Time'.",
			);
		}
		if (millis >= LATEST_DEADLINE) throw tooLate('Max Date and Time', `is ${new Date(millis).toISOString()}, after`);
		return new Date(millis);
	}
	const unit = optionOf(context, itemIndex, 'Unit', limit.resumeUnit ?? 'hours', UNITS);
	const amount = limit.resumeAmount;
	if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) {
		throw fieldError(
			context,
			itemIndex,
			'Amount',
			`must be a number above 0, not ${describeValue(amount)}`,
			"Enter how long to wait in Options → Limit Wait Time → 'Amount'.",
		);
	}
	const deadline = Date.now() + amount * UNIT_MILLIS[unit];
	// Beyond JavaScript's dates too (e.g. 1e9 days): a Date of it would be Invalid Date.
	if (!(deadline < LATEST_DEADLINE)) throw tooLate('Amount', `is ${amount} ${unit}, which ends after`);
	return new Date(deadline);
}
