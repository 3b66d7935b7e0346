import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldError, refuseProblem } from '../../readers/fieldErrors';
import { pemKeyProblem } from '../../readers/keys';
import { choicesOf } from '../../readers/values';
import { emailProblem, optionalTextOf, requiredId } from '../../readers/text';

export const SERVICE_ACCOUNT_LABEL = 'Service Account JSON';

/**
 * What an FCM or APNs provider's Add, Delete, Set Default and Update output, for the AI tool's
 * description: a flag saying what was done and the provider's ID (Add's only when one was given).
 */
export function providerReturns(done: 'added' | 'deleted' | 'isDefault' | 'updated'): string {
	return `Returns ${done} (true) and the providerId${done === 'added' ? ', when one was given' : ''}.`;
}

/** The FCM provider an operation is about: its ID as CometChat lists it. */
export function providerIdField(description: string): INodeProperties {
	return {
		displayName: 'Provider ID',
		name: 'providerId',
		type: 'string',
		required: true,
		default: '',
		description,
	};
}

export function providerIdValue(context: IExecuteFunctions, itemIndex: number): string {
	return requiredId(context, itemIndex, 'providerId', 'Provider ID', "Enter the provider's ID, as Get Many outputs it.");
}

/** The Firebase service-account key: a password field, since it holds the private key. */
export function serviceAccountField(required: boolean): INodeProperties {
	return {
		displayName: SERVICE_ACCOUNT_LABEL,
		name: 'serviceAccount',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		...(required ? { required: true } : {}),
		description:
			"The content of the Firebase project's service-account key file (JSON, with project_id, client_email, private_key and private_key_id). Sent as a secret; never shown in an output.",
	};
}

export const PAYLOAD_TARGETS = ['android.chat', 'android.call', 'ios.chat', 'ios.call', 'web.chat', 'web.call'] as const;

export const notificationInPayloadField: INodeProperties = {
	displayName: 'Notification in Payload',
	name: 'notificationInPayload',
	type: 'multiOptions',
	options: [
		{ name: 'Android Calls', value: 'android.call' },
		{ name: 'Android Chat', value: 'android.chat' },
		{ name: 'iOS Calls', value: 'ios.call' },
		{ name: 'iOS Chat', value: 'ios.chat' },
		{ name: 'Web Calls', value: 'web.call' },
		{ name: 'Web Chat', value: 'web.chat' },
	],
	default: [],
	description: 'Where FCM messages carry a visible notification; the others are silent (data only)',
};

export const serviceAccountFilenameField: INodeProperties = {
	displayName: 'Service Account File Name',
	name: 'serviceAccountFilename',
	type: 'string',
	default: '',
	placeholder: 'e.g. my-project-firebase-adminsdk.json',
	description: 'The name of the key file, as the CometChat dashboard shows it',
};

/** The fields of serviceAccountCreds (ServiceAccountCreds), each required but private_key_id. */
const CREDS_REQUIRED = ['project_id', 'client_email', 'private_key'];

/**
 * The service-account key, parsed without ever putting it in an error: a JSON parse error's text
 * can quote the input, so only its position is told.
 */
export function serviceAccountOf(context: IExecuteFunctions, itemIndex: number, value: unknown): IDataObject {
	const label = SERVICE_ACCOUNT_LABEL;
	let parsed: unknown = value;
	if (typeof value === 'string') {
		if (value.trim() === '') throw fieldError(context, itemIndex, label, 'is empty', 'Paste the content of the service-account key file.');
		try {
			parsed = JSON.parse(value);
		} catch {
			throw fieldError(
				context,
				itemIndex,
				label,
				'is not valid JSON',
				'Paste the whole content of the service-account key file, as Firebase gave it.',
			);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw fieldError(
			context,
			itemIndex,
			label,
			'is not a JSON object',
			'Paste the content of the service-account key file, a JSON object.',
		);
	}
	const account = parsed as IDataObject;
	const missing = CREDS_REQUIRED.filter((key) => typeof account[key] !== 'string' || (account[key] as string).trim() === '');
	if (missing.length > 0) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`has no ${missing.join(', ')}`,
			'Use the key file Firebase created for a service account: it holds them all.',
		);
	}
	refuseProblem(
		context,
		itemIndex,
		label,
		accountFormProblem(account),
		'Paste the whole content of the key file Firebase created for a service account (Project settings → Service accounts → Generate new private key), as it is.',
	);
	const creds: IDataObject = {};
	for (const key of [...CREDS_REQUIRED, 'private_key_id']) if (typeof account[key] === 'string') creds[key] = account[key];
	return creds;
}

/**
 * What is wrong with the form of a service-account key that has its fields: its type, its
 * client_email, its private key (an RSA key in PEM form). Names only the fields, never their values.
 */
function accountFormProblem(account: IDataObject): string | undefined {
	if (account.type !== undefined && account.type !== 'service_account') return 'has a type that is not "service_account"';
	const emailWrong = emailProblem((account.client_email as string).trim());
	if (emailWrong !== undefined) return `has a client_email that ${emailWrong}`;
	const keyProblem = pemKeyProblem(account.private_key as string, 'rsa');
	return keyProblem === undefined ? undefined : `has a private_key that ${keyProblem}`;
}

/**
 * What a request carrying the key must cut out of errors and logs: the key text, its private key
 * and key id, as they are and as JSON escapes them, and each long line of the PEM key.
 */
export function serviceAccountSecrets(text: string, creds: IDataObject): string[] {
	return [text, ...keySecrets([creds.private_key, creds.private_key_id])];
}

/** Each key (a PEM key too) as it is, as JSON escapes it, and each long line of it (FCM and APNs keys). */
export function keySecrets(values: unknown[]): string[] {
	const secrets: string[] = [];
	for (const value of values) {
		if (typeof value !== 'string') continue;
		secrets.push(value, JSON.stringify(value).slice(1, -1));
		for (const line of value.split(/\r?\n/)) if (line.length >= 16 && !line.startsWith('-----')) secrets.push(line);
	}
	return secrets;
}

/** notificationInPayload from the targets chosen: each of the six, true or false. */
export function notificationInPayloadOf(context: IExecuteFunctions, itemIndex: number, value: unknown): IDataObject {
	const chosen = choicesOf(context, itemIndex, 'Notification in Payload', value ?? [], PAYLOAD_TARGETS);
	const payload: Record<string, IDataObject> = {};
	for (const target of PAYLOAD_TARGETS) {
		const [platform, kind] = target.split('.');
		(payload[platform] ??= {})[kind] = chosen.includes(target);
	}
	return payload;
}

/** The body fields shared by Add and Update, from a collection's values; the secrets they carry. */
export function providerBody(context: IExecuteFunctions, itemIndex: number, fields: IDataObject): { body: IDataObject; secrets: string[] } {
	const body: IDataObject = {};
	let secrets: string[] = [];
	if (fields.serviceAccount !== undefined) {
		// An expression may give the key as an object: never quoted in an error, as the text is not.
		const creds = serviceAccountOf(context, itemIndex, fields.serviceAccount);
		const text = typeof fields.serviceAccount === 'string' ? fields.serviceAccount : JSON.stringify(fields.serviceAccount);
		body.serviceAccountCreds = creds;
		secrets = serviceAccountSecrets(text, creds);
	}
	const filename = optionalTextOf(context, itemIndex, 'Service Account File Name', fields.serviceAccountFilename);
	if (filename !== undefined) body.serviceAccountFilename = filename;
	if (fields.notificationInPayload !== undefined)
		body.notificationInPayload = notificationInPayloadOf(context, itemIndex, fields.notificationInPayload);
	return { body, secrets };
}
