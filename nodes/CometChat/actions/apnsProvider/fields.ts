import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { describeValue, fieldError, refuseProblem } from '../../readers/fieldErrors';
import { appleIdProblem, bundleIdProblem, pemKeyProblem, pemKeyText } from '../../readers/keys';
import { optionalTextOf, requiredTextOf } from '../../readers/text';
import { booleanOf } from '../../readers/values';
import { keySecrets } from '../fcmProvider/fields';

export const APNS_PATH = ['notifications', 'push', 'v1', 'providers', 'apns'];

/** The APNs token-auth values: the .p8 key and its key and team IDs are password fields. */
const SECRET_TEXTS: Array<{ name: string; displayName: string; description: string }> = [
	{
		name: 'p8Key',
		displayName: 'P8 Key',
		description: 'The content of the .p8 key file Apple gave for APNs. Sent as a secret; never shown in an output.',
	},
	{
		name: 'keyId',
		displayName: 'Key ID',
		description: 'The ID of the .p8 key (10 characters, from the Apple developer account). Sent as a secret.',
	},
	{
		name: 'teamId',
		displayName: 'Team ID',
		description: 'The Apple developer team ID (10 characters, from the membership details). Sent as a secret.',
	},
];

export const BUNDLE_ID_LABEL = 'Bundle ID';

/** Add's required fields (the key, its IDs and the app's bundle ID). */
export function requiredKeyFields(): INodeProperties[] {
	return [
		...SECRET_TEXTS.map(
			(field): INodeProperties => ({ ...field, type: 'string', typeOptions: { password: true }, required: true, default: '' }),
		),
		{
			displayName: BUNDLE_ID_LABEL,
			name: 'bundleId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. com.example.chat',
			description: 'The bundle ID of the iOS app the notifications go to',
		},
	];
}

/** The optional fields of a provider: Add's Additional Fields, and with the key fields Update's Update Fields. */
export function optionalFields(withKey: boolean): INodeProperties[] {
	const fields: INodeProperties[] = [
		{
			displayName: 'Include Content Available',
			name: 'includeContentAvailable',
			type: 'boolean',
			default: false,
			description: 'Whether notifications carry content-available, so the app is woken in the background',
		},
		{
			displayName: 'Include Mutable Content',
			name: 'includeMutableContent',
			type: 'boolean',
			default: false,
			description: 'Whether notifications carry mutable-content, so a notification service extension can change them',
		},
		{
			displayName: 'P8 Key File Name',
			name: 'p8KeyFilename',
			type: 'string',
			default: '',
			placeholder: 'e.g. AuthKey_ABC123DEFG.p8',
			description: 'The name of the .p8 key file, as the CometChat dashboard shows it',
		},
		{
			displayName: 'Production Mode',
			name: 'productionMode',
			type: 'boolean',
			default: false,
			description: "Whether to send through Apple's production APNs (off: the sandbox, for development builds)",
		},
	];
	if (withKey) {
		fields.push(
			...SECRET_TEXTS.map((field): INodeProperties => ({ ...field, type: 'string', typeOptions: { password: true }, default: '' })),
			{ displayName: BUNDLE_ID_LABEL, name: 'bundleId', type: 'string', default: '', description: 'The bundle ID of the iOS app' },
		);
	}
	return fields.sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** A secret text: its errors never quote it (unlike the text readers', which show a short value). */
function secretTextOf(context: IExecuteFunctions, itemIndex: number, label: string, value: unknown, required: boolean): string | undefined {
	if (value === undefined || value === null || value === '') {
		if (required) throw fieldError(context, itemIndex, label, 'is empty', `Enter the ${label} of the APNs key.`);
		return undefined;
	}
	if (typeof value !== 'string') throw fieldError(context, itemIndex, label, 'must be text', `Give '${label}' as text, as Apple gave it.`);
	if (value.trim() === '') throw fieldError(context, itemIndex, label, 'is blank', `Enter the ${label} of the APNs key.`);
	return value;
}

/**
 * The .p8 key, made a PEM (pemKeyText: a key pasted on one line, with Windows line ends or with \n
 * written out is taken) and checked to be an EC P-256 private key, as Apple gives it.
 */
function p8KeyOf(context: IExecuteFunctions, itemIndex: number, label: string, value: string): string {
	const key = pemKeyText(value);
	refuseProblem(
		context,
		itemIndex,
		label,
		pemKeyProblem(key, 'ec'),
		'Paste the whole content of the .p8 key file Apple gave for APNs, from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY----- (an EC P-256 key; not a certificate).',
	);
	return key;
}

/** A key ID or team ID: 10 upper-case letters and digits, as Apple gives them; sent trimmed, never quoted. */
function appleIdOf(context: IExecuteFunctions, itemIndex: number, label: string, value: string): string {
	const id = value.trim();
	const where =
		label === 'Key ID'
			? "under Certificates, Identifiers & Profiles → Keys (also the part after AuthKey_ in the .p8 file's name)"
			: 'under Membership details';
	refuseProblem(
		context,
		itemIndex,
		label,
		appleIdProblem(id),
		`Copy the ${label} from the Apple developer account, ${where}: exactly 10 upper-case letters and digits.`,
	);
	return id;
}

const FLAGS: Array<[string, string]> = [
	['includeContentAvailable', 'Include Content Available'],
	['includeMutableContent', 'Include Mutable Content'],
	['productionMode', 'Production Mode'],
];

/**
 * The body of the fields given (an Add or an Update), checked, and the secrets it carries. `required`:
 * the key, its IDs and the bundle ID must be there (Add).
 */
export function apnsBody(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
	required: boolean,
): { body: IDataObject; secrets: string[] } {
	const body: IDataObject = {};
	const given: string[] = [];
	for (const { name, displayName } of SECRET_TEXTS) {
		const value = secretTextOf(context, itemIndex, displayName, fields[name], required);
		if (value === undefined) continue;
		given.push(value);
		body[name] = name === 'p8Key' ? p8KeyOf(context, itemIndex, displayName, value) : appleIdOf(context, itemIndex, displayName, value);
	}
	const bundleId = required
		? requiredTextOf(context, itemIndex, BUNDLE_ID_LABEL, fields.bundleId, "Enter the iOS app's bundle ID.")
		: optionalTextOf(context, itemIndex, BUNDLE_ID_LABEL, fields.bundleId);
	if (bundleId !== undefined) {
		const problem = bundleIdProblem(bundleId);
		if (problem !== undefined) {
			throw fieldError(
				context,
				itemIndex,
				BUNDLE_ID_LABEL,
				`${problem}, not ${describeValue(bundleId)}`,
				"Enter the iOS app's bundle ID as Xcode shows it (Target → General → Bundle Identifier), e.g. com.example.chat.",
			);
		}
		body.bundleId = bundleId;
	}
	const filename = optionalTextOf(context, itemIndex, 'P8 Key File Name', fields.p8KeyFilename);
	if (filename !== undefined) body.p8KeyFilename = filename;
	for (const [name, label] of FLAGS) if (fields[name] !== undefined) body[name] = booleanOf(context, itemIndex, label, fields[name], false);
	// The key as sent (made a PEM) and as given (it may differ) are both secrets.
	return { body, secrets: keySecrets([body.p8Key, body.keyId, body.teamId, ...given]) };
}
