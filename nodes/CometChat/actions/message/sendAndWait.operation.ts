/**
 * Message → Send and Wait for Response: an interactive form whose buttons call the execution's
 * resume URL, then n8n's own wait. n8n signs the resume URL (getSignedResumeUrl, an HMAC with the
 * instance's secret) and, once setSignatureValidationRequired was called, refuses an unsigned or
 * forged call with 401 before the node is asked. The request the CometChat client makes for an API
 * action, and what the webhook reads from it, are in docs/cometchat-api.md ("Interactive forms and
 * Send and Wait").
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION, WAIT_INDEFINITELY } from 'n8n-workflow';

import { optionalDateTimeMillisOf } from '../../readers/dates';
import { describeValue, fieldError } from '../../readers/fieldErrors';
import { readRequiredText, textOf } from '../../readers/text';
import { messageTextOf, optionOf, readOption } from '../../readers/values';
import { isRecord } from '../../helpers/values';
import type { OperationDefinition } from '../types';
import { senderAndReceiverFields, sendMessage } from './delivery';
import type { AnswerElement } from './form';
import { answerElements, buildFormData, checkAnswers, decodeAnswerElements, encodeAnswerElements } from './form';
import { checkForm, elementProperties, formReaders } from './sendForm.operation';

/** The data key of every button: the person's answers come under it, keyed by element ID. */
export const ANSWERS_KEY = 'answers';
/** The element ID of the Free Text answer. */
export const FREE_TEXT_ELEMENT = 'response';
/** The signed query parameter that carries the wait's deadline (epoch milliseconds). */
const EXPIRES_PARAM = 'expires';
/** The signed query parameter that carries a Custom Form's answerable elements (encodeAnswerElements). */
const FORM_PARAM = 'form';
/** The one element of the Free Text form. */
const FREE_TEXT_ELEMENTS: AnswerElement[] = [{ id: FREE_TEXT_ELEMENT, type: 'textInput', optional: false }];

/**
 * The Custom Form's value is `form`, not n8n's `customForm`: newer n8n (2.41) expects a
 * `customForm` answer as multipart form data from its own web form and refuses the JSON the
 * CometChat client sends with 415.
 */
const RESPONSE_TYPES = ['approval', 'freeText', 'form'] as const;
type ResponseType = (typeof RESPONSE_TYPES)[number];

/** n8n's send-and-wait webhook: resumes the waiting execution (POST, the buttons' method). */
export const sendAndWaitWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
];

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

