/**
 * The person in the chat: `POST /__emulator/forms/:messageId/submit` makes the request the
 * CometChat client makes when someone presses a button with an API action on a form message
 * (docs/cometchat-api.md, "Interactive forms and Send and Wait"): the action's method and URL,
 * its headers over JSON content headers, and a body with the trigger, the action's payload, the
 * message's context with who interacted, and the entered values under the action's data key.
 */
import { ApiError, validationError } from './core/errors';
import { isObject } from './core/validation';
import type { Json } from './core/validation';
import type { Store } from './store';

/** The data key the client uses when a button's action names none. */
export const DEFAULT_DATA_KEY = 'CometChatData';
export const FORM_SUBMIT_PATH = /^\/__emulator\/forms\/([^/]+)\/submit\/?$/;

export interface FormSubmission {
	request: { method: string; url: string; headers: Record<string, string>; body: Json };
	response: { status: number; body: unknown };
}

/** The button pressed: `elementId` among the form's buttons, or the submit button. */
function pressedButton(data: Json, elementId: unknown): Json {
	const interactive = isObject(data.interactiveData) ? data.interactiveData : {};
	const buttons = [...(Array.isArray(interactive.formFields) ? interactive.formFields : []), interactive.submitElement].filter(
		(element): element is Json => isObject(element) && element.elementType === 'button',
	);
	const submit = isObject(interactive.submitElement) ? interactive.submitElement : undefined;
	const button = elementId === undefined ? submit : buttons.find((b) => b.elementId === elementId);
	if (!button) {
		throw validationError({
			elementId: [
				`The form has no button "${String(elementId ?? 'submit')}" (buttons: ${buttons.map((b) => String(b.elementId)).join(', ')}).`,
			],
		});
	}
	return button;
}

/** Builds the client's request for `body` {as, answers, elementId?, timezone?} and sends it. */
export async function submitForm(store: Store, messageId: string, body: unknown): Promise<FormSubmission> {
	const input: Json = isObject(body) ? body : {};
	if (typeof input.as !== 'string' || input.as === '')
		throw validationError({ as: ['The as field (the uid of the person answering) is required.'] });
	if (input.answers !== undefined && !isObject(input.answers))
		throw validationError({ answers: ['The answers must be an object keyed by element ID.'] });
	store.requireUser(input.as);
	const message = store.requireMessage(messageId);
	if (message.category !== 'interactive' || message.type !== 'form') {
		throw new ApiError('ERR_BAD_REQUEST', `The message ${messageId} is a ${message.category}/${message.type} message, not a form.`);
	}
	const button = pressedButton(message.data, input.elementId);
	const action = isObject(button.action) ? button.action : {};
	if (action.actionType !== 'apiAction' || typeof action.url !== 'string') {
		throw new ApiError('ERR_BAD_REQUEST', `The button "${String(button.elementId)}" has no API action to call.`);
	}
	const dataKey = typeof action.dataKey === 'string' && action.dataKey !== '' ? action.dataKey : DEFAULT_DATA_KEY;
	const requestBody: Json = {
		appID: store.appId,
		trigger: 'ui_message_interacted',
		payload: isObject(action.payload) ? action.payload : {},
		data: {
			conversationId: message.conversationId,
			sender: message.sender,
			receiver: message.receiver,
			receiverType: message.receiverType,
			messageCategory: message.category,
			messageType: message.type,
			messageId: Number(message.id),
			interactionTimezoneCode: typeof input.timezone === 'string' ? input.timezone : 'UTC',
			interactedBy: input.as,
			interactedElementId: button.elementId,
		},
		[dataKey]: isObject(input.answers) ? input.answers : {},
	};
	const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
	for (const [name, value] of Object.entries(isObject(action.headers) ? action.headers : {})) headers[name.toLowerCase()] = String(value);
	const method = typeof action.method === 'string' ? action.method.toUpperCase() : 'POST';
	const request = { method, url: action.url, headers, body: requestBody };
	const response = await fetch(action.url, {
		method,
		headers,
		body: method === 'GET' || method === 'HEAD' ? undefined : JSON.stringify(requestBody),
	});
	const text = await response.text();
	let parsed: unknown = text;
	try {
		parsed = JSON.parse(text);
	} catch {
		// not JSON: the text as is
	}
	return { request, response: { status: response.status, body: parsed } };
}
