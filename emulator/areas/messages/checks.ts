/** Checks of a send body (POST /messages), interactive forms included. */
import { addDetail, throwIfInvalid } from '../../core/errors';
import type { Details } from '../../core/errors';
import { isObject, isStringArray } from '../../core/validation';
import type { Json } from '../../core/validation';

const CATEGORIES = ['message', 'custom', 'interactive'];
const MESSAGE_TYPES = ['text', 'image', 'file', 'audio', 'video'];
const FORM_ELEMENT_TYPES = ['textInput', 'dropdown', 'singleSelect', 'checkbox', 'button', 'dateTime', 'label'];

/** An id sent as a number is taken as its string. */
export const idString = (v: unknown): unknown => (typeof v === 'number' && Number.isInteger(v) ? String(v) : v);

/** Light checks of an interactive form's data (category `interactive`, type `form`). */
function checkForm(data: Json, details: Details): void {
	const add = (k: string, msg: string) => addDetail(details, k, msg);
	const inter = data.interactiveData;
	if (!isObject(inter)) return add('data.interactiveData', 'The data.interactiveData must be an object.');
	if (!Array.isArray(inter.formFields)) add('data.interactiveData.formFields', 'The formFields must be an array of elements.');
	if (inter.submitElement !== undefined && (!isObject(inter.submitElement) || inter.submitElement.elementType !== 'button')) {
		add('data.interactiveData.submitElement', 'The submitElement must be a button element.');
	}
	const ids = new Set<string>();
	for (const [i, el] of (Array.isArray(inter.formFields) ? (inter.formFields as unknown[]) : []).entries()) {
		const where = `data.interactiveData.formFields[${i}]`;
		if (!isObject(el)) {
			add(where, 'Each form field must be an object.');
			continue;
		}
		if (!FORM_ELEMENT_TYPES.includes(el.elementType))
			add(`${where}.elementType`, `The elementType must be one of ${FORM_ELEMENT_TYPES.join(', ')}.`);
		if (typeof el.elementId !== 'string' || el.elementId === '') add(`${where}.elementId`, 'The elementId must be a non-empty string.');
		else if (ids.has(el.elementId)) add(`${where}.elementId`, `The elementId ${el.elementId} is used twice.`);
		else ids.add(el.elementId);
		if (['dropdown', 'singleSelect', 'checkbox'].includes(el.elementType) && !Array.isArray(el.options))
			add(`${where}.options`, 'The options must be an array of {value, label}.');
	}
	if (data.interactionGoal !== undefined) {
		if (!isObject(data.interactionGoal) || !isStringArray(data.interactionGoal.elementIds ?? []))
			add('data.interactionGoal', 'The interactionGoal must be {type, elementIds: string[]}.');
	}
}

/** Validates a send body and answers its pieces. */
export function checkSendBody(body: Json): { category: string; type: string | undefined; data: Json; hasMulti: boolean } {
	const details: Details = {};
	const multi = body.multipleReceivers;
	if (multi !== undefined) {
		if (
			!isObject(multi) ||
			(multi.uids !== undefined && !isStringArray(multi.uids)) ||
			(multi.guids !== undefined && !isStringArray(multi.guids))
		) {
			details.multipleReceivers = ['The multipleReceivers must be {uids?: string[], guids?: string[]}.'];
		}
	}
	const hasMulti = isObject(multi) && (multi.uids?.length ?? 0) + (multi.guids?.length ?? 0) > 0;
	if (!hasMulti || body.receiver !== undefined || body.receiverType !== undefined) {
		if (typeof body.receiver !== 'string' || body.receiver === '') details.receiver = ['The receiver field is required.'];
		if (body.receiverType !== 'user' && body.receiverType !== 'group') details.receiverType = ['The receiverType must be user or group.'];
	}
	const category = body.category ?? 'message';
	if (!CATEGORIES.includes(category)) details.category = ['The category must be message, custom or interactive.'];
	const type = body.type ?? (category === 'message' ? 'text' : undefined);
	if (CATEGORIES.includes(category)) {
		if (typeof type !== 'string' || type === '') details.type = ['The type field is required.'];
		else if (category === 'message' && !MESSAGE_TYPES.includes(type))
			details.type = [`The type of a message must be one of ${MESSAGE_TYPES.join(', ')}.`];
	}
	const data = body.data ?? {};
	if (!isObject(data)) details.data = ['The data must be an object.'];
	else {
		if (category === 'message' && type === 'text' && (typeof data.text !== 'string' || data.text === ''))
			details['data.text'] = ['The data.text is required for a text message.'];
		if (category === 'interactive' && type === 'form') checkForm(data, details);
	}
	if (body.muid !== undefined && typeof body.muid !== 'string') details.muid = ['The muid must be a string.'];
	if (body.tags !== undefined && !isStringArray(body.tags)) details.tags = ['The tags must be an array of strings.'];
	const quoted = idString(body.quotedMessageId);
	if (quoted !== undefined && (typeof quoted !== 'string' || quoted === ''))
		details.quotedMessageId = ['The quotedMessageId must be a message id.'];
	throwIfInvalid(details);
	return { category, type, data, hasMulti };
}
