/**
 * The fields of the Webhook resource (CometChat's management API, docs/cometchat-api.md, Webhooks
 * (management API)): the limits checked before any request are the published ones (webhooks
 * overview, Constraints), which the emulator holds too.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField } from '../../fields/common';
import { fieldError } from '../../readers/fieldErrors';
import { listOf } from '../../readers/lists';
import { idOf, optionalTextOf, optionalUrlOf, requiredTextOf, textOf } from '../../readers/text';
import { booleanOf } from '../../readers/values';
import type { ManagementRequest } from '../../transport/management';
import { managementRequest } from '../../transport/management';
import { WEBHOOK_EVENTS } from '../../webhookTrigger/events';

/** Published: a webhook ID is at most 50 letters and digits; a URL at most 255 characters; a name at most 50. */
const WEBHOOK_ID = /^[A-Za-z0-9]{1,50}$/;
export const WEBHOOK_URL_MAX = 255;
export const WEBHOOK_NAME_MAX = 50;
/** Published: the Basic Auth username (at most 50) and password (at most 100) are letters and digits. */
const BASIC_AUTH_LIMITS = { username: 50, password: 100 } as const;
/** A trigger name as CometChat spells them: lower case words joined by `_` (e.g. `message_sent`). */
const TRIGGER_NAME = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** The webhook an operation acts on: the locator `webhookId` ("Webhook"), from the app's webhooks or by ID. */
export function webhookField(description: string): INodeProperties {
	return locatorField(LOCATOR_KINDS.webhook, { name: 'webhookId', displayName: 'Webhook', required: true, description });
}

/** The ID a Create gives the new webhook: plain text, as it does not exist yet. */
export const newWebhookIdField: INodeProperties = {
	displayName: 'Webhook ID',
	name: 'webhookId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. orderupdates',
	description: 'The ID of the new webhook: 1 to 50 letters and digits, no spaces. It cannot change later.',
};

/** Reads the webhook's ID (the locator or Create's text): 1 to 50 letters and digits, [item N] otherwise. */
export function webhookIdValue(context: IExecuteFunctions, itemIndex: number, label: 'Webhook' | 'Webhook ID'): string {
	const id = idOf(context, itemIndex, label, context.getNodeParameter('webhookId', itemIndex, ''));
	if (id === '') {
		const howToFix = label === 'Webhook' ? 'Choose a webhook from the list or enter its ID.' : `Enter an ID in '${label}'.`;
		throw fieldError(context, itemIndex, label, 'is empty', howToFix);
	}
	if (!WEBHOOK_ID.test(id)) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`must be 1 to 50 letters and digits, not "${id.slice(0, 60)}"`,
			`Use only A-Z, a-z and 0-9 in '${label}', at most 50 of them, as CometChat requires.`,
		);
	}
	return id;
}

export function nameField(required: boolean): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		...(required ? { required: true } : {}),
		placeholder: 'e.g. Order updates',
		description: `A name to tell the webhook apart (at most ${WEBHOOK_NAME_MAX} characters). Get Many searches it.`,
	};
}

export function urlField(required: boolean): INodeProperties {
	return {
		displayName: 'URL',
		name: 'webhookURL',
		type: 'string',
		default: '',
		...(required ? { required: true } : {}),
		placeholder: 'e.g. https://example.com/cometchat/events',
		description: `Where CometChat posts the events: a public https:// address of at most ${WEBHOOK_URL_MAX} characters`,
	};
}

/** The switches and the Basic Auth pair of a webhook, as fields of Create's Additional Fields or of Update Fields. */
export function settingsFields(updating: boolean): INodeProperties[] {
	const useBasicAuth: INodeProperties = {
		displayName: 'Use Basic Auth',
		name: 'useBasicAuth',
		type: 'boolean',
		default: true,
		description: 'Whether CometChat sends the username and password with each event. Turn off to stop sending them.',
	};
	return [
		{
			displayName: 'Basic Auth Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: `The password CometChat sends with each event: 1 to ${BASIC_AUTH_LIMITS.password} letters and digits. Never shown in the output.`,
		},
		{
			displayName: 'Basic Auth Username',
			name: 'username',
			type: 'string',
			default: '',
			description: `The username CometChat sends with each event: 1 to ${BASIC_AUTH_LIMITS.username} letters and digits`,
		},
		{
			displayName: 'Enabled',
			name: 'enabled',
			type: 'boolean',
			default: true,
			description: 'Whether CometChat posts events to the webhook',
		},
		{
			displayName: 'Retry on Failure',
			name: 'retryOnFailure',
			type: 'boolean',
			default: false,
			description: 'Whether CometChat retries an event the URL did not take (an answer other than 2xx, or a network error)',
		},
		...(updating ? [useBasicAuth] : []),
	];
}

/** A Basic Auth username or password: letters and digits within the published length; the password is never quoted. */
function basicAuthValueOf(
	context: IExecuteFunctions,
	itemIndex: number,
	which: keyof typeof BASIC_AUTH_LIMITS,
	value: unknown,
): string | undefined {
	const label = which === 'username' ? 'Basic Auth Username' : 'Basic Auth Password';
	const text = textOf(context, itemIndex, label, value);
	if (text === '') return undefined;
	const max = BASIC_AUTH_LIMITS[which];
	if (!/^[A-Za-z0-9]+$/.test(text) || text.length > max) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`must be 1 to ${max} letters and digits${which === 'username' ? `, not "${text.slice(0, 60)}"` : ` (it has ${text.length} characters)`}`,
			`Use only A-Z, a-z and 0-9 in '${label}', at most ${max} of them, as CometChat requires.`,
		);
	}
	return text;
}

