import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldError, inputError } from '../../readers/fieldErrors';
import { optionalTextOf, optionalUrlOf, requiredTextOf } from '../../readers/text';
import { booleanOf, readOption } from '../../readers/values';
import type { AppliedLookup, CometChatRequest, CometChatResponse } from '../../transport/request';
import { cometChatRequest } from '../../transport/request';
import { undecidedAfter } from '../../transport/requestErrors';
import { checkBasicAuthPart } from '../bot/fields';

/**
 * The five notification providers of an app (docs/cometchat-api.md, Notification providers): one
 * table, from which the Provider choice, the fields of Save and Update, the request and the output
 * of every operation are made. Each provider is one record at
 * `/notifications/<channel>/v1/providers/<kind>`.
 */
export const PROVIDERS = {
	twilioSms: {
		name: 'Twilio SMS',
		channel: 'sms',
		kind: 'twilio',
		settings: ['isEnabled', 'twilioAccountSID', 'twilioAuthToken', 'twilioSenderPhoneNumber'],
	},
	sendgridEmail: {
		name: 'SendGrid E-Mail',
		channel: 'email',
		kind: 'sendgrid',
		settings: [
			'isEnabled',
			'sendGridApiKey',
			'sendGridTemplateID',
			'sendGridUnsubscribeGroupID',
			'senderName',
			'senderEmail',
			'allowEmailReplies',
			'senderEmailForReplies',
		],
	},
	customPush: {
		name: 'Custom Push',
		channel: 'push',
		kind: 'custom',
		settings: ['isEnabled', 'webhookURL', 'useBasicAuth', 'basicAuthUsername', 'basicAuthPassword'],
	},
	customSms: {
		name: 'Custom SMS',
		channel: 'sms',
		kind: 'custom',
		settings: ['isEnabled', 'useStoredPhNo', 'webhookURL', 'useBasicAuth', 'basicAuthUsername', 'basicAuthPassword'],
	},
	customEmail: {
		name: 'Custom E-Mail',
		channel: 'email',
		kind: 'custom',
		settings: ['isEnabled', 'useStoredEmailID', 'webhookURL', 'useBasicAuth', 'basicAuthUsername', 'basicAuthPassword'],
	},
} as const;

export type ProviderValue = keyof typeof PROVIDERS;
const PROVIDER_VALUES = Object.keys(PROVIDERS) as ProviderValue[];

type SettingKind = 'switch' | 'text' | 'secret' | 'url' | 'email' | 'phone';

interface Setting {
	displayName: string;
	kind: SettingKind;
	description: string;
	placeholder?: string;
	/** A switch's value when not given. */
	default?: boolean;
	/** Shown only while this switch is on (Basic Auth, e-mail replies). */
	whileOn?: string;
	/** Not required by Save (every other setting is, as published). */
	optional?: true;
}

/** Every setting of every provider, by its name in CometChat's body. */
const SETTINGS: Record<string, Setting> = {
	isEnabled: {
		displayName: 'Enabled',
		kind: 'switch',
		default: true,
		description: 'Whether CometChat sends notifications through this provider',
	},
	twilioAccountSID: {
		displayName: 'Account SID',
		kind: 'text',
		placeholder: 'e.g. AC91e67951ff7e5e7be8122184e76ae0e6',
		description: 'The Twilio account SID. Sensitive: outputs show only its last 4 characters.',
	},
	twilioAuthToken: {
		displayName: 'Auth Token',
		kind: 'secret',
		description: 'The Twilio auth token. Never shown in the output: only its last 4 characters, in "twilioAuthTokenMasked".',
	},
	twilioSenderPhoneNumber: {
		displayName: 'Sender Phone Number',
		kind: 'phone',
		placeholder: 'e.g. +13611364718',
		description: 'The Twilio number the text messages come from, in international format (+ and the country code)',
	},
	sendGridApiKey: {
		displayName: 'API Key',
		kind: 'secret',
		description: 'The SendGrid API key. Never shown in the output: only its last 4 characters, in "sendGridApiKeyMasked".',
	},
	sendGridTemplateID: {
		displayName: 'Template ID',
		kind: 'text',
		placeholder: 'e.g. d-8284bb9646a040499d5cfa28d272a094',
		description: 'The SendGrid dynamic template the e-mails use',
	},
	sendGridUnsubscribeGroupID: {
		displayName: 'Unsubscribe Group ID',
		kind: 'text',
		placeholder: 'e.g. 33832',
		description: 'The SendGrid unsubscribe group of the e-mails',
	},
	senderName: { displayName: 'Sender Name', kind: 'text', placeholder: 'e.g. Emailer', description: 'The name the e-mails come from' },
	senderEmail: {
		displayName: 'Sender E-Mail',
		kind: 'email',
		placeholder: 'e.g. noreply@example.com',
		description: 'The address the e-mails come from',
	},
	allowEmailReplies: {
		displayName: 'Allow E-Mail Replies',
		kind: 'switch',
		default: false,
		description: 'Whether a reply to a notification e-mail becomes a message in the conversation',
	},
	senderEmailForReplies: {
		displayName: 'Sender E-Mail for Replies',
		kind: 'email',
		whileOn: 'allowEmailReplies',
		optional: true,
		placeholder: 'e.g. reply@example.com',
		description: 'The address the e-mails come from while replies are allowed (optional)',
	},
	useStoredPhNo: {
		displayName: 'Only Users With a Stored Phone Number',
		kind: 'switch',
		default: false,
		description: 'Whether CometChat calls the webhook only for users whose phone number it stores',
	},
	useStoredEmailID: {
		displayName: 'Only Users With a Stored E-Mail',
		kind: 'switch',
		default: false,
		description: 'Whether CometChat calls the webhook only for users whose e-mail address it stores',
	},
	webhookURL: {
		displayName: 'Webhook URL',
		kind: 'url',
		placeholder: 'e.g. https://example.com/notify',
		description: 'The URL CometChat calls for each notification to send',
	},
	useBasicAuth: {
		displayName: 'Use Basic Auth',
		kind: 'switch',
		default: false,
		description: 'Whether CometChat sends a username and password as HTTP Basic Auth with each webhook call',
	},
	basicAuthUsername: {
		displayName: 'Basic Auth Username',
		kind: 'text',
		whileOn: 'useBasicAuth',
		description: 'Username CometChat sends with each webhook call',
	},
	basicAuthPassword: {
		displayName: 'Basic Auth Password',
		kind: 'secret',
		whileOn: 'useBasicAuth',
		description:
			'Password CometChat sends with each webhook call. Never shown in the output ("hasBasicAuthPassword" says whether one is stored).',
	},
};

