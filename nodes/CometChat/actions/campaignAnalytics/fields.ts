import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { checkRange, rangeEndOf } from '../../readers/dates';
import { optionalTextOf } from '../../readers/text';
import { integerOf, optionalOptionOf } from '../../readers/values';

const PERIODS = ['hourly', 'daily'] as const;
const DIMENSIONS = ['campaign', 'template', 'channel'] as const;

/** The query every analytics operation takes (campaigns-apis.json): a window of ISO 8601 dates, a period, a dimension. */
export function analyticsOptions(withDimension: boolean): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			...(withDimension
				? [
						{
							displayName: 'Dimension',
							name: 'dimension',
							type: 'options' as const,
							options: DIMENSIONS.map((value) => ({ name: value[0].toUpperCase() + value.slice(1), value })),
							default: 'campaign',
							description: 'Count only one campaign, template or channel type (with Dimension ID)',
						},
						{
							displayName: 'Dimension ID',
							name: 'dimensionId',
							type: 'string' as const,
							default: '',
							description: 'Its ID (a channel: its type)',
						},
					]
				: []),
			{ displayName: 'From', name: 'startDate', type: 'dateTime', default: '', description: 'Count what was sent from this time' },
			{
				displayName: 'Periods',
				name: 'limit',
				type: 'number',
				default: 50,
				typeOptions: { minValue: 1 },
				description: 'Max number of results to return',
			},
			{
				displayName: 'Series By',
				name: 'period',
				type: 'options',
				options: [
					{ name: 'Day', value: 'daily' },
					{ name: 'Hour', value: 'hourly' },
				],
				default: 'daily',
				description: 'Add a series of the counts per hour or per day',
			},
			{ displayName: 'To', name: 'endDate', type: 'dateTime', default: '', description: 'Count what was sent until this time' },
		],
	};
}

/** The options as the query: the dates read by the date reader and sent as ISO 8601, as the analytics take them. */
export function analyticsQueryOf(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const qs: IDataObject = {};
	const start = rangeEndOf(context, itemIndex, 'From', options.startDate);
	const end = rangeEndOf(context, itemIndex, 'To', options.endDate);
	checkRange(context, itemIndex, start, end);
	if (start.seconds !== undefined) qs.startDate = new Date(start.seconds * 1000).toISOString();
	if (end.seconds !== undefined) qs.endDate = new Date(end.seconds * 1000).toISOString();
	const period = optionalOptionOf(context, itemIndex, 'Series By', options.period, PERIODS);
	if (period !== undefined) qs.period = period;
	if (options.limit !== undefined) qs.limit = integerOf(context, itemIndex, 'Periods', options.limit, 1);
	const dimension = optionalOptionOf(context, itemIndex, 'Dimension', options.dimension, DIMENSIONS);
	if (dimension !== undefined) qs.dimension = dimension;
	const dimensionId = optionalTextOf(context, itemIndex, 'Dimension ID', options.dimensionId);
	if (dimensionId !== undefined) qs.dimensionId = dimensionId;
	return qs;
}