const properties: INodeProperties[] = [
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

const LIMIT_TYPES = ['afterTimeInterval', 'atSpecifiedTime'] as const;
const UNIT_MILLIS = { seconds: 1000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
const UNITS = Object.keys(UNIT_MILLIS) as Array<keyof typeof UNIT_MILLIS>;
const APPROVAL_TYPES = ['single', 'double'] as const;

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

/** A button whose API action calls the signed resume URL with the answers under ANSWERS_KEY. */
function answerButton(elementId: string, buttonText: string, url: string): IDataObject {
	return {
		elementType: 'button',
		elementId,
		buttonText,
		disableAfterInteracted: true,
		action: { actionType: 'apiAction', url, method: 'POST', dataKey: ANSWERS_KEY },
	};
}

/** The form's `data` for the chosen response type, its buttons calling `resumeUrl(query)`. */
function questionForm(
	context: IExecuteFunctions,
	itemIndex: number,
	responseType: ResponseType,
	title: string,
	resumeUrl: (query: Record<string, string>) => string,
): IDataObject {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const label = (value: unknown, name: string, fallback: string) => textOf(context, itemIndex, name, value ?? fallback).trim() || fallback;
	if (responseType === 'approval') {
		const approval = context.getNodeParameter('approvalOptions.values', itemIndex, {}) as IDataObject;
		const approve = answerButton('approve', label(approval.approveLabel, 'Approve Button Label', 'Approve'), resumeUrl({ approved: 'true' }));
		const approvalType = optionOf(context, itemIndex, 'Type of Approval', approval.approvalType ?? 'single', APPROVAL_TYPES);
		const formFields =
			approvalType === 'double'
				? [answerButton('decline', label(approval.disapproveLabel, 'Disapprove Button Label', 'Decline'), resumeUrl({ approved: 'false' }))]
				: [];
		return { interactiveData: { title, formFields, submitElement: approve } };
	}
	const submitText = label(options.responseFormButtonLabel, 'Response Form Button Label', 'Submit');
	if (responseType === 'freeText') {
		const submit = answerButton('submit', submitText, resumeUrl({ approved: 'true' }));
		const formFields = [
			{
				elementType: 'textInput',
				elementId: FREE_TEXT_ELEMENT,
				label: label(options.responseLabel, 'Response Label', 'Response'),
				optional: false,
				maxLines: 5,
			},
		];
		return { interactiveData: { title, formFields, submitElement: submit } };
	}
	const built = buildFormData(
		{
			title,
			fields: ((context.getNodeParameter('formFields', itemIndex, {}) as IDataObject).field ?? []) as IDataObject[],
			options: {},
		},
		formReaders(context, itemIndex),
	);
	// The form's answerable elements ride in the signed URL, so the webhook checks the answer against
	// the form that was sent, and no one can change them without breaking the signature.
	const submit = answerButton('submit', submitText, resumeUrl({ approved: 'true', [FORM_PARAM]: encodeAnswerElements(answerElements(built)) }));
	const data = { ...built, interactiveData: { ...(built.interactiveData as IDataObject), submitElement: submit } };
	checkForm(context, itemIndex, data);
	return data;
}

export const sendAndWait: OperationDefinition = {
	value: SEND_AND_WAIT_OPERATION,
	name: 'Send and Wait for Response',
	action: 'Send message and wait for response',
	description:
		'Send a form to a person and wait until they answer it in the chat: approve or decline, a text, or a custom form. The workflow continues with the answer.',
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const responseType = readOption(this, itemIndex, 'responseType', 'Response Type', RESPONSE_TYPES, 'approval');
		const title = messageTextOf(this, itemIndex, 'Message', readRequiredText(this, itemIndex, 'message', 'Message')).trim();
		const waitTill = waitTillOf(this, itemIndex);
		const limited = waitTill.getTime() !== WAIT_INDEFINITELY.getTime();
		// The deadline rides in the signed query, so a late answer that arrives before n8n ends the
		// wait is refused by the webhook; no one can move it without breaking the signature.
		const resumeUrl = (query: Record<string, string>) =>
			this.getSignedResumeUrl(limited ? { ...query, [EXPIRES_PARAM]: String(waitTill.getTime()) } : query);
		const data = questionForm(this, itemIndex, responseType, title, resumeUrl);
		// n8n 2.8 checks the signature of this execution's resume calls once asked to; later versions
		// check it for every send-and-wait resume and no longer have the method.
		if (typeof this.setSignatureValidationRequired === 'function') this.setSignatureValidationRequired();
		const sent = await sendMessage(this, itemIndex, { category: 'interactive', type: 'form', data });
		await this.putExecutionToWait(waitTill);
		return sent;
	},
};

/** Refuses the request with a JSON answer; the execution keeps waiting. */
function refuse(context: IWebhookFunctions, status: number, error: string, hint: string): IWebhookResponseData {
	context.getResponseObject().status(status).json({ error, hint });
	return { noWebhookResponse: true };
}

/**
 * The resume: n8n has checked the signature already. Refuses an answer after the deadline (410)
 * and one that does not fit the form that was sent (400); the execution keeps waiting then. A Free
 * Text or Custom Form answer is checked against the form's elements (checkAnswers; a Custom Form's
 * ride signed in the URL): keys that name no element are dropped, a choice must be one of the
 * options, a required element must have a value. Otherwise outputs
 * `{data, answeredBy, answeredAt, messageId}` with data as n8n's own send-and-wait nodes shape it:
 * {approved}, {text}, or the form's answers by element ID.
 */
export async function sendAndWaitWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const query = this.getQueryData() as IDataObject;
	if (query[EXPIRES_PARAM] !== undefined) {
		const expires = Number(query[EXPIRES_PARAM]);
		if (!Number.isFinite(expires) || Date.now() > expires) {
			const when = Number.isFinite(expires) ? ` at ${new Date(expires).toISOString()}` : '';
			return refuse(this, 410, `This question expired${when}; the workflow no longer waits for an answer`, 'Ask again from the workflow.');
		}
	}
	const body = (this.getBodyData() ?? {}) as IDataObject;
	const responseType = this.getNodeParameter('responseType', 'approval') as ResponseType;
	const answers = body[ANSWERS_KEY];
	const context = isRecord(body.data) ? body.data : {};
	let data: IDataObject;
	if (responseType === 'approval') {
		data = { approved: query.approved === 'true' };
	} else if (!isRecord(answers)) {
		return refuse(
			this,
			400,
			`The answer has no "${ANSWERS_KEY}" object`,
			`Send the form's values under "${ANSWERS_KEY}", keyed by element ID.`,
		);
	} else {
		const elements = responseType === 'freeText' ? FREE_TEXT_ELEMENTS : decodeAnswerElements(query[FORM_PARAM]);
		if (!elements) {
			return refuse(this, 400, "The question's link does not carry its form", 'Ask again from the workflow.');
		}
		const { values, problems } = checkAnswers(elements, answers);
		if (problems.length > 0) {
			return refuse(
				this,
				400,
				`The answer does not fit the form: ${problems[0]}`,
				problems.length === 1 ? 'Correct the answer, then submit again.' : `Correct these ${problems.length} problems, then submit again: ${problems.join('; ')}.`,
			);
		}
		data = responseType === 'freeText' ? { text: values[FREE_TEXT_ELEMENT] } : values;
	}
	const answeredBy = typeof context.interactedBy === 'string' ? context.interactedBy : null;
	const messageId = context.messageId === undefined || context.messageId === null ? null : String(context.messageId);
	return {
		webhookResponse: { success: true },
		workflowData: [[{ json: { data, answeredBy, answeredAt: new Date().toISOString(), messageId } }]],
	};
}