/** The name: text, not blank, at most WEBHOOK_NAME_MAX characters. */
function webhookNameOf(context: IExecuteFunctions, itemIndex: number, value: unknown, required: boolean): string | undefined {
	const name = required ? requiredTextOf(context, itemIndex, 'Name', value) : optionalTextOf(context, itemIndex, 'Name', value);
	if (name !== undefined && name.length > WEBHOOK_NAME_MAX) {
		throw fieldError(
			context,
			itemIndex,
			'Name',
			`has ${name.length} characters`,
			`Shorten 'Name' to at most ${WEBHOOK_NAME_MAX} characters.`,
		);
	}
	return name;
}

function webhookUrlOf(context: IExecuteFunctions, itemIndex: number, value: unknown, required: boolean): string | undefined {
	const url = optionalUrlOf(context, itemIndex, 'URL', value, {
		maxLength: WEBHOOK_URL_MAX,
		howToFix: "Enter the full address in 'URL', starting with https://, e.g. https://example.com/cometchat/events.",
	});
	if (url === undefined && required)
		throw fieldError(context, itemIndex, 'URL', 'is empty', "Enter the address CometChat posts to in 'URL'.");
	return url;
}

/**
 * The body of a Create (`creating`) or an Update: only the fields given. Create turns Basic Auth on
 * when both its username and password are given, and refuses one without the other.
 */
export function webhookBodyOf(context: IExecuteFunctions, itemIndex: number, fields: IDataObject, creating: boolean): IDataObject {
	const body: IDataObject = {};
	const set = (name: string, value: unknown) => {
		if (value !== undefined) body[name] = value;
	};
	set('name', webhookNameOf(context, itemIndex, fields.name, creating));
	set('webhookURL', webhookUrlOf(context, itemIndex, fields.webhookURL, creating));
	set('enabled', fields.enabled === undefined ? undefined : booleanOf(context, itemIndex, 'Enabled', fields.enabled, true));
	set(
		'retryOnFailure',
		fields.retryOnFailure === undefined ? undefined : booleanOf(context, itemIndex, 'Retry on Failure', fields.retryOnFailure, false),
	);
	const username = basicAuthValueOf(context, itemIndex, 'username', fields.username);
	const password = basicAuthValueOf(context, itemIndex, 'password', fields.password);
	if (creating && (username === undefined) !== (password === undefined)) {
		const missing = username === undefined ? 'Basic Auth Username' : 'Basic Auth Password';
		throw fieldError(context, itemIndex, missing, 'is empty', `Basic Auth needs both: add '${missing}', or remove the other one.`);
	}
	set('useBasicAuth', creating ? (username !== undefined ? true : undefined) : undefined);
	if (!creating && fields.useBasicAuth !== undefined) {
		body.useBasicAuth = booleanOf(context, itemIndex, 'Use Basic Auth', fields.useBasicAuth, true);
	}
	set('username', username);
	set('password', password);
	return body;
}

/** The triggers of Add Triggers and Remove Triggers: the package's event table, or any names from an expression. */
export function triggersField(description: string): INodeProperties {
	return {
		displayName: 'Triggers',
		name: 'triggerIds',
		type: 'multiOptions',
		options: WEBHOOK_EVENTS.map((e) => ({ name: `${e.area}: ${e.label}`, value: e.name, description: `CometChat trigger ${e.name}` })),
		default: [],
		required: true,
		description: `${description} A trigger the list lacks can be given by name with an expression, e.g. {{ ["message_sent", "after_feed_item_sent"] }}`,
	};
}

/** The triggers: at least one, each a trigger name (lower case words joined by `_`), none twice. */
export function triggerIdsValue(context: IExecuteFunctions, itemIndex: number): string[] {
	const label = 'Triggers';
	const triggers = listOf(context, itemIndex, label, context.getNodeParameter('triggerIds', itemIndex, []));
	if (triggers.length === 0) throw fieldError(context, itemIndex, label, 'is empty', `Choose at least one trigger in '${label}'.`);
	const wrong = triggers.find((trigger) => !TRIGGER_NAME.test(trigger));
	if (wrong !== undefined) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`holds "${wrong.slice(0, 60)}", which is not a trigger name`,
			`Give trigger names as CometChat spells them, lower case words joined by "_", e.g. message_sent.`,
		);
	}
	return triggers;
}

/** A webhook record as the node outputs it: never with a password, should CometChat ever echo one. */
export function webhookOutput(record: IDataObject | undefined): IDataObject {
	const output = { ...(record ?? {}) };
	delete output.password;
	return output;
}

/** A management request whose answer is one webhook record (read as the Webhook Trigger reads it). */
export async function webhookRecordRequest(context: IExecuteFunctions, request: Omit<ManagementRequest, 'expect'>): Promise<IDataObject> {
	const answer = await managementRequest(context, { ...request, expect: 'record' });
	return webhookOutput(answer.body?.data as IDataObject | undefined);
}
