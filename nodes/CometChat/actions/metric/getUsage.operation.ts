import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { checkHasBegun, checkRange, optionalEpochSecondsOf } from '../../readers/dates';
import { fieldError } from '../../readers/fieldErrors';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** A required date of the range, as the whole epoch seconds GET /stats takes. */
function epochSecondsOf(context: IExecuteFunctions, itemIndex: number, name: string, label: string): number {
	const seconds = optionalEpochSecondsOf(context, itemIndex, label, context.getNodeParameter(name, itemIndex, ''));
	if (seconds === undefined) {
		throw fieldError(context, itemIndex, label, 'is empty', `Pick a date in '${label}', e.g. {{ $now.minus({ days: 30 }) }}.`);
	}
	return seconds;
}

/** GET /stats?fromDate&toDate (docs/cometchat-api.md, Metrics): the dates are sent as epoch seconds. */
export const getUsage: OperationDefinition = {
	value: 'getUsage',
	name: 'Get Usage',
	action: "Get the app's usage",
	description: 'Get the call minutes, recorded minutes, active users and peak concurrent users of the app over a period',
	returns:
		'Returns metrics (audio_minutes, video_minutes, recorded_minutes, active_users, concurrent_users) and time_range (fromDate, toDate).',
	properties: [
		{
			displayName: 'From',
			name: 'fromDate',
			type: 'dateTime',
			required: true,
			default: '',
			description: 'Start of the period: a date and time, e.g. 2024-01-01T00:00:00Z',
		},
		{
			displayName: 'To',
			name: 'toDate',
			type: 'dateTime',
			required: true,
			default: '',
			description: 'End of the period: a date and time, e.g. 2024-01-31T23:59:59Z',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const fromDate = epochSecondsOf(this, itemIndex, 'fromDate', 'From');
		const toDate = epochSecondsOf(this, itemIndex, 'toDate', 'To');
		const from = { label: 'From', seconds: fromDate };
		checkHasBegun(this, itemIndex, from, Math.floor(Date.now() / 1000));
		checkRange(this, itemIndex, from, { label: 'To', seconds: toDate });
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['stats'], qs: { fromDate, toDate } });
		return response.data as IDataObject;
	},
};
