/**
 * Interactive forms (docs/cometchat-api.md, Messages; category `interactive`, type `form`): the
 * message's `data` built from the builder's fields (Send Form and Send and Wait's Custom Form), with
 * readers that name each field as the editor shows it.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { listOf } from '../../../readers/lists';
import { optionalUrlOf, requiredTextOf, textOf } from '../../../readers/text';
import { booleanOf, compact, integerOf, optionOf, parseJsonObject } from '../../../readers/values';

export const FORM_ELEMENT_TYPES = ['button', 'checkbox', 'dateTime', 'dropdown', 'singleSelect', 'textInput'];
/** Elements whose value is chosen from `options`. */
export const CHOICE_TYPES = ['checkbox', 'dropdown', 'singleSelect'];
export const BUTTON_ACTION_TYPES = ['apiAction', 'urlNavigation'];
export const HTTP_METHODS = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'];
export const DATE_TIME_MODES = ['date', 'dateTime', 'time'];
export const INTERACTION_GOALS = ['allOf', 'anyAction', 'anyOf', 'none'];

/** The members of a button as the builder names them (the submit button's carry a `submit` prefix). */
export const BUTTON_MEMBERS = [
	'buttonText',
	'disableAfterInteracted',
	'actionType',
	'url',
	'method',
	'payload',
	'headers',
	'dataKey',
] as const;
export type ButtonMember = (typeof BUTTON_MEMBERS)[number];

/** `url` → `submitUrl`: the name of a submit button member among the operation's fields. */
export function submitMemberName(member: ButtonMember | 'elementId'): string {
	return `submit${member.charAt(0).toUpperCase()}${member.slice(1)}`;
}

/**
 * How the builder's values are read: each reader checks the type of a value and throws an input
 * error naming the field (e.g. "Label of form field 2") when it is wrong.
 */
export interface FormReaders {
	/** A JSON object member (payload, headers); undefined when empty. */
	json(value: unknown, fieldName: string): IDataObject | undefined;
	/** Text (a number counts), trimmed; undefined when empty. */
	text(value: unknown, fieldName: string): string | undefined;
	/** Text that must be there (an element ID, an option's value), trimmed; empty or blank is refused. */
	required(value: unknown, fieldName: string): string;
	/** An http(s) URL, trimmed; undefined when empty. */
	url(value: unknown, fieldName: string): string | undefined;
	/** A switch; false when unset. */
	flag(value: unknown, fieldName: string): boolean;
	/** A list, or text separated by commas. */
	list(value: unknown, fieldName: string): string[];
	/** A whole number of at least 1; undefined when unset. */
	count(value: unknown, fieldName: string): number | undefined;
	/** One of `allowed` (an options field, which an expression may set to anything); `fallback` when unset. */
	option(value: unknown, fieldName: string, allowed: readonly string[], fallback: string): string;
}

/**
 * What the builder collects: the title, the entries of Form Fields, the submit button (left out
 * when the caller adds its own) and the options.
 */
export interface FormBuilderValues {
	title: string;
	fields: IDataObject[];
	submit?: IDataObject;
	options: IDataObject;
}

/** The display names of the submit button's fields (Send Form shows them at the top level). */
const SUBMIT_LABELS: Record<string, string> = { 'Element ID': 'Submit Button ID', 'Button Text': 'Submit Button Text' };
const submitLabel = (member: string) => SUBMIT_LABELS[member] ?? `Submit Button ${member}`;

/** The form message's `data` from the builder's values. */
export function buildFormData(values: FormBuilderValues, read: FormReaders): IDataObject {
	const formFields = values.fields.map((entry, index) => buildElement(entry, read, index));
	const interactiveData: IDataObject = { title: values.title, formFields };
	if (values.submit) interactiveData.submitElement = buildButton({ ...values.submit, elementType: 'button' }, read, submitLabel);
	const { options } = values;
	const data: IDataObject = { interactiveData };
	if (options.allowSenderInteraction !== undefined) {
		data.allowSenderInteraction = read.flag(options.allowSenderInteraction, 'Allow Sender Interaction');
	}
	if (options.interactionGoal !== undefined) {
		data.interactionGoal = {
			type: read.option(options.interactionGoal, 'Interaction Goal', INTERACTION_GOALS, 'allOf'),
			elementIds: read.list(options.goalElementIds, 'Goal Element IDs'),
		};
	}
	return data;
}

