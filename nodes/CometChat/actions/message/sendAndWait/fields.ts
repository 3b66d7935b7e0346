/** The fields of Send and Wait for Response, as n8n's own send-and-wait nodes have them. */
import type { INodeProperties } from 'n8n-workflow';

import { senderAndReceiverFields } from '../delivery';
import { elementProperties } from '../form/fields';

const limitWaitTimeValues: INodeProperties[] = [
	{
		displayName: 'Limit Type',
		name: 'limitType',
		type: 'options',
		default: 'afterTimeInterval',
		description: 'When the wait ends without an answer',
		options: [
			{ name: 'After Time Interval', value: 'afterTimeInterval', description: 'Waits for a certain amount of time' },
			{ name: 'At Specified Time', value: 'atSpecifiedTime', description: 'Waits until the set date and time' },
		],
	},
	{
		displayName: 'Amount',
		name: 'resumeAmount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 1,
		description: 'The time to wait',
		displayOptions: { show: { limitType: ['afterTimeInterval'] } },
	},
	{
		displayName: 'Unit',
		name: 'resumeUnit',
		type: 'options',
		options: [
			{ name: 'Seconds', value: 'seconds' },
			{ name: 'Minutes', value: 'minutes' },
			{ name: 'Hours', value: 'hours' },
			{ name: 'Days', value: 'days' },
		],
		default: 'hours',
		description: 'Unit of the amount',
		displayOptions: { show: { limitType: ['afterTimeInterval'] } },
	},
	{
		displayName: 'Max Date and Time',
		name: 'maxDateAndTime',
		type: 'dateTime',
		default: '',
		description: 'The wait ends at this date and time',
		displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
	},
];

const limitWaitTimeOption: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	description:
		'Whether to limit the time this node waits for an answer; when it is over, the workflow continues with the input items and later answers are refused',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } },
	options: [{ displayName: 'Values', name: 'values', values: limitWaitTimeValues }],
};

export const properties: INodeProperties[] = [
	...senderAndReceiverFields,
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 3 },
		placeholder: 'e.g. May I refund order 4711?',
		description: 'The question the person sees: the title of the form',
	},
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{ name: 'Approval', value: 'approval', description: 'The person approves (or declines) with a button' },
			{ name: 'Free Text', value: 'freeText', description: 'The person answers with a text' },
			{ name: 'Custom Form', value: 'form', description: 'The person fills in a form built below' },
		],
	},
	{
		displayName: 'Form Fields',
		name: 'formFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Form Field',
		default: {},
		description: 'The elements of the form, in order; the answer carries each under its element ID',
		displayOptions: { show: { responseType: ['form'] } },
		options: [{ displayName: 'Field', name: 'field', values: elementProperties }],
	},
	{
		displayName: 'Approval Options',
		name: 'approvalOptions',
		type: 'fixedCollection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show: { responseType: ['approval'] } },
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Type of Approval',
						name: 'approvalType',
						type: 'options',
						default: 'single',
						options: [
							{ name: 'Approve Only', value: 'single' },
							{ name: 'Approve and Disapprove', value: 'double' },
						],
					},
					{
						displayName: 'Approve Button Label',
						name: 'approveLabel',
						type: 'string',
						default: 'Approve',
					},
					{
						displayName: 'Disapprove Button Label',
						name: 'disapproveLabel',
						type: 'string',
						default: 'Decline',
						displayOptions: { show: { approvalType: ['double'] } },
					},
				],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show: { responseType: ['approval'] } },
		options: [limitWaitTimeOption],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		displayOptions: { show: { responseType: ['freeText', 'form'] } },
		options: [
			{
				displayName: 'Response Form Button Label',
				name: 'responseFormButtonLabel',
				type: 'string',
				default: 'Submit',
			},
			{
				displayName: 'Response Label',
				name: 'responseLabel',
				type: 'string',
				default: 'Response',
				description: 'The label of the text box (Free Text)',
			},
			limitWaitTimeOption,
		],
	},
];
