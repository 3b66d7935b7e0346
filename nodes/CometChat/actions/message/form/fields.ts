/** The editor's fields of one form element, and of a button (a form field or the submit button). */
import type { IDisplayOptions, INodeProperties, NodeParameterValue } from 'n8n-workflow';

import type { ButtonMember } from './builder';
import { BUTTON_MEMBERS, HTTP_METHODS, submitMemberName } from './builder';

export type Show = NonNullable<IDisplayOptions['show']>;

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
export function buttonProperties(forSubmit: boolean, show: Show): INodeProperties[] {
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
