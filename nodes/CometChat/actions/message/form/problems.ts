/** The checks every form gets before it is sent, whether built here or given as JSON. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { inputError } from '../../../readers/fieldErrors';
import { isRecord } from '../../../helpers/records';
import { BUTTON_ACTION_TYPES, CHOICE_TYPES, DATE_TIME_MODES, FORM_ELEMENT_TYPES, HTTP_METHODS } from './builder';

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
