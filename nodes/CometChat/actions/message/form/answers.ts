/** A sent form's answerable elements, carried in the resume URL, and the check of an answer against them. */
import type { IDataObject } from 'n8n-workflow';

import { describeValue } from '../../../readers/fieldErrors';
import { isRecord } from '../../../helpers/records';
import { CHOICE_TYPES } from './builder';

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