/** The settings whose values are request secrets: cut out of every output, error and log. */
const SECRET_SETTINGS = ['twilioAccountSID', 'twilioAuthToken', 'sendGridApiKey', 'basicAuthPassword'];

/** The Provider choice, shown by every operation. */
export const providerField: INodeProperties = {
	displayName: 'Provider',
	name: 'provider',
	type: 'options',
	options: PROVIDER_VALUES.map((value) => ({ name: PROVIDERS[value].name, value })).sort((a, b) => a.name.localeCompare(b.name)),
	default: 'customPush',
	description: 'Which notification provider of the app',
};

export function providerOf(context: IExecuteFunctions, itemIndex: number): ProviderValue {
	return readOption(context, itemIndex, 'provider', 'Provider', PROVIDER_VALUES, 'customPush');
}

/** The provider's record in CometChat: `/notifications/<channel>/v1/providers/<kind>`. */
export function providerPath(provider: ProviderValue): string[] {
	const { channel, kind } = PROVIDERS[provider];
	return ['notifications', channel, 'v1', 'providers', kind];
}

function settingField(name: string, forUpdate: boolean): INodeProperties {
	const setting = SETTINGS[name];
	const field: INodeProperties = {
		displayName: setting.displayName,
		name,
		type: setting.kind === 'switch' ? 'boolean' : 'string',
		default: setting.kind === 'switch' ? (setting.default ?? false) : '',
		description: setting.description,
	};
	if (setting.placeholder) field.placeholder = setting.placeholder;
	if (setting.kind === 'secret') field.typeOptions = { password: true };
	if (!forUpdate && setting.whileOn) field.displayOptions = { show: { [setting.whileOn]: [true] } };
	return field;
}

/**
 * Save's fields: each setting once, shown for the providers that have it. None is marked required:
 * they are shown by the Provider, which an expression may set (n8n would then refuse to start the
 * workflow over a field of another provider); Save checks them before sending instead.
 */
export function saveProperties(): INodeProperties[] {
	const names = [...new Set(PROVIDER_VALUES.flatMap((value) => PROVIDERS[value].settings as readonly string[]))];
	return [
		providerField,
		...names.map((name) => {
			const field = settingField(name, false);
			const providers = PROVIDER_VALUES.filter((value) => (PROVIDERS[value].settings as readonly string[]).includes(name));
			return { ...field, displayOptions: { show: { ...field.displayOptions?.show, provider: providers } } };
		}),
	];
}

/** Update's fields: Update Fields, one collection per provider with its settings. */
export function updateProperties(): INodeProperties[] {
	return [
		providerField,
		...PROVIDER_VALUES.map(
			(value): INodeProperties => ({
				displayName: 'Update Fields',
				name: 'updateFields',
				type: 'collection',
				placeholder: 'Add Field',
				default: {},
				displayOptions: { show: { provider: [value] } },
				options: PROVIDERS[value].settings
					.map((name) => settingField(name, true))
					.sort((a, b) => a.displayName.localeCompare(b.displayName)),
			}),
		),
	];
}

