import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
	NodeParameterValue,
} from 'n8n-workflow';

import { inputError } from '../../readers/fieldErrors';
import { listOf } from '../../readers/lists';
import { optionalUrlOf, readText, requiredTextOf, textOf } from '../../readers/text';
import { booleanOf, integerOf, optionOf, parseJsonObject, readOption } from '../../readers/values';
import type { OperationDefinition } from '../types';
import { deliveryOptionsField, senderAndReceiverFields, sendMessage } from './delivery';
import type { ButtonMember, FormReaders } from './form';
import { BUTTON_MEMBERS, buildFormData, formDataFromJson, formProblems, HTTP_METHODS, submitMemberName } from './form';

type Show = NonNullable<IDisplayOptions['show']>;

const inBuilder: Show = { formMode: ['builder'] };
const FORM_MODES = ['builder', 'json'] as const;

/** Where the submit button's defaults differ from those of a button among the form fields. */
const SUBMIT_DEFAULTS: Partial<Record<ButtonMember, NodeParameterValue>> = {
	buttonText: 'Submit',
	disableAfterInteracted: true,
	actionType: 'apiAction',
};

/**
 * The fields of a button: a Form Fields entry of type button, or the form's submit button (shown
 * at the top level, its names prefixed with `submit`).
 */
function buttonProperties(forSubmit: boolean, show: Show): INodeProperties[] {
	const nameOf = (member: ButtonMember) => (forSubmit ? submitMemberName(member) : member);
	const label = (name: string) => (forSubmit ? `Submit Button ${name}` : name);
	const onApiAction = { show: { ...show, [nameOf('actionType')]: ['apiAction'] } };
	const properties: Record<ButtonMember, INodeProperties> = {
		buttonText: {
			displayName: forSubmit ? 'Submit Button Text' : 'Button Text',
			name: nameOf('buttonText'),
			type: 'string',
			default: '',
			placeholder: 'e.g. Send',
			description: 'The text on the button',
			displayOptions: { show },
		},
		disableAfterInteracted: {
			displayName: label('Disable After Interacted'),
			name: nameOf('disableAfterInteracted'),
			type: 'boolean',
			default: false,
			description: 'Whether the button is disabled once the receiver has used it',
			displayOptions: { show },
		},
		actionType: {
			displayName: label('Action'),
			name: nameOf('actionType'),
			type: 'options',
			options: [
				{
					name: 'API Action',
					value: 'apiAction',
					description: 'Send an HTTP request, e.g. to an n8n webhook, with the entered values',
				},
				{ name: 'URL Navigation', value: 'urlNavigation', description: 'Open a web page' },
			],
			default: 'urlNavigation',
			displayOptions: { show },
		},
		url: {
			displayName: label('URL'),
			name: nameOf('url'),
			type: 'string',
			// The submit button always needs one; a button among the form fields is checked when sent.
			required: forSubmit,
			default: '',
			placeholder: 'e.g. https://example.com/webhook/form',
			description: 'The address the button calls (API action) or opens (URL navigation)',
			displayOptions: { show },
		},
		method: {
			displayName: label('HTTP Method'),
			name: nameOf('method'),
			type: 'options',
			options: HTTP_METHODS.map((method) => ({ name: method, value: method })),
			default: 'POST',
			displayOptions: onApiAction,
		},
		payload: {
			displayName: label('Payload (JSON)'),
			name: nameOf('payload'),
			type: 'json',
			default: '{}',
			description: 'A body sent with the request, besides the entered values',
			displayOptions: onApiAction,
		},
		headers: {
			displayName: label('Headers (JSON)'),
			name: nameOf('headers'),
			type: 'json',
			default: '{}',
			description: 'Request headers as a JSON object, e.g. {"Authorization": "Bearer …"}',
			displayOptions: onApiAction,
		},
		dataKey: {
			displayName: label('Data Key'),
			name: nameOf('dataKey'),
			type: 'string',
			default: '',
			placeholder: 'e.g. formData',
			description: 'The key under which the entered values are put in the request body',
			displayOptions: onApiAction,
		},
	};
	return BUTTON_MEMBERS.map((member) =>
		forSubmit && member in SUBMIT_DEFAULTS
			? { ...properties[member], default: SUBMIT_DEFAULTS[member] as NodeParameterValue }
			: properties[member],
	);
}

const ofType = (...types: string[]) => ({ show: { elementType: types } });

