/**
 * Bad inputs, tried against every operation of the CometChat node and its credential, through n8n's
 * engine against the emulator. Each case is one wrong value of one field (an object where text is
 * expected, a blank ID, a mixed-case UID, a Limit of -5, 26 tags, ...). A case holds when:
 * - the item fails with a NodeOperationError or NodeApiError (never a raw TypeError and the like),
 * - whose message names the field by its display name and the item ("[item N]"),
 * - no request was sent for it (the emulator's request log),
 * - and, with Continue On Fail, the valid items around it still run.
 *
 * All cases of one operation run in one workflow execution: a valid item, then every bad item, then
 * another valid item, with Continue On Fail. The requests of that run must be exactly those of the
 * two valid items alone (a run of its own beforehand); when they are not, each bad item is run alone
 * to find the ones that sent something.
 */
import type { IDataObject, INodeExecutionData, INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';

import { CometChatManagementApi } from '../../credentials/CometChatManagementApi.credentials';
import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { APNS_KEY_ID, APNS_P8_KEY, APNS_TEAM_ID, BAD_PEMS, FCM_PRIVATE_KEY, fcmAccountJson } from '../data/pushKeys';
import type { CredentialData } from '../harness/engine';
import { NODE_TYPE, registerCredential, registerNodeType, runNode } from '../harness/engine';
import { appCredentialsFor, credentialsFor } from '../harness/emulator';
import { useEmulator } from '../harness/suite';
import { campaignOperations, seedCampaigns } from './bad-inputs-campaigns';
import type { Bad, Field, OperationSpec } from './bad-input-cases';
import { report } from './report';

const emulator = useEmulator();
registerCredential(new CometChatManagementApi(), () => ({
	appId: emulator().appId,
	managementApiKey: emulator().mgmtKey,
	managementSecret: emulator().mgmtSecret,
	managementUrl: emulator().mgmtUrl,
}));

/** The node as an AI agent's tool, as n8n derives it from `usableAsTool`: the same node, its name with a "Tool" suffix. */
const TOOL_TYPE = `${NODE_TYPE}Tool`;
const toolNode = new CometChat();
toolNode.description = {
	...structuredClone(toolNode.description),
	name: `${toolNode.description.name}Tool`,
	displayName: 'CometChat Tool',
};
registerNodeType(TOOL_TYPE, toolNode);

// ------------------------------------------------------------------------------------------ values

/** A parameter read from the item: `$json[key]`, or `fallback` (a valid value) when the item has none. */
const ex = (key: string, fallback: unknown) => `={{ $json.${key} === undefined ? ${JSON.stringify(fallback)} : $json.${key} }}`;
/** The same for a resource locator in By ID mode. */
const rl = (key: string, fallback: unknown) => ({ __rl: true, mode: 'id', value: ex(key, fallback) });

const NOT_TEXT: Bad = [
	['an object', { a: 1 }],
	['a list', ['a', 'b']],
	['a boolean', true],
];
const NOT_OPTIONAL_TEXT: Bad = [...NOT_TEXT, ['blank text', '   ']];
const NOT_REQUIRED_TEXT: Bad = [...NOT_OPTIONAL_TEXT, ['empty text', '']];
/** Characters no CometChat ID holds, in any ID field: refused by the one rule every ID is read with. */
const NOT_IN_ANY_ID: Bad = [
	['a slash', 'a/b'],
	['a backslash', 'a\\b'],
	['a line break inside', 'a\nb'],
];
const NOT_OPTIONAL_ID: Bad = [['an object', { id: 'x' }], ['a list', ['a', 'b']], ['a boolean', true], ...NOT_IN_ANY_ID];
const NOT_ID: Bad = [...NOT_OPTIONAL_ID, ['blank', '   ']];
/** A GUID: letters, digits, _ and - (CometChat's published rule). */
const NOT_GUID_RULES: Bad = [
	['a space', 'a b'],
	['a dot', 'a.b'],
];
const NOT_GUID: Bad = [...NOT_ID, ...NOT_GUID_RULES];
const NOT_OPTIONAL_GUID: Bad = [...NOT_OPTIONAL_ID, ...NOT_GUID_RULES];
/** A message ID: a whole number above zero. */
const NOT_MESSAGE_ID_RULES: Bad = [
	['a decimal', '1.5'],
	['a negative number', '-3'],
	['a word', 'abc'],
	['zero', '0'],
];
const NOT_MESSAGE_ID: Bad = [...NOT_ID, ...NOT_MESSAGE_ID_RULES];
const NOT_OPTIONAL_MESSAGE_ID: Bad = [...NOT_OPTIONAL_ID, ...NOT_MESSAGE_ID_RULES];
const UID_RULES: Bad = [
	['mixed case', 'Ada'],
	['a dot', 'a.b'],
	['101 characters', 'a'.repeat(101)],
];
const NOT_UID: Bad = [...NOT_ID, ...UID_RULES];
const NOT_OPTIONAL_UID: Bad = [...NOT_OPTIONAL_ID, ...UID_RULES];
const NOT_LIST: Bad = [
	['an object', { a: 1 }],
	['a boolean', true],
	['a list holding an object', ['ok', { a: 1 }]],
	['a list holding a boolean', [true]],
	['an entry given twice', 'a1, b2, a1'],
];
const NOT_UID_LIST: Bad = [...NOT_LIST, ['a mixed-case UID in text', 'ada, Bob'], ['a UID with a space', ['a b']]];
/** A UID-list field that sends its UIDs in one request: at least one, at most 1,000. */
const NOT_UIDS_TO_SEND: Bad = [
	...NOT_UID_LIST,
	['empty text', ''],
	['1,001 UIDs', Array.from({ length: 1001 }, (_, index) => `u${index}`)],
];
const NOT_TAGS: Bad = [
	...NOT_LIST,
	['26 tags', Array.from({ length: 26 }, (_, index) => `tag${index}`)],
	['a tag of 101 characters', ['x'.repeat(101)]],
];
const NOT_METADATA: Bad = [
	['over 5 KB', { blob: 'x'.repeat(5 * 1024) }],
	['a list', [1, 2]],
	['invalid JSON', '{nope'],
	['a number', 5],
];
const NOT_JSON_OBJECT: Bad = [
	['invalid JSON', '{nope'],
	['a list', [1, 2]],
	['a number', 5],
];
const NOT_URL: Bad = [
	['not a URL', 'not a url'],
	['a URL without a scheme', 'example.com/a.png'],
];
const NOT_MESSAGE_TEXT: Bad = [...NOT_REQUIRED_TEXT, ['65 KB', 'x'.repeat(65 * 1024)]];
const NOT_LIMIT: Bad = [
	['-5', -5],
	['0', 0],
	['null', null],
	['text', 'abc'],
	['2.5', 2.5],
	['numeric text', '10'],
	['a boolean', true],
];
const NOT_BOOLEAN: Bad = [
	['the text "false"', 'false'],
	['the text "true"', 'true'],
	['the number 1', 1],
];
const NOT_DATE: Bad = [
	['text', 'yesterday'],
	['an object', { a: 1 }],
	['a boolean', true],
	['a negative number', -5],
	['milliseconds', 1_700_000_000_000],
	['a bare small number as text', '12'],
	['zero as text', '0'],
	['a date that does not exist', '2024-02-30'],
	['a time that does not exist', '2024-01-31T25:00:00Z'],
];
/** 1,001 IDs: more than one request carries. */
const OVER_ONE_REQUEST: Bad = [['1,001 entries', Array.from({ length: 1001 }, (_, index) => `u${index}`)]];
const NOT_COUNT: Bad = [
	['-1', -1],
	['2.5', 2.5],
	['numeric text', '3'],
	['a boolean', true],
];
const NOT_OPTION: Bad = [
	['an unknown value', 'secret'],
	['an object', { a: 1 }],
	['a number', 1],
];

// ------------------------------------------------------------------------------------------ cases

const limitFields: Field[] = [
	{ key: 'limit', label: 'Limit', bad: NOT_LIMIT },
	{ key: 'returnAll', label: 'Return All', bad: NOT_BOOLEAN },
];
const listParameters = { returnAll: ex('returnAll', false), limit: ex('limit', 5) };
const simplifyField: Field = { key: 'simplify', label: 'Simplify', bad: NOT_BOOLEAN };
const simplifyParameters = { options: { simplify: ex('simplify', true) } };
const revealField: Field = { key: 'reveal', label: 'Reveal Tokens', bad: NOT_BOOLEAN };
/** Download Attachments of Message → Get and Get Many (off for the valid items). */
const downloadParameters = {
	downloadAttachments: ex('downloadAttachments', false),
	attachmentPrefix: ex('attachmentPrefix', 'attachment_'),
	maxAttachmentSizeMb: ex('maxAttachmentSizeMb', 25),
};
const downloadFields: Field[] = [
	{ key: 'downloadAttachments', label: 'Download Attachments', bad: NOT_BOOLEAN },
	{ key: 'attachmentPrefix', label: 'Attachment Prefix', bad: NOT_REQUIRED_TEXT, with: { downloadAttachments: true } },
	{ key: 'maxAttachmentSizeMb', label: 'Max File Size (MB)', bad: NOT_LIMIT, with: { downloadAttachments: true } },
];
/** A list with Return All / Limit and Options → Simplify, and nothing else. */
const plainList = (resource: string, simplify = true): OperationSpec => ({
	resource,
	operation: 'getAll',
	parameters: { ...listParameters, ...(simplify ? simplifyParameters : {}) },
	valid: [{}, { limit: 2 }],
	fields: [...limitFields, ...(simplify ? [simplifyField] : [])],
});

/** Moderation Rule → Create and Update: one condition and one filter, each member from the item. */
const ruleConditions = {
	condition: [
		{
			category: ex('category', 'word'),
			isKeywordReferencePresent: ex('isKeywordReferencePresent', false),
			isMediaPresent: ex('isMediaPresent', false),
			operand: ex('operand', 'text'),
			operator: ex('operator', 'contains'),
			value: ex('conditionValue', 'spam'),
		},
	],
};
const ruleFilters = {
	filter: [
		{
			entity: ex('filterEntity', 'user'),
			operand: ex('filterOperand', 'uid'),
			operator: ex('filterOperator', 'equals'),
			type: ex('filterType', 'sender'),
			value: ex('filterValue', 'bob'),
		},
	],
};
const ruleEntryFields: Field[] = [
	{ key: 'category', label: 'Category of condition 1', bad: NOT_OPTION },
	{ key: 'isKeywordReferencePresent', label: 'Is Keyword List Reference of condition 1', bad: NOT_BOOLEAN },
	{ key: 'isMediaPresent', label: 'Is Media Condition of condition 1', bad: NOT_BOOLEAN },
	{ key: 'operand', label: 'Operand of condition 1', bad: NOT_OPTION },
	{ key: 'operator', label: 'Operator of condition 1', bad: NOT_OPTION },
	{ key: 'conditionValue', label: 'Value of condition 1', bad: NOT_REQUIRED_TEXT },
	{
		key: 'conditionValue',
		label: 'Value of condition 1',
		bad: [
			['a pattern that does not compile', '(unclosed'],
			['a pattern with a bad class', '[z-a]'],
		],
		with: { category: 'pattern' },
	},
	{ key: 'filterEntity', label: 'Entity of filter 1', bad: NOT_OPTION },
	{ key: 'filterOperand', label: 'Operand of filter 1', bad: NOT_OPTION },
	{ key: 'filterOperator', label: 'Operator of filter 1', bad: NOT_OPTION },
	{ key: 'filterType', label: 'Type of filter 1', bad: NOT_OPTION },
	{ key: 'filterValue', label: 'Value of filter 1', bad: NOT_REQUIRED_TEXT },
];
/** API keys of the seed (seed()): the keys Get, Update and Delete pick. */
const API_KEYS = ['a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0', 'b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1'];
const NOT_API_KEY_NAME: Bad = [...NOT_REQUIRED_TEXT, ['101 characters', 'n'.repeat(101)]];
/** A webhook ID: 1 to 50 letters and digits (the management API's published rule). */
const NOT_WEBHOOK_ID: Bad = [...NOT_ID, ['a dash', 'a-b'], ['51 characters', 'a'.repeat(51)]];
/** A Basic Auth username or password: letters and digits, at most `max`. */
const notBasicAuth = (max: number): Bad => [...NOT_TEXT, ['a space', 'a b'], [`${max + 1} characters`, 'a'.repeat(max + 1)]];

/** Webhook (management API): every field of its eight operations. */
function webhookOperations(): OperationSpec[] {
	const picked = { webhookId: rl('webhookId', 'hooka') };
	const pickedField: Field = { key: 'webhookId', label: 'Webhook', bad: NOT_WEBHOOK_ID };
	const settings = (prefix: string) => ({
		enabled: ex(`${prefix}enabled`, true),
		retryOnFailure: ex(`${prefix}retryOnFailure`, false),
		username: ex(`${prefix}username`, ''),
		password: ex(`${prefix}password`, ''),
	});
	const settingsFields: Field[] = [
		{ key: 'enabled', label: 'Enabled', bad: NOT_BOOLEAN },
		{ key: 'retryOnFailure', label: 'Retry on Failure', bad: NOT_BOOLEAN },
		{ key: 'username', label: 'Basic Auth Username', bad: notBasicAuth(50) },
		{ key: 'password', label: 'Basic Auth Password', bad: notBasicAuth(100) },
	];
	const urlBad: Bad = [
		...NOT_OPTIONAL_TEXT,
		...NOT_URL,
		['an ftp URL', 'ftp://example.com/x'],
		['256 characters', `https://e.com/${'a'.repeat(242)}`],
	];
	const triggersField: Field = {
		key: 'triggerIds',
		label: 'Triggers',
		bad: [...NOT_LIST, ['empty text', ''], ['a name with a space', 'message sent'], ['a capital letter', ['Message_sent']]],
	};
	const triggers = { triggerIds: ex('triggerIds', ['message_sent']) };
	return [
		{
			resource: 'webhook',
			operation: 'create',
			management: true,
			parameters: {
				webhookId: ex('webhookId', 'newhook1'),
				name: ex('name', 'New hook'),
				webhookURL: ex('webhookURL', 'https://example.com/new'),
				additionalFields: settings(''),
			},
			valid: [{}, { webhookId: 'newhook2', username: 'desk', password: 'Passw0rd' }],
			fields: [
				{ key: 'webhookId', label: 'Webhook ID', bad: [...NOT_WEBHOOK_ID, ['empty', '']] },
				{ key: 'name', label: 'Name', bad: [...NOT_REQUIRED_TEXT, ['51 characters', 'n'.repeat(51)]] },
				{ key: 'webhookURL', label: 'URL', bad: [...urlBad, ['empty', '']] },
				...settingsFields,
				{ key: 'password', label: 'Basic Auth Password', bad: [['missing beside a username', '']], with: { username: 'desk' } },
			],
		},
		{
			resource: 'webhook',
			operation: 'get',
			management: true,
			parameters: picked,
			valid: [{}, { webhookId: 'hookb' }],
			fields: [pickedField],
		},
		{
			resource: 'webhook',
			operation: 'getAll',
			management: true,
			parameters: { ...listParameters, filters: { searchKey: ex('searchKey', '') } },
			valid: [{}, { limit: 1, searchKey: 'Hook' }],
			fields: [...limitFields, { key: 'searchKey', label: 'Search', bad: NOT_OPTIONAL_TEXT }],
		},
		{
			resource: 'webhook',
			operation: 'update',
			management: true,
			parameters: {
				...picked,
				updateFields: {
					name: ex('name', ''),
					webhookURL: ex('webhookURL', ''),
					useBasicAuth: ex('useBasicAuth', false),
					...settings(''),
				},
			},
			valid: [{ name: 'Renamed' }, { webhookId: 'hookb', useBasicAuth: true, username: 'desk', password: 'Passw0rd' }],
			fields: [
				pickedField,
				{ key: 'name', label: 'Name', bad: [...NOT_OPTIONAL_TEXT, ['51 characters', 'n'.repeat(51)]] },
				{ key: 'webhookURL', label: 'URL', bad: urlBad },
				{ key: 'useBasicAuth', label: 'Use Basic Auth', bad: NOT_BOOLEAN },
				...settingsFields,
			],
		},
		{
			resource: 'webhook',
			operation: 'delete',
			management: true,
			parameters: picked,
			valid: [{}, { webhookId: 'hookb' }],
			fields: [pickedField],
		},
		...(['addTriggers', 'removeTriggers'] as const).map(
			(operation): OperationSpec => ({
				resource: 'webhook',
				operation,
				management: true,
				parameters: { ...picked, ...triggers },
				valid: [{}, { webhookId: 'hookb', triggerIds: 'group_created, message_sent' }],
				fields: [pickedField, triggersField],
			}),
		),
		{
			resource: 'webhook',
			operation: 'getTriggers',
			management: true,
			parameters: picked,
			valid: [{}, { webhookId: 'hookb' }],
			fields: [pickedField],
		},
	];
}

function apiKeyOperations(): OperationSpec[] {
	const picked = { apiKey: ex('apiKey', API_KEYS[0]) };
	const pickedField: Field = { key: 'apiKey', label: 'API Key', bad: NOT_ID };
	return [
		{
			resource: 'apiKey',
			operation: 'create',
			parameters: { name: ex('name', 'Key A'), scope: ex('scope', 'authOnly') },
			valid: [{}, { name: 'Key B', scope: 'fullAccess' }],
			fields: [
				{ key: 'name', label: 'Name', bad: NOT_API_KEY_NAME },
				{ key: 'scope', label: 'Scope', bad: NOT_OPTION },
			],
		},
		{
			resource: 'apiKey',
			operation: 'getAll',
			parameters: { ...listParameters, filters: { scope: ex('scope', ''), searchKey: ex('searchKey', '') } },
			valid: [{}, { limit: 1, scope: 'authOnly', searchKey: 'key' }],
			fields: [
				...limitFields,
				{ key: 'scope', label: 'Scope', bad: NOT_OPTION },
				{ key: 'searchKey', label: 'Name Contains', bad: NOT_OPTIONAL_TEXT },
			],
		},
		{ resource: 'apiKey', operation: 'get', parameters: picked, valid: [{}, { apiKey: API_KEYS[1] }], fields: [pickedField] },
		{
			resource: 'apiKey',
			operation: 'update',
			parameters: { ...picked, updateFields: { name: ex('name', 'Renamed'), scope: ex('scope', 'fullAccess') } },
			valid: [{}, { apiKey: API_KEYS[1], scope: 'authOnly' }],
			fields: [pickedField, { key: 'name', label: 'Name', bad: NOT_API_KEY_NAME }, { key: 'scope', label: 'Scope', bad: NOT_OPTION }],
		},
		{ resource: 'apiKey', operation: 'delete', parameters: picked, valid: [{}, { apiKey: API_KEYS[1] }], fields: [pickedField] },
	];
}

/** FCM providers: a valid service-account key (a real-form one, made at test time), and the fields Add and Update share. */
const FCM_ACCOUNT = fcmAccountJson('p');
/** The valid key file with one of its fields changed. */
const fcmAccountWith = (name: string, value: string) => ({ ...(JSON.parse(FCM_ACCOUNT) as IDataObject), [name]: value });
const fcmProviderFields: Field[] = [
	{
		key: 'serviceAccount',
		label: 'Service Account JSON',
		bad: [
			['empty text', ''],
			['blank text', '   '],
			['invalid JSON', '{nope'],
			['a list', [1, 2]],
			['a boolean', true],
			['a key without its private key', { project_id: 'p', client_email: 'a@p.iam' }],
			['a private key that is not PEM', fcmAccountWith('private_key', BAD_PEMS.garbage)],
			['a certificate as the private key', fcmAccountWith('private_key', BAD_PEMS.certificate)],
			['a PEM private key with garbage inside', fcmAccountWith('private_key', BAD_PEMS.damaged)],
			['an EC key as the private key', fcmAccountWith('private_key', APNS_P8_KEY)],
			['a private key with its line breaks written as \\n', fcmAccountWith('private_key', FCM_PRIVATE_KEY.replace(/\n/g, '\\n'))],
			['a client_email that is not an e-mail address', fcmAccountWith('client_email', 'sdk at p')],
			['a type other than service_account', fcmAccountWith('type', 'authorized_user')],
		],
	},
	{ key: 'serviceAccountFilename', label: 'Service Account File Name', bad: NOT_OPTIONAL_TEXT },
	{ key: 'notificationInPayload', label: 'Notification in Payload', bad: [...NOT_LIST, ['an unknown target', ['tv.chat']]] },
];
function fcmProviderOperations(): OperationSpec[] {
	const picked = { providerId: ex('providerId', 'p1') };
	const pickedField: Field = { key: 'providerId', label: 'Provider ID', bad: NOT_ID };
	const fields = {
		serviceAccount: ex('serviceAccount', FCM_ACCOUNT),
		serviceAccountFilename: ex('serviceAccountFilename', ''),
		notificationInPayload: ex('notificationInPayload', []),
	};
	return [
		{
			resource: 'fcmProvider',
			operation: 'add',
			parameters: {
				serviceAccount: fields.serviceAccount,
				additionalFields: {
					serviceAccountFilename: fields.serviceAccountFilename,
					notificationInPayload: fields.notificationInPayload,
					providerId: ex('providerId', ''),
				},
			},
			valid: [{}, { providerId: 'p9', notificationInPayload: ['ios.chat'] }],
			fields: [...fcmProviderFields, { key: 'providerId', label: 'Provider ID', bad: NOT_OPTIONAL_ID }],
		},
		plainList('fcmProvider', false),
		{
			resource: 'fcmProvider',
			operation: 'update',
			parameters: { ...picked, updateFields: fields },
			valid: [{}, { providerId: 'p2', serviceAccountFilename: 'p2.json' }],
			fields: [pickedField, ...fcmProviderFields],
		},
		{ resource: 'fcmProvider', operation: 'delete', parameters: picked, valid: [{}, { providerId: 'p2' }], fields: [pickedField] },
		{ resource: 'fcmProvider', operation: 'setDefault', parameters: picked, valid: [{}, { providerId: 'p2' }], fields: [pickedField] },
	];
}

/** APNs providers: the key and its IDs (secret texts), the bundle ID, the file name and the flags. */
const NOT_SECRET_TEXT: Bad = [
	['blank text', '   '],
	['an object', { a: 1 }],
	['a list', ['a']],
	['a boolean', true],
];
/** Valid APNs values of the real form: a .p8 key (EC P-256, made at test time), Apple's 10-character IDs. */
const APNS_VALID: Record<string, string> = { p8Key: APNS_P8_KEY, keyId: APNS_KEY_ID, teamId: APNS_TEAM_ID };
const NOT_APPLE_ID: Bad = [
	['9 characters', 'ABC123DEF'],
	['11 characters', 'ABC123DEFGH'],
	['lower-case letters', 'abc123defg'],
	['a space inside', 'ABC12 DEFG'],
];
/** The wrong form of each secret text, beside the wrong types. */
const APNS_BAD_FORM: Record<string, Bad> = {
	p8Key: [
		['not PEM', 'p8Key-value'],
		['a certificate', BAD_PEMS.certificate],
		['a PEM private key with garbage inside', BAD_PEMS.damaged],
		['a public key', BAD_PEMS.publicKey],
		['an RSA key', FCM_PRIVATE_KEY],
	],
	keyId: NOT_APPLE_ID,
	teamId: NOT_APPLE_ID,
};
const NOT_BUNDLE_ID: Bad = [
	['a bundle ID with spaces', 'com.example chat'],
	['a bundle ID with an underscore', 'com.example_chat'],
];
function apnsProviderOperations(): OperationSpec[] {
	const picked = { providerId: ex('providerId', 'a1') };
	const pickedField: Field = { key: 'providerId', label: 'Provider ID', bad: NOT_ID };
	const keys = ['p8Key', 'keyId', 'teamId'];
	const labels: Record<string, string> = { p8Key: 'P8 Key', keyId: 'Key ID', teamId: 'Team ID' };
	const flags: Field[] = [
		{ key: 'includeContentAvailable', label: 'Include Content Available', bad: NOT_BOOLEAN },
		{ key: 'includeMutableContent', label: 'Include Mutable Content', bad: NOT_BOOLEAN },
		{ key: 'productionMode', label: 'Production Mode', bad: NOT_BOOLEAN },
	];
	const optional = {
		p8KeyFilename: ex('p8KeyFilename', ''),
		includeContentAvailable: ex('includeContentAvailable', false),
		includeMutableContent: ex('includeMutableContent', false),
		productionMode: ex('productionMode', false),
	};
	const optionalFields: Field[] = [{ key: 'p8KeyFilename', label: 'P8 Key File Name', bad: NOT_OPTIONAL_TEXT }, ...flags];
	return [
		{
			resource: 'apnsProvider',
			operation: 'add',
			parameters: {
				...Object.fromEntries(keys.map((key) => [key, ex(key, APNS_VALID[key])])),
				bundleId: ex('bundleId', 'com.example'),
				additionalFields: { ...optional, providerId: ex('providerId', '') },
			},
			valid: [{}, { providerId: 'a9', productionMode: true }],
			fields: [
				...keys.map((key): Field => ({ key, label: labels[key], bad: [['empty text', ''], ...NOT_SECRET_TEXT, ...APNS_BAD_FORM[key]] })),
				{ key: 'bundleId', label: 'Bundle ID', bad: [...NOT_REQUIRED_TEXT, ...NOT_BUNDLE_ID] },
				...optionalFields,
				{ key: 'providerId', label: 'Provider ID', bad: NOT_OPTIONAL_ID },
			],
		},
		plainList('apnsProvider', false),
		{
			resource: 'apnsProvider',
			operation: 'update',
			parameters: {
				...picked,
				updateFields: {
					...Object.fromEntries(keys.map((key) => [key, ex(key, '')])),
					bundleId: ex('bundleId', 'com.example.new'),
					...optional,
				},
			},
			valid: [{}, { providerId: 'a2', teamId: 'TEAM22ABCD' }],
			fields: [
				pickedField,
				...keys.map((key): Field => ({ key, label: labels[key], bad: [...NOT_SECRET_TEXT, ...APNS_BAD_FORM[key]] })),
				{ key: 'bundleId', label: 'Bundle ID', bad: [...NOT_OPTIONAL_TEXT, ...NOT_BUNDLE_ID] },
				...optionalFields,
			],
		},
		{ resource: 'apnsProvider', operation: 'delete', parameters: picked, valid: [{}, { providerId: 'a2' }], fields: [pickedField] },
		{ resource: 'apnsProvider', operation: 'setDefault', parameters: picked, valid: [{}, { providerId: 'a2' }], fields: [pickedField] },
	];
}

const userRecord = {
	uid: ex('uid', 'ok-uid'),
	name: ex('name', 'Ok'),
	additionalFields: {
		avatar: ex('avatar', ''),
		link: ex('link', ''),
		statusMessage: ex('statusMessage', ''),
		metadata: ex('metadata', '{}'),
		tags: ex('tags', ''),
		role: ex('role', ''),
		withAuthToken: ex('withAuthToken', false),
	},
};
const userRecordFields: Field[] = [
	{ key: 'uid', label: 'UID', bad: [...NOT_UID, ['empty', '']] },
	{ key: 'name', label: 'Name', bad: NOT_REQUIRED_TEXT },
	{ key: 'avatar', label: 'Avatar URL', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
	{ key: 'link', label: 'Link', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
	{ key: 'statusMessage', label: 'Status Message', bad: NOT_TEXT },
	{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
	{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
	{ key: 'role', label: 'Role Name or ID', bad: NOT_OPTIONAL_ID },
	{ key: 'withAuthToken', label: 'With Auth Token', bad: NOT_BOOLEAN },
];

const onBehalfOf = (fallback = 'ada') => ({ onBehalfOf: rl('onBehalfOf', fallback) });
/** The acting user (the `onBehalfOf` field): Act As, or Sender where a message is sent, User for contact details. */
const requiredOnBehalfOf: Field = { key: 'onBehalfOf', label: 'Act As', bad: NOT_UID };
/** A user's notification settings: the User, what a time zone, a setting and an HHMM time are not. */
const preferenceUser: Field = { key: 'uid', label: 'User', bad: NOT_UID };
const NOT_TIMEZONE: Bad = [
	...NOT_OPTIONAL_TEXT,
	['an offset', '+02:00'],
	['an unknown zone', 'Mars/Olympus'],
	['a name in lower case', 'europe/paris'],
	['UTC in lower case', 'utc'],
];
const NOT_SETTING: Bad = [
	['an unknown value', 4],
	['numeric text', '2'],
	['an object', { a: 1 }],
];
const NOT_HHMM: Bad = [
	['2400', 2400],
	['975 (75 minutes)', 975],
	['-1', -1],
	['text', '9am'],
	['2.5', 2.5],
];
const PREFERENCE_SETTINGS: Array<[string, string]> = [
	['groupMessages', 'Group Messages'],
	['groupReplies', 'Group Replies'],
	['groupReactions', 'Group Reactions'],
	['groupMemberAdded', 'Group Member Added'],
	['groupMemberJoined', 'Group Member Joined'],
	['groupMemberLeft', 'Group Member Left'],
	['groupMemberKicked', 'Group Member Kicked'],
	['groupMemberBanned', 'Group Member Banned'],
	['groupMemberUnbanned', 'Group Member Unbanned'],
	['groupMemberScopeChanged', 'Group Member Scope Changed'],
	['oneOnOneMessages', 'One-to-One Messages'],
	['oneOnOneReplies', 'One-to-One Replies'],
	['oneOnOneReactions', 'One-to-One Reactions'],
];
const optionalOnBehalfOf: Field = { key: 'onBehalfOf', label: 'Act As', bad: NOT_OPTIONAL_UID };
const messageIdField: Field = { key: 'messageId', label: 'Message', bad: NOT_MESSAGE_ID };
const reactionField: Field = { key: 'reaction', label: 'Reaction', bad: NOT_REQUIRED_TEXT };
/** Role-based access control: the permissions to set, a permission key, a scope, feature keys. */
const permissionsField: Field = {
	key: 'permissions',
	label: 'Permissions (JSON)',
	bad: [...NOT_JSON_OBJECT, ['no permission', '{}'], ['a number as a value', { sendMessage: 1 }], ['an empty key', { '': 'allow' }]],
};
const permissionKeyField: Field = { key: 'permission', label: 'Permission', bad: [...NOT_REQUIRED_TEXT, ['a space inside', 'list users']] };
const scopeField: Field = { key: 'scope', label: 'Scope', bad: NOT_OPTION };
const NOT_FEATURES: Bad = [...NOT_LIST, ['empty text', ''], ...OVER_ONE_REQUEST];
const delivery = {
	...onBehalfOf(),
	receiverType: ex('receiverType', 'user'),
	receiverUid: rl('receiverUid', 'bob'),
	receiverGuid: rl('receiverGuid', 'crew'),
	receiverUids: ex('receiverUids', 'bob'),
	receiverGuids: ex('receiverGuids', ''),
	simplify: ex('simplify', false),
	additionalFields: {
		tags: ex('tags', ''),
		muid: ex('muid', ''),
		quotedMessageId: ex('quotedMessageId', ''),
		metadata: ex('metadata', '{}'),
	},
};
const deliveryFields: Field[] = [
	{ ...requiredOnBehalfOf, label: 'Sender' },
	{ key: 'receiverType', label: 'Receiver Type', bad: NOT_OPTION },
	{ key: 'receiverUid', label: 'Receiver User', bad: NOT_UID },
	{ key: 'receiverGuid', label: 'Receiver Group', bad: NOT_GUID, with: { receiverType: 'group' } },
	{ key: 'receiverUids', label: 'Receiver UIDs', bad: [...NOT_UID_LIST, ...OVER_ONE_REQUEST], with: { receiverType: 'multiple' } },
	{
		key: 'receiverGuids',
		label: 'Receiver GUIDs',
		bad: [...NOT_LIST, ...OVER_ONE_REQUEST, ['a GUID with a slash', 'crew, a/b']],
		with: { receiverType: 'multiple' },
	},
	{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
	{ key: 'muid', label: 'Muid', bad: NOT_OPTIONAL_TEXT },
	{ key: 'quotedMessageId', label: 'Quoted Message ID', bad: NOT_OPTIONAL_MESSAGE_ID },
	{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
	{ key: 'simplify', label: 'Simplify', bad: NOT_BOOLEAN },
];
/** What Send and Send as Bot send: Send's content fields (the text, the media, the custom data, or JSON). */
const content = {
	category: ex('category', 'message'),
	messageType: ex('messageType', 'text'),
	customType: ex('customType', 'location'),
	dataMode: ex('dataMode', 'fields'),
	url: ex('url', ''),
	attachments: {
		attachment: [
			{
				url: ex('attachmentUrl', 'https://example.com/cat.jpg'),
				name: ex('attachmentName', ''),
				mimeType: ex('mimeType', ''),
				extension: ex('extension', ''),
				size: ex('size', 0),
			},
		],
	},
	customData: ex('customData', '{}'),
	data: ex('data', '{"text": "Hello"}'),
};
const media = { messageType: 'image' };
const contentFields: Field[] = [
	{ key: 'category', label: 'Category', bad: NOT_OPTION },
	{ key: 'messageType', label: 'Type', bad: NOT_OPTION },
	{ key: 'customType', label: 'Custom Type', bad: NOT_REQUIRED_TEXT, with: { category: 'custom' } },
	{ key: 'dataMode', label: 'Message Data', bad: NOT_OPTION },
	{ key: 'url', label: 'Media URL', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL], with: media },
	{ key: 'attachmentUrl', label: 'URL of attachment 1', bad: [...NOT_REQUIRED_TEXT, ...NOT_URL], with: media },
	{ key: 'attachmentName', label: 'Name of attachment 1', bad: NOT_OPTIONAL_TEXT, with: media },
	{ key: 'mimeType', label: 'MIME Type of attachment 1', bad: NOT_OPTIONAL_TEXT, with: media },
	{ key: 'extension', label: 'Extension of attachment 1', bad: NOT_OPTIONAL_TEXT, with: media },
	{ key: 'size', label: 'Size (Bytes) of attachment 1', bad: NOT_COUNT, with: media },
	{ key: 'customData', label: 'Custom Data (JSON)', bad: NOT_JSON_OBJECT, with: { category: 'custom' } },
	{
		key: 'data',
		label: 'Data (JSON)',
		bad: [...NOT_JSON_OBJECT, ['a text of 65 KB', { text: 'x'.repeat(65 * 1024) }]],
		with: { dataMode: 'json' },
	},
];
/**
 * One Form Fields entry (Send Form, Send and Wait's Custom Form) with every member driven from the
 * item: a text input unless the item picks another element type; `own` overrides members.
 */
const formField = (own: INodeParameters = {}): INodeParameters => ({
	elementType: ex('elementType', 'textInput'),
	elementId: ex('elementId', 'email'),
	label: ex('fieldLabel', 'Email'),
	choices: { choice: [{ label: ex('choiceLabel', 'Red'), value: ex('choiceValue', 'red') }] },
	defaultValue: ex('defaultValue', ''),
	placeholder: ex('placeholder', ''),
	mode: ex('mode', 'date'),
	dateTimeFormat: ex('dateTimeFormat', ''),
	timezoneCode: ex('timezoneCode', ''),
	from: ex('from', ''),
	to: ex('to', ''),
	buttonText: ex('buttonText', 'Go'),
	disableAfterInteracted: ex('disableAfterInteracted', false),
	actionType: ex('actionType', 'urlNavigation'),
	url: ex('buttonUrl', 'https://example.com/go'),
	method: ex('method', 'POST'),
	payload: ex('payload', '{}'),
	headers: ex('headers', '{}'),
	dataKey: ex('dataKey', ''),
	...own,
});
const dropdown = { elementType: 'dropdown' };
const dateTime = { elementType: 'dateTime' };
const button = { elementType: 'button' };
const apiButton = { elementType: 'button', actionType: 'apiAction' };
/** The members of formField() that both forms check the same way (Label, Optional and Max Lines are each operation's own). */
const formFieldFields: Field[] = [
	{ key: 'elementType', label: 'Element Type of form field 1', bad: NOT_OPTION },
	{ key: 'elementId', label: 'Element ID of form field 1', bad: NOT_REQUIRED_TEXT },
	{ key: 'choiceLabel', label: 'Label of option 1 of form field 1', bad: NOT_TEXT, with: dropdown },
	{ key: 'choiceValue', label: 'Value of option 1 of form field 1', bad: NOT_REQUIRED_TEXT, with: dropdown },
	{ key: 'defaultValue', label: 'Default Value of form field 1', bad: NOT_TEXT },
	{ key: 'placeholder', label: 'Placeholder of form field 1', bad: NOT_TEXT },
	{ key: 'mode', label: 'Mode of form field 1', bad: NOT_OPTION, with: dateTime },
	{ key: 'dateTimeFormat', label: 'Date Time Format of form field 1', bad: NOT_TEXT, with: dateTime },
	{ key: 'timezoneCode', label: 'Timezone Code of form field 1', bad: NOT_TEXT, with: dateTime },
	{ key: 'from', label: 'From of form field 1', bad: NOT_TEXT, with: dateTime },
	{ key: 'to', label: 'To of form field 1', bad: NOT_TEXT, with: dateTime },
	{ key: 'buttonText', label: 'Button Text of form field 1 (button)', bad: NOT_TEXT, with: button },
	{ key: 'disableAfterInteracted', label: 'Disable After Interacted of form field 1 (button)', bad: NOT_BOOLEAN, with: button },
	{ key: 'actionType', label: 'Action of form field 1 (button)', bad: NOT_OPTION, with: button },
	{ key: 'buttonUrl', label: 'URL of form field 1 (button)', bad: [...NOT_REQUIRED_TEXT, ...NOT_URL], with: button },
	{ key: 'method', label: 'HTTP Method of form field 1 (button)', bad: NOT_OPTION, with: apiButton },
	{ key: 'payload', label: 'Payload (JSON) of form field 1 (button)', bad: NOT_JSON_OBJECT, with: apiButton },
	{ key: 'headers', label: 'Headers (JSON) of form field 1 (button)', bad: NOT_JSON_OBJECT, with: apiButton },
	{ key: 'dataKey', label: 'Data Key of form field 1 (button)', bad: NOT_TEXT, with: apiButton },
];
const review = (resource: string, operation: string): OperationSpec => ({
	resource,
	operation,
	parameters: { messageId: ex('messageId', '1') },
	valid: [{ messageId: resource === 'flaggedMessage' ? '101' : '103' }, { messageId: resource === 'flaggedMessage' ? '102' : '104' }],
	fields: [messageIdField],
});

/**
 * The notification provider specs: Get and Delete try the Provider; Save and Update, for each
 * provider, every field it shows. `valid` items save or update the provider as published.
 */
function providerSpecs(): OperationSpec[] {
	const providerField: Field = { key: 'provider', label: 'Provider', bad: NOT_OPTION };
	const NOT_SECRET: Bad = [...NOT_TEXT, ['empty text', ''], ['blank text', '   ']];
	const NOT_REQUIRED_URL: Bad = [...NOT_REQUIRED_TEXT, ...NOT_URL];
	const NOT_PHONE: Bad = [...NOT_REQUIRED_TEXT, ['no country code', '3611364718'], ['letters', '+1 phone']];
	const NOT_EMAIL: Bad = [...NOT_REQUIRED_TEXT, ['no @', 'noreply.example.com']];
	const basicAuth = (provider: string, extra: INodeParameters, extraFields: Field[]): OperationSpec => ({
		resource: 'notificationProvider',
		operation: 'save',
		parameters: {
			provider,
			isEnabled: ex('isEnabled', true),
			webhookURL: ex('webhookURL', 'https://example.com/hook'),
			useBasicAuth: ex('useBasicAuth', true),
			basicAuthUsername: ex('basicAuthUsername', 'n8n'),
			basicAuthPassword: ex('basicAuthPassword', 'hook-pw'),
			...extra,
		},
		valid: [{}, { useBasicAuth: false }],
		fields: [
			{ key: 'isEnabled', label: 'Enabled', bad: NOT_BOOLEAN },
			{ key: 'webhookURL', label: 'Webhook URL', bad: NOT_REQUIRED_URL },
			{ key: 'useBasicAuth', label: 'Use Basic Auth', bad: NOT_BOOLEAN },
			{ key: 'basicAuthUsername', label: 'Basic Auth Username', bad: [...NOT_REQUIRED_TEXT, ['a colon', 'a:b']] },
			{ key: 'basicAuthPassword', label: 'Basic Auth Password', bad: [...NOT_SECRET, ['a line break', 'pw\r\nX: 1']] },
			...extraFields,
		],
	});
	const update = (provider: string, updateFields: INodeParameters, fields: Field[]): OperationSpec => ({
		resource: 'notificationProvider',
		operation: 'update',
		parameters: { provider, updateFields },
		valid: [{}, {}],
		fields,
	});
	/** A custom provider's Update Fields; `stored` is its "only users with a stored …" switch (none for push). */
	const customUpdate = (provider: string, stored?: { key: string; label: string }) =>
		update(
			provider,
			{
				isEnabled: ex('isEnabled', true),
				...(stored ? { [stored.key]: ex(stored.key, false) } : {}),
				webhookURL: ex('webhookURL', 'https://example.com/new'),
				useBasicAuth: ex('useBasicAuth', true),
				basicAuthUsername: ex('basicAuthUsername', 'n8n'),
				basicAuthPassword: ex('basicAuthPassword', 'new-pw'),
			},
			[
				{ key: 'isEnabled', label: 'Enabled', bad: NOT_BOOLEAN },
				...(stored ? [{ ...stored, bad: NOT_BOOLEAN }] : []),
				{ key: 'webhookURL', label: 'Webhook URL', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
				{ key: 'useBasicAuth', label: 'Use Basic Auth', bad: [...NOT_BOOLEAN, ['off with a username and password', false]] },
				{ key: 'basicAuthUsername', label: 'Basic Auth Username', bad: [...NOT_OPTIONAL_TEXT, ['a colon', 'a:b']] },
				{ key: 'basicAuthPassword', label: 'Basic Auth Password', bad: NOT_TEXT },
			],
		);
	return [
		{
			resource: 'notificationProvider',
			operation: 'get',
			parameters: { provider: ex('provider', 'twilioSms') },
			valid: [{}, { provider: 'customPush' }],
			fields: [providerField],
		},
		{
			resource: 'notificationProvider',
			operation: 'delete',
			parameters: { provider: ex('provider', 'twilioSms') },
			valid: [{}, { provider: 'customEmail' }],
			fields: [providerField],
		},
		{
			resource: 'notificationProvider',
			operation: 'save',
			parameters: {
				provider: 'twilioSms',
				isEnabled: ex('isEnabled', true),
				twilioAccountSID: ex('twilioAccountSID', 'AC0123'),
				twilioAuthToken: ex('twilioAuthToken', 'twilio-token'),
				twilioSenderPhoneNumber: ex('twilioSenderPhoneNumber', '+13611364718'),
			},
			valid: [{}, { isEnabled: false }],
			fields: [
				{ key: 'twilioAccountSID', label: 'Account SID', bad: NOT_REQUIRED_TEXT },
				{ key: 'twilioAuthToken', label: 'Auth Token', bad: NOT_SECRET },
				{ key: 'twilioSenderPhoneNumber', label: 'Sender Phone Number', bad: NOT_PHONE },
			],
		},
		{
			resource: 'notificationProvider',
			operation: 'save',
			parameters: {
				provider: 'sendgridEmail',
				isEnabled: true,
				sendGridApiKey: ex('sendGridApiKey', 'SG.key'),
				sendGridTemplateID: ex('sendGridTemplateID', 'd-1'),
				sendGridUnsubscribeGroupID: ex('sendGridUnsubscribeGroupID', '33832'),
				senderName: ex('senderName', 'Emailer'),
				senderEmail: ex('senderEmail', 'noreply@example.com'),
				allowEmailReplies: ex('allowEmailReplies', true),
				senderEmailForReplies: ex('senderEmailForReplies', ''),
			},
			valid: [{}, { allowEmailReplies: false }],
			fields: [
				{ key: 'sendGridApiKey', label: 'API Key', bad: NOT_SECRET },
				{ key: 'sendGridTemplateID', label: 'Template ID', bad: NOT_REQUIRED_TEXT },
				{ key: 'sendGridUnsubscribeGroupID', label: 'Unsubscribe Group ID', bad: NOT_REQUIRED_TEXT },
				{ key: 'senderName', label: 'Sender Name', bad: NOT_REQUIRED_TEXT },
				{ key: 'senderEmail', label: 'Sender E-Mail', bad: NOT_EMAIL },
				{ key: 'allowEmailReplies', label: 'Allow E-Mail Replies', bad: NOT_BOOLEAN },
				{ key: 'senderEmailForReplies', label: 'Sender E-Mail for Replies', bad: [...NOT_OPTIONAL_TEXT, ['no @', 'reply']] },
			],
		},
		// With the Provider from an expression, n8n counts every provider's fields as shown: all are filled.
		{
			resource: 'notificationProvider',
			operation: 'save',
			parameters: {
				provider: ex('provider', 'customPush'),
				isEnabled: true,
				twilioAccountSID: 'AC0123',
				twilioAuthToken: 'twilio-token',
				twilioSenderPhoneNumber: '+13611364718',
				sendGridApiKey: 'SG.key',
				sendGridTemplateID: 'd-1',
				sendGridUnsubscribeGroupID: '33832',
				senderName: 'Emailer',
				senderEmail: 'noreply@example.com',
				allowEmailReplies: false,
				webhookURL: 'https://example.com/hook',
				useBasicAuth: true,
				basicAuthUsername: 'n8n',
				basicAuthPassword: 'hook-pw',
			},
			valid: [{}, { provider: 'twilioSms' }],
			fields: [providerField],
		},
		update(ex('provider', 'customPush'), { isEnabled: false }, [providerField]),
		basicAuth('customPush', {}, []),
		basicAuth('customSms', { useStoredPhNo: ex('useStoredPhNo', false) }, [
			{ key: 'useStoredPhNo', label: 'Only Users With a Stored Phone Number', bad: NOT_BOOLEAN },
		]),
		basicAuth('customEmail', { useStoredEmailID: ex('useStoredEmailID', false) }, [
			{ key: 'useStoredEmailID', label: 'Only Users With a Stored E-Mail', bad: NOT_BOOLEAN },
		]),
		update(
			'twilioSms',
			{
				isEnabled: ex('isEnabled', false),
				twilioAccountSID: ex('twilioAccountSID', ''),
				twilioAuthToken: ex('twilioAuthToken', 'new-token'),
				twilioSenderPhoneNumber: ex('twilioSenderPhoneNumber', ''),
			},
			[
				{ key: 'isEnabled', label: 'Enabled', bad: NOT_BOOLEAN },
				{ key: 'twilioAccountSID', label: 'Account SID', bad: NOT_OPTIONAL_TEXT },
				{ key: 'twilioAuthToken', label: 'Auth Token', bad: NOT_TEXT },
				{ key: 'twilioSenderPhoneNumber', label: 'Sender Phone Number', bad: [...NOT_OPTIONAL_TEXT, ['no country code', '3611364718']] },
			],
		),
		update(
			'sendgridEmail',
			{
				isEnabled: ex('isEnabled', true),
				sendGridApiKey: ex('sendGridApiKey', ''),
				sendGridTemplateID: ex('sendGridTemplateID', ''),
				sendGridUnsubscribeGroupID: ex('sendGridUnsubscribeGroupID', ''),
				senderName: ex('senderName', 'Mailer'),
				senderEmail: ex('senderEmail', ''),
				allowEmailReplies: ex('allowEmailReplies', false),
				senderEmailForReplies: ex('senderEmailForReplies', ''),
			},
			[
				{ key: 'isEnabled', label: 'Enabled', bad: NOT_BOOLEAN },
				{ key: 'sendGridApiKey', label: 'API Key', bad: NOT_TEXT },
				{ key: 'sendGridTemplateID', label: 'Template ID', bad: NOT_OPTIONAL_TEXT },
				{ key: 'sendGridUnsubscribeGroupID', label: 'Unsubscribe Group ID', bad: NOT_OPTIONAL_TEXT },
				{ key: 'senderName', label: 'Sender Name', bad: NOT_OPTIONAL_TEXT },
				{ key: 'senderEmail', label: 'Sender E-Mail', bad: [...NOT_OPTIONAL_TEXT, ['no @', 'noreply']] },
				{ key: 'allowEmailReplies', label: 'Allow E-Mail Replies', bad: NOT_BOOLEAN },
				{ key: 'senderEmailForReplies', label: 'Sender E-Mail for Replies', bad: [...NOT_OPTIONAL_TEXT, ['no @', 'reply']] },
			],
		),
		customUpdate('customPush'),
		customUpdate('customSms', { key: 'useStoredPhNo', label: 'Only Users With a Stored Phone Number' }),
		customUpdate('customEmail', { key: 'useStoredEmailID', label: 'Only Users With a Stored E-Mail' }),
	];
}

/** Every operation of the node (actions/index.ts), with the wrong values each of its fields is given. */
/** Data Import: every field of its four operations (each item one entity; the valid ones go in one request). */
function dataImportSpecs(): OperationSpec[] {
	const userDetails: Bad = [...NOT_JSON_OBJECT, ['without a name', '{"uid": "zed"}']];
	const groupDetails: Bad = [...NOT_JSON_OBJECT, ['without a type', '{"guid": "g", "name": "G"}']];
	return [
		{
			resource: 'dataImport',
			operation: 'importUsers',
			parameters: {
				uid: ex('uid', 'imp-a'),
				name: ex('name', 'Imp A'),
				additionalFields: {
					avatar: ex('avatar', ''),
					link: ex('link', ''),
					role: ex('role', ''),
					createdAt: ex('createdAt', ''),
					lastActiveAt: ex('lastActiveAt', ''),
					deactivatedAt: ex('deactivatedAt', ''),
					metadata: ex('metadata', '{}'),
					tags: ex('tags', ''),
				},
			},
			valid: [{}, { uid: 'imp-b', createdAt: '2020-09-13T12:26:40Z', tags: 'legacy' }],
			fields: [
				{ key: 'uid', label: 'UID', bad: [...NOT_UID, ['empty', '']] },
				{ key: 'name', label: 'Name', bad: NOT_REQUIRED_TEXT },
				{ key: 'avatar', label: 'Avatar URL', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
				{ key: 'link', label: 'Link', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
				{ key: 'role', label: 'Role Name or ID', bad: NOT_OPTIONAL_ID },
				{ key: 'createdAt', label: 'Created At', bad: NOT_DATE },
				{ key: 'lastActiveAt', label: 'Last Active At', bad: NOT_DATE },
				{ key: 'deactivatedAt', label: 'Deactivated At', bad: NOT_DATE },
				{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
				{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
			],
		},
		{
			resource: 'dataImport',
			operation: 'importGroups',
			parameters: {
				guid: ex('guid', 'imp-g1'),
				name: ex('name', 'Imp G'),
				type: ex('type', 'public'),
				additionalFields: {
					createdAt: ex('createdAt', ''),
					icon: ex('icon', ''),
					metadata: ex('metadata', '{}'),
					owner: ex('owner', ''),
					groupOwnerDetails: ex('groupOwnerDetails', ''),
					password: ex('password', ''),
					tags: ex('tags', ''),
				},
			},
			valid: [
				{},
				{ guid: 'imp-g2', type: 'password', password: 'pw123', owner: 'zed', groupOwnerDetails: '{"uid": "zed", "name": "Zed"}' },
			],
			fields: [
				{ key: 'guid', label: 'GUID', bad: [...NOT_GUID, ['empty', '']] },
				{ key: 'name', label: 'Name', bad: NOT_REQUIRED_TEXT },
				{ key: 'type', label: 'Type', bad: NOT_OPTION },
				{ key: 'createdAt', label: 'Created At', bad: NOT_DATE },
				{ key: 'icon', label: 'Icon URL', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
				{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
				{ key: 'owner', label: 'Owner UID', bad: NOT_OPTIONAL_UID },
				{ key: 'groupOwnerDetails', label: 'Owner Details (JSON)', bad: userDetails },
				{ key: 'password', label: 'Password', bad: [...NOT_TEXT, ['empty', '']], with: { type: 'password' } },
				{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
			],
		},
		{
			resource: 'dataImport',
			operation: 'importMembers',
			parameters: {
				guid: ex('guid', 'crew'),
				uid: ex('uid', 'cy'),
				additionalFields: {
					groupDetails: ex('groupDetails', ''),
					isBanned: ex('isBanned', false),
					joinedAt: ex('joinedAt', ''),
					scope: ex('scope', 'participant'),
					userDetails: ex('userDetails', ''),
				},
			},
			valid: [{}, { guid: 'spare1', uid: 'bob', scope: 'moderator' }],
			fields: [
				{ key: 'guid', label: 'GUID', bad: [...NOT_GUID, ['empty', '']] },
				{ key: 'uid', label: 'UID', bad: [...NOT_UID, ['empty', '']] },
				{ key: 'groupDetails', label: 'Group Details (JSON)', bad: groupDetails },
				{ key: 'isBanned', label: 'Is Banned', bad: NOT_BOOLEAN },
				{ key: 'joinedAt', label: 'Joined At', bad: NOT_DATE },
				{ key: 'scope', label: 'Scope', bad: NOT_OPTION },
				{ key: 'userDetails', label: 'User Details (JSON)', bad: userDetails },
			],
		},
		{
			resource: 'dataImport',
			operation: 'importMessages',
			parameters: {
				muid: ex('muid', 'imp-m1'),
				sender: ex('sender', 'ada'),
				receiverType: ex('receiverType', 'user'),
				receiver: ex('receiver', 'bob'),
				sentAt: ex('sentAt', 1_600_000_000),
				additionalFields: {
					attachments: ex('attachments', ''),
					category: ex('category', 'message'),
					customData: ex('customData', ''),
					deliveredAt: ex('deliveredAt', ''),
					mentionedUserDetails: ex('mentionedUserDetails', ''),
					metadata: ex('metadata', ''),
					readAt: ex('readAt', ''),
					receiverGroupDetails: ex('receiverGroupDetails', ''),
					receiverGroupOwnerDetails: ex('receiverGroupOwnerDetails', ''),
					receiverUserDetails: ex('receiverUserDetails', ''),
					senderUserDetails: ex('senderUserDetails', ''),
					tags: ex('tags', ''),
					text: ex('text', 'Hello'),
					type: ex('type', 'text'),
				},
			},
			valid: [
				{},
				{ muid: 'imp-m2', receiverType: 'group', receiver: 'crew', category: 'custom', type: 'location', customData: '{"lat": 1}' },
			],
			fields: [
				{ key: 'muid', label: 'MUID', bad: [...NOT_ID, ['empty', '']] },
				{ key: 'sender', label: 'Sender', bad: [...NOT_UID, ['empty', '']] },
				{ key: 'receiverType', label: 'Receiver Type', bad: NOT_OPTION },
				{ key: 'receiver', label: 'Receiver', bad: [...NOT_UID, ['empty', '']] },
				{ key: 'receiver', label: 'Receiver', bad: NOT_GUID_RULES, with: { receiverType: 'group' } },
				{ key: 'sentAt', label: 'Sent At', bad: [...NOT_DATE, ['empty', '']] },
				{
					key: 'attachments',
					label: 'Attachments (JSON)',
					bad: [
						['invalid JSON', '[nope'],
						['an object', '{"url": "https://example.com/a.png"}'],
						['an entry without a url', '[{"name": "a.png", "mimeType": "image/png", "extension": "png"}]'],
						['a number', 5],
					],
				},
				{ key: 'category', label: 'Category', bad: NOT_OPTION },
				{ key: 'customData', label: 'Custom Data (JSON)', bad: NOT_JSON_OBJECT },
				{ key: 'deliveredAt', label: 'Delivered At', bad: NOT_DATE },
				{ key: 'mentionedUserDetails', label: 'Mentioned Users (JSON)', bad: NOT_JSON_OBJECT },
				{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_JSON_OBJECT },
				{ key: 'readAt', label: 'Read At', bad: NOT_DATE },
				{ key: 'receiverGroupDetails', label: 'Receiver Group Details (JSON)', bad: groupDetails },
				{ key: 'receiverGroupOwnerDetails', label: 'Receiver Group Owner Details (JSON)', bad: userDetails },
				{ key: 'receiverUserDetails', label: 'Receiver User Details (JSON)', bad: userDetails },
				{ key: 'senderUserDetails', label: 'Sender Details (JSON)', bad: userDetails },
				{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
				{ key: 'text', label: 'Text', bad: [...NOT_TEXT, ['65 KB', 'x'.repeat(65 * 1024)]] },
				{ key: 'type', label: 'Type', bad: NOT_OPTION },
			],
		},
	];
}

const OPERATIONS: OperationSpec[] = [
	{
		resource: 'user',
		operation: 'create',
		parameters: userRecord,
		valid: [
			{ uid: 'good-1', name: 'Good' },
			{ uid: 'good-2', name: 42 },
		],
		fields: userRecordFields,
	},
	{
		resource: 'user',
		operation: 'upsert',
		parameters: userRecord,
		valid: [
			{ uid: 'ada', name: 'Ada again' },
			{ uid: 'newbie', name: 'Newbie' },
		],
		fields: userRecordFields,
	},
	{
		resource: 'user',
		operation: 'get',
		parameters: { uid: rl('uid', 'ada') },
		valid: [{ uid: 'ada' }, { uid: 'bob' }],
		fields: [{ key: 'uid', label: 'User', bad: NOT_UID }],
	},
	{
		resource: 'user',
		operation: 'getAll',
		parameters: {
			...listParameters,
			...simplifyParameters,
			filters: {
				searchKey: ex('searchKey', ''),
				searchIn: ex('searchIn', []),
				status: ex('status', ''),
				tags: ex('tags', ''),
				withTags: ex('withTags', false),
				role: ex('role', ''),
				roles: ex('roles', []),
				onlyDeactivated: ex('onlyDeactivated', false),
				withDeactivated: ex('withDeactivated', false),
			},
		},
		valid: [{}, { withTags: true }],
		fields: [
			...limitFields,
			simplifyField,
			{ key: 'searchKey', label: 'Search Term', bad: NOT_OPTIONAL_TEXT },
			{ key: 'searchIn', label: 'Search In', bad: [...NOT_LIST, ['an unknown value', ['email']]] },
			{ key: 'status', label: 'Status', bad: NOT_OPTION },
			{ key: 'tags', label: 'Tags', bad: NOT_LIST },
			{ key: 'withTags', label: 'With Tags', bad: NOT_BOOLEAN },
			{ key: 'role', label: 'Role Name or ID', bad: NOT_OPTIONAL_ID },
			{ key: 'roles', label: 'Role Names or IDs', bad: NOT_LIST },
			{ key: 'onlyDeactivated', label: 'Only Deactivated', bad: NOT_BOOLEAN },
			{ key: 'withDeactivated', label: 'With Deactivated', bad: NOT_BOOLEAN },
		],
	},
	{
		resource: 'user',
		operation: 'getFriends',
		parameters: { uid: rl('uid', 'ada'), ...listParameters, ...simplifyParameters, filters: { searchKey: ex('searchKey', '') } },
		valid: [{}, { uid: 'bob' }],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			...limitFields,
			simplifyField,
			{ key: 'searchKey', label: 'Search Term', bad: NOT_TEXT },
		],
	},
	{
		resource: 'user',
		operation: 'addFriends',
		parameters: { uid: rl('uid', 'ada'), friends: ex('friends', 'cy'), options: { addToConversations: ex('addToConversations', false) } },
		valid: [{}, { uid: 'bob', friends: ['ada', 'cy'], addToConversations: true }],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			{ key: 'friends', label: 'Friends', bad: NOT_UIDS_TO_SEND },
			{ key: 'addToConversations', label: 'Add to Conversations', bad: NOT_BOOLEAN },
		],
	},
	{
		resource: 'user',
		operation: 'removeFriends',
		parameters: { uid: rl('uid', 'ada'), friends: ex('friends', 'bob') },
		valid: [{}, { uid: 'cy', friends: ['bob'] }],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			{ key: 'friends', label: 'Friends', bad: NOT_UIDS_TO_SEND },
		],
	},
	{
		resource: 'user',
		operation: 'update',
		parameters: {
			uid: rl('uid', 'ada'),
			updateFields: {
				name: ex('name', 'Changed'),
				avatar: ex('avatar', ''),
				link: ex('link', ''),
				role: ex('role', ''),
				statusMessage: ex('statusMessage', ''),
				metadata: ex('metadata', '{}'),
				tags: ex('tags', ''),
				unset: ex('unset', []),
			},
		},
		valid: [
			{ uid: 'ada', name: 'Ada L' },
			{ uid: 'bob', name: 7 },
		],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			{ key: 'name', label: 'Name', bad: NOT_OPTIONAL_TEXT },
			{ key: 'avatar', label: 'Avatar URL', bad: [...NOT_TEXT, ...NOT_URL] },
			{ key: 'link', label: 'Link', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
			{ key: 'role', label: 'Role Name or ID', bad: NOT_OPTIONAL_ID },
			{ key: 'statusMessage', label: 'Status Message', bad: NOT_TEXT },
			{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
			{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
			{
				key: 'unset',
				label: 'Clear Fields',
				bad: [
					['an object', { a: 1 }],
					['a boolean', true],
				],
			},
		],
	},
	{
		resource: 'user',
		operation: 'updateAuthToken',
		parameters: {
			uid: rl('uid', 'ada'),
			authToken: ex('authToken', 'tok-ada-1'),
			updateFields: { platform: ex('platform', 'ios'), userAgent: ex('userAgent', ''), appInfo: ex('appInfo', '{}') },
		},
		valid: [{ authToken: 'tok-ada-1' }, { authToken: 'tok-ada-2', platform: 'android' }],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			{ key: 'authToken', label: 'Auth Token', bad: NOT_ID },
			{ key: 'platform', label: 'Platform', bad: NOT_OPTIONAL_TEXT },
			{ key: 'userAgent', label: 'User Agent', bad: NOT_TEXT },
			{ key: 'appInfo', label: 'App Info (JSON)', bad: NOT_JSON_OBJECT },
		],
	},
	{
		resource: 'user',
		operation: 'delete',
		parameters: { uid: rl('uid', 'bob'), permanent: ex('permanent', false) },
		valid: [{ uid: 'bob' }, { uid: 'cy', permanent: true }],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			{ key: 'permanent', label: 'Permanent', bad: NOT_BOOLEAN },
		],
	},
	...(['deactivate', 'reactivate'] as const).map(
		(operation): OperationSpec => ({
			resource: 'user',
			operation,
			parameters: { uids: ex('uids', 'bob') },
			valid: [{ uids: 'bob' }, { uids: ['bob', 'cy'] }],
			fields: [{ key: 'uids', label: 'UIDs', bad: NOT_UIDS_TO_SEND }],
		}),
	),
	{
		resource: 'authToken',
		operation: 'create',
		parameters: { uid: rl('uid', 'ada'), force: ex('force', false) },
		valid: [{}, { uid: 'bob', force: true }],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			{ key: 'force', label: 'Force New Token', bad: NOT_BOOLEAN },
		],
	},
	{
		resource: 'authToken',
		operation: 'getAll',
		parameters: { uid: rl('uid', 'ada'), ...listParameters, options: { reveal: ex('reveal', false) } },
		valid: [{}, { limit: 1 }],
		fields: [{ key: 'uid', label: 'User', bad: NOT_UID }, ...limitFields, revealField],
	},
	{
		resource: 'authToken',
		operation: 'get',
		parameters: { uid: rl('uid', 'ada'), authToken: ex('authToken', 'tok-ada-1'), options: { reveal: ex('reveal', false) } },
		valid: [{}, { authToken: 'tok-ada-2' }],
		fields: [{ key: 'uid', label: 'User', bad: NOT_UID }, { key: 'authToken', label: 'Auth Token', bad: NOT_ID }, revealField],
	},
	{
		resource: 'authToken',
		operation: 'delete',
		parameters: { uid: rl('uid', 'ada'), authToken: ex('authToken', 'tok-ada-1') },
		valid: [{ authToken: 'tok-ada-1' }, { authToken: 'tok-ada-2' }],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			{ key: 'authToken', label: 'Auth Token', bad: NOT_ID },
		],
	},
	{
		resource: 'authToken',
		operation: 'deleteAll',
		parameters: { uid: rl('uid', 'ada') },
		valid: [{ uid: 'ada' }, { uid: 'bob' }],
		fields: [{ key: 'uid', label: 'User', bad: NOT_UID }],
	},
	...(
		[
			['block', 'Users to Block'],
			['unblock', 'Users to Unblock'],
		] as const
	).map(
		([operation, label]): OperationSpec => ({
			resource: 'blockedUser',
			operation,
			parameters: { uid: rl('uid', 'ada'), blockedUids: ex('blockedUids', 'bob') },
			valid: [{}, { uid: 'bob', blockedUids: ['cy'] }],
			fields: [
				{ key: 'uid', label: 'User', bad: NOT_UID },
				{ key: 'blockedUids', label, bad: NOT_UIDS_TO_SEND },
			],
		}),
	),
	{
		resource: 'blockedUser',
		operation: 'getAll',
		parameters: { uid: rl('uid', 'ada'), ...listParameters, ...simplifyParameters },
		valid: [{}, { uid: 'bob', limit: 2 }],
		fields: [{ key: 'uid', label: 'User', bad: NOT_UID }, ...limitFields, simplifyField],
	},
	{
		resource: 'group',
		operation: 'create',
		parameters: {
			guid: ex('guid', 'ok-guid'),
			name: ex('name', 'Ok'),
			type: ex('type', 'public'),
			password: ex('password', ''),
			...onBehalfOf(''),
			members: {
				participants: ex('participants', ''),
				admins: ex('admins', ''),
				moderators: ex('moderators', ''),
				usersToBan: ex('usersToBan', ''),
			},
			additionalFields: {
				description: ex('description', ''),
				icon: ex('icon', ''),
				owner: ex('owner', ''),
				metadata: ex('metadata', '{}'),
				tags: ex('tags', ''),
			},
		},
		valid: [
			{ guid: 'good-g1', participants: 'bob' },
			{ guid: 'good-g2', type: 'password', password: 'pw', name: 2024 },
		],
		fields: [
			{ key: 'guid', label: 'GUID', bad: [...NOT_GUID, ['empty', '']] },
			{ key: 'name', label: 'Name', bad: NOT_REQUIRED_TEXT },
			{ key: 'type', label: 'Type', bad: NOT_OPTION },
			{ key: 'password', label: 'Password', bad: [...NOT_TEXT, ['empty', '']], with: { type: 'password' } },
			optionalOnBehalfOf,
			{ key: 'participants', label: 'Participants', bad: [...NOT_UID_LIST, ...OVER_ONE_REQUEST] },
			{ key: 'admins', label: 'Admins', bad: [['a mixed-case UID', ['Ada']]] },
			{ key: 'moderators', label: 'Moderators', bad: NOT_UID_LIST },
			{ key: 'usersToBan', label: 'Users to Ban', bad: NOT_UID_LIST },
			{ key: 'description', label: 'Description', bad: NOT_OPTIONAL_TEXT },
			{ key: 'icon', label: 'Icon URL', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
			{ key: 'owner', label: 'Owner UID', bad: NOT_OPTIONAL_UID },
			{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
			{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
		],
	},
	{
		resource: 'group',
		operation: 'getBannedUsers',
		parameters: { guid: rl('guid', 'crew'), ...listParameters, ...simplifyParameters },
		valid: [{}, { limit: 1 }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, ...limitFields, simplifyField],
	},
	{
		resource: 'group',
		operation: 'get',
		parameters: { guid: rl('guid', 'crew'), ...onBehalfOf('') },
		valid: [{}, { onBehalfOf: 'bob' }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, optionalOnBehalfOf],
	},
	{
		resource: 'group',
		operation: 'getAll',
		parameters: {
			...listParameters,
			...simplifyParameters,
			filters: {
				searchKey: ex('searchKey', ''),
				searchIn: ex('searchIn', []),
				types: ex('types', []),
				tags: ex('tags', ''),
				guids: ex('guids', ''),
				joinedBy: rl('joinedBy', ''),
				createdFrom: ex('createdFrom', ''),
				createdTo: ex('createdTo', ''),
				updatedFrom: ex('updatedFrom', ''),
				updatedTo: ex('updatedTo', ''),
				membersMin: ex('membersMin', 0),
				membersMax: ex('membersMax', 1000),
				sortBy: ex('sortBy', ''),
				sortOrder: ex('sortOrder', ''),
			},
		},
		valid: [{}, { joinedBy: 'bob', sortBy: 'name' }],
		fields: [
			...limitFields,
			simplifyField,
			{ key: 'searchKey', label: 'Search Term', bad: NOT_OPTIONAL_TEXT },
			{ key: 'searchIn', label: 'Search In', bad: [...NOT_LIST, ['an unknown value', ['email']]] },
			{ key: 'types', label: 'Types', bad: [...NOT_LIST, ['an unknown value', ['secret']]] },
			{ key: 'tags', label: 'Tags', bad: NOT_LIST },
			{ key: 'guids', label: 'GUIDs', bad: [...NOT_LIST, ['a GUID with a slash', 'crew, a/b']] },
			{ key: 'joinedBy', label: 'Joined By', bad: NOT_OPTIONAL_UID },
			{ key: 'createdFrom', label: 'Created After', bad: NOT_DATE },
			{ key: 'createdTo', label: 'Created Before', bad: NOT_DATE },
			{ key: 'createdTo', label: 'Created Before', bad: [['before Created After', '2023-01-01']], with: { createdFrom: '2023-06-01' } },
			{ key: 'updatedFrom', label: 'Updated After', bad: NOT_DATE },
			{ key: 'updatedTo', label: 'Updated Before', bad: NOT_DATE },
			{ key: 'updatedTo', label: 'Updated Before', bad: [['before Updated After', '2023-01-01']], with: { updatedFrom: '2023-06-01' } },
			{ key: 'membersMin', label: 'Min Members', bad: NOT_COUNT },
			{ key: 'membersMax', label: 'Max Members', bad: NOT_COUNT },
			{ key: 'sortBy', label: 'Sort By', bad: NOT_OPTION },
			{ key: 'sortOrder', label: 'Sort Order', bad: NOT_OPTION },
		],
	},
	{
		resource: 'group',
		operation: 'update',
		parameters: {
			guid: rl('guid', 'crew'),
			...onBehalfOf(''),
			updateFields: {
				name: ex('name', ''),
				description: ex('description', ''),
				icon: ex('icon', ''),
				type: ex('type', ''),
				password: ex('password', ''),
				metadata: ex('metadata', '{}'),
				owner: ex('owner', ''),
				tags: ex('tags', ''),
				clear: ex('clear', []),
			},
		},
		valid: [{ name: 'Crew A' }, { name: 2024, clear: ['icon'] }],
		fields: [
			{ key: 'guid', label: 'Group', bad: NOT_GUID },
			optionalOnBehalfOf,
			{ key: 'name', label: 'Name', bad: NOT_OPTIONAL_TEXT },
			{ key: 'description', label: 'Description', bad: NOT_OPTIONAL_TEXT },
			{ key: 'icon', label: 'Icon URL', bad: [...NOT_OPTIONAL_TEXT, ...NOT_URL] },
			{ key: 'type', label: 'Type', bad: NOT_OPTION },
			{ key: 'password', label: 'Password', bad: NOT_OPTIONAL_TEXT },
			{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
			{ key: 'owner', label: 'Owner UID', bad: NOT_OPTIONAL_UID },
			{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
			{
				key: 'clear',
				label: 'Clear Fields',
				bad: [
					['an object', { a: 1 }],
					['a boolean', true],
					['an unknown value', ['name']],
				],
			},
		],
	},
	{
		resource: 'group',
		operation: 'delete',
		parameters: { guid: rl('guid', 'spare1'), ...onBehalfOf('') },
		valid: [{}, { guid: 'spare2' }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, optionalOnBehalfOf],
	},
	{
		resource: 'groupMember',
		operation: 'add',
		parameters: {
			guid: rl('guid', 'spare1'),
			...onBehalfOf(''),
			members: {
				participants: ex('participants', ''),
				admins: ex('admins', ''),
				moderators: ex('moderators', ''),
				usersToBan: ex('usersToBan', ''),
			},
			options: { onPartialFailure: ex('onPartialFailure', 'fail') },
		},
		valid: [{ participants: 'cy' }, { usersToBan: ['cy'] }],
		fields: [
			{ key: 'guid', label: 'Group', bad: NOT_GUID, with: { participants: 'cy' } },
			{ ...optionalOnBehalfOf, with: { participants: 'cy' } },
			{ key: 'participants', label: 'Participants', bad: [...NOT_UID_LIST, ...OVER_ONE_REQUEST] },
			{ key: 'admins', label: 'Admins', bad: NOT_UID_LIST },
			{ key: 'moderators', label: 'Moderators', bad: NOT_UID_LIST },
			{ key: 'usersToBan', label: 'Users to Ban', bad: NOT_UID_LIST },
			{ key: 'onPartialFailure', label: 'On Partial Failure', bad: NOT_OPTION, with: { participants: 'cy' } },
		],
	},
	{
		resource: 'groupMember',
		operation: 'getAll',
		parameters: {
			guid: rl('guid', 'crew'),
			...listParameters,
			...simplifyParameters,
			filters: { scopes: ex('scopes', []), status: ex('status', '') },
		},
		valid: [{}, { scopes: ['admin'] }],
		fields: [
			{ key: 'guid', label: 'Group', bad: NOT_GUID },
			...limitFields,
			simplifyField,
			{ key: 'scopes', label: 'Scopes', bad: [...NOT_LIST, ['an unknown value', ['owner']]] },
			{ key: 'status', label: 'Status', bad: NOT_OPTION },
		],
	},
	{
		resource: 'groupMember',
		operation: 'remove',
		parameters: { guid: rl('guid', 'spare2'), uid: rl('uid', 'bob'), ...onBehalfOf('') },
		valid: [{}, { uid: 'cy' }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, { key: 'uid', label: 'Member', bad: NOT_UID }, optionalOnBehalfOf],
	},
	{
		resource: 'groupMember',
		operation: 'changeScope',
		parameters: { guid: rl('guid', 'crew'), uid: rl('uid', 'bob'), scope: ex('scope', 'moderator'), ...onBehalfOf('') },
		valid: [{}, { scope: 'participant' }],
		fields: [
			{ key: 'guid', label: 'Group', bad: NOT_GUID },
			{ key: 'uid', label: 'Member', bad: NOT_UID },
			{ key: 'scope', label: 'Scope', bad: NOT_OPTION },
			optionalOnBehalfOf,
		],
	},
	{
		resource: 'groupMember',
		operation: 'ban',
		parameters: { guid: rl('guid', 'spare2'), uid: rl('uid', 'bob'), ...onBehalfOf('') },
		valid: [{}, { uid: 'cy' }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, { key: 'uid', label: 'User', bad: NOT_UID }, optionalOnBehalfOf],
	},
	{
		resource: 'groupMember',
		operation: 'unban',
		parameters: { guid: rl('guid', 'crew'), uid: rl('uid', 'cy'), ...onBehalfOf('') },
		valid: [{}, { guid: 'spare1', uid: 'bob' }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, { key: 'uid', label: 'User', bad: NOT_UID }, optionalOnBehalfOf],
	},
	{
		resource: 'message',
		operation: 'send',
		parameters: {
			...delivery,
			...content,
			text: ex('text', 'Hello'),
			additionalFields: { ...delivery.additionalFields, parentId: ex('parentId', '') },
		},
		valid: [{ text: 'Hello' }, { text: 42, parentId: 101 }],
		fields: [
			...deliveryFields,
			...contentFields,
			{ key: 'text', label: 'Text', bad: NOT_MESSAGE_TEXT },
			{ key: 'parentId', label: 'Reply in Thread To', bad: NOT_OPTIONAL_MESSAGE_ID },
		],
	},
	{
		resource: 'message',
		operation: 'sendForm',
		parameters: {
			...delivery,
			formMode: ex('formMode', 'builder'),
			formJson: ex('formJson', '{}'),
			title: ex('title', 'Book a demo'),
			formFields: {
				field: [formField({ label: ex('fieldLabel', 'Email'), optional: ex('optional', false), maxLines: ex('maxLines', 1) })],
			},
			submitElementId: ex('submitElementId', 'submit'),
			submitButtonText: ex('submitButtonText', 'Send'),
			submitDisableAfterInteracted: ex('submitDisableAfterInteracted', true),
			submitActionType: ex('submitActionType', 'urlNavigation'),
			submitUrl: ex('submitUrl', 'https://example.com/form'),
			submitMethod: ex('submitMethod', 'POST'),
			submitPayload: ex('submitPayload', '{}'),
			submitHeaders: ex('submitHeaders', '{}'),
			submitDataKey: ex('submitDataKey', ''),
			formOptions: {
				allowSenderInteraction: ex('allowSenderInteraction', false),
				interactionGoal: ex('interactionGoal', 'none'),
				goalElementIds: ex('goalElementIds', ''),
			},
		},
		valid: [{}, { title: 2025 }],
		fields: [
			...deliveryFields,
			{ key: 'formMode', label: 'Define Form', bad: NOT_OPTION },
			{ key: 'formJson', label: 'Form (JSON)', bad: NOT_JSON_OBJECT, with: { formMode: 'json' } },
			{ key: 'title', label: 'Title', bad: NOT_TEXT },
			{ key: 'fieldLabel', label: 'Label of form field 1', bad: NOT_TEXT },
			{ key: 'optional', label: 'Optional of form field 1', bad: NOT_BOOLEAN },
			{
				key: 'maxLines',
				label: 'Max Lines of form field 1',
				bad: [
					['0', 0],
					['text', 'two'],
					['2.5', 2.5],
				],
			},
			...formFieldFields,
			{ key: 'submitElementId', label: 'Submit Button ID', bad: NOT_REQUIRED_TEXT },
			{ key: 'submitButtonText', label: 'Submit Button Text', bad: NOT_TEXT },
			{ key: 'submitDisableAfterInteracted', label: 'Submit Button Disable After Interacted', bad: NOT_BOOLEAN },
			{ key: 'submitActionType', label: 'Submit Button Action', bad: NOT_OPTION },
			{ key: 'submitUrl', label: 'Submit Button URL', bad: [...NOT_REQUIRED_TEXT, ...NOT_URL] },
			{ key: 'submitMethod', label: 'Submit Button HTTP Method', bad: NOT_OPTION, with: { submitActionType: 'apiAction' } },
			{ key: 'submitPayload', label: 'Submit Button Payload (JSON)', bad: NOT_JSON_OBJECT, with: { submitActionType: 'apiAction' } },
			{ key: 'submitHeaders', label: 'Submit Button Headers (JSON)', bad: NOT_JSON_OBJECT, with: { submitActionType: 'apiAction' } },
			{ key: 'submitDataKey', label: 'Submit Button Data Key', bad: NOT_TEXT, with: { submitActionType: 'apiAction' } },
			{ key: 'allowSenderInteraction', label: 'Allow Sender Interaction', bad: NOT_BOOLEAN },
			{ key: 'interactionGoal', label: 'Interaction Goal', bad: NOT_OPTION },
			{ key: 'goalElementIds', label: 'Goal Element IDs', bad: NOT_LIST },
		],
	},
	{
		resource: 'message',
		operation: 'sendAndWait',
		onePerRun: true,
		parameters: {
			...delivery,
			message: ex('message', 'May I refund order 4711?'),
			responseType: ex('responseType', 'approval'),
			formFields: {
				field: [
					formField({
						elementId: ex('elementId', 'reason'),
						label: ex('fieldLabel', 'Reason'),
						optional: ex('optional', false),
						maxLines: ex('maxLines', 1),
					}),
				],
			},
			approvalOptions: {
				values: {
					approvalType: ex('approvalType', 'single'),
					approveLabel: ex('approveLabel', 'Approve'),
					disapproveLabel: ex('disapproveLabel', 'Decline'),
				},
			},
			options: {
				limitWaitTime: {
					values: {
						limitType: ex('limitType', 'afterTimeInterval'),
						resumeAmount: ex('resumeAmount', 45),
						resumeUnit: ex('resumeUnit', 'minutes'),
						maxDateAndTime: ex('maxDateAndTime', ''),
					},
				},
				responseFormButtonLabel: ex('responseFormButtonLabel', 'Submit'),
				responseLabel: ex('responseLabel', 'Response'),
			},
		},
		valid: [{}, { message: 2025, responseType: 'freeText' }],
		fields: [
			...deliveryFields.filter((field) =>
				['onBehalfOf', 'receiverType', 'receiverUid', 'receiverGuid', 'receiverUids', 'receiverGuids'].includes(field.key),
			),
			{ key: 'message', label: 'Message', bad: NOT_REQUIRED_TEXT },
			{ key: 'responseType', label: 'Response Type', bad: NOT_OPTION },
			{ key: 'fieldLabel', label: 'Label of form field 1', bad: NOT_TEXT, with: { responseType: 'form' } },
			{ key: 'optional', label: 'Optional of form field 1', bad: NOT_BOOLEAN, with: { responseType: 'form' } },
			{
				key: 'maxLines',
				label: 'Max Lines of form field 1',
				bad: [
					['0', 0],
					['text', 'two'],
					['2.5', 2.5],
				],
				with: { responseType: 'form' },
			},
			...formFieldFields.map((field): Field => ({ ...field, with: { responseType: 'form', ...field.with } })),
			{ key: 'approvalType', label: 'Type of Approval', bad: NOT_OPTION },
			{ key: 'approveLabel', label: 'Approve Button Label', bad: NOT_TEXT },
			{ key: 'disapproveLabel', label: 'Disapprove Button Label', bad: NOT_TEXT, with: { approvalType: 'double' } },
			{ key: 'responseFormButtonLabel', label: 'Response Form Button Label', bad: NOT_TEXT, with: { responseType: 'freeText' } },
			{ key: 'responseLabel', label: 'Response Label', bad: NOT_TEXT, with: { responseType: 'freeText' } },
			{ key: 'limitType', label: 'Limit Type', bad: NOT_OPTION },
			{ key: 'resumeUnit', label: 'Unit', bad: NOT_OPTION },
			{
				key: 'resumeAmount',
				label: 'Amount',
				bad: [
					['0', 0],
					['-1', -1],
					['text', 'abc'],
					['null', null],
				],
			},
			{
				key: 'maxDateAndTime',
				label: 'Max Date and Time',
				bad: [
					['a past date', '2000-01-01T00:00:00Z'],
					['not a date', 'soon'],
					['empty', ''],
				],
				with: { limitType: 'atSpecifiedTime' },
			},
		],
	},
	{
		resource: 'message',
		operation: 'flag',
		parameters: { messageId: ex('messageId', '105'), ...onBehalfOf('cy'), reasonId: rl('reasonId', 'spam'), remark: ex('remark', '') },
		valid: [{ messageId: '105' }, { messageId: 106, remark: 'again' }],
		fields: [
			messageIdField,
			requiredOnBehalfOf,
			{ key: 'reasonId', label: 'Reason', bad: NOT_ID },
			{ key: 'remark', label: 'Remark', bad: NOT_OPTIONAL_TEXT },
		],
	},
	{
		resource: 'message',
		operation: 'getReactions',
		parameters: { messageId: ex('messageId', '101'), ...onBehalfOf(), ...listParameters },
		valid: [{}, { messageId: 101 }],
		fields: [messageIdField, requiredOnBehalfOf, ...limitFields],
	},
	{
		resource: 'message',
		operation: 'getThread',
		parameters: { messageId: ex('messageId', '101'), ...onBehalfOf(), ...listParameters, ...simplifyParameters },
		valid: [{}, { limit: 1 }],
		fields: [messageIdField, requiredOnBehalfOf, ...limitFields, simplifyField],
	},
	{
		resource: 'message',
		operation: 'update',
		parameters: {
			messageId: ex('messageId', '101'),
			specifyData: ex('specifyData', 'fields'),
			text: ex('text', 'Edited'),
			changes: { customData: ex('customData', '{}'), metadata: ex('metadata', '{}') },
			changesJson: ex('changesJson', '{"text": "Edited"}'),
			...onBehalfOf(''),
		},
		valid: [{ messageId: '101' }, { messageId: '102', text: 3.5 }],
		fields: [
			messageIdField,
			{ key: 'specifyData', label: 'Define Changes', bad: NOT_OPTION },
			{ key: 'text', label: 'Text', bad: [...NOT_OPTIONAL_TEXT, ['65 KB', 'x'.repeat(65 * 1024)]] },
			{ key: 'customData', label: 'Custom Data (JSON)', bad: NOT_JSON_OBJECT },
			{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
			{
				key: 'changesJson',
				label: 'Data (JSON)',
				bad: [...NOT_JSON_OBJECT, ['a text of 65 KB', { text: 'x'.repeat(65 * 1024) }]],
				with: { specifyData: 'json' },
			},
			optionalOnBehalfOf,
		],
	},
	{
		resource: 'message',
		operation: 'get',
		parameters: { messageId: rl('messageId', '101'), ...onBehalfOf(''), ...downloadParameters },
		valid: [{}, { messageId: 102, onBehalfOf: 'bob' }],
		fields: [messageIdField, optionalOnBehalfOf, ...downloadFields],
	},
	{
		resource: 'message',
		operation: 'getAll',
		parameters: {
			conversation: ex('conversation', 'all'),
			withUid: rl('withUid', 'bob'),
			groupGuid: rl('groupGuid', 'crew'),
			...onBehalfOf(''),
			order: ex('order', 'newest'),
			...listParameters,
			filters: {
				searchKey: ex('searchKey', ''),
				category: ex('category', 'message'),
				type: ex('type', ''),
				sender: ex('sender', ''),
				tags: ex('tags', ''),
				hideReplies: ex('hideReplies', false),
				deleted: ex('deleted', 'include'),
				receiverType: ex('receiverType', ''),
				sentFrom: ex('sentFrom', ''),
				sentUntil: ex('sentUntil', ''),
			},
			...simplifyParameters,
			...downloadParameters,
		},
		valid: [{}, { conversation: 'user', onBehalfOf: 'ada', limit: 2 }],
		fields: [
			{ key: 'conversation', label: 'Conversation', bad: NOT_OPTION },
			{ key: 'withUid', label: 'With User', bad: NOT_UID, with: { conversation: 'user', onBehalfOf: 'ada' } },
			{ key: 'groupGuid', label: 'Group', bad: NOT_GUID, with: { conversation: 'group' } },
			optionalOnBehalfOf,
			{ key: 'onBehalfOf', label: 'Act As', bad: [['empty for one-to-one', '']], with: { conversation: 'user' } },
			{ key: 'order', label: 'Order', bad: NOT_OPTION },
			{ key: 'searchKey', label: 'Search Term', bad: NOT_OPTIONAL_TEXT },
			{ key: 'category', label: 'Category', bad: NOT_OPTION },
			{ key: 'type', label: 'Type', bad: NOT_OPTIONAL_TEXT },
			{ key: 'sender', label: 'Sender UID', bad: NOT_OPTIONAL_UID },
			{ key: 'tags', label: 'Tags', bad: NOT_LIST },
			{ key: 'hideReplies', label: 'Hide Thread Replies', bad: NOT_BOOLEAN },
			{ key: 'deleted', label: 'Deleted Messages', bad: NOT_OPTION },
			{ key: 'receiverType', label: 'Receiver Type', bad: NOT_OPTION },
			{ key: 'sentUntil', label: 'Sent Until', bad: NOT_DATE },
			{ key: 'sentUntil', label: 'Sent Until', bad: [['before Sent From', '2023-01-01']], with: { sentFrom: '2023-06-01' } },
			{
				key: 'sentFrom',
				label: 'Sent From',
				bad: [
					['text', 'last tuesday'],
					['a negative number', -5],
					['a boolean', true],
					['an object', { a: 1 }],
				],
			},
			...limitFields,
			simplifyField,
			...downloadFields,
		],
	},
	{
		resource: 'message',
		operation: 'delete',
		parameters: { messageId: rl('messageId', '105'), permanent: ex('permanent', false), ...onBehalfOf('') },
		valid: [{}, { messageId: '106', permanent: true, onBehalfOf: 'ada' }],
		fields: [messageIdField, { key: 'permanent', label: 'Delete Permanently', bad: NOT_BOOLEAN }, optionalOnBehalfOf],
	},
	{
		resource: 'message',
		operation: 'edit',
		parameters: {
			messageId: rl('messageId', '101'),
			text: ex('text', 'Edited'),
			changes: { metadata: ex('metadata', '{}'), tags: ex('tags', '') },
			...onBehalfOf(''),
		},
		valid: [{}, { messageId: '102', tags: 'a, b', onBehalfOf: 'ada' }],
		fields: [
			messageIdField,
			{ key: 'text', label: 'Text', bad: [...NOT_OPTIONAL_TEXT, ['65 KB', 'x'.repeat(65 * 1024)]] },
			{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
			{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
			optionalOnBehalfOf,
		],
	},
	...(['addReaction', 'removeReaction'] as const).map(
		(operation): OperationSpec => ({
			resource: 'message',
			operation,
			parameters: { messageId: rl('messageId', '101'), reaction: ex('reaction', '👍'), ...onBehalfOf() },
			valid: [{}, { messageId: '102', reaction: ':ok:', onBehalfOf: 'bob' }],
			fields: [messageIdField, reactionField, requiredOnBehalfOf],
		}),
	),
	{
		resource: 'message',
		operation: 'getReactionsByEmoji',
		parameters: { messageId: rl('messageId', '101'), reaction: ex('reaction', '👍'), ...onBehalfOf(''), ...listParameters },
		valid: [{}, { limit: 1, onBehalfOf: 'bob' }],
		fields: [messageIdField, reactionField, optionalOnBehalfOf, ...limitFields],
	},
	...(['pin', 'unpin'] as const).map(
		(operation): OperationSpec => ({
			resource: 'message',
			operation,
			parameters: { messageId: rl('messageId', '101'), ...onBehalfOf('') },
			valid: [{}, { messageId: '102', onBehalfOf: 'ada' }],
			fields: [messageIdField, optionalOnBehalfOf],
		}),
	),
	...(['save', 'unsave', 'subscribeThread', 'unsubscribeThread'] as const).map(
		(operation): OperationSpec => ({
			resource: 'message',
			operation,
			parameters: { messageId: rl('messageId', '101'), ...onBehalfOf() },
			valid: [{}, { messageId: '102', onBehalfOf: 'bob' }],
			fields: [messageIdField, requiredOnBehalfOf],
		}),
	),
	{
		resource: 'message',
		operation: 'markInteracted',
		parameters: { messageId: rl('messageId', '108'), elementIds: ex('elementIds', 'submit'), ...onBehalfOf('bob') },
		valid: [{}, { elementIds: ['submit', 'email'], onBehalfOf: 'ada' }],
		fields: [messageIdField, { key: 'elementIds', label: 'Element IDs', bad: [...NOT_LIST, ['empty text', '']] }, requiredOnBehalfOf],
	},
	{
		resource: 'message',
		operation: 'getThreads',
		parameters: {
			...onBehalfOf(''),
			...listParameters,
			filters: {
				participatedByMe: ex('participatedByMe', false),
				withUnreadReplyCount: ex('withUnreadReplyCount', false),
				withMentionCount: ex('withMentionCount', false),
			},
			...simplifyParameters,
		},
		valid: [{}, { onBehalfOf: 'bob', participatedByMe: true, withUnreadReplyCount: true, withMentionCount: true, limit: 1 }],
		fields: [
			optionalOnBehalfOf,
			{ key: 'participatedByMe', label: 'Only Threads the User Took Part In', bad: NOT_BOOLEAN, with: { onBehalfOf: 'bob' } },
			{ key: 'withUnreadReplyCount', label: 'With Unread Reply Count', bad: NOT_BOOLEAN, with: { onBehalfOf: 'bob' } },
			{ key: 'withMentionCount', label: 'With Mention Count', bad: NOT_BOOLEAN, with: { onBehalfOf: 'bob' } },
			{ key: 'participatedByMe', label: 'Act As', bad: [['on without Act As', true]] },
			...limitFields,
			simplifyField,
		],
	},
	{
		resource: 'role',
		operation: 'get',
		parameters: { role: rl('role', 'moderator') },
		valid: [{}, {}],
		fields: [{ key: 'role', label: 'Role', bad: NOT_ID }],
	},
	plainList('role'),
	{
		resource: 'role',
		operation: 'create',
		parameters: {
			role: ex('role', 'newrole'),
			name: ex('name', 'New Role'),
			additionalFields: {
				description: ex('description', ''),
				metadata: ex('metadata', '{}'),
				listUsers: ex('listUsers', ''),
				sendMessagesTo: ex('sendMessagesTo', ''),
			},
		},
		valid: [{}, { role: 'newrole2', listUsers: 'friendsOnly', description: 'Second' }],
		fields: [
			{ key: 'role', label: 'Role Key', bad: [...NOT_ID, ['empty', '']] },
			{ key: 'name', label: 'Name', bad: NOT_REQUIRED_TEXT },
			{ key: 'description', label: 'Description', bad: NOT_OPTIONAL_TEXT },
			{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_JSON_OBJECT },
			{ key: 'listUsers', label: 'List Users', bad: NOT_OPTION },
			{ key: 'sendMessagesTo', label: 'Send Messages To', bad: NOT_OPTION },
		],
	},
	{
		resource: 'role',
		operation: 'update',
		parameters: {
			role: rl('role', 'moderator'),
			updateFields: {
				name: ex('name', ''),
				description: ex('description', ''),
				metadata: ex('metadata', '{}'),
				listUsers: ex('listUsers', ''),
				sendMessagesTo: ex('sendMessagesTo', ''),
				clear: ex('clear', []),
			},
		},
		valid: [{ name: 'Mod A' }, { sendMessagesTo: 'friendsOnly', clear: ['description'] }],
		fields: [
			{ key: 'role', label: 'Role', bad: NOT_ID },
			{ key: 'name', label: 'Name', bad: NOT_OPTIONAL_TEXT },
			{ key: 'description', label: 'Description', bad: NOT_OPTIONAL_TEXT },
			{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_JSON_OBJECT },
			{ key: 'listUsers', label: 'List Users', bad: NOT_OPTION },
			{ key: 'sendMessagesTo', label: 'Send Messages To', bad: NOT_OPTION },
			{
				key: 'clear',
				label: 'Clear Fields',
				bad: [
					['an object', { a: 1 }],
					['a boolean', true],
					['an unknown value', ['name']],
				],
			},
		],
	},
	{
		resource: 'role',
		operation: 'delete',
		parameters: { role: rl('role', 'spare-role1') },
		valid: [{}, { role: 'spare-role2' }],
		fields: [{ key: 'role', label: 'Role', bad: NOT_ID }],
	},
	{
		resource: 'role',
		operation: 'getPermissions',
		parameters: { role: rl('role', 'moderator'), ...listParameters },
		valid: [{}, { limit: 2 }],
		fields: [{ key: 'role', label: 'Role', bad: NOT_ID }, ...limitFields],
	},
	{
		resource: 'role',
		operation: 'setPermissions',
		parameters: { role: rl('role', 'moderator'), permissions: ex('permissions', '{"sendMessage": "deny"}') },
		valid: [{}, { permissions: { 'createGroup.allowedGroupTypes': ['public'] } }],
		fields: [{ key: 'role', label: 'Role', bad: NOT_ID }, permissionsField],
	},
	{
		resource: 'role',
		operation: 'unsetPermission',
		parameters: { role: rl('role', 'moderator'), permission: ex('permission', 'sendMessage') },
		valid: [{}, { permission: 'listUsers.mode' }],
		fields: [{ key: 'role', label: 'Role', bad: NOT_ID }, permissionKeyField],
	},
	{
		resource: 'role',
		operation: 'getRestrictedFeatures',
		parameters: { role: rl('role', 'moderator'), ...listParameters },
		valid: [{}, { limit: 1 }],
		fields: [{ key: 'role', label: 'Role', bad: NOT_ID }, ...limitFields],
	},
	{
		resource: 'role',
		operation: 'restrictFeatures',
		parameters: { role: rl('role', 'moderator'), featuresToRestrict: ex('featuresToRestrict', 'u.listUsers') },
		valid: [{}, { featuresToRestrict: ['u.deleteGroup', 'u.getUser'] }],
		fields: [
			{ key: 'role', label: 'Role', bad: NOT_ID },
			{ key: 'featuresToRestrict', label: 'Features to Restrict', bad: NOT_FEATURES },
		],
	},
	{
		resource: 'role',
		operation: 'allowFeatures',
		parameters: { role: rl('role', 'moderator'), allow: ex('allow', 'listed'), featuresToAllow: ex('featuresToAllow', 'u.listUsers') },
		valid: [{}, { allow: 'all' }],
		fields: [
			{ key: 'role', label: 'Role', bad: NOT_ID },
			{ key: 'allow', label: 'Allow', bad: NOT_OPTION },
			{ key: 'featuresToAllow', label: 'Features to Allow', bad: NOT_FEATURES },
		],
	},
	{
		resource: 'group',
		operation: 'getScopePermissions',
		parameters: { guid: rl('guid', 'crew'), scope: ex('scope', 'admin'), ...listParameters },
		valid: [{}, { scope: 'participant', limit: 2 }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, scopeField, ...limitFields],
	},
	{
		resource: 'group',
		operation: 'setScopePermissions',
		parameters: { guid: rl('guid', 'crew'), scope: ex('scope', 'admin'), permissions: ex('permissions', '{"sendMessage": "deny"}') },
		valid: [{}, { scope: 'moderator', permissions: { 'initiateCall.allowedType': ['audio'] } }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, scopeField, permissionsField],
	},
	{
		resource: 'group',
		operation: 'unsetScopePermission',
		parameters: { guid: rl('guid', 'crew'), scope: ex('scope', 'admin'), permission: ex('permission', 'sendMessage') },
		valid: [{}, { scope: 'participant', permission: 'addReaction' }],
		fields: [{ key: 'guid', label: 'Group', bad: NOT_GUID }, scopeField, permissionKeyField],
	},
	{
		resource: 'call',
		operation: 'get',
		parameters: { sessionId: ex('sessionId', 'sess-1'), ...onBehalfOf() },
		valid: [{}, { onBehalfOf: 'bob' }],
		fields: [{ key: 'sessionId', label: 'Session ID', bad: NOT_ID }, requiredOnBehalfOf],
	},
	{
		resource: 'call',
		operation: 'getAll',
		parameters: {
			...onBehalfOf(''),
			...listParameters,
			...simplifyParameters,
			filters: {
				type: ex('type', ''),
				mode: ex('mode', ''),
				status: ex('status', ''),
				receiverType: ex('receiverType', ''),
				participantsCount: ex('participantsCount', 2),
				startedAt: ex('startedAt', ''),
				endedAt: ex('endedAt', ''),
				hasRecording: ex('hasRecording', false),
				hasTranscription: ex('hasTranscription', false),
				uid: ex('uid', ''),
			},
		},
		valid: [{}, { onBehalfOf: 'ada', type: 'audio', startedAt: '2023-01-01', uid: 'bob', limit: 2 }],
		fields: [
			optionalOnBehalfOf,
			...limitFields,
			simplifyField,
			{ key: 'type', label: 'Type', bad: NOT_OPTION },
			{ key: 'mode', label: 'Mode', bad: NOT_OPTION },
			{ key: 'status', label: 'Status', bad: NOT_OPTION },
			{ key: 'receiverType', label: 'Receiver Type', bad: NOT_OPTION },
			{ key: 'participantsCount', label: 'Participants Count', bad: [...NOT_COUNT, ['0', 0]] },
			{ key: 'startedAt', label: 'Started At or After', bad: NOT_DATE },
			{ key: 'endedAt', label: 'Ended At or Before', bad: NOT_DATE },
			{
				key: 'endedAt',
				label: 'Ended At or Before',
				bad: [['before Started At or After', '2023-01-01']],
				with: { startedAt: '2023-06-01' },
			},
			{ key: 'hasRecording', label: 'Has Recording', bad: NOT_BOOLEAN },
			{ key: 'hasTranscription', label: 'Has Transcription', bad: NOT_BOOLEAN },
			{ key: 'uid', label: 'Participant', bad: NOT_OPTIONAL_UID },
		],
	},
	{
		resource: 'call',
		operation: 'getTranscriptions',
		parameters: { sessionId: ex('sessionId', 'sess-1'), ...onBehalfOf(''), ...listParameters },
		valid: [{}, { onBehalfOf: 'bob', limit: 1 }],
		fields: [{ key: 'sessionId', label: 'Session ID', bad: NOT_ID }, optionalOnBehalfOf, ...limitFields],
	},
	{
		resource: 'pushToken',
		operation: 'delete',
		parameters: { authToken: ex('authToken', 'tok-ada-1'), all: ex('all', false) },
		valid: [{ authToken: 'tok-ada-1' }, { authToken: 'tok-ada-2', all: true }],
		fields: [
			{ key: 'authToken', label: 'Auth Token', bad: NOT_ID },
			{ key: 'all', label: 'All Tokens of the User', bad: NOT_BOOLEAN },
		],
	},
	{
		resource: 'pushToken',
		operation: 'deleteByValue',
		parameters: { authToken: ex('authToken', 'tok-ada-1'), pushToken: ex('pushToken', 'push-1') },
		valid: [{ pushToken: 'push-1' }, { pushToken: 'push-2' }],
		fields: [
			{ key: 'authToken', label: 'Auth Token', bad: NOT_ID },
			{ key: 'pushToken', label: 'Push Token', bad: NOT_ID },
		],
	},
	// A user's notifications: push token registration and list, preferences, muted conversations, time zone, contact details.
	{
		resource: 'pushToken',
		operation: 'register',
		parameters: {
			authToken: ex('authToken', 'tok-ada-1'),
			platform: ex('platform', 'fcm_android'),
			pushToken: ex('pushToken', 'push-new-1'),
			additionalFields: { providerId: ex('providerId', ''), timezone: ex('timezone', '') },
		},
		valid: [{}, { pushToken: 'push-new-2', platform: 'apns_ios_voip', timezone: 'Asia/Tokyo', providerId: 'apns-2' }],
		fields: [
			{ key: 'authToken', label: 'Auth Token', bad: NOT_ID },
			{ key: 'platform', label: 'Platform', bad: NOT_OPTION },
			{ key: 'pushToken', label: 'Push Token', bad: NOT_ID },
			{ key: 'providerId', label: 'Provider ID', bad: NOT_OPTIONAL_ID },
			{ key: 'timezone', label: 'Timezone', bad: NOT_TIMEZONE },
		],
	},
	{
		resource: 'pushToken',
		operation: 'getAll',
		parameters: {
			authToken: ex('authToken', 'tok-ada-1'),
			all: ex('all', false),
			...listParameters,
			options: { reveal: ex('reveal', false) },
		},
		valid: [{}, { all: true, limit: 1, reveal: true }],
		fields: [
			{ key: 'authToken', label: 'Auth Token', bad: NOT_ID },
			{ key: 'all', label: 'All Tokens of the User', bad: NOT_BOOLEAN },
			...limitFields,
			{ key: 'reveal', label: 'Reveal Push Tokens', bad: NOT_BOOLEAN },
		],
	},
	...(['get', 'reset', 'getTimezone'] as const).map(
		(operation): OperationSpec => ({
			resource: 'notificationPreference',
			operation,
			parameters: { uid: rl('uid', 'ada') },
			valid: [{}, { uid: 'bob' }],
			fields: [preferenceUser],
		}),
	),
	{
		resource: 'notificationPreference',
		operation: 'updateTimezone',
		parameters: { uid: rl('uid', 'ada'), timezone: ex('timezone', 'Europe/Berlin') },
		valid: [{}, { uid: 'bob', timezone: 'UTC' }],
		fields: [preferenceUser, { key: 'timezone', label: 'Timezone', bad: [...NOT_TIMEZONE, ['empty text', '']] }],
	},
	{
		resource: 'notificationPreference',
		operation: 'getMuted',
		parameters: { uid: rl('uid', 'ada'), ...listParameters },
		valid: [{}, { limit: 2 }],
		fields: [preferenceUser, ...limitFields],
	},
	{
		resource: 'notificationPreference',
		operation: 'mute',
		parameters: { uid: rl('uid', 'ada'), uids: ex('uids', 'bob'), guids: ex('guids', 'crew'), until: ex('until', '2099-01-01T00:00:00Z') },
		valid: [{}, { uids: ['bob', 'cy'], guids: '', until: '2098-06-30T12:00:00Z' }],
		fields: [
			preferenceUser,
			{ key: 'uids', label: 'Users', bad: [...NOT_UIDS_TO_SEND, ['nothing in either', '']], with: { guids: '' } },
			{ key: 'guids', label: 'Groups', bad: [...NOT_LIST, ...OVER_ONE_REQUEST, ['a GUID with a slash', 'crew, a/b']], with: { uids: '' } },
			{ key: 'until', label: 'Until', bad: [...NOT_DATE, ['in the past', '2001-09-09T01:46:40Z'], ['empty', '']] },
		],
	},
	{
		resource: 'notificationPreference',
		operation: 'unmute',
		parameters: { uid: rl('uid', 'ada'), uids: ex('uids', 'bob'), guids: ex('guids', 'crew') },
		valid: [{}, { uids: '', guids: ['crew', 'spare1'] }],
		fields: [
			preferenceUser,
			{ key: 'uids', label: 'Users', bad: [...NOT_UIDS_TO_SEND, ['nothing in either', '']], with: { guids: '' } },
			{ key: 'guids', label: 'Groups', bad: [...NOT_LIST, ...OVER_ONE_REQUEST, ['a GUID with a slash', 'crew, a/b']], with: { uids: '' } },
		],
	},
	{
		resource: 'notificationPreference',
		operation: 'update',
		parameters: {
			uid: rl('uid', 'ada'),
			specifyBody: ex('specifyBody', 'fields'),
			preferencesJson: ex('preferencesJson', '{"usePrivacyTemplate": true}'),
			updateFields: {
				...Object.fromEntries(PREFERENCE_SETTINGS.map(([name]) => [name, ex(name, 2)])),
				dnd: ex('dnd', false),
				usePrivacyTemplate: ex('usePrivacyTemplate', true),
				schedule: { day: [{ weekday: ex('weekday', 'monday'), from: ex('from', 900), to: ex('to', 1730), dnd: ex('dayDnd', false) }] },
			},
		},
		valid: [{}, { uid: 'bob', groupMessages: 3, weekday: 'sunday', from: 0, to: 2359, dayDnd: true }],
		fields: [
			preferenceUser,
			{ key: 'specifyBody', label: 'Define Changes', bad: NOT_OPTION },
			{
				key: 'preferencesJson',
				label: 'Preferences (JSON)',
				bad: [
					...NOT_JSON_OBJECT,
					['an unknown section', '{"sound": {"chat": "ping"}}'],
					['a setting value that is not one of its options', '{"groupPreferences": {"groupMessages": 7}}'],
					['a setting given as text', '{"oneOnOnePreferences": {"oneOnOneReplies": "2"}}'],
					['a setting of another section', '{"groupPreferences": {"oneOnOneMessages": 2}}'],
					['a section that is not an object', '{"groupPreferences": 2}'],
					['a Do Not Disturb value that is not 1 or 2', '{"mutePreferences": {"dnd": true}}'],
					['a schedule time that is not HHMM', '{"mutePreferences": {"schedule": {"monday": {"from": 975, "to": 1730}}}}'],
					['a schedule day that is not a weekday', '{"mutePreferences": {"schedule": {"someday": {"from": 900}}}}'],
					['Use Privacy Template as text', '{"usePrivacyTemplate": "yes"}'],
				],
				with: { specifyBody: 'json' },
			},
			...PREFERENCE_SETTINGS.map(([key, label]): Field => ({ key, label, bad: NOT_SETTING })),
			{ key: 'dnd', label: 'Do Not Disturb', bad: NOT_BOOLEAN },
			{ key: 'usePrivacyTemplate', label: 'Use Privacy Template', bad: NOT_BOOLEAN },
			{ key: 'weekday', label: 'Weekday of day 1', bad: NOT_OPTION },
			{ key: 'from', label: 'From of day 1', bad: NOT_HHMM },
			{ key: 'to', label: 'To of day 1', bad: NOT_HHMM },
			{ key: 'dayDnd', label: 'Do Not Disturb of day 1', bad: NOT_BOOLEAN },
		],
	},
	{
		resource: 'contactDetail',
		operation: 'get',
		parameters: { ...onBehalfOf(), options: { reveal: ex('reveal', false) } },
		valid: [{}, { onBehalfOf: 'bob', reveal: true }],
		fields: [
			{ ...requiredOnBehalfOf, label: 'User' },
			{ key: 'reveal', label: 'Reveal Contact Details', bad: NOT_BOOLEAN },
		],
	},
	{
		resource: 'contactDetail',
		operation: 'update',
		parameters: { ...onBehalfOf(), email: ex('email', 'ada@example.com'), phno: ex('phno', '+14155550100') },
		valid: [{}, { onBehalfOf: 'bob', email: '', phno: '+44 1632 960961' }],
		fields: [
			{ ...requiredOnBehalfOf, label: 'User' },
			{
				key: 'email',
				label: 'Email',
				bad: [
					...NOT_OPTIONAL_TEXT,
					['no address', 'ada-at-example'],
					['a space', 'ada @example.com'],
					['100,000 characters', `${'a'.repeat(99_988)}@example.com`],
					['255 characters', `${'a'.repeat(60)}@${'b'.repeat(182)}.example.com`],
					['a part before the @ of 65 characters', `${'a'.repeat(65)}@example.com`],
				],
			},
			{ key: 'phno', label: 'Phone Number', bad: [...NOT_OPTIONAL_TEXT, ['no country code', '555-0100'], ['letters', '+1 415 CALL NOW']] },
		],
	},
	{
		resource: 'contactDetail',
		operation: 'delete',
		parameters: onBehalfOf(),
		valid: [{}, { onBehalfOf: 'bob' }],
		fields: [{ ...requiredOnBehalfOf, label: 'User' }],
	},
	review('flaggedMessage', 'approve'),
	review('flaggedMessage', 'disapprove'),
	plainList('flaggedMessage'),
	review('blockedMessage', 'approve'),
	review('blockedMessage', 'reject'),
	plainList('blockedMessage'),
	plainList('moderationReason', false),
	{
		resource: 'moderationReason',
		operation: 'create',
		parameters: { reasonId: ex('reasonId', 'new-reason'), name: ex('name', 'New'), description: ex('description', '') },
		valid: [{ reasonId: 'new1' }, { reasonId: 'new2', description: 'Second' }],
		fields: [
			{ key: 'reasonId', label: 'Reason ID', bad: NOT_ID },
			{ key: 'name', label: 'Name', bad: NOT_REQUIRED_TEXT },
			{ key: 'description', label: 'Description', bad: NOT_OPTIONAL_TEXT },
		],
	},
	{
		resource: 'moderationReason',
		operation: 'get',
		parameters: { reasonId: rl('reasonId', 'spam') },
		valid: [{}, { reasonId: 'other' }],
		fields: [{ key: 'reasonId', label: 'Reason', bad: NOT_ID }],
	},
	{
		resource: 'moderationReason',
		operation: 'update',
		parameters: { reasonId: rl('reasonId', 'spam'), name: ex('name', 'Renamed') },
		valid: [{}, { reasonId: 'other' }],
		fields: [
			{ key: 'reasonId', label: 'Reason', bad: NOT_ID },
			{ key: 'name', label: 'Name', bad: NOT_REQUIRED_TEXT },
		],
	},
	{
		resource: 'moderationReason',
		operation: 'delete',
		parameters: { reasonId: rl('reasonId', 'violence') },
		valid: [{ reasonId: 'violence' }, { reasonId: 'other' }],
		fields: [{ key: 'reasonId', label: 'Reason', bad: NOT_ID }],
	},
	{
		resource: 'moderationRule',
		operation: 'create',
		parameters: {
			ruleId: ex('ruleId', 'new-rule'),
			specifyBody: ex('specifyBody', 'fields'),
			ruleJson: ex('ruleJson', '{"name": "From JSON"}'),
			name: ex('name', 'New rule'),
			action: ex('action', ['blockMessage']),
			conditions: ruleConditions,
			additionalFields: {
				description: ex('description', ''),
				enabled: ex('enabled', true),
				filters: ruleFilters,
			},
		},
		valid: [{ ruleId: 'new1' }, { ruleId: 'new2', enabled: false, action: ['dropMessage'] }],
		fields: [
			{ key: 'ruleId', label: 'Rule ID', bad: NOT_ID },
			{ key: 'specifyBody', label: 'Define Rule', bad: NOT_OPTION },
			{
				key: 'ruleJson',
				label: 'Rule (JSON)',
				bad: [
					...NOT_JSON_OBJECT,
					['another id', '{"id": "other"}'],
					[
						'a pattern condition that does not compile',
						'{"conditions": [{"category": "pattern", "operand": "text", "operator": "contains", "value": ["ok", "(unclosed"]}]}',
					],
				],
				with: { specifyBody: 'json' },
			},
			{ key: 'name', label: 'Name', bad: NOT_REQUIRED_TEXT },
			{ key: 'description', label: 'Description', bad: NOT_OPTIONAL_TEXT },
			...ruleEntryFields,
			{ key: 'enabled', label: 'Enabled', bad: NOT_BOOLEAN },
			{
				key: 'action',
				label: 'Action',
				bad: [
					['an unknown action', ['deleteMessage']],
					['an object', { a: 1 }],
					['no action', []],
				],
			},
		],
	},
	{
		resource: 'moderationRule',
		operation: 'get',
		parameters: { ruleId: rl('ruleId', 'r1') },
		valid: [{}, { ruleId: 'r2' }],
		fields: [{ key: 'ruleId', label: 'Rule', bad: NOT_ID }],
	},
	{
		resource: 'moderationRule',
		operation: 'delete',
		parameters: { ruleId: rl('ruleId', 'r3') },
		valid: [{ ruleId: 'r3' }, { ruleId: 'r4' }],
		fields: [{ key: 'ruleId', label: 'Rule', bad: NOT_ID }],
	},
	plainList('moderationRule'),
	{
		resource: 'moderationRule',
		operation: 'getRevisions',
		parameters: { ruleId: rl('ruleId', 'r1'), ...listParameters, ...simplifyParameters },
		valid: [{}, { ruleId: 'r2' }],
		fields: [{ key: 'ruleId', label: 'Rule', bad: NOT_ID }, ...limitFields, simplifyField],
	},
	{
		resource: 'moderationRule',
		operation: 'update',
		parameters: {
			ruleId: rl('ruleId', 'r1'),
			specifyBody: ex('specifyBody', 'fields'),
			ruleJson: ex('ruleJson', '{"enabled": true}'),
			updateFields: {
				name: ex('name', 'Renamed'),
				description: ex('description', ''),
				enabled: ex('enabled', true),
				action: ex('action', []),
				conditions: ruleConditions,
				filters: ruleFilters,
			},
		},
		valid: [{ ruleId: 'r1' }, { ruleId: 'r2', enabled: false, action: ['dropMessage'] }],
		fields: [
			{ key: 'ruleId', label: 'Rule', bad: NOT_ID },
			{ key: 'specifyBody', label: 'Define Changes', bad: NOT_OPTION },
			{
				key: 'ruleJson',
				label: 'Rule (JSON)',
				bad: [
					...NOT_JSON_OBJECT,
					['a pattern condition that does not compile', '{"conditions": [{"category": "pattern", "value": "a++("}]}'],
				],
				with: { specifyBody: 'json' },
			},
			{ key: 'name', label: 'Name', bad: NOT_OPTIONAL_TEXT },
			{ key: 'description', label: 'Description', bad: NOT_OPTIONAL_TEXT },
			...ruleEntryFields,
			{ key: 'enabled', label: 'Enabled', bad: NOT_BOOLEAN },
			{
				key: 'action',
				label: 'Action',
				bad: [
					['an unknown action', ['deleteMessage']],
					['an object', { a: 1 }],
				],
			},
		],
	},
	{
		resource: 'keywordList',
		operation: 'get',
		parameters: { keywordListId: rl('keywordListId', 'kw') },
		valid: [{}, {}],
		fields: [{ key: 'keywordListId', label: 'Keyword List', bad: NOT_ID }],
	},
	plainList('keywordList'),
	...(['create', 'update'] as const).map(
		(operation): OperationSpec => ({
			resource: 'keywordList',
			operation,
			parameters: {
				keywordListId: operation === 'create' ? ex('keywordListId', 'new-list') : rl('keywordListId', 'kw'),
				category: ex('category', 'word'),
				searchTerms: ex('searchTerms', 'bad, worse'),
				termsFrom: ex('termsFrom', 'text'),
				binaryPropertyName: ex('binaryPropertyName', 'data'),
				disallowedSentences: ex('disallowedSentences', 'A sentence'),
				additionalFields: { name: ex('name', ''), description: ex('description', '') },
			},
			valid: operation === 'create' ? [{ keywordListId: 'new1' }, { keywordListId: 'new2', name: 'Two' }] : [{}, { name: 'Renamed' }],
			fields: [
				{ key: 'keywordListId', label: operation === 'create' ? 'Keyword List ID' : 'Keyword List', bad: NOT_ID },
				{ key: 'category', label: 'Category', bad: NOT_OPTION },
				{ key: 'searchTerms', label: 'Search Terms', bad: [...NOT_LIST, ['empty text', ''], ['a term with a comma', ['a,b']]] },
				{
					key: 'searchTerms',
					label: 'Search Terms',
					bad: [['a pattern that does not compile', 'ok, (unclosed']],
					with: { category: 'pattern' },
				},
				{ key: 'termsFrom', label: 'Terms From', bad: NOT_OPTION },
				{
					key: 'binaryPropertyName',
					label: 'Input Binary Field',
					bad: [...NOT_REQUIRED_TEXT, ['a property the item does not have', 'data']],
					with: { termsFrom: 'binary' },
				},
				{
					key: 'disallowedSentences',
					label: 'Disallowed Sentences',
					bad: [
						['an object', { a: 1 }],
						['a list holding a number', ['ok', 3]],
						['blank lines only', ' \n '],
					],
					with: { category: 'sentence-similarity' },
				},
				{ key: 'name', label: 'Name', bad: NOT_OPTIONAL_TEXT },
				{ key: 'description', label: 'Description', bad: NOT_OPTIONAL_TEXT },
			],
		}),
	),
	{
		resource: 'keywordList',
		operation: 'delete',
		parameters: { keywordListId: rl('keywordListId', 'kw') },
		valid: [{}, { keywordListId: 'kw2' }],
		fields: [{ key: 'keywordListId', label: 'Keyword List', bad: NOT_ID }],
	},
	{
		resource: 'moderatedMessage',
		operation: 'submit',
		parameters: {
			sender: rl('sender', 'ada'),
			receiverType: ex('receiverType', 'user'),
			receiverUid: rl('receiverUid', 'bob'),
			receiverGuid: rl('receiverGuid', 'crew'),
			text: ex('text', 'Hello'),
			additionalFields: {
				metadata: ex('metadata', '{}'),
				muid: ex('muid', ''),
				sentAt: ex('sentAt', ''),
				tags: ex('tags', ''),
			},
		},
		valid: [{}, { receiverType: 'group' }],
		fields: [
			{ key: 'sender', label: 'Sender', bad: NOT_UID },
			{ key: 'receiverType', label: 'Receiver Type', bad: NOT_OPTION },
			{ key: 'receiverUid', label: 'Receiver User', bad: NOT_UID },
			{ key: 'receiverGuid', label: 'Receiver Group', bad: NOT_GUID, with: { receiverType: 'group' } },
			{ key: 'text', label: 'Text', bad: NOT_MESSAGE_TEXT },
			{ key: 'metadata', label: 'Metadata (JSON)', bad: NOT_METADATA },
			{ key: 'muid', label: 'Muid', bad: NOT_OPTIONAL_TEXT },
			{ key: 'sentAt', label: 'Sent At', bad: NOT_DATE },
			{ key: 'tags', label: 'Tags', bad: NOT_TAGS },
		],
	},
	{
		resource: 'moderatedMessage',
		operation: 'get',
		parameters: { messageId: rl('messageId', '101') },
		valid: [{}, { messageId: '102' }],
		fields: [messageIdField],
	},
	{
		resource: 'moderatedMessage',
		operation: 'delete',
		parameters: { messageId: rl('messageId', '105') },
		valid: [{ messageId: '105' }, { messageId: '106' }],
		fields: [messageIdField],
	},
	{
		resource: 'moderatedMessage',
		operation: 'getAll',
		parameters: {
			...listParameters,
			...simplifyParameters,
			filters: {
				category: ex('category', 'message'),
				moderationStatus: ex('moderationStatus', 'pending'),
				receiverGUID: ex('receiverGUID', ''),
				receiverUID: ex('receiverUID', ''),
				sender: ex('sender', ''),
				type: ex('type', ''),
			},
		},
		valid: [{}, { limit: 2 }],
		fields: [
			...limitFields,
			simplifyField,
			{ key: 'category', label: 'Category', bad: NOT_OPTION },
			{ key: 'moderationStatus', label: 'Moderation Status', bad: NOT_OPTION },
			{ key: 'receiverGUID', label: 'Receiver GUID', bad: NOT_OPTIONAL_GUID },
			{ key: 'receiverUID', label: 'Receiver UID', bad: NOT_OPTIONAL_UID },
			{ key: 'sender', label: 'Sender UID', bad: NOT_OPTIONAL_UID },
			{ key: 'type', label: 'Type', bad: NOT_OPTIONAL_TEXT },
		],
	},
	plainList('reviewedMessage'),
	{
		resource: 'bot',
		operation: 'create',
		parameters: {
			uid: rl('uid', 'botty'),
			webhookURL: ex('webhookURL', 'http://127.0.0.1:9/hook'),
			groupChatSetting: ex('groupChatSetting', 'none'),
			additionalFields: {
				useBasicAuth: ex('useBasicAuth', false),
				username: ex('username', ''),
				password: ex('password', ''),
				enabled: ex('enabled', true),
			},
		},
		valid: [{}, { uid: 'botty2', useBasicAuth: true, username: 'n8n', password: 'pw' }],
		fields: [
			{ key: 'uid', label: 'User', bad: NOT_UID },
			{
				key: 'webhookURL',
				label: 'Webhook URL',
				bad: [...NOT_REQUIRED_TEXT, ['not a URL', 'example.com/hook'], ['256 characters', `http://127.0.0.1/${'x'.repeat(239)}`]],
			},
			{ key: 'groupChatSetting', label: 'Group Messages', bad: NOT_OPTION },
			{ key: 'useBasicAuth', label: 'Use Basic Auth', bad: [...NOT_BOOLEAN, ['on without a username and a password', true]] },
			{ key: 'enabled', label: 'Enabled', bad: NOT_BOOLEAN },
			{ key: 'username', label: 'Basic Auth Username', bad: [...NOT_TEXT, ['51 characters', 'u'.repeat(51)]] },
			{
				key: 'password',
				label: 'Basic Auth Password',
				bad: [...NOT_TEXT, ['51 characters', 'p'.repeat(51)]],
				with: { useBasicAuth: true, username: 'n8n' },
			},
		],
	},
	{
		resource: 'bot',
		operation: 'get',
		parameters: { botUid: rl('botUid', 'helpbot') },
		valid: [{}, { botUid: 'helpbot2' }],
		fields: [{ key: 'botUid', label: 'Bot', bad: NOT_UID }],
	},
	plainList('bot', false),
	{
		resource: 'bot',
		operation: 'update',
		parameters: {
			botUid: rl('botUid', 'helpbot'),
			updateFields: {
				webhookURL: ex('webhookURL', 'http://127.0.0.1:9/new'),
				groupChatSetting: ex('groupChatSetting', 'allMessages'),
				enabled: ex('enabled', false),
				useBasicAuth: ex('useBasicAuth', true),
				username: ex('username', ''),
				password: ex('password', ''),
			},
		},
		valid: [{}, { botUid: 'helpbot2', password: 'new-pw' }],
		fields: [
			{ key: 'botUid', label: 'Bot', bad: NOT_UID },
			{ key: 'webhookURL', label: 'Webhook URL', bad: [...NOT_TEXT, ['not a URL', 'nope']] },
			{ key: 'groupChatSetting', label: 'Group Messages', bad: NOT_OPTION },
			{ key: 'enabled', label: 'Enabled', bad: NOT_BOOLEAN },
			{ key: 'useBasicAuth', label: 'Use Basic Auth', bad: NOT_BOOLEAN },
			{ key: 'username', label: 'Basic Auth Username', bad: [...NOT_TEXT, ['51 characters', 'u'.repeat(51)]] },
			{ key: 'password', label: 'Basic Auth Password', bad: [...NOT_TEXT, ['51 characters', 'p'.repeat(51)]] },
		],
	},
	{
		resource: 'bot',
		operation: 'delete',
		parameters: { botUid: rl('botUid', 'helpbot') },
		valid: [{}, { botUid: 'helpbot2' }],
		fields: [{ key: 'botUid', label: 'Bot', bad: NOT_UID }],
	},
	{
		resource: 'message',
		operation: 'sendAsBot',
		parameters: {
			...delivery,
			botUid: rl('botUid', 'helpbot'),
			...content,
			text: ex('text', 'Hello from the bot'),
		},
		valid: [{}, { text: 42, receiverType: 'group', receiverGuid: 'crew' }],
		fields: [
			{ key: 'botUid', label: 'Bot', bad: NOT_UID },
			...deliveryFields.filter((field) => field.key !== 'onBehalfOf'),
			...contentFields,
			{ key: 'text', label: 'Text', bad: NOT_MESSAGE_TEXT },
		],
	},
	...conversationSpecs(),
	{
		resource: 'metric',
		operation: 'getUsage',
		parameters: { fromDate: ex('fromDate', '2024-01-01'), toDate: ex('toDate', '2024-01-31T12:00:00Z') },
		valid: [{}, { fromDate: 1_700_000_000, toDate: 1_700_086_400 }],
		fields: [
			{
				key: 'fromDate',
				label: 'From',
				bad: [...NOT_DATE, ['empty', ''], ['a period that has not begun', '2099-01-01']],
				with: { toDate: '2099-02-01' },
			},
			{ key: 'toDate', label: 'To', bad: [...NOT_DATE, ['empty', ''], ['before From', '2023-12-31']] },
		],
	},
	{ resource: 'metric', operation: 'getMessageMetrics', parameters: {}, valid: [{}, {}], fields: [] },
	// Notification providers: one spec per provider and operation that shows fields of its own.
	...providerSpecs(),
	{
		resource: 'notificationLog',
		operation: 'getAll',
		parameters: {
			...listParameters,
			...simplifyParameters,
			filters: {
				channel: ex('channel', 'push'),
				provider: ex('logProvider', 'fcm'),
				trigger: ex('trigger', 'after_message'),
				reason: ex('reason', ''),
				receiverType: ex('receiverType', 'user'),
				sender: ex('sender', 'ada'),
				receiver: ex('receiver', ''),
				messageId: ex('messageId', 1),
				from: ex('from', ''),
				to: ex('to', ''),
				notificationTriggered: ex('notificationTriggered', true),
				success: ex('success', true),
			},
		},
		valid: [{}, { limit: 2, channel: 'email' }],
		fields: [
			...limitFields,
			simplifyField,
			{ key: 'channel', label: 'Channel', bad: NOT_OPTION },
			{ key: 'logProvider', label: 'Provider', bad: NOT_OPTION },
			{ key: 'trigger', label: 'Trigger', bad: NOT_OPTION },
			{ key: 'reason', label: 'Reason', bad: NOT_OPTION },
			{ key: 'receiverType', label: 'Receiver Type', bad: NOT_OPTION },
			{ key: 'sender', label: 'Sender', bad: NOT_OPTIONAL_TEXT },
			{ key: 'receiver', label: 'Receiver', bad: NOT_OPTIONAL_TEXT },
			{ key: 'messageId', label: 'Message ID', bad: [...NOT_COUNT, ['0', 0]] },
			{ key: 'from', label: 'From', bad: NOT_DATE },
			{ key: 'to', label: 'To', bad: NOT_DATE },
			{ key: 'to', label: 'To', bad: [['before From', '2024-01-01T00:00:00Z']], with: { from: '2024-02-01T00:00:00Z' } },
			{ key: 'notificationTriggered', label: 'Notification Triggered', bad: NOT_BOOLEAN },
			{ key: 'success', label: 'Success', bad: NOT_BOOLEAN },
		],
	},
	...apiKeyOperations(),
	...webhookOperations(),
	{ resource: 'notificationSetting', operation: 'get', parameters: {}, valid: [{}, {}], fields: [] },
	{
		resource: 'notificationSetting',
		operation: 'update',
		parameters: { settings: ex('settings', '{ "sound": { "chat": "default" } }') },
		valid: [{}, { settings: { sound: { call: 'default' } } }],
		fields: [
			{
				key: 'settings',
				label: 'Settings (JSON)',
				bad: [
					...NOT_JSON_OBJECT,
					['an empty object', '{}'],
					['an unknown part', { colors: {} }],
					['a part that is not an object', { sound: 'loud' }],
				],
			},
		],
	},
	{ resource: 'notificationSetting', operation: 'reset', parameters: {}, valid: [{}, {}], fields: [] },
	...fcmProviderOperations(),
	...apnsProviderOperations(),
	...dataImportSpecs(),
	...campaignOperations({
		ex,
		rl,
		listParameters,
		limitFields,
		bad: {
			NOT_REQUIRED_TEXT,
			NOT_OPTIONAL_TEXT,
			NOT_ID,
			NOT_OPTIONAL_ID,
			NOT_UID,
			NOT_OPTIONAL_UID,
			NOT_UID_LIST,
			NOT_LIST,
			NOT_TAGS,
			NOT_JSON_OBJECT,
			NOT_LIMIT,
			NOT_BOOLEAN,
			NOT_DATE,
			NOT_COUNT,
			NOT_OPTION,
		},
	}),
];

/** Conversation: one user's conversation with another user (ada with bob has messages) or in a group; the app's global pins. */
function conversationSpecs(): OperationSpec[] {
	const target = { conversationWith: ex('conversationWith', 'user'), uid: rl('uid', 'bob'), guid: rl('guid', 'crew'), ...onBehalfOf() };
	const targetFields: Field[] = [
		{ key: 'conversationWith', label: 'Conversation With', bad: NOT_OPTION },
		{ key: 'uid', label: 'With User', bad: NOT_UID },
		{ key: 'guid', label: 'Group', bad: NOT_GUID, with: { conversationWith: 'group' } },
		requiredOnBehalfOf,
	];
	const other: IDataObject = { onBehalfOf: 'bob', uid: 'ada' };
	const onOne = (
		operation: string,
		extra: INodeParameters = {},
		fields: Field[] = [],
		valid: [IDataObject, IDataObject] = [{}, other],
	) => ({
		resource: 'conversation',
		operation,
		parameters: { ...target, ...extra },
		valid,
		fields: [...targetFields, ...fields],
	});
	const mark = (operation: string) =>
		onOne(
			operation,
			{ messageId: rl('messageId', '101') },
			[{ key: 'messageId', label: 'Message', bad: [...NOT_ID, ['not a number', 'abc'], ['a negative number', '-1']] }],
			[{}, { messageId: '102' }],
		);
	const tagList: Bad = NOT_LIST;
	return [
		{
			resource: 'conversation',
			operation: 'getAll',
			parameters: {
				...onBehalfOf(''),
				...listParameters,
				...simplifyParameters,
				filters: {
					agentic: ex('agentic', 'include'),
					conversationType: ex('conversationType', 'user'),
					groupTags: ex('groupTags', ''),
					includeBlockedUsers: ex('includeBlockedUsers', false),
					searchKey: ex('searchKey', ''),
					tags: ex('tags', ''),
					unread: ex('unread', false),
					userTags: ex('userTags', ''),
					withBlockedInfo: ex('withBlockedInfo', false),
					withUserAndGroupTags: ex('withUserAndGroupTags', false),
				},
			},
			valid: [{}, { limit: 2, onBehalfOf: 'ada' }],
			fields: [
				optionalOnBehalfOf,
				{ key: 'agentic', label: 'Agentic Conversations', bad: NOT_OPTION },
				{ key: 'conversationType', label: 'Conversation Type', bad: NOT_OPTION },
				{ key: 'groupTags', label: 'Group Tags', bad: tagList },
				{ key: 'includeBlockedUsers', label: 'Include Blocked Users', bad: NOT_BOOLEAN },
				{ key: 'searchKey', label: 'Search Term', bad: NOT_OPTIONAL_TEXT },
				{ key: 'tags', label: 'Tags', bad: tagList },
				{ key: 'unread', label: 'Unread Only', bad: NOT_BOOLEAN },
				{ key: 'userTags', label: 'User Tags', bad: tagList },
				{ key: 'withBlockedInfo', label: 'With Blocked Info', bad: NOT_BOOLEAN },
				{ key: 'withUserAndGroupTags', label: 'With User and Group Tags', bad: NOT_BOOLEAN },
				...limitFields,
				simplifyField,
			],
		},
		onOne('get'),
		onOne('updateTags', { tags: ex('tags', 'vip') }, [{ key: 'tags', label: 'Tags', bad: NOT_TAGS }]),
		onOne('reset', { deleteMessagesPermanently: ex('deleteMessagesPermanently', false), preserveOrder: ex('preserveOrder', false) }, [
			{ key: 'deleteMessagesPermanently', label: 'Delete Messages Permanently', bad: NOT_BOOLEAN },
			{ key: 'preserveOrder', label: 'Preserve Order', bad: NOT_BOOLEAN },
		]),
		onOne('pin'),
		onOne('unpin'),
		mark('markDelivered'),
		mark('markRead'),
		mark('markUnread'),
		{ resource: 'conversation', operation: 'getPinned', parameters: {}, valid: [{}, {}], fields: [] },
		{
			resource: 'conversation',
			operation: 'setPinned',
			parameters: {
				pinnedConversations: { conversation: [{ type: ex('type', 'group'), uid: ex('pinUid', 'bob'), guid: ex('pinGuid', 'crew') }] },
			},
			valid: [{}, { type: 'user' }],
			fields: [
				{ key: 'type', label: 'Conversation With of conversation 1', bad: NOT_OPTION },
				{ key: 'pinUid', label: 'User UID of conversation 1', bad: NOT_UID, with: { type: 'user' } },
				{ key: 'pinGuid', label: 'Group GUID of conversation 1', bad: NOT_GUID },
			],
		},
		...['getById', 'deleteById'].map(
			(operation): OperationSpec => ({
				resource: 'conversation',
				operation,
				parameters: { conversationId: ex('conversationId', 'ada_user_bob'), ...onBehalfOf() },
				valid: [{}, { onBehalfOf: 'bob' }],
				fields: [{ key: 'conversationId', label: 'Conversation ID', bad: NOT_ID }, requiredOnBehalfOf],
			}),
		),
	];
}

/**
 * The AI tool variant of every list with Options → Simplify: there it has Output (Simplified, Raw or
 * Selected Fields) and Fields instead, run through the tool.
 */
OPERATIONS.push(
	...OPERATIONS.filter((spec) => (spec.parameters.options as IDataObject | undefined)?.simplify !== undefined).map(
		(spec): OperationSpec => ({
			...spec,
			asTool: true,
			parameters: { ...spec.parameters, output: ex('output', 'simplified'), fields: ex('fields', 'id') },
			fields: [
				{ key: 'output', label: 'Output', bad: NOT_OPTION },
				{ key: 'fields', label: 'Fields', bad: [...NOT_LIST, ['no field', ' , ']], with: { output: 'selectedFields' } },
			],
		}),
	),
);

/**
 * Version 1.1 of every list with Options → Simplify: there Simplify is a field of its own (version 1
 * keeps it in Options).
 */
OPERATIONS.push(
	...OPERATIONS.filter((spec) => !spec.asTool && (spec.parameters.options as IDataObject | undefined)?.simplify !== undefined).map(
		(spec): OperationSpec => {
			const { options: _options, ...parameters } = spec.parameters;
			return { ...spec, typeVersion: 1.1, parameters: { ...parameters, simplify: ex('simplify', true) }, fields: [simplifyField] };
		},
	),
);

/** What every operation's valid items need: people, a group, a role, rules, messages, flags, tokens, a call. */
function seed(): void {
	const store = emulator().store;
	for (const uid of ['ada', 'bob', 'cy']) store.addUser({ uid, name: uid.toUpperCase() });
	store.addFriends('ada', ['bob']);
	store.addFriends('bob', ['cy']);
	const crew = store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
	store.banFromGroup(crew, 'cy', 1_700_000_000);
	const spare1 = store.addGroup({ guid: 'spare1', name: 'Spare 1', owner: 'ada' });
	store.banFromGroup(spare1, 'bob', 1_700_000_000);
	store.addGroup({ guid: 'spare2', name: 'Spare 2', owner: 'ada', members: { participants: ['bob', 'cy'] } });
	store.addRole({ role: 'moderator', name: 'Moderator' });
	for (const role of ['spare-role1', 'spare-role2']) store.addRole({ role, name: role });
	store.addReason({ id: 'spam', name: 'Spam' });
	store.addKeywordList({ id: 'kw', name: 'Bad words', searchTerms: ['bad'] });
	store.addKeywordList({ id: 'kw2', name: 'Worse words', searchTerms: ['worse'] });
	const condition = { entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['spam'] };
	for (const id of ['r1', 'r2', 'r3', 'r4']) store.addRule({ id, name: id, conditions: [condition], action: ['blockMessage'] });
	for (let id = 101; id <= 106; id++) {
		store.addMessage({ id: String(id), sender: 'ada', receiver: 'bob', data: { text: `Message ${id}` }, sentAt: 1_700_000_000 + id });
	}
	store.addMessage({ id: '107', sender: 'bob', receiver: 'ada', parentId: '101', data: { text: 'A reply' }, sentAt: 1_700_000_200 });
	store.addMessage({
		id: '108',
		sender: 'ada',
		receiver: 'bob',
		category: 'interactive',
		type: 'form',
		data: { interactiveData: { formFields: [{ elementId: 'email' }], submitElement: { elementId: 'submit' } } },
		sentAt: 1_700_000_201,
	});
	store.addFlag({ messageId: '101', uid: 'bob', reasonId: 'spam', flaggedAt: 1_700_000_300 });
	store.addFlag({ messageId: '102', uid: 'bob', reasonId: 'spam', flaggedAt: 1_700_000_301 });
	store.addBlocked({ messageId: '103', ruleId: 'r1', createdAt: 1_700_000_302 });
	store.addBlocked({ messageId: '104', ruleId: 'r1', createdAt: 1_700_000_303 });
	store.addAuthToken('ada', { authToken: 'tok-ada-1' });
	store.addAuthToken('ada', { authToken: 'tok-ada-2' });
	store.addPushToken({ uid: 'ada', authToken: 'tok-ada-1', pushToken: 'push-1' });
	store.addPushToken({ uid: 'ada', authToken: 'tok-ada-1', pushToken: 'push-2' });
	store.addCallSession({ sessionId: 'sess-1', initiator: 'ada', receiver: 'bob' });
	for (const uid of ['helpbot', 'helpbot2', 'botty', 'botty2']) store.addUser({ uid, name: uid });
	store.addBot({ uid: 'helpbot', webhookURL: 'http://127.0.0.1:9/hook' });
	store.addBot({ uid: 'helpbot2', webhookURL: 'http://127.0.0.1:9/hook2', useBasicAuth: true, username: 'n8n', password: 'seeded-pw' });
	API_KEYS.forEach((apiKey, index) => store.areas.apiKeys.add({ apiKey, name: `Key ${index + 1}`, scope: 'authOnly' }));
	for (const providerId of ['p1', 'p2']) store.areas.fcmProviders.add({ providerId, serviceAccountCreds: JSON.parse(FCM_ACCOUNT) });
	for (const providerId of ['a1', 'a2']) store.areas.apnsProviders.add({ providerId, ...APNS_VALID, bundleId: 'com.example' });
	for (const id of ['hooka', 'hookb']) {
		store.areas.webhooks.add({
			id,
			name: `Hook ${id}`,
			webhookURL: `https://example.com/${id}`,
			useBasicAuth: false,
			enabled: true,
			retryOnFailure: false,
		});
	}
	seedCampaigns(store);
}

function freshStore(): void {
	emulator().store.reset();
	emulator().clearRequests();
	seed();
}

// ------------------------------------------------------------------------------------ classifying

interface Outcome {
	group: string;
	name: string;
	label: string;
	requestsSent: number;
	/** No error for the bad item: the node took it. */
	silent: boolean;
	/** A raw JavaScript error (TypeError, ...), or one wrapped without a message of ours. */
	rawJsError: boolean;
	/** An error that does not name the field or the item. */
	unclear: boolean;
	message: string;
}

const RAW_ERROR_NAMES = new Set(['TypeError', 'ReferenceError', 'RangeError', 'SyntaxError', 'Error']);
const RAW_ERROR_TEXT = /is not a function|Cannot read propert|is not iterable|undefined|\[object Object\]|NaN/;

type ItemError = Error & { cause?: unknown; description?: string | null };

function classify(
	group: string,
	name: string,
	label: string,
	itemIndex: number,
	outputs: INodeExecutionData[],
	requestsSent: number,
): Outcome {
	const error = outputs.find((output) => output.error)?.error as ItemError | undefined;
	if (!error) {
		return { group, name, label, requestsSent, silent: true, rawJsError: false, unclear: false, message: '(no error)' };
	}
	const className = error.name || error.constructor?.name;
	const cause = error.cause as Error | undefined;
	const rawJsError =
		!['NodeOperationError', 'NodeApiError'].includes(className) ||
		(cause instanceof Error && RAW_ERROR_NAMES.has(cause.name) && !cause.name.startsWith('Node')) ||
		RAW_ERROR_TEXT.test(error.message);
	const unclear = !error.message.includes(label) || !error.message.includes(`[item ${itemIndex}]`);
	return { group, name, label, requestsSent, silent: false, rawJsError, unclear, message: error.message };
}

const outcomes: Outcome[] = [];
const credentialOutcomes: Outcome[] = [];

function held(outcome: Outcome): boolean {
	return outcome.requestsSent === 0 && !outcome.silent && !outcome.rawJsError && !outcome.unclear;
}

function figuresOf(list: Outcome[]): Record<string, number> {
	return {
		cases: list.length,
		held: list.filter(held).length,
		malformedRequestsSent: list.filter((outcome) => outcome.requestsSent > 0).length,
		silent: list.filter((outcome) => outcome.silent).length,
		rawJsErrors: list.filter((outcome) => outcome.rawJsError).length,
		unclear: list.filter((outcome) => outcome.unclear).length,
	};
}

afterAll(() => {
	report('bad-inputs', { ...figuresOf(outcomes), operations: new Set(outcomes.map((outcome) => outcome.group)).size });
	report('bad-inputs-credential', figuresOf(credentialOutcomes));
	for (const outcome of [...outcomes, ...credentialOutcomes].filter((entry) => !held(entry))) {
		process.stdout.write(`  not held: ${outcome.group} / ${outcome.name}: ${outcome.message.slice(0, 160)}\n`);
	}
});

// ------------------------------------------------------------------------------------------- tests

const CONTINUE = { onError: 'continueRegularOutput' as const };

function outputsOf(items: INodeExecutionData[], itemIndex: number): INodeExecutionData[] {
	return items.filter((item) => (item.pairedItem as { item: number } | undefined)?.item === itemIndex);
}

/** Every field path of an operation (`additionalFields.tags`, `attachments.attachment.url`), notices left out. */
function fieldPaths(properties: INodeProperties[], prefix = ''): string[] {
	return properties.flatMap((property) => {
		const path = `${prefix}${property.name}`;
		if (property.type === 'notice') return [];
		if (property.type === 'collection') return fieldPaths(property.options as INodeProperties[], `${path}.`);
		if (property.type === 'fixedCollection') {
			return (property.options as INodePropertyCollection[]).flatMap((option) => fieldPaths(option.values, `${path}.${option.name}.`));
		}
		return [path];
	});
}

/** The field paths a spec's parameters drive from the item (`$json.<key>`) for a key it has bad values for. */
function pathsTried(spec: OperationSpec): Set<string> {
	const tried = new Set<string>();
	const keys = new Set(spec.fields.map((field) => field.key));
	const walk = (value: unknown, path: string): void => {
		if (typeof value === 'string') {
			const key = /\$json\.(\w+) === undefined/.exec(value)?.[1];
			if (key !== undefined && keys.has(key)) tried.add(path);
		} else if (Array.isArray(value)) {
			for (const element of value) walk(element, path);
		} else if (value !== null && typeof value === 'object') {
			const record = value as IDataObject;
			if (record.__rl === true) return walk(record.value, path);
			for (const [name, member] of Object.entries(record)) walk(member, path === '' ? name : `${path}.${name}`);
		}
	};
	walk(spec.parameters, '');
	return tried;
}

describe('bad inputs: every operation', () => {
	it('covers every operation of the node', async () => {
		const { resources } = await import('../../nodes/CometChat/actions');
		const all = resources.flatMap((resource) => resource.operations.map((operation) => `${resource.value}:${operation.value}`));
		expect([...new Set(OPERATIONS.map(({ resource, operation }) => `${resource}:${operation}`))].sort()).toEqual(all.sort());
	});

	it('tries every field of every operation', async () => {
		const { findOperation } = await import('../../nodes/CometChat/actions');
		// An operation may have more than one spec (its AI tool variant's fields run in one of their own).
		const tried = new Map<string, Set<string>>();
		for (const spec of OPERATIONS) {
			const name = `${spec.resource}:${spec.operation}`;
			tried.set(name, new Set([...(tried.get(name) ?? []), ...pathsTried(spec)]));
		}
		const untried = [...tried].flatMap(([name, paths]) => {
			const [resource, operation] = name.split(':');
			const all = fieldPaths(findOperation(resource, operation)?.properties ?? []);
			return [...new Set(all)].filter((path) => !paths.has(path)).map((path) => `${name} ${path}`);
		});
		expect(untried).toEqual([]);
	});

	it('names the acting user (onBehalfOf) by the label the editor shows: Sender, User or Act As', async () => {
		const { findOperation } = await import('../../nodes/CometChat/actions');
		const mismatched = OPERATIONS.flatMap((spec) => {
			const shown = findOperation(spec.resource, spec.operation)?.properties.find((property) => property.name === 'onBehalfOf');
			return spec.fields
				.filter((field) => field.key === 'onBehalfOf' && field.label !== shown?.displayName)
				.map((field) => `${spec.resource}:${spec.operation} tries '${field.label}', the editor shows '${shown?.displayName}'`);
		});
		expect(mismatched).toEqual([]);
	});

	const casesOf = (spec: OperationSpec) =>
		spec.fields.flatMap((field) =>
			field.bad.map(([what, value]) => ({
				name: `${field.label}: ${what}`,
				label: field.label,
				item: { ...field.with, [field.key]: value } as IDataObject,
			})),
		);
	const titled = (specs: OperationSpec[]) =>
		specs.map(
			(spec) =>
				[
					`${spec.resource} → ${spec.operation}${spec.asTool ? ' (AI tool)' : ''}${spec.typeVersion ? ` (version ${spec.typeVersion})` : ''}`,
					spec,
				] as const,
		);
	const nodeOptionsOf = (spec: OperationSpec) => ({
		...(spec.asTool ? { ...CONTINUE, type: TOOL_TYPE } : CONTINUE),
		...(spec.typeVersion ? { typeVersion: spec.typeVersion } : {}),
		...(spec.management ? { credentials: { cometChatManagementApi: { id: 'mgmt-1', name: 'Management (emulator)' } } } : {}),
	});

	it.each(titled(OPERATIONS.filter((spec) => spec.onePerRun)))('%s (one item per run)', async (title, spec) => {
		const parameters = { resource: spec.resource, operation: spec.operation, ...spec.parameters };
		const credentials = credentialsFor(emulator());
		freshStore();
		const valid = await runNode(credentials, parameters, [spec.valid[0]], nodeOptionsOf(spec));
		expect(valid.items.filter((item) => item.error).map((item) => item.json.error)).toEqual([]);
		expect(emulator().requests.length).toBeGreaterThan(0);
		const alone: Outcome[] = [];
		for (const entry of casesOf(spec)) {
			freshStore();
			const run = await runNode(credentials, parameters, [entry.item], nodeOptionsOf(spec));
			alone.push(classify(title, entry.name, entry.label, 0, outputsOf(run.items, 0), emulator().requests.length));
		}
		outcomes.push(...alone);
		expect(alone.filter((outcome) => !held(outcome))).toEqual([]);
	});

	it.each(titled(OPERATIONS.filter((spec) => !spec.onePerRun)))('%s', async (title, spec) => {
		const parameters = { resource: spec.resource, operation: spec.operation, ...spec.parameters };
		const cases = casesOf(spec);
		const credentials = credentialsFor(emulator());

		// What the two valid items send on their own.
		freshStore();
		const alone = await runNode(credentials, parameters, spec.valid, nodeOptionsOf(spec));
		expect(alone.items.filter((item) => item.error).map((item) => item.json.error)).toEqual([]);
		const validRequests = emulator().requests.length;
		expect(validRequests).toBeGreaterThan(0);

		// The valid items around every bad one, in one execution with Continue On Fail.
		freshStore();
		const input = [spec.valid[0], ...cases.map((entry) => entry.item), spec.valid[1]];
		const { items, error } = await runNode(credentials, parameters, input, nodeOptionsOf(spec));
		expect(error).toBeUndefined();
		const last = input.length - 1;
		expect([...outputsOf(items, 0), ...outputsOf(items, last)].filter((item) => item.error).map((item) => item.json.error)).toEqual([]);
		const extraRequests = emulator().requests.length - validRequests;

		// When the bad items sent something, find which, one at a time.
		const sentBy = new Map<number, number>();
		if (extraRequests !== 0) {
			for (const [index, entry] of cases.entries()) {
				freshStore();
				await runNode(credentials, parameters, [entry.item], nodeOptionsOf(spec));
				sentBy.set(index, emulator().requests.length);
			}
		}
		const results = cases.map((entry, index) =>
			classify(title, entry.name, entry.label, index + 1, outputsOf(items, index + 1), sentBy.get(index) ?? 0),
		);
		outcomes.push(...results);
		expect(results.filter((outcome) => !held(outcome))).toEqual([]);
		expect(extraRequests).toBe(0);
	});
});

/**
 * Files that are not a keyword list's CSV of terms (Keyword List → Create and Update, Terms From →
 * CSV File (Binary)): each bad file is the binary property `data` of an item, between two items with
 * good files (UTF-8, and UTF-16 BE with its byte order mark), in one run with Continue On Fail.
 */
describe('bad inputs: files', () => {
	const utf16le = (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le');
	const BAD_FILES: Array<[string, Buffer]> = [
		['a Latin-1 CSV', Buffer.from('café,naïve\n', 'latin1')],
		['PNG bytes', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10, 0x80, 0x7f])],
		['NUL bytes in UTF-8', Buffer.from('darn,\u0000heck')],
		['UTF-16 without a byte order mark', Buffer.from('darn,heck', 'utf16le')],
		['UTF-16 with a byte order mark and an odd byte', Buffer.concat([utf16le('darn'), Buffer.from([0x61])])],
		['an empty file', Buffer.alloc(0)],
		['separators only', Buffer.from(',,\n,')],
		['quotes and spaces only', Buffer.from('"", " "\r\n\t')],
		['a UTF-16 file of blank lines', utf16le(' \r\n \r\n')],
	];
	const fileItem = (bytes: Buffer, json: IDataObject = {}): IDataObject => ({
		...json,
		$binary: { data: { base64: bytes.toString('base64'), fileName: 'terms.csv', mimeType: 'text/csv' } },
	});
	const label = 'Input Binary Field';

	it.each(['create', 'update'] as const)('keywordList → %s (files)', async (operation) => {
		const title = `keywordList → ${operation} (files)`;
		const parameters: INodeParameters = {
			resource: 'keywordList',
			operation,
			keywordListId: operation === 'create' ? ex('keywordListId', 'new-list') : rl('keywordListId', 'kw'),
			category: 'word',
			termsFrom: 'binary',
			binaryPropertyName: 'data',
		};
		const valid: [IDataObject, IDataObject] = [
			fileItem(Buffer.from('darn,heck\n'), operation === 'create' ? { keywordListId: 'new1' } : {}),
			fileItem(Buffer.from(utf16le('café\n日本').swap16()), operation === 'create' ? { keywordListId: 'new2' } : { keywordListId: 'kw2' }),
		];
		const credentials = credentialsFor(emulator());

		freshStore();
		const alone = await runNode(credentials, parameters, valid, CONTINUE);
		expect(alone.items.filter((item) => item.error).map((item) => item.json.error)).toEqual([]);
		expect(alone.items.map((item) => item.json.searchTerms)).toEqual([
			['darn', 'heck'],
			['café', '日本'],
		]);
		const validRequests = emulator().requests.length;
		expect(validRequests).toBeGreaterThan(0);

		freshStore();
		const input = [valid[0], ...BAD_FILES.map(([, bytes]) => fileItem(bytes)), valid[1]];
		const { items, error } = await runNode(credentials, parameters, input, CONTINUE);
		expect(error).toBeUndefined();
		const last = input.length - 1;
		expect([...outputsOf(items, 0), ...outputsOf(items, last)].filter((item) => item.error).map((item) => item.json.error)).toEqual([]);
		const extraRequests = emulator().requests.length - validRequests;

		const sentBy = new Map<number, number>();
		if (extraRequests !== 0) {
			for (const [index, [, bytes]] of BAD_FILES.entries()) {
				freshStore();
				await runNode(credentials, parameters, [fileItem(bytes)], CONTINUE);
				sentBy.set(index, emulator().requests.length);
			}
		}
		const results = BAD_FILES.map(([what], index) =>
			classify(title, `${label}: ${what}`, label, index + 1, outputsOf(items, index + 1), sentBy.get(index) ?? 0),
		);
		outcomes.push(...results);
		expect(results.filter((outcome) => !held(outcome))).toEqual([]);
		// Each names the binary property and the file.
		expect(results.filter((outcome) => !outcome.message.includes('the binary property "data", whose file "terms.csv"'))).toEqual([]);
		expect(extraRequests).toBe(0);
	});
});

/**
 * The credential: an empty API key, and URLs of the wrong shape. Each is refused before anything is
 * sent. No case reaches a host outside this machine: every host is a local address or not a host.
 */
describe('bad inputs: the credential (API key, URL shapes)', () => {
	const urlCases: Array<[string, 'Base URL' | 'Call URL' | 'API Key', string]> = [
		['an empty API Key', 'API Key', ''],
		['a blank API Key', 'API Key', '   '],
		['an empty Base URL', 'Base URL', ''],
		['a blank Base URL', 'Base URL', '   '],
		['a Base URL without a scheme', 'Base URL', '127.0.0.1:9'],
		['a Base URL that is not a URL', 'Base URL', 'not a url'],
		['an ftp Base URL', 'Base URL', 'ftp://127.0.0.1:9'],
		['a Base URL without a host', 'Base URL', 'https://'],
		['a Base URL with a space in the host', 'Base URL', 'https://exa mple.com'],
		['a Base URL with a line break', 'Base URL', 'http://127.0.0.1:9\r\nX-Injected: 1'],
		['an empty Call URL', 'Call URL', ''],
		['a Call URL that is not a URL', 'Call URL', 'not a url'],
		['an ftp Call URL', 'Call URL', 'ftp://127.0.0.1:9'],
	];

	/** Runs a User → Get (a Call → Get for a call host's field) on two items with the credential; both must fail naming `label`. */
	async function triedOn(name: string, label: string, credentials: CredentialData, callHost: boolean): Promise<void> {
		freshStore();
		const parameters: INodeParameters = !callHost
			? { resource: 'user', operation: 'get', uid: rl('uid', 'ada') }
			: { resource: 'call', operation: 'get', sessionId: 'sess-1', onBehalfOf: rl('onBehalfOf', 'ada') };
		const { items, error } = await runNode(credentials, parameters, [{}, {}], CONTINUE);
		expect(error).toBeUndefined();
		const sent = emulator().requests.length;
		const results = [0, 1].map((itemIndex) =>
			classify('credential', `${name} (item ${itemIndex})`, label, itemIndex, outputsOf(items, itemIndex), sent),
		);
		credentialOutcomes.push(...results);
		expect(results.filter((outcome) => !held(outcome))).toEqual([]);
	}

	for (const [name, label, url] of urlCases) {
		it(name, async () => {
			const field = { 'Base URL': 'baseUrl', 'Call URL': 'callUrl', 'API Key': 'apiKey' }[label];
			await triedOn(name, label, { ...credentialsFor(emulator()), [field]: url }, label === 'Call URL');
		});
	}

	// A credential made with App ID and Region, or with a Custom Host: a malformed App ID or an unknown
	// Region never builds a host, so nothing leaves this machine; the Custom Hosts are local addresses.
	const appCases: Array<[string, 'App ID' | 'Region' | 'Chat API Host' | 'Call API Host', string]> = [
		['an empty App ID', 'App ID', ''],
		['a blank App ID', 'App ID', '   '],
		['an App ID with a dot', 'App ID', 'app.example.com'],
		['an App ID with a space', 'App ID', 'my app'],
		['an App ID with a line break', 'App ID', 'app\r\nX-Injected: 1'],
		['an App ID with a slash', 'App ID', 'app/v3'],
		['an unknown Region', 'Region', 'mars'],
		['an empty Chat API Host', 'Chat API Host', ''],
		['a Chat API Host that is not a URL', 'Chat API Host', 'not a url'],
		['an ftp Chat API Host', 'Chat API Host', 'ftp://127.0.0.1:9'],
		['a Chat API Host with a path', 'Chat API Host', 'http://127.0.0.1:9/api'],
		['an empty Call API Host', 'Call API Host', ''],
		['a Call API Host that is not a URL', 'Call API Host', 'not a url'],
	];

	for (const [name, label, value] of appCases) {
		it(name, async () => {
			const custom = label === 'Chat API Host' || label === 'Call API Host';
			const field = { 'App ID': 'appId', Region: 'region', 'Chat API Host': 'chatHost', 'Call API Host': 'callHost' }[label];
			const shape: Record<string, string> = custom ? { region: 'custom', chatHost: emulator().baseUrl, callHost: emulator().callUrl } : {};
			await triedOn(name, label, appCredentialsFor(emulator(), { ...shape, [field]: value }), label === 'Call API Host');
		});
	}
});
