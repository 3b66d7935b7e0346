import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readText } from '../../../readers/text';
import { readOption } from '../../../readers/values';
import type { OperationDefinition } from '../../types';
import { deliveryOptionsField, senderAndReceiverFields, sendAndShape, sentMessageSimplifyField } from '../delivery';
import { BUTTON_MEMBERS, buildFormData, formDataFromJson, formReaders, submitMemberName } from '../form/builder';
import type { Show } from '../form/fields';
import { buttonProperties, elementProperties } from '../form/fields';
import { checkForm } from '../form/problems';
import { SIMPLIFIED_SENT_MESSAGE_FIELDS } from '../simplify';

const inBuilder: Show = { formMode: ['builder'] };
const FORM_MODES = ['builder', 'json'] as const;

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
	sentMessageSimplifyField,
	deliveryOptionsField,
];

export const sendForm: OperationDefinition = {
	value: 'sendForm',
	name: 'Send Form',
	action: 'Send an interactive form',
	description: 'Send an interactive form (title, fields, submit button) on behalf of a user, checked before it is sent',
	returns:
		'Returns the sent form message (id, sender, receiver, data, sentAt and more), or with Simplify a short form; one item per receiver when sent to several.',
	properties,
	simplified: SIMPLIFIED_SENT_MESSAGE_FIELDS,
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
		return await sendAndShape(this, itemIndex, { category: 'interactive', type: 'form', data });
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