/** The members of one Form Fields entry; each is shown for the element types that have it. */
export const elementProperties: INodeProperties[] = [
	{
		displayName: 'Element Type',
		name: 'elementType',
		type: 'options',
		options: [
			{ name: 'Button', value: 'button', description: 'A button with its own action' },
			{ name: 'Checkbox', value: 'checkbox', description: 'Several options may be ticked' },
			{ name: 'Date and Time', value: 'dateTime', description: 'A date and/or time picker' },
			{ name: 'Dropdown', value: 'dropdown', description: 'One option from a drop-down list' },
			{ name: 'Single Select', value: 'singleSelect', description: 'One option from buttons shown side by side' },
			{ name: 'Text Input', value: 'textInput', description: 'Free text' },
		],
		default: 'textInput',
	},
	{
		displayName: 'Element ID',
		name: 'elementId',
		type: 'string',
		default: '',
		placeholder: 'e.g. email',
		description: 'Unique ID of the element in the form; the answers are keyed by it',
	},
	{
		displayName: 'Label',
		name: 'label',
		type: 'string',
		default: '',
		placeholder: 'e.g. Your email',
	},
	{
		displayName: 'Optional',
		name: 'optional',
		type: 'boolean',
		default: false,
		description: 'Whether the receiver may leave the element empty',
		displayOptions: ofType('checkbox', 'dateTime', 'dropdown', 'singleSelect', 'textInput'),
	},
	{
		displayName: 'Options',
		name: 'choices',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Option',
		default: {},
		displayOptions: ofType('checkbox', 'dropdown', 'singleSelect'),
		options: [
			{
				displayName: 'Option',
				name: 'choice',
				values: [
					{
						displayName: 'Label',
						name: 'label',
						type: 'string',
						default: '',
						placeholder: 'e.g. Red',
						description: 'What the receiver sees. The value when empty.',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'e.g. red',
						description: 'What the answer carries',
					},
				],
			},
		],
	},
	{
		displayName: 'Default Value',
		name: 'defaultValue',
		type: 'string',
		default: '',
		placeholder: 'e.g. red',
		description:
			'The value filled in at first. For a dropdown or single select: one option value; for a checkbox: option values separated by commas.',
		displayOptions: ofType('checkbox', 'dateTime', 'dropdown', 'singleSelect', 'textInput'),
	},
	{
		displayName: 'Placeholder',
		name: 'placeholder',
		type: 'string',
		default: '',
		placeholder: 'e.g. name@example.com',
		description: 'Hint text shown while the element is empty',
		displayOptions: ofType('dateTime', 'textInput'),
	},
	{
		displayName: 'Max Lines',
		name: 'maxLines',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1 },
		description: 'How many lines of text the element shows',
		displayOptions: ofType('dateTime', 'textInput'),
	},
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		options: [
			{ name: 'Date', value: 'date' },
			{ name: 'Date and Time', value: 'dateTime' },
			{ name: 'Time', value: 'time' },
		],
		default: 'date',
		displayOptions: ofType('dateTime'),
	},
	{
		displayName: 'Date Time Format',
		name: 'dateTimeFormat',
		type: 'string',
		default: '',
		placeholder: 'e.g. yyyy-MM-dd',
		displayOptions: ofType('dateTime'),
	},
	{
		displayName: 'Timezone Code',
		name: 'timezoneCode',
		type: 'string',
		default: '',
		placeholder: 'e.g. Europe/Berlin',
		displayOptions: ofType('dateTime'),
	},
	{
		displayName: 'From',
		name: 'from',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2025-01-01',
		description: 'The earliest date or time that can be picked',
		displayOptions: ofType('dateTime'),
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2025-12-31',
		description: 'The latest date or time that can be picked',
		displayOptions: ofType('dateTime'),
	},
	...buttonProperties(false, { elementType: ['button'] }),
];

