/**
 * Interactive forms (docs/cometchat-api.md, Messages; category `interactive`, type `form`): building the message's `data`
 * from the builder's fields, and the checks every form gets before it is sent, whether it was built
 * here or came in as JSON.
 */
import type { IDataObject } from 'n8n-workflow';

import { describeValue } from '../../readers/fieldErrors';
import { compact } from '../../readers/values';
import { isRecord } from '../../helpers/values';

export const FORM_ELEMENT_TYPES = ['button', 'checkbox', 'dateTime', 'dropdown', 'singleSelect', 'textInput'];
/** Elements whose value is chosen from `options`. */
const CHOICE_TYPES = ['checkbox', 'dropdown', 'singleSelect'];
const BUTTON_ACTION_TYPES = ['apiAction', 'urlNavigation'];
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
			elementType === 'checkbox'
				? read.list(entry.defaultValue, `Default Value of ${where}`)
				: text(entry.defaultValue, 'Default Value');
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

function describe(element: IDataObject, where: string): string {
	const id = typeof element.elementId === 'string' && element.elementId !== '' ? ` "${element.elementId}"` : '';
	const type = typeof element.elementType === 'string' ? ` (${element.elementType})` : '';
	return `${where}${id}${type}`;
}

/**
 * What is wrong with a form's `data`, each problem naming its element; empty when the form is fine.
 * The checks are those the spec implies: known element types, unique element IDs, options for the
 * choice elements with a default value among them (an array of them for a checkbox), buttons with
 * an action, a submit button, and an interaction goal that names existing elements.
 */
export function formProblems(data: IDataObject): string[] {
	const problems: string[] = [];
	const interactiveData = data.interactiveData;
	if (!isRecord(interactiveData)) return ['The form has no interactiveData object'];
	if (typeof interactiveData.title !== 'string' || interactiveData.title.trim() === '') {
		problems.push('The form has no title');
	}
	const fields = interactiveData.formFields;
	if (!Array.isArray(fields) || fields.length === 0) {
		problems.push('The form has no form fields');
	}
	const seen = new Map<string, string>();
	const checkId = (element: IDataObject, where: string) => {
		const id = element.elementId;
		if (typeof id !== 'string' || id.trim() === '') {
			problems.push(`${describe(element, where)} has no element ID`);
			return;
		}
		const first = seen.get(id);
		if (first !== undefined) {
			problems.push(`${describe(element, where)} reuses the element ID "${id}" of ${first}; element IDs must be unique`);
		} else {
			seen.set(id, describe(element, where));
		}
	};

	(Array.isArray(fields) ? fields : []).forEach((field: unknown, index) => {
		const where = `Form field ${index + 1}`;
		if (!isRecord(field)) {
			problems.push(`${where} is not an object`);
			return;
		}
		checkId(field, where);
		if (!FORM_ELEMENT_TYPES.includes(field.elementType as string)) {
			problems.push(
				`${describe(field, where)} has the unknown element type "${String(field.elementType)}"; use one of ${FORM_ELEMENT_TYPES.join(', ')}`,
			);
			return;
		}
		if (CHOICE_TYPES.includes(field.elementType as string)) problems.push(...choiceProblems(field, describe(field, where)));
		if (field.elementType === 'button') problems.push(...buttonProblems(field, describe(field, where)));
		if (field.elementType === 'dateTime' && field.mode !== undefined && !DATE_TIME_MODES.includes(field.mode as string)) {
			problems.push(`${describe(field, where)} has the unknown mode "${String(field.mode)}"; use one of ${DATE_TIME_MODES.join(', ')}`);
		}
	});

	const submit = interactiveData.submitElement;
	if (!isRecord(submit)) {
		problems.push('The form has no submit button (interactiveData.submitElement)');
	} else {
		checkId(submit, 'The submit button');
		if (submit.elementType !== 'button') {
			problems.push(`${describe(submit, 'The submit button')} must have the element type "button"`);
		} else {
			problems.push(...buttonProblems(submit, describe(submit, 'The submit button')));
		}
	}

	if (data.allowSenderInteraction !== undefined && typeof data.allowSenderInteraction !== 'boolean') {
		problems.push('allowSenderInteraction must be true or false');
	}
	const goal = data.interactionGoal;
	if (goal !== undefined) {
		const elementIds = isRecord(goal) ? goal.elementIds : undefined;
		if (!isRecord(goal) || typeof goal.type !== 'string' || (elementIds !== undefined && !Array.isArray(elementIds))) {
			problems.push('The interaction goal must be {"type": "allOf", "elementIds": [...]}');
		} else {
			for (const id of (elementIds as unknown[] | undefined) ?? []) {
				if (!seen.has(String(id))) {
					problems.push(
						`The interaction goal names the element ID "${String(id)}", which no element of the form has (IDs: ${[...seen.keys()].join(', ')})`,
					);
				}
			}
			if ((goal.type === 'allOf' || goal.type === 'anyOf') && ((elementIds as unknown[] | undefined) ?? []).length === 0) {
				problems.push(`The interaction goal "${goal.type}" names no element IDs`);
			}
		}
	}
	return problems;
}

