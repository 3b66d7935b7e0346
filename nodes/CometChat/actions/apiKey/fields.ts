import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { requiredId, requiredTextOf } from '../../readers/text';
import { optionOf } from '../../readers/values';

/** The scopes CometChat publishes for an API key. */
export const API_KEY_SCOPES = ['authOnly', 'fullAccess'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The longest name the node sends (CometChat publishes none: docs/cometchat-api.md, API keys). */
export const API_KEY_NAME_MAX = 100;

/** The Scope dropdown's entries (Create, Update and the list filter). */
export const SCOPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Auth Only', value: 'authOnly', description: 'Only logs users in from an app (the key of the client SDKs)' },
	{ name: 'Full Access', value: 'fullAccess', description: 'Every REST API call, as the key of this credential' },
];

export function scopeField(description: string, required: boolean): INodeProperties {
	return {
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: SCOPE_OPTIONS,
		default: 'authOnly',
		...(required ? { required: true } : {}),
		description,
	};
}

export function nameField(required: boolean): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		...(required ? { required: true } : {}),
		placeholder: 'e.g. Mobile app',
		description: `A name to tell the key apart (at most ${API_KEY_NAME_MAX} characters)`,
	};
}

/**
 * The key an operation is about: a password field, since the key is the secret itself. It is sent
 * as a request secret, so errors and logs show [redacted] instead.
 */
export function apiKeyField(description: string): INodeProperties {
	return {
		displayName: 'API Key',
		name: 'apiKey',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description,
	};
}

export function apiKeyValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(
		context,
		itemIndex,
		'apiKey',
		'API Key',
		'Enter the API key itself, as Create output it or as the CometChat dashboard shows it.',
	);
}

/** Name: text, not blank, at most API_KEY_NAME_MAX characters; sent as given. */
export function apiKeyNameOf(context: IExecuteFunctions, itemIndex: number, value: unknown): string {
	const name = requiredTextOf(context, itemIndex, 'Name', value, "Enter a name for the key in 'Name'.");
	if (name.length > API_KEY_NAME_MAX) {
		throw fieldError(
			context,
			itemIndex,
			'Name',
			`has ${name.length} characters`,
			`Shorten 'Name' to at most ${API_KEY_NAME_MAX} characters.`,
		);
	}
	return name;
}

export function apiKeyScopeOf(context: IExecuteFunctions, itemIndex: number, value: unknown): ApiKeyScope {
	return optionOf(context, itemIndex, 'Scope', value, API_KEY_SCOPES);
}