const properties: INodeProperties[] = [
	...senderAndReceiverFields,
	{
		displayName: 'Define Form',
		name: 'formMode',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using the Form Builder', value: 'builder', description: 'Add the title, fields and buttons below' },
			{ name: 'Using JSON', value: 'json', description: 'A form built in an earlier step' },
		],
		default: 'builder',
	},
	{
		displayName: 'Form (JSON)',
		name: 'formJson',
		type: 'json',
		default: '{\n  "interactiveData": {\n    "title": "",\n    "formFields": [],\n    "submitElement": {}\n  }\n}',
		description:
			'The form\'s data: {"interactiveData": {"title", "formFields", "submitElement"}, "interactionGoal", "allowSenderInteraction"}, or only the interactiveData. It gets the same checks as a built form.',
		displayOptions: { show: { formMode: ['json'] } },
	},
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Book a demo',
		description: 'The heading of the form',
		displayOptions: { show: inBuilder },
	},
	{
		displayName: 'Form Fields',
		name: 'formFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Form Field',
		default: {},
		description: 'The elements of the form, in order',
		displayOptions: { show: inBuilder },
		options: [{ displayName: 'Field', name: 'field', values: elementProperties }],
	},
	{
		displayName: 'Submit Button ID',
		name: submitMemberName('elementId'),
		type: 'string',
		default: 'submit',
		placeholder: 'e.g. submit',
		description: 'Element ID of the submit button; unique in the form',
		displayOptions: { show: inBuilder },
	},
	...buttonProperties(true, inBuilder),
	{
		displayName: 'Form Options',
		name: 'formOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: inBuilder },
		options: [
			{
				displayName: 'Allow Sender Interaction',
				name: 'allowSenderInteraction',
				type: 'boolean',
				default: false,
				description: 'Whether the sender may fill in the form too',
			},
			{
				displayName: 'Goal Element IDs',
				name: 'goalElementIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. email, date',
				description: 'The elements the interaction goal counts, separated by commas',
			},
			{
				displayName: 'Interaction Goal',
				name: 'interactionGoal',
				type: 'options',
				options: [
					{ name: 'All Of', value: 'allOf', description: 'The form is done when all goal elements were used' },
					{ name: 'Any Action', value: 'anyAction', description: 'The form is done after any interaction' },
					{ name: 'Any Of', value: 'anyOf', description: 'The form is done when one of the goal elements was used' },
					{ name: 'None', value: 'none', description: 'The form is never marked done' },
				],
				default: 'allOf',
				description: 'When the form counts as completed',
			},
		],
	},
	deliveryOptionsField,
];

export const sendForm: OperationDefinition = {
	value: 'sendForm',
	name: 'Send Form',
	action: 'Send an interactive form',
	description:
		'Send an interactive form message (title, fields, submit button) on behalf of a user; the form is checked before it is sent',
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const read = formReaders(this, itemIndex);
		const data =
			readOption(this, itemIndex, 'formMode', 'Define Form', FORM_MODES, 'builder') === 'json'
				? formDataFromJson(read.json(this.getNodeParameter('formJson', itemIndex, ''), 'Form (JSON)') ?? {})
				: buildFormData(
						{
							title: readText(this, itemIndex, 'title', 'Title'),
							fields: ((this.getNodeParameter('formFields', itemIndex, {}) as IDataObject).field ?? []) as IDataObject[],
							submit: submitButtonValues(this, itemIndex),
							options: this.getNodeParameter('formOptions', itemIndex, {}) as IDataObject,
						},
						read,
					);
		checkForm(this, itemIndex, data);
		return await sendMessage(this, itemIndex, { category: 'interactive', type: 'form', data });
	},
};

/** The submit button's top-level fields, under the member names a Form Fields button uses. */
function submitButtonValues(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const values: IDataObject = {
		elementId: context.getNodeParameter(submitMemberName('elementId'), itemIndex, 'submit'),
	};
	// Members hidden by the chosen action (e.g. the method of a URL navigation) read as null.
	for (const member of BUTTON_MEMBERS) {
		values[member] = context.getNodeParameter(submitMemberName(member), itemIndex, null);
	}
	return values;
}

/** The builder's readers for one item: each refuses a wrong value with an error naming the field. */
export function formReaders(context: IExecuteFunctions, itemIndex: number): FormReaders {
	return {
		json: (value, fieldName) => parseJsonObject(context, itemIndex, value, fieldName),
		text: (value, fieldName) => textOf(context, itemIndex, fieldName, value).trim() || undefined,
		required: (value, fieldName) => requiredTextOf(context, itemIndex, fieldName, value).trim(),
		url: (value, fieldName) => optionalUrlOf(context, itemIndex, fieldName, textOf(context, itemIndex, fieldName, value).trim()),
		flag: (value, fieldName) => booleanOf(context, itemIndex, fieldName, value, false),
		list: (value, fieldName) => listOf(context, itemIndex, fieldName, value),
		count: (value, fieldName) =>
			value === undefined || value === null ? undefined : integerOf(context, itemIndex, fieldName, value, 1),
		option: (value, fieldName, allowed, fallback) =>
			value === undefined || value === null || value === '' ? fallback : optionOf(context, itemIndex, fieldName, value, allowed),
	};
}

/** Refuses a form with problems (formProblems) before it is sent, naming the first and counting them all. */
export function checkForm(context: IExecuteFunctions, itemIndex: number, data: IDataObject): void {
	const problems = formProblems(data);
	if (problems.length === 0) return;
	throw inputError(
		context,
		itemIndex,
		`The form cannot be sent: ${problems[0]}`,
		problems.length === 1
			? 'Fix this in the form, then run the node again.'
			: `Fix these ${problems.length} problems in the form, then run the node again: ${problems.join('; ')}.`,
	);
}