const PHONE = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One setting's value, checked; undefined when not given (and not required). */
function settingValue(context: IExecuteFunctions, itemIndex: number, name: string, value: unknown, required: boolean): unknown {
	const setting = SETTINGS[name];
	const label = setting.displayName;
	if (setting.kind === 'switch')
		return value === undefined ? undefined : booleanOf(context, itemIndex, label, value, setting.default ?? false);
	const text = required ? requiredTextOf(context, itemIndex, label, value) : optionalTextOf(context, itemIndex, label, value);
	if (text === undefined) return undefined;
	if (setting.kind === 'url') return optionalUrlOf(context, itemIndex, label, text);
	const trimmed = text.trim();
	if (setting.kind === 'phone' && !PHONE.test(trimmed)) {
		throw fieldError(
			context,
			itemIndex,
			label,
			'is not a phone number in international format',
			`Enter it as + and the country code, e.g. +13611364718.`,
		);
	}
	if (setting.kind === 'email' && !EMAIL.test(trimmed)) {
		throw fieldError(context, itemIndex, label, 'is not an e-mail address', `Enter an address such as noreply@example.com in '${label}'.`);
	}
	return setting.kind === 'secret' ? text : trimmed;
}

/**
 * The body of Save (every setting of the provider, as published: required ones must be filled) or
 * of Update (only the fields given). Basic Auth: its username cannot hold a colon, neither part a
 * line break; on Save with Use Basic Auth off, both go as empty text (the published body requires
 * them); a username or password with Use Basic Auth off is refused.
 */
export function providerBody(context: IExecuteFunctions, itemIndex: number, provider: ProviderValue, mode: 'save' | 'update'): IDataObject {
	const given = mode === 'update' ? (context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject) : undefined;
	const body: IDataObject = {};
	for (const name of PROVIDERS[provider].settings) {
		const setting = SETTINGS[name];
		if (given === undefined && setting.whileOn !== undefined && body[setting.whileOn] !== true) continue;
		const raw = given === undefined ? context.getNodeParameter(name, itemIndex, setting.default) : given[name];
		const value = settingValue(
			context,
			itemIndex,
			name,
			raw,
			given === undefined && setting.kind !== 'switch' && setting.optional !== true,
		);
		if (value !== undefined) body[name] = value;
	}
	checkBasicAuthPart(context, itemIndex, 'Basic Auth Username', body.basicAuthUsername as string | undefined, false);
	checkBasicAuthPart(context, itemIndex, 'Basic Auth Password', body.basicAuthPassword as string | undefined, true);
	if (body.useBasicAuth === false && (body.basicAuthUsername !== undefined || body.basicAuthPassword !== undefined)) {
		throw inputError(
			context,
			itemIndex,
			'A Basic Auth username or password is set, but Use Basic Auth is off',
			"Turn 'Use Basic Auth' on so CometChat sends them, or remove them.",
		);
	}
	if (mode === 'save' && 'useBasicAuth' in body && body.useBasicAuth === false) {
		body.basicAuthUsername = '';
		body.basicAuthPassword = '';
	}
	return body;
}

/** The request of one operation on the provider, its secret settings marked as secrets. */
export function providerRequest(provider: ProviderValue, method: 'GET' | 'POST' | 'PUT' | 'DELETE', body?: IDataObject): CometChatRequest {
	const secrets = SECRET_SETTINGS.map((name) => body?.[name]).filter((value): value is string => typeof value === 'string' && value !== '');
	return { method, path: providerPath(provider), ...(body ? { body } : {}), secrets };
}

/**
 * Save is safe to send again (docs/cometchat-api.md, Notification providers and logs): after an
 * answer lost when CometChat may have stored the settings, the provider is read. Stored as sent:
 * the first attempt made it (its answer is the output). Otherwise sent again: a save replaces the
 * provider's settings, so sending it twice does no harm.
 */
export function saveLookup(context: IExecuteFunctions, provider: ProviderValue, sent: IDataObject): Pick<CometChatRequest, 'findApplied'> {
	const findApplied = async (deadline: number): Promise<AppliedLookup> => {
		let response: CometChatResponse;
		try {
			response = await cometChatRequest.call(context, { ...providerRequest(provider, 'GET'), deadline });
		} catch (error) {
			return undecidedAfter(`reading the ${PROVIDERS[provider].name} provider`, error);
		}
		const stored = providerRecord(provider, response.data);
		return Object.keys(sent).every((name) => stored[name] === sent[name]) ? { found: response } : { notFound: true };
	};
	return { findApplied };
}

/** The provider's record in an answer: the custom push provider's inside `pushProviders` (a list of one). */
function providerRecord(provider: ProviderValue, data: unknown): IDataObject {
	const answer = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as IDataObject;
	const listed = answer.pushProviders;
	return provider === 'customPush' && Array.isArray(listed) ? ((listed[0] ?? {}) as IDataObject) : answer;
}

/**
 * The provider's record as the node puts it out: the custom push provider answers inside
 * `pushProviders` (a list of one), the others as `data` itself; an empty answer is a provider not
 * saved (`configured: false`). Secrets are masked by the node's filter (helpers/secrets.ts).
 */
export function providerOutput(provider: ProviderValue, data: unknown): IDataObject {
	const record = providerRecord(provider, data);
	const settings = Object.keys(record).filter((key) => key in SETTINGS);
	const output: IDataObject = { provider, configured: settings.length > 0, ...record };
	if ('basicAuthPassword' in record)
		output.hasBasicAuthPassword = typeof record.basicAuthPassword === 'string' && record.basicAuthPassword !== '';
	return output;
}