/** One Form Fields entry → a form element with the members of its type only. */
function buildElement(entry: IDataObject, read: FormReaders, index: number): IDataObject {
	const where = `form field ${index + 1}`;
	const text = (value: unknown, name: string) => read.text(value, `${name} of ${where}`);
	const elementType = read.option(entry.elementType, `Element Type of ${where}`, FORM_ELEMENT_TYPES, 'textInput');
	if (elementType === 'button') {
		return buildButton(entry, read, (member) => `${member} of ${where} (button)`);
	}
	const element = compact({
		elementType,
		elementId: read.required(entry.elementId, `Element ID of ${where}`),
		label: text(entry.label, 'Label'),
	});
	element.optional = read.flag(entry.optional, `Optional of ${where}`);
	if (CHOICE_TYPES.includes(elementType)) {
		const choices = ((entry.choices as IDataObject | undefined)?.choice ?? []) as IDataObject[];
		element.options = choices.map((choice, n) => {
			const value = read.required(choice.value, `Value of option ${n + 1} of ${where}`);
			return { value, label: text(choice.label, `Label of option ${n + 1}`) ?? value };
		});
		const defaultValue =
			elementType === 'checkbox' ? read.list(entry.defaultValue, `Default Value of ${where}`) : text(entry.defaultValue, 'Default Value');
		return { ...element, ...compact({ defaultValue }) };
	}
	const typed =
		elementType === 'dateTime'
			? {
					mode: read.option(entry.mode, `Mode of ${where}`, DATE_TIME_MODES, 'date'),
					dateTimeFormat: text(entry.dateTimeFormat, 'Date Time Format'),
					timezoneCode: text(entry.timezoneCode, 'Timezone Code'),
					from: text(entry.from, 'From'),
					to: text(entry.to, 'To'),
				}
			: {};
	const placeholder = text(entry.placeholder, 'Placeholder');
	return {
		...element,
		...compact({
			...typed,
			maxLines: read.count(entry.maxLines, `Max Lines of ${where}`),
			placeholder: placeholder === undefined ? undefined : { text: placeholder },
			defaultValue: text(entry.defaultValue, 'Default Value'),
		}),
	};
}

/**
 * A button element (a Form Fields entry, or the submit button) with its action; `label` names each
 * of its fields as the editor shows it (e.g. "URL of form field 2 (button)", "Submit Button URL").
 */
function buildButton(values: IDataObject, read: FormReaders, label: (member: string) => string): IDataObject {
	const text = (value: unknown, name: string) => read.text(value, label(name));
	const actionType = read.option(values.actionType, label('Action'), BUTTON_ACTION_TYPES, 'urlNavigation');
	// Every action goes to its URL: a button without one cannot act.
	const url = read.url(read.required(values.url, label('URL')), label('URL'));
	const action: IDataObject = { actionType, url };
	if (actionType === 'apiAction') {
		Object.assign(
			action,
			compact({
				method: read.option(values.method, label('HTTP Method'), HTTP_METHODS, 'POST'),
				payload: read.json(values.payload, label('Payload (JSON)')),
				headers: read.json(values.headers, label('Headers (JSON)')),
				dataKey: text(values.dataKey, 'Data Key'),
			}),
		);
	}
	return {
		...compact({
			elementType: 'button',
			elementId: read.required(values.elementId, label('Element ID')),
			label: text(values.label, 'Label'),
			buttonText: text(values.buttonText, 'Button Text'),
		}),
		disableAfterInteracted: read.flag(values.disableAfterInteracted, label('Disable After Interacted')),
		action,
	};
}

/**
 * A form given as JSON: either the whole `data` ({interactiveData, interactionGoal,
 * allowSenderInteraction}) or only the interactiveData ({title, formFields, submitElement}).
 */
export function formDataFromJson(json: IDataObject): IDataObject {
	if (json.interactiveData !== undefined) return json;
	const { interactionGoal, allowSenderInteraction, ...interactiveData } = json;
	const data: IDataObject = { interactiveData };
	if (interactionGoal !== undefined) data.interactionGoal = interactionGoal;
	if (allowSenderInteraction !== undefined) data.allowSenderInteraction = allowSenderInteraction;
	return data;
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
		count: (value, fieldName) => (value === undefined || value === null ? undefined : integerOf(context, itemIndex, fieldName, value, 1)),
		option: (value, fieldName, allowed, fallback) =>
			value === undefined || value === null || value === '' ? fallback : optionOf(context, itemIndex, fieldName, value, allowed),
	};
}