function choiceProblems(element: IDataObject, name: string): string[] {
	const options = element.options;
	if (!Array.isArray(options) || options.length === 0) return [`${name} has no options`];
	const problems: string[] = [];
	const values: string[] = [];
	for (const option of options as unknown[]) {
		const value = isRecord(option) ? option.value : undefined;
		if (typeof value !== 'string' || value === '') {
			problems.push(`${name} has an option without a value`);
		} else if (values.includes(value)) {
			problems.push(`${name} has the option value "${value}" twice`);
		} else {
			values.push(value);
		}
	}
	const { defaultValue } = element;
	if (defaultValue === undefined || defaultValue === null || defaultValue === '') return problems;
	const listed = values.map((value) => `"${value}"`).join(', ');
	if (element.elementType === 'checkbox') {
		if (!Array.isArray(defaultValue)) {
			problems.push(`${name} needs an array of option values as its default value, e.g. ["${values[0] ?? 'a'}"]`);
		} else {
			for (const value of defaultValue) {
				if (!values.includes(String(value))) {
					problems.push(`${name} has the default value "${String(value)}", which is not one of its options (${listed})`);
				}
			}
		}
	} else if (!values.includes(String(defaultValue))) {
		problems.push(`${name} has the default value "${String(defaultValue)}", which is not one of its options (${listed})`);
	}
	return problems;
}

function buttonProblems(button: IDataObject, name: string): string[] {
	const action = button.action;
	if (!isRecord(action)) return [`${name} has no action`];
	if (!BUTTON_ACTION_TYPES.includes(action.actionType as string)) {
		return [`${name} has the unknown action type "${String(action.actionType)}"; use apiAction or urlNavigation`];
	}
	const problems: string[] = [];
	if (typeof action.url !== 'string' || action.url.trim() === '') problems.push(`${name} has no URL for its action`);
	if (action.actionType === 'apiAction' && (typeof action.method !== 'string' || action.method === '')) {
		problems.push(`${name} has no HTTP method for its API action`);
	} else if (action.actionType === 'apiAction' && !HTTP_METHODS.includes(action.method as string)) {
		problems.push(`${name} has the unknown HTTP method "${String(action.method)}"; use one of ${HTTP_METHODS.join(', ')}`);
	}
	return problems;
}

/** An element of a form that an answer gives a value for (every element but the buttons). */
export interface AnswerElement {
	id: string;
	type: string;
	optional: boolean;
	/** The option values of a choice element. */
	options?: string[];
}

/** The elements of a form's `data` that an answer gives values for, in order. */
export function answerElements(data: IDataObject): AnswerElement[] {
	const interactiveData = isRecord(data.interactiveData) ? data.interactiveData : {};
	const fields = Array.isArray(interactiveData.formFields) ? (interactiveData.formFields as unknown[]) : [];
	return fields.filter(isRecord).flatMap((field): AnswerElement[] => {
		if (field.elementType === 'button' || typeof field.elementId !== 'string') return [];
		const element: AnswerElement = { id: field.elementId, type: String(field.elementType), optional: field.optional === true };
		if (CHOICE_TYPES.includes(element.type)) {
			element.options = (Array.isArray(field.options) ? (field.options as unknown[]) : [])
				.filter(isRecord)
				.map((option) => String(option.value));
		}
		return [element];
	});
}

/**
 * The elements as a short text for a URL's query (base64url of `[[id, type, optional, options?], …]`),
 * and back; `undefined` when the text is not such a list.
 */
export function encodeAnswerElements(elements: AnswerElement[]): string {
	const rows = elements.map(({ id, type, optional, options }) => [id, type, optional ? 1 : 0, ...(options ? [options] : [])]);
	return Buffer.from(JSON.stringify(rows), 'utf8').toString('base64url');
}

export function decodeAnswerElements(text: unknown): AnswerElement[] | undefined {
	if (typeof text !== 'string' || text === '') return undefined;
	let rows: unknown;
	try {
		rows = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
	} catch {
		return undefined;
	}
	if (!Array.isArray(rows)) return undefined;
	const elements: AnswerElement[] = [];
	for (const row of rows as unknown[]) {
		if (!Array.isArray(row) || typeof row[0] !== 'string' || typeof row[1] !== 'string') return undefined;
		const [id, type, optional, options] = row as [string, string, unknown, unknown];
		if (options !== undefined && !(Array.isArray(options) && options.every((value) => typeof value === 'string'))) return undefined;
		elements.push({ id, type, optional: optional === 1, ...(options === undefined ? {} : { options: options as string[] }) });
	}
	return elements;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An answer checked against the elements of the form that was sent: the values of those elements,
 * in the form's order, and what is wrong. Keys that name no such element are dropped. Text and
 * date elements take text; a dropdown or single select one of its option values; a checkbox a list
 * of them. A required element must have a value (not blank, not an empty list).
 */
export function checkAnswers(elements: AnswerElement[], answers: IDataObject): { values: IDataObject; problems: string[] } {
	const values: IDataObject = {};
	const problems: string[] = [];
	for (const element of elements) {
		const value = answers[element.id];
		const name = `"${element.id}" (${element.type})`;
		const listed = (element.options ?? []).map((option) => `"${option}"`).join(', ');
		const empty = isBlank(value) || (Array.isArray(value) && value.length === 0);
		if (empty) {
			if (!element.optional) problems.push(`${name} is required`);
			else if (value !== undefined && value !== null) values[element.id] = value;
			continue;
		}
		if (element.type === 'checkbox') {
			if (!Array.isArray(value)) {
				problems.push(`${name} must be a list of its options (${listed}), not ${describeValue(value)}`);
				continue;
			}
			const wrong = (value as unknown[]).filter((entry) => typeof entry !== 'string' || !element.options?.includes(entry));
			if (wrong.length > 0) {
				const named = wrong.map((entry) => JSON.stringify(entry)).join(', ');
				problems.push(`${name} has ${named}, which ${wrong.length === 1 ? 'is not one' : 'are not'} of its options (${listed})`);
				continue;
			}
		} else if (typeof value !== 'string') {
			problems.push(`${name} must be text, not ${describeValue(value)}`);
			continue;
		} else if (element.options && !element.options.includes(value)) {
			problems.push(`${name} has "${value}", which is not one of its options (${listed})`);
			continue;
		}
		values[element.id] = value;
	}
	return { values, problems };
}
