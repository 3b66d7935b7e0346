/**
 * Secrets (the API key, auth tokens, push tokens, bot passwords; the management key and secret and
 * a webhook's Basic Auth password) meet every failure: 404, 500, a reset, a garbled body, a stall, a
 * wrong key; with and without Continue On Fail; in a node run, a trigger poll and a webhook registration.
 * Everything that comes out is captured (the execution result, the error whole, the output items,
 * n8n's logs, the console) and searched. Only the requests themselves may hold the secrets.
 *
 * Then every operation of the CometChat node runs against a service that echoes each request back
 * (its headers, the API key among them, and its body) in its 200 answers and in its errors, with
 * secret-bearing inputs: nothing but the outputs whose purpose is to show a secret may hold one,
 * and those only in the field they show.
 */
import { inspect } from 'util';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { HookContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INode, INodeParameters, IWebhookData } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import { CometChatManagementApi } from '../../credentials/CometChatManagementApi.credentials';
import { resources } from '../../nodes/CometChat/actions';
import { CometChatTrigger } from '../../nodes/CometChat/CometChatTrigger.node.js';
import { CometChatWebhookTrigger } from '../../nodes/CometChat/CometChatWebhookTrigger.node';
import { overrideRequestLimits } from '../../nodes/CometChat/transport/limits';
import { APNS_KEY_ID, APNS_P8_KEY, APNS_TEAM_ID, FCM_PRIVATE_KEY, keyLine } from '../data/pushKeys';
import type { Emulator } from '../harness/emulator';
import { credentialsFor, startTestEmulator } from '../harness/emulator';
import {
	additionalDataFor,
	pollContext,
	registerCredential,
	registerNodeType,
	runNode,
	shutdownEngine,
	TRIGGER_TYPE,
	triggerNode,
	workflowWith,
} from '../harness/engine';
import { seedCampaigns } from './bad-inputs-campaigns';
import { CAMPAIGN_ECHO_PARAMETERS } from './campaigns-echo';
import { report } from './report';

const API_KEY = 'sk-cometchat-api-key-7Qx9Lm2Rt5Vb';
const WRONG_KEY = 'sk-cometchat-wrong-key-3Hd8Kp1Wz6';
const PUSH_TOKEN = 'fcm-push-token-secret-9Tg4Nc7Yq2';
const UNKNOWN_AUTH_TOKEN = 'auth-token-unknown-secret-5Jr1Bv8Xs3';
/** The Basic Auth password of a bot: CometChat echoes it in every /v3/bots answer. */
const BOT_PASSWORD = 'botpw-secret-4Fk7Ws2Qn9Zc';
const NEW_BOT_PASSWORD = 'botpw-new-secret-8Lm3Rt6Yx1';
/** A user's notification secrets: a registered device token, and contact details (personal data). */
const REGISTERED_PUSH_TOKEN = 'apns-voip-token-secret-2Wd6Hs9Kq4';
const CONTACT_EMAIL = 'ada.contact.secret.7Pm2@example.com';
const CONTACT_PHONE = '+14155557302';
const NEW_CONTACT_EMAIL = 'ada.new.secret.3Xk8@example.com';
const NEW_CONTACT_PHONE = '+442079460958';
/** API keys: one of the app's keys besides the credential's (picked by Get, Update, Delete), and one unknown. */
const PICKED_API_KEY = 'apikey-picked-secret-6Pd2Hs9Vx4Kc';
const UNKNOWN_API_KEY = 'apikey-unknown-secret-1Qw5Er8Ty3Jm';
/**
 * A Firebase service-account key: its private key (a PEM of several lines, RSA, made at test time)
 * and its key ID; a line of the key is looked for.
 */
const FCM_KEY_LINE = keyLine(FCM_PRIVATE_KEY);
const FCM_KEY_ID = 'fcm-key-id-secret-2Vn6Bm9Cx4Zq';
/** An APNs key: the .p8 key (a PEM, EC P-256, made at test time), its key ID and team ID (Apple's form). */
const APNS_KEY_LINE = keyLine(APNS_P8_KEY);
const fcmAccount = (project: string) =>
	JSON.stringify({ project_id: project, client_email: `sdk@${project}.iam`, private_key: FCM_PRIVATE_KEY, private_key_id: FCM_KEY_ID });

const MGMT_KEY = 'mgmt-key-secret-value-4Wq8Zr2Ty6';
const MGMT_SECRET = 'mgmt-secret-value-8Hn3Jk5Lp9';
const WRONG_MGMT_SECRET = 'mgmt-wrong-secret-2Bx7Cv4Nm1';
/** Webhook (management API): the Basic Auth password a webhook is stored with, and the new one an operation sends. */
const WEBHOOK_PASSWORD = 'hookpwStored5Secret8Qv2';
const NEW_WEBHOOK_PASSWORD = 'hookpwNew3Secret6Ld9';
/** The node of a Webhook operation carries the management credential. */
const MANAGEMENT_NODE = { credentials: { cometChatManagementApi: { id: 'mgmt-1', name: 'Management (emulator)' } } };
/** The Basic Auth password of the webhook the Webhook Trigger registered in the latest case. */
let hookPassword = 'no-webhook-registered-yet-0000';

const trigger = new CometChatTrigger();
registerNodeType(TRIGGER_TYPE, trigger);
const WEBHOOK_TRIGGER_TYPE = 'n8n-nodes-cometchat.cometChatWebhookTrigger';
const webhookTrigger = new CometChatWebhookTrigger();
registerNodeType(WEBHOOK_TRIGGER_TYPE, webhookTrigger);
let mgmtSecret = MGMT_SECRET;
registerCredential(new CometChatManagementApi(), () => ({
	appId: emulator.appId,
	managementApiKey: MGMT_KEY,
	managementSecret: mgmtSecret,
	managementUrl: emulator.mgmtUrl,
}));

let emulator: Emulator;
let authToken: string;

/** Everything n8n and the node said while a case ran. */
const captured: string[] = [];
const record = (...args: unknown[]) => {
	captured.push(inspect(args, { depth: 12, breakLength: Infinity }));
};
const captureLogger = {
	error: record,
	warn: record,
	info: record,
	debug: record,
	verbose: record,
	scoped: () => captureLogger,
};

beforeAll(async () => {
	emulator = await startTestEmulator({ apiKey: API_KEY, mgmtKey: MGMT_KEY, mgmtSecret: MGMT_SECRET });
	Container.set(Logger, captureLogger as unknown as Logger);
	LoggerProxy.init(captureLogger as unknown as Parameters<typeof LoggerProxy.init>[0]);
	for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
		jest.spyOn(console, method).mockImplementation(record);
	}
});

afterAll(async () => {
	jest.restoreAllMocks();
	await emulator.close();
	await shutdownEngine();
});

interface Scan {
	cases: number;
	bytes: number;
	occurrences: Record<string, number>;
	inRequests: number;
	failures: string[];
}
const scan: Scan = { cases: 0, bytes: 0, occurrences: {}, inRequests: 0, failures: [] };

function count(text: string, secret: string): number {
	return text.split(secret).length - 1;
}

function secretsOf(): Record<string, string> {
	return {
		apiKey: API_KEY,
		wrongKey: WRONG_KEY,
		authToken,
		unknownAuthToken: UNKNOWN_AUTH_TOKEN,
		pushToken: PUSH_TOKEN,
		botPassword: BOT_PASSWORD,
		newBotPassword: NEW_BOT_PASSWORD,
		registeredPushToken: REGISTERED_PUSH_TOKEN,
		contactEmail: CONTACT_EMAIL,
		contactPhone: CONTACT_PHONE,
		newContactEmail: NEW_CONTACT_EMAIL,
		newContactPhone: NEW_CONTACT_PHONE,
		pickedApiKey: PICKED_API_KEY,
		unknownApiKey: UNKNOWN_API_KEY,
		fcmKeyLine: FCM_KEY_LINE,
		fcmPrivateKeyEscaped: JSON.stringify(FCM_PRIVATE_KEY).slice(1, -1),
		fcmKeyId: FCM_KEY_ID,
		apnsKeyLine: APNS_KEY_LINE,
		apnsKeyId: APNS_KEY_ID,
		apnsTeamId: APNS_TEAM_ID,
		mgmtKey: MGMT_KEY,
		mgmtSecret: MGMT_SECRET,
		wrongMgmtSecret: WRONG_MGMT_SECRET,
		hookPassword,
		webhookPassword: WEBHOOK_PASSWORD,
		newWebhookPassword: NEW_WEBHOOK_PASSWORD,
	};
}

/** A webhook of the app with Basic Auth (its password a secret the management API never answers back). */
function seedWebhook(): void {
	emulator.store.areas.webhooks.add({
		id: 'hooka',
		name: 'Hook A',
		webhookURL: 'https://example.com/hooka',
		useBasicAuth: true,
		username: 'desk',
		password: WEBHOOK_PASSWORD,
		enabled: true,
		retryOnFailure: false,
	});
}

function stringify(value: unknown): string {
	try {
		return JSON.stringify(value) ?? '';
	} catch {
		return inspect(value, { depth: 20 });
	}
}

/** Resets the store and the fault queue, seeds Ada with one auth token and one push token. */
async function freshStore(): Promise<void> {
	emulator.store.reset();
	emulator.clearRequests();
	await fetch(`${emulator.baseUrl}/__emulator/faults`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ clearQueue: true }),
	});
	emulator.store.addUser({ uid: 'ada', name: 'Ada' });
	authToken = emulator.store.addAuthToken('ada').authToken as string;
	emulator.store.addPushToken({ uid: 'ada', authToken, pushToken: 'another-device' });
	emulator.store.addUser({ uid: 'helpbot', name: 'Help Bot' });
	emulator.store.addBot({
		uid: 'helpbot',
		webhookURL: 'http://127.0.0.1:9/hook',
		useBasicAuth: true,
		username: 'n8n',
		password: BOT_PASSWORD,
	});
	emulator.store.areas.apiKeys.add({ apiKey: PICKED_API_KEY, name: 'Mobile app', scope: 'authOnly' });
	emulator.store.areas.fcmProviders.add({ providerId: 'fcm-main', serviceAccountCreds: JSON.parse(fcmAccount('shop')) });
	emulator.store.areas.apnsProviders.add({
		providerId: 'apns-main',
		p8Key: APNS_P8_KEY,
		keyId: APNS_KEY_ID,
		teamId: APNS_TEAM_ID,
		bundleId: 'com.example.chat',
	});
}

type Failure = '404' | '500' | 'reset' | 'invalidJson' | 'stall' | 'stallBody' | 'wrongKey';

interface Operation {
	name: string;
	pathPrefix: string;
	/** Parameters; `known` is false for the 404 case (an unknown auth or push token). */
	parameters: (known: boolean) => INodeParameters;
	/** A management API operation (Webhook): its credential on the node, a wrong secret for `wrongKey`, and its own store. */
	management?: true;
}

const OPERATIONS: Operation[] = [
	{
		name: 'User → Update Auth Token',
		pathPrefix: '/v3/users/ada/auth_tokens',
		parameters: (known) => ({
			resource: 'user',
			operation: 'updateAuthToken',
			uid: { __rl: true, mode: 'id', value: 'ada' },
			authToken: known ? authToken : UNKNOWN_AUTH_TOKEN,
			updateFields: { platform: 'android' },
		}),
	},
	{
		name: 'Auth Token → Get',
		pathPrefix: '/v3/users/ada/auth_tokens',
		parameters: (known) => ({
			resource: 'authToken',
			operation: 'get',
			uid: { __rl: true, mode: 'id', value: 'ada' },
			authToken: known ? authToken : UNKNOWN_AUTH_TOKEN,
		}),
	},
	{
		name: 'Auth Token → Delete',
		pathPrefix: '/v3/users/ada/auth_tokens',
		parameters: (known) => ({
			resource: 'authToken',
			operation: 'delete',
			uid: { __rl: true, mode: 'id', value: 'ada' },
			authToken: known ? authToken : UNKNOWN_AUTH_TOKEN,
		}),
	},
	{
		name: 'Push Token → Delete',
		pathPrefix: '/v3/notifications/push',
		parameters: (known) => ({ resource: 'pushToken', operation: 'delete', authToken: known ? authToken : UNKNOWN_AUTH_TOKEN }),
	},
	{
		name: 'Push Token → Delete by Value',
		pathPrefix: '/v3/notifications/push',
		// 404 here: the push token is not registered (the auth token is known).
		parameters: () => ({ resource: 'pushToken', operation: 'deleteByValue', authToken, pushToken: PUSH_TOKEN }),
	},
	// A user's notifications: a push token registered, the auth token in a list's URL, contact details sent.
	{
		name: 'Push Token → Register',
		pathPrefix: '/v3/notifications/push',
		parameters: (known) => ({
			resource: 'pushToken',
			operation: 'register',
			authToken: known ? authToken : UNKNOWN_AUTH_TOKEN,
			platform: 'apns_ios_voip',
			pushToken: REGISTERED_PUSH_TOKEN,
		}),
	},
	{
		name: 'Push Token → Get Many',
		pathPrefix: '/v3/notifications/push',
		parameters: (known) => ({
			resource: 'pushToken',
			operation: 'getAll',
			authToken: known ? authToken : UNKNOWN_AUTH_TOKEN,
			returnAll: true,
		}),
	},
	{
		name: 'Contact Detail → Update',
		pathPrefix: '/v3/notifications/v1/contact-details',
		parameters: (known) => ({
			resource: 'contactDetail',
			operation: 'update',
			onBehalfOf: { __rl: true, mode: 'id', value: known ? 'ada' : 'nobody' },
			email: NEW_CONTACT_EMAIL,
			phno: NEW_CONTACT_PHONE,
		}),
	},
	{
		name: 'Bot → Get',
		pathPrefix: '/v3/bots',
		parameters: (known) => ({ resource: 'bot', operation: 'get', botUid: { __rl: true, mode: 'id', value: known ? 'helpbot' : 'nobot' } }),
	},
	{
		name: 'Bot → Update (a new password)',
		pathPrefix: '/v3/bots',
		parameters: (known) => ({
			resource: 'bot',
			operation: 'update',
			botUid: { __rl: true, mode: 'id', value: known ? 'helpbot' : 'nobot' },
			updateFields: { password: NEW_BOT_PASSWORD },
		}),
	},
	{
		name: 'Webhook → Update (a new Basic Auth password)',
		pathPrefix: '/apps',
		management: true,
		parameters: (known) => ({
			resource: 'webhook',
			operation: 'update',
			webhookId: { __rl: true, mode: 'id', value: known ? 'hooka' : 'nohook' },
			updateFields: { useBasicAuth: true, username: 'desk', password: NEW_WEBHOOK_PASSWORD },
		}),
	},
	{
		name: 'API Key → Get',
		pathPrefix: '/v3/apikeys',
		parameters: (known) => ({ resource: 'apiKey', operation: 'get', apiKey: known ? PICKED_API_KEY : UNKNOWN_API_KEY }),
	},
	{
		name: 'API Key → Update',
		pathPrefix: '/v3/apikeys',
		parameters: (known) => ({
			resource: 'apiKey',
			operation: 'update',
			apiKey: known ? PICKED_API_KEY : UNKNOWN_API_KEY,
			updateFields: { name: 'Renamed' },
		}),
	},
	{
		name: 'API Key → Delete',
		pathPrefix: '/v3/apikeys',
		parameters: (known) => ({ resource: 'apiKey', operation: 'delete', apiKey: known ? PICKED_API_KEY : UNKNOWN_API_KEY }),
	},
	{
		name: 'FCM Provider → Update (a new key)',
		pathPrefix: '/v3/notifications/push/v1/providers/fcm',
		parameters: (known) => ({
			resource: 'fcmProvider',
			operation: 'update',
			providerId: known ? 'fcm-main' : 'fcm-unknown',
			updateFields: { serviceAccount: fcmAccount('renamed') },
		}),
	},
	{
		name: 'APNs Provider → Update (a new key)',
		pathPrefix: '/v3/notifications/push/v1/providers/apns',
		parameters: (known) => ({
			resource: 'apnsProvider',
			operation: 'update',
			providerId: known ? 'apns-main' : 'apns-unknown',
			updateFields: { p8Key: APNS_P8_KEY, keyId: APNS_KEY_ID, teamId: APNS_TEAM_ID },
		}),
	},
	{
		name: 'User → Get (the key only)',
		pathPrefix: '/v3/users',
		parameters: (known) => ({ resource: 'user', operation: 'get', uid: { __rl: true, mode: 'id', value: known ? 'ada' : 'nobody' } }),
	},
];

const FAILURES: Failure[] = ['404', '500', 'reset', 'invalidJson', 'stall', 'stallBody', 'wrongKey'];

/** Everything that came out of a case, minus the requests the emulator received. */
function outputsOf(result: Awaited<ReturnType<typeof runNode>>): string {
	const { error } = result;
	// n8n keeps a failed node's definition on the execution stack, to run it again on a retry: that
	// is the workflow as the user typed it (a literal token in a parameter), not something it output.
	const run = JSON.parse(stringify(result.run)) as {
		data?: { executionData?: { nodeExecutionStack?: Array<{ node?: { parameters?: unknown } }> } };
	};
	for (const entry of run.data?.executionData?.nodeExecutionStack ?? []) {
		if (entry.node) entry.node.parameters = '(the workflow definition)';
	}
	return [
		stringify(run),
		stringify(result.items),
		stringify(error),
		String(error?.message),
		String(error?.description),
		String(error?.stack),
		stringify(error?.context),
		stringify((error as { cause?: unknown } | undefined)?.cause),
		stringify((error as { errorResponse?: unknown } | undefined)?.errorResponse),
		inspect(error, { depth: 12 }),
		...result.items.map((item) => `${stringify(item.json)} ${stringify(item.error)} ${inspect(item.error, { depth: 12 })}`),
	].join('\n');
}

function check(label: string, text: string): void {
	scan.cases++;
	scan.bytes += Buffer.byteLength(text);
	for (const [name, secret] of Object.entries(secretsOf())) {
		const found = count(text, secret);
		scan.occurrences[name] = (scan.occurrences[name] ?? 0) + found;
		if (found > 0) scan.failures.push(`${label}: ${name} ×${found}`);
	}
}

/**
 * The limits the failures meet. What a failure puts out is searched, not how long it took: attempts
 * of 0.3 s in a bound of 0.7 s (a stalled GET is tried twice, a stalled POST once) and a backoff
 * from 10 ms (a 500 is still retried 4 times), where the shipped 250 ms backoff and a 2 s bound
 * spent about 1.7 s of sleep and timeouts on each of the matrix's runs.
 */
const FAILING_LIMITS = { attemptTimeoutMs: 300, requestBudgetMs: 700, firstBackoffMs: 10 };

function injectFor(failure: Failure, pathPrefix: string): void {
	if (failure === '404' || failure === 'wrongKey') return;
	emulator.injectNext(Array(20).fill({ kind: failure }), { pathPrefix });
}

describe.each(OPERATIONS)('$name', (operation) => {
	it.each(FAILURES)('leaks no secret on %s, with or without Continue On Fail', async (failure) => {
		for (const continueOnFail of [false, true]) {
			await freshStore();
			if (operation.management) seedWebhook();
			injectFor(failure, operation.pathPrefix);
			captured.length = 0;
			const wrongKey = failure === 'wrongKey';
			const credentials = credentialsFor(emulator, wrongKey && !operation.management ? { apiKey: WRONG_KEY } : {});
			mgmtSecret = wrongKey && operation.management ? WRONG_MGMT_SECRET : MGMT_SECRET;
			const restore = overrideRequestLimits(FAILING_LIMITS);
			let result: Awaited<ReturnType<typeof runNode>>;
			try {
				result = await runNode(credentials, operation.parameters(failure !== '404'), [{}], {
					...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
					...(operation.management ? MANAGEMENT_NODE : {}),
				});
			} finally {
				restore();
				mgmtSecret = MGMT_SECRET;
			}
			const label = `${operation.name} ${failure} ${continueOnFail ? 'continue' : 'stop'}`;
			if (continueOnFail) expect(result.items[0]?.json.error).toEqual(expect.stringContaining('[item 0]'));
			else expect(result.error?.message).toEqual(expect.stringContaining('[item 0]'));
			check(label, `${outputsOf(result)}\n${captured.join('\n')}`);
			// The requests did carry them: the search would have found them.
			const sent = stringify(emulator.requests);
			const carried = count(sent, operation.management ? (wrongKey ? WRONG_MGMT_SECRET : MGMT_KEY) : wrongKey ? WRONG_KEY : API_KEY);
			scan.inRequests += carried;
			expect(carried).toBeGreaterThan(0);
		}
	});
});

describe('CometChat Trigger', () => {
	it.each(['500', 'reset', 'stall', 'wrongKey'] as const)('logs and throws no secret on a later poll that meets %s', async (failure) => {
		await freshStore();
		const node: INode = triggerNode();
		const workflow = workflowWith(node);
		expect(await trigger.poll!.call(pollContext(workflow, node, credentialsFor(emulator)))).toBeNull();
		injectFor(failure, '/v3/moderation');
		captured.length = 0;
		const credentials = credentialsFor(emulator, failure === 'wrongKey' ? { apiKey: WRONG_KEY } : {});
		const restore = overrideRequestLimits(FAILING_LIMITS);
		let outcome: unknown;
		try {
			outcome = await trigger.poll!.call(pollContext(workflow, node, credentials)).catch((error: unknown) => error);
		} finally {
			restore();
		}
		// Passing faults are logged (so the capture must have caught something); a wrong key is thrown.
		if (failure === 'wrongKey') expect(outcome).toMatchObject({ name: 'NodeApiError' });
		else expect(captured.join('\n')).toMatch(/the poll failed and is retried/);
		const text = [
			stringify(outcome),
			inspect(outcome, { depth: 12 }),
			String((outcome as Error)?.stack),
			stringify(workflow.getStaticData('node', node)),
			...captured,
		].join('\n');
		check(`Trigger ${failure}`, text);
	});
});

/** The Webhook Trigger's registration (automatic mode) meets each failure; a delivery with a wrong password too. */
const WEBHOOK_FAILURES = ['500', 'reset', 'invalidJson', 'wrongSecret', 'limit', 'wrongPassword'] as const;

describe('CometChat Webhook Trigger', () => {
	it.each(WEBHOOK_FAILURES)('throws, logs and answers no secret when registering meets %s', async (failure) => {
		await freshStore();
		mgmtSecret = MGMT_SECRET;
		const node: INode = {
			id: `webhook-trigger-${failure}`,
			name: 'CometChat Webhook Trigger',
			type: WEBHOOK_TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: 'd1000000-0000-4000-8000-000000000001',
			parameters: { mode: 'automatic', events: ['message_sent'] },
			credentials: { cometChatManagementApi: { id: 'mgmt-1', name: 'Management (emulator)' } },
		};
		const workflow = workflowWith(node);
		const webhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: 'webhook',
			webhookDescription: webhookTrigger.description.webhooks![0],
			workflowId: workflow.id,
			isTest: false,
		} as unknown as IWebhookData;
		const hook = () =>
			new HookContext(
				workflow,
				node,
				additionalDataFor(() => credentialsFor(emulator)),
				'trigger',
				'activate',
				webhookData,
			);
		const create = webhookTrigger.webhookMethods.default.create;
		// A registration that worked, so a password exists to leak.
		await create.call(hook());
		hookPassword = String(emulator.store.areas.webhooks.byId.values().next().value?.password);
		captured.length = 0;
		let outcome: unknown;
		if (failure === 'wrongPassword') {
			const sent: unknown[] = [];
			const res = { status: () => res, setHeader: () => res, json: (body: unknown) => sent.push(body) };
			const additionalData = {
				...additionalDataFor(() => credentialsFor(emulator)),
				httpRequest: {
					body: { trigger: 'message_sent', data: { message: { id: '1' } } },
					headers: { authorization: `Basic ${Buffer.from('n8n:wrong').toString('base64')}` },
				},
				httpResponse: res,
			} as unknown as ReturnType<typeof additionalDataFor>;
			const result = await webhookTrigger.webhook.call(
				new WebhookContext(workflow, node, additionalData, 'trigger', webhookData, [], null),
			);
			expect(result).toEqual({ noWebhookResponse: true });
			outcome = { result, sent };
		} else {
			emulator.store.areas.webhooks.reset();
			if (failure === 'limit') {
				for (let i = 0; i < 25; i++)
					emulator.store.areas.webhooks.add({
						id: `full${i}`,
						name: 'x',
						webhookURL: 'http://127.0.0.1:1/x',
						useBasicAuth: false,
						enabled: true,
						retryOnFailure: false,
					});
			} else if (failure === 'wrongSecret') {
				mgmtSecret = WRONG_MGMT_SECRET;
			} else {
				emulator.injectNext(Array(5).fill({ kind: failure }), { pathPrefix: '/apps' });
			}
			outcome = await create.call(hook()).catch((error: unknown) => error);
			expect(outcome).toMatchObject({ name: 'NodeApiError' });
		}
		const state = workflow.getStaticData('node', node) as IDataObject;
		const text = [
			stringify(outcome),
			inspect(outcome, { depth: 12 }),
			String((outcome as Error)?.stack),
			stringify((outcome as { context?: unknown })?.context),
			...captured,
		].join('\n');
		check(`Webhook Trigger ${failure}`, text);
		// The password is in static data (where n8n keeps it) and went in the create request.
		expect(stringify(emulator.requests).includes(String(state.password ?? hookPassword))).toBe(true);
	});
});

const GROUP_PASSWORD = 'grouppw-secret-6Vn2Kd8Sx4';
const NEW_GROUP_PASSWORD = 'grouppw-new-secret-1Qa7Zm3Lp5';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The store every echoed case starts from: users, a group with a password, messages, moderation, a call. */
async function echoStore(): Promise<void> {
	await freshStore();
	const { store } = emulator;
	store.addUser({ uid: 'bob', name: 'Bob' });
	store.addUser({ uid: 'cy', name: 'Cy' });
	store.addFriends('ada', ['bob']);
	store.blockUser('ada', 'cy');
	const crew = store.addGroup({
		guid: 'crew',
		name: 'Crew',
		type: 'password',
		password: GROUP_PASSWORD,
		owner: 'ada',
		members: { participants: ['bob'] },
	});
	store.banFromGroup(crew, 'cy');
	const hello = store.addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'Hello Bob' } });
	store.addMessage({ sender: 'bob', receiver: 'ada', data: { text: 'A reply' }, parentId: hello.id });
	store.addReaction({ messageId: hello.id, uid: 'bob', reaction: 'ok' });
	store.addFlag({ messageId: hello.id, uid: 'bob', reasonId: 'spam' });
	store.addRule({
		id: 'no-spam',
		name: 'No spam',
		conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['spam'] }],
		action: ['blockMessage'],
	});
	const spam = store.addMessage({ sender: 'bob', receiver: 'ada', data: { text: 'spam' } });
	store.addBlocked({ messageId: spam.id, ruleId: 'no-spam' });
	store.addKeywordList({ id: 'profanity', name: 'Profanity', searchTerms: ['darn'] });
	store.addCallSession({ sessionId: 'v1.us.call-1', initiator: 'ada', receiver: 'bob', initiatedAt: 1_700_000_000 });
	store.addRole({ role: 'spare', name: 'Spare' });
	store.addMessage({
		id: '90',
		sender: 'ada',
		receiver: 'bob',
		category: 'interactive',
		type: 'form',
		data: { interactiveData: { formFields: [{ elementId: 'email' }], submitElement: { elementId: 'submit' } } },
	});
	store.areas.notifications.contacts.set('ada', { email: CONTACT_EMAIL, phno: CONTACT_PHONE });
	seedNotificationProviders();
	seedWebhook();
	seedCampaigns(store);
}

// Notification providers and logs: the saved providers' keys, tokens and passwords, which CometChat
// answers back in clear, and a log entry's push token.
const PROVIDER_SECRETS = {
	twilioAccountSID: 'AC-twilio-sid-secret-3Kp9Vb6Xm1',
	twilioAuthToken: 'twilio-token-secret-8Rd2Yq5Nw7',
	sendGridApiKey: 'SG.sendgrid-key-secret-6Tj4Hc1Lz8',
	basicAuthPassword: 'provider-hook-pw-secret-2Fg7Ws5Qe3',
};
const NEW_PROVIDER_SECRET = 'provider-new-secret-5Mb8Kx2Rv4';
const LOG_PUSH_TOKEN = 'log-push-token-secret-1Zc6Jn9Pd4';

function seedNotificationProviders(): void {
	const { store } = emulator;
	const { twilioAccountSID, twilioAuthToken, sendGridApiKey, basicAuthPassword } = PROVIDER_SECRETS;
	store.saveNotificationProvider('sms/twilio', { twilioAccountSID, twilioAuthToken, twilioSenderPhoneNumber: '+13611364718' });
	store.saveNotificationProvider('email/sendgrid', { sendGridApiKey, sendGridTemplateID: 'd-1', senderEmail: 'noreply@example.com' });
	const hook = { isEnabled: true, webhookURL: 'https://example.com/hook', useBasicAuth: true, basicAuthUsername: 'n8n', basicAuthPassword };
	for (const path of ['push/custom', 'sms/custom', 'email/custom'] as const) store.saveNotificationProvider(path, hook);
	store.addNotificationLog({ messageId: 1, sender: 'ada', receiver: 'bob', pushToken: LOG_PUSH_TOKEN });
}

function notificationSecrets(): Record<string, string> {
	const found: Record<string, string> = { logPushToken: LOG_PUSH_TOKEN, newProviderSecret: NEW_PROVIDER_SECRET };
	for (const [path, record] of emulator.store.notificationProviders) {
		for (const name of Object.keys(PROVIDER_SECRETS))
			if (typeof record[name] === 'string') found[`${name} ${path}`] = record[name] as string;
	}
	return found;
}

const text = { category: 'message', messageType: 'text', dataMode: 'fields', text: 'Hi' };
/** Each operation's parameters, by `resource:operation`: the secret-bearing inputs hold secrets. */
const ECHO_PARAMETERS: Record<string, () => INodeParameters> = {
	'user:create': () => ({ uid: 'newbie', name: 'Newbie' }),
	'user:upsert': () => ({ uid: 'ada', name: 'Ada L' }),
	'user:get': () => ({ uid: byId('ada') }),
	'user:getAll': () => ({ returnAll: true }),
	'user:getFriends': () => ({ uid: byId('ada'), returnAll: true }),
	'user:update': () => ({ uid: byId('ada'), updateFields: { name: 'Ada L' } }),
	'user:updateAuthToken': () => ({ uid: byId('ada'), authToken, updateFields: { platform: 'android' } }),
	'user:delete': () => ({ uid: byId('bob') }),
	'user:deactivate': () => ({ uids: 'bob' }),
	'user:reactivate': () => ({ uids: 'bob' }),
	'authToken:create': () => ({ uid: byId('ada'), force: true }),
	'authToken:getAll': () => ({ uid: byId('ada'), returnAll: true }),
	'authToken:get': () => ({ uid: byId('ada'), authToken }),
	'authToken:delete': () => ({ uid: byId('ada'), authToken }),
	'authToken:deleteAll': () => ({ uid: byId('ada') }),
	'blockedUser:block': () => ({ uid: byId('ada'), blockedUids: 'bob' }),
	'blockedUser:unblock': () => ({ uid: byId('ada'), blockedUids: 'cy' }),
	'blockedUser:getAll': () => ({ uid: byId('ada'), returnAll: true }),
	'group:create': () => ({ guid: 'vault', name: 'Vault', type: 'password', password: NEW_GROUP_PASSWORD }),
	'group:get': () => ({ guid: byId('crew') }),
	'group:getAll': () => ({ returnAll: true }),
	'group:update': () => ({ guid: byId('crew'), updateFields: { password: NEW_GROUP_PASSWORD } }),
	'group:delete': () => ({ guid: byId('crew') }),
	'group:getBannedUsers': () => ({ guid: byId('crew'), returnAll: true }),
	'groupMember:add': () => ({ guid: byId('crew'), members: { participants: 'helpbot' } }),
	'groupMember:getAll': () => ({ guid: byId('crew'), returnAll: true }),
	'groupMember:remove': () => ({ guid: byId('crew'), uid: byId('bob') }),
	'groupMember:changeScope': () => ({ guid: byId('crew'), uid: byId('bob'), scope: 'moderator' }),
	'groupMember:ban': () => ({ guid: byId('crew'), uid: byId('bob') }),
	'groupMember:unban': () => ({ guid: byId('crew'), uid: byId('cy') }),
	'message:delete': () => ({ messageId: byId('1') }),
	'message:flag': () => ({ messageId: byId('1'), onBehalfOf: byId('cy'), reasonId: byId('spam') }),
	'message:get': () => ({ messageId: byId('1') }),
	'message:getAll': () => ({ conversation: 'all', returnAll: true }),
	'message:getReactions': () => ({ messageId: byId('1'), onBehalfOf: byId('ada'), returnAll: true }),
	'message:getThread': () => ({ messageId: byId('1'), onBehalfOf: byId('ada'), returnAll: true }),
	'message:send': () => ({ onBehalfOf: byId('ada'), receiverType: 'user', receiverUid: byId('bob'), ...text }),
	'message:sendAndWait': () => ({
		onBehalfOf: byId('ada'),
		receiverType: 'user',
		receiverUid: byId('bob'),
		message: 'Approve?',
		responseType: 'approval',
	}),
	'message:sendAsBot': () => ({ botUid: byId('helpbot'), receiverType: 'user', receiverUid: byId('bob'), ...text }),
	'message:sendForm': () => ({
		onBehalfOf: byId('ada'),
		receiverType: 'user',
		receiverUid: byId('bob'),
		formMode: 'json',
		formJson: JSON.stringify({
			interactiveData: {
				title: 'T',
				formFields: [{ elementType: 'textInput', elementId: 'name', label: 'Name', optional: false, maxLines: 1 }],
				submitElement: {
					elementType: 'button',
					elementId: 'go',
					buttonText: 'Go',
					disableAfterInteracted: true,
					action: { actionType: 'urlNavigation', url: 'https://example.com' },
				},
			},
		}),
	}),
	'message:update': () => ({ messageId: byId('1'), specifyData: 'fields', text: 'Edited' }),
	'role:get': () => ({ role: byId('default') }),
	'role:getAll': () => ({ returnAll: true }),
	'call:get': () => ({ sessionId: 'v1.us.call-1', onBehalfOf: byId('ada') }),
	'pushToken:delete': () => ({ authToken, all: true }),
	'pushToken:deleteByValue': () => ({ authToken, pushToken: 'another-device' }),
	// A user's notifications.
	'pushToken:register': () => ({ authToken, platform: 'apns_ios_voip', pushToken: REGISTERED_PUSH_TOKEN }),
	'pushToken:getAll': () => ({ authToken, all: true, returnAll: true }),
	'notificationPreference:get': () => ({ uid: byId('ada') }),
	'notificationPreference:update': () => ({ uid: byId('ada'), updateFields: { groupMessages: 3, dnd: true } }),
	'notificationPreference:reset': () => ({ uid: byId('ada') }),
	'notificationPreference:getMuted': () => ({ uid: byId('ada'), returnAll: true }),
	'notificationPreference:mute': () => ({ uid: byId('ada'), uids: 'bob', guids: 'crew', until: '2099-01-01T00:00:00Z' }),
	'notificationPreference:unmute': () => ({ uid: byId('ada'), uids: 'bob', guids: 'crew' }),
	'notificationPreference:getTimezone': () => ({ uid: byId('ada') }),
	'notificationPreference:updateTimezone': () => ({ uid: byId('ada'), timezone: 'Asia/Tokyo' }),
	'contactDetail:get': () => ({ onBehalfOf: byId('ada') }),
	'contactDetail:update': () => ({ onBehalfOf: byId('ada'), email: NEW_CONTACT_EMAIL, phno: NEW_CONTACT_PHONE }),
	'contactDetail:delete': () => ({ onBehalfOf: byId('ada') }),
	'flaggedMessage:approve': () => ({ messageId: byId('1') }),
	'flaggedMessage:disapprove': () => ({ messageId: byId('1') }),
	'flaggedMessage:getAll': () => ({ returnAll: true }),
	'blockedMessage:approve': () => ({ messageId: byId('3') }),
	'blockedMessage:getAll': () => ({ returnAll: true }),
	'blockedMessage:reject': () => ({ messageId: byId('3') }),
	'moderationReason:getAll': () => ({ returnAll: true }),
	'moderationRule:delete': () => ({ ruleId: byId('no-spam') }),
	'moderationRule:getAll': () => ({ returnAll: true }),
	'moderationRule:getRevisions': () => ({ ruleId: byId('no-spam'), returnAll: true }),
	'moderationRule:update': () => ({ ruleId: byId('no-spam'), specifyBody: 'fields', updateFields: { enabled: false } }),
	'keywordList:get': () => ({ keywordListId: byId('profanity') }),
	'keywordList:getAll': () => ({ returnAll: true }),
	'bot:create': () => ({
		uid: byId('cy'),
		webhookURL: 'http://127.0.0.1:9/cy',
		additionalFields: { useBasicAuth: true, username: 'n8n', password: NEW_BOT_PASSWORD },
	}),
	'bot:delete': () => ({ botUid: byId('helpbot') }),
	'bot:get': () => ({ botUid: byId('helpbot') }),
	'bot:getAll': () => ({ returnAll: true }),
	'bot:update': () => ({ botUid: byId('helpbot'), updateFields: { password: NEW_BOT_PASSWORD } }),
	// The chat API beyond the first operations: message actions, conversations' neighbours, roles and
	// permissions, friends, calls, metrics and the moderation set-up. None of their fields is a secret;
	// the scan shows that the API key and every known secret stay out of their outputs.
	'user:addFriends': () => ({ uid: byId('ada'), friends: 'bob' }),
	'user:removeFriends': () => ({ uid: byId('ada'), friends: 'bob' }),
	'message:edit': () => ({ messageId: byId('1'), text: 'Edited' }),
	'message:addReaction': () => ({ messageId: byId('1'), reaction: '👍', onBehalfOf: byId('ada') }),
	'message:removeReaction': () => ({ messageId: byId('1'), reaction: '👍', onBehalfOf: byId('ada') }),
	'message:getReactionsByEmoji': () => ({ messageId: byId('1'), reaction: '👍', returnAll: true }),
	'message:pin': () => ({ messageId: byId('1') }),
	'message:unpin': () => ({ messageId: byId('1') }),
	'message:save': () => ({ messageId: byId('1'), onBehalfOf: byId('ada') }),
	'message:unsave': () => ({ messageId: byId('1'), onBehalfOf: byId('ada') }),
	'message:subscribeThread': () => ({ messageId: byId('1'), onBehalfOf: byId('ada') }),
	'message:unsubscribeThread': () => ({ messageId: byId('1'), onBehalfOf: byId('ada') }),
	'message:markInteracted': () => ({ messageId: byId('90'), elementIds: 'submit', onBehalfOf: byId('bob') }),
	'message:getThreads': () => ({ returnAll: true }),
	'role:create': () => ({ role: 'newrole', name: 'New Role' }),
	'role:update': () => ({ role: byId('default'), updateFields: { name: 'Renamed' } }),
	'role:delete': () => ({ role: byId('spare') }),
	'role:getPermissions': () => ({ role: byId('default'), returnAll: true }),
	'role:setPermissions': () => ({ role: byId('default'), permissions: '{"sendMessage": "deny"}' }),
	'role:unsetPermission': () => ({ role: byId('default'), permission: 'sendMessage' }),
	'role:getRestrictedFeatures': () => ({ role: byId('default'), returnAll: true }),
	'role:restrictFeatures': () => ({ role: byId('default'), featuresToRestrict: 'u.listUsers' }),
	'role:allowFeatures': () => ({ role: byId('default'), allow: 'listed', featuresToAllow: 'u.listUsers' }),
	'group:getScopePermissions': () => ({ guid: byId('crew'), scope: 'admin', returnAll: true }),
	'group:setScopePermissions': () => ({ guid: byId('crew'), scope: 'admin', permissions: '{"sendMessage": "deny"}' }),
	'group:unsetScopePermission': () => ({ guid: byId('crew'), scope: 'admin', permission: 'sendMessage' }),
	'call:getAll': () => ({ returnAll: true }),
	'call:getTranscriptions': () => ({ sessionId: 'v1.us.call-1', returnAll: true }),
	'metric:getUsage': () => ({ fromDate: '2024-01-01', toDate: '2024-01-31T12:00:00Z' }),
	'metric:getMessageMetrics': () => ({}),
	'moderationReason:create': () => ({ reasonId: 'new-reason', name: 'New' }),
	'moderationReason:get': () => ({ reasonId: byId('spam') }),
	'moderationReason:update': () => ({ reasonId: byId('spam'), name: 'Renamed' }),
	'moderationReason:delete': () => ({ reasonId: byId('spam') }),
	'moderationRule:create': () => ({
		ruleId: 'new-rule',
		specifyBody: 'fields',
		name: 'New rule',
		action: ['blockMessage'],
		conditions: { condition: [{ category: 'word', operand: 'text', operator: 'contains', value: 'spam' }] },
	}),
	'moderationRule:get': () => ({ ruleId: byId('no-spam') }),
	'keywordList:create': () => ({ keywordListId: 'new-list', category: 'word', searchTerms: 'bad, worse' }),
	'keywordList:update': () => ({ keywordListId: byId('profanity'), category: 'word', searchTerms: 'bad, worse' }),
	'keywordList:delete': () => ({ keywordListId: byId('profanity') }),
	'moderatedMessage:submit': () => ({ sender: byId('ada'), receiverType: 'user', receiverUid: byId('bob'), text: 'Hello' }),
	'moderatedMessage:get': () => ({ messageId: byId('1') }),
	'moderatedMessage:delete': () => ({ messageId: byId('1') }),
	'moderatedMessage:getAll': () => ({ returnAll: true }),
	'reviewedMessage:getAll': () => ({ returnAll: true }),
	'conversation:getAll': () => ({ onBehalfOf: byId('ada'), returnAll: true }),
	'conversation:get': () => ({ conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada') }),
	'conversation:updateTags': () => ({ conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada'), tags: 'vip' }),
	'conversation:reset': () => ({ conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada'), preserveOrder: true }),
	'conversation:pin': () => ({ conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada') }),
	'conversation:unpin': () => ({ conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada') }),
	'conversation:markDelivered': () => ({ conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada'), messageId: byId('1') }),
	'conversation:markRead': () => ({ conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada'), messageId: byId('1') }),
	'conversation:markUnread': () => ({ conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada'), messageId: byId('1') }),
	'conversation:getPinned': () => ({}),
	'conversation:setPinned': () => ({ pinnedConversations: { conversation: [{ type: 'group', guid: 'crew' }] } }),
	'conversation:getById': () => ({ conversationId: 'ada_user_bob', onBehalfOf: byId('ada') }),
	'conversation:deleteById': () => ({ conversationId: 'ada_user_bob', onBehalfOf: byId('ada') }),
	'notificationProvider:get': () => ({ provider: 'twilioSms' }),
	'notificationProvider:save': () => ({
		provider: 'customSms',
		webhookURL: 'https://example.com/sms',
		useBasicAuth: true,
		basicAuthUsername: 'n8n',
		basicAuthPassword: NEW_PROVIDER_SECRET,
	}),
	'notificationProvider:update': () => ({ provider: 'sendgridEmail', updateFields: { sendGridApiKey: NEW_PROVIDER_SECRET } }),
	'notificationProvider:delete': () => ({ provider: 'customPush' }),
	'notificationLog:getAll': () => ({ returnAll: true, options: { simplify: false } }),
	'apiKey:create': () => ({ name: 'Workflows', scope: 'fullAccess' }),
	'apiKey:getAll': () => ({ returnAll: true }),
	'apiKey:get': () => ({ apiKey: PICKED_API_KEY }),
	'apiKey:update': () => ({ apiKey: PICKED_API_KEY, updateFields: { scope: 'fullAccess' } }),
	'apiKey:delete': () => ({ apiKey: PICKED_API_KEY }),
	'notificationSetting:get': () => ({}),
	'notificationSetting:update': () => ({ settings: '{"sound": {"chat": "default"}}' }),
	'notificationSetting:reset': () => ({}),
	'fcmProvider:add': () => ({ serviceAccount: fcmAccount('new'), additionalFields: { providerId: 'fcm-new' } }),
	'fcmProvider:getAll': () => ({ returnAll: true }),
	'fcmProvider:update': () => ({ providerId: 'fcm-main', updateFields: { serviceAccount: fcmAccount('renamed') } }),
	'fcmProvider:delete': () => ({ providerId: 'fcm-main' }),
	'fcmProvider:setDefault': () => ({ providerId: 'fcm-main' }),
	'apnsProvider:add': () => ({
		p8Key: APNS_P8_KEY,
		keyId: APNS_KEY_ID,
		teamId: APNS_TEAM_ID,
		bundleId: 'com.example.new',
		additionalFields: { providerId: 'apns-new', p8KeyFilename: `AuthKey_${APNS_KEY_ID}.p8` },
	}),
	'apnsProvider:getAll': () => ({ returnAll: true }),
	'apnsProvider:update': () => ({ providerId: 'apns-main', updateFields: { p8Key: APNS_P8_KEY, teamId: APNS_TEAM_ID } }),
	'apnsProvider:delete': () => ({ providerId: 'apns-main' }),
	'apnsProvider:setDefault': () => ({ providerId: 'apns-main' }),
	// Webhook (management API): the Basic Auth password sent, the stored one, the management key and secret.
	'webhook:create': () => ({
		webhookId: 'hookb',
		name: 'Hook B',
		webhookURL: 'https://example.com/hookb',
		additionalFields: { username: 'desk', password: NEW_WEBHOOK_PASSWORD },
	}),
	'webhook:get': () => ({ webhookId: byId('hooka') }),
	'webhook:getAll': () => ({ returnAll: true }),
	'webhook:update': () => ({ webhookId: byId('hooka'), updateFields: { password: NEW_WEBHOOK_PASSWORD } }),
	'webhook:delete': () => ({ webhookId: byId('hooka') }),
	'webhook:addTriggers': () => ({ webhookId: byId('hooka'), triggerIds: ['message_sent'] }),
	'webhook:getTriggers': () => ({ webhookId: byId('hooka') }),
	'webhook:removeTriggers': () => ({ webhookId: byId('hooka'), triggerIds: ['message_sent'] }),
	'dataImport:importUsers': () => ({ uid: 'imported', name: 'Imported' }),
	'dataImport:importGroups': () => ({
		guid: 'imported-vault',
		name: 'Imported Vault',
		type: 'password',
		additionalFields: { password: NEW_GROUP_PASSWORD, owner: 'ada' },
	}),
	'dataImport:importMembers': () => ({ guid: 'crew', uid: 'cy', additionalFields: { scope: 'moderator' } }),
	'dataImport:importMessages': () => ({
		muid: 'imported-1',
		sender: 'ada',
		receiverType: 'user',
		receiver: 'bob',
		sentAt: 1_600_000_000,
		additionalFields: { text: 'Hi' },
	}),
	...CAMPAIGN_ECHO_PARAMETERS,
};

/** The operations whose output always shows a secret (it is what they are for), and the field. */
const ALWAYS_SHOWN: Record<string, string> = { 'authToken:create': 'authToken', 'apiKey:create': 'apiKey' };

/** The outputs that show a secret when asked to: the field they show, and the parameters that ask for it. */
/** `field` may name several, separated by commas (Contact Detail → Get shows the e-mail and the phone number). */
const REVEALS: Array<{ name: string; key: string; field: string; extra: INodeParameters }> = [
	{ name: 'Auth Token → Get, Reveal Tokens', key: 'authToken:get', field: 'authToken', extra: { options: { reveal: true } } },
	{ name: 'Auth Token → Get Many, Reveal Tokens', key: 'authToken:getAll', field: 'authToken', extra: { options: { reveal: true } } },
	{ name: 'Push Token → Get Many, Reveal Push Tokens', key: 'pushToken:getAll', field: 'pushToken', extra: { options: { reveal: true } } },
	{
		name: 'Contact Detail → Get, Reveal Contact Details',
		key: 'contactDetail:get',
		field: 'email,phno',
		extra: { options: { reveal: true } },
	},
	{ name: 'User → Create, With Auth Token', key: 'user:create', field: 'authToken', extra: { additionalFields: { withAuthToken: true } } },
	{
		name: 'User → Create or Update, With Auth Token',
		key: 'user:upsert',
		field: 'authToken',
		extra: { uid: 'newbie', additionalFields: { withAuthToken: true } },
	},
];

const ALL_OPERATIONS = resources.flatMap((resource) =>
	resource.operations.map((operation) => ({ key: `${resource.value}:${operation.value}`, name: `${resource.name} → ${operation.name}` })),
);

/** Every secret the store holds after a case (tokens made during it too), beside the fixed ones. */
function storeSecrets(): Record<string, string> {
	const found: Record<string, string> = {};
	const { areas } = emulator.store;
	for (const [uid, tokens] of areas.users.authTokens) tokens.forEach((token, i) => (found[`authToken ${uid}#${i}`] = token.authToken));
	for (const bot of areas.bots.byId.values()) if (bot.password) found[`botPassword ${bot.uid}`] = bot.password;
	for (const group of areas.groups.byId.values()) if (group.password) found[`groupPassword ${group.guid}`] = group.password;
	// A user's notifications: push tokens and contact details.
	for (const token of areas.push.list) found[`pushToken ${token.uid} ${token.pushToken.slice(-4)}`] = token.pushToken;
	for (const [uid, contact] of areas.notifications.contacts) {
		if (contact.email) found[`contactEmail ${uid}`] = contact.email;
		if (contact.phno) found[`contactPhone ${uid}`] = contact.phno;
	}
	Object.assign(found, notificationSecrets());
	for (const key of areas.apiKeys.byKey.values()) found[`apiKey ${key.name}`] = key.apiKey;
	for (const webhook of areas.webhooks.byId.values()) if (webhook.password) found[`webhookPassword ${webhook.id}`] = webhook.password;
	for (const provider of areas.fcmProviders.byId.values()) {
		const creds = provider.serviceAccountCreds as Record<string, string> | undefined;
		if (creds?.private_key) found[`fcmPrivateKey ${provider.providerId}`] = creds.private_key;
	}
	// Campaign channels: their provider settings (metadata) hold keys.
	for (const channel of areas.campaigns.channels.values()) {
		for (const [name, value] of Object.entries(channel.metadata))
			if (typeof value === 'string') found[`channel ${channel.channelId} ${name}`] = value;
	}
	for (const provider of areas.apnsProviders.byId.values()) {
		for (const field of ['keyId', 'teamId'] as const) {
			if (typeof provider[field] === 'string') found[`apns ${field} ${provider.providerId}`] = provider[field];
		}
	}
	return found;
}

const echoScan = {
	cases: 0,
	answered: 0,
	failed: 0,
	secretsChecked: 0,
	found: 0,
	failures: [] as string[],
	inRequests: 0,
	errorsUnasked: [] as string[],
};

/** Runs one operation with echo on; `failure` '500' makes every answer an echoed 500. */
async function echoCase(label: string, parametersOf: () => INodeParameters, failure: 'none' | '500', shownField?: string): Promise<void> {
	await echoStore();
	const parameters = parametersOf();
	const management = parameters.resource === 'webhook';
	await fetch(`${emulator.baseUrl}/__emulator/faults`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ echo: true }),
	});
	if (failure === '500') emulator.injectNext(Array(20).fill({ kind: '500' }), { pathPrefix: management ? '/apps' : '/v3' });
	const before = storeSecrets();
	captured.length = 0;
	// No retries: a 500 fails at once.
	const restore = overrideRequestLimits({ attemptTimeoutMs: 300, requestBudgetMs: 400 });
	let result: Awaited<ReturnType<typeof runNode>>;
	try {
		result = await runNode(credentialsFor(emulator), parameters, [{}], {
			onError: 'continueRegularOutput',
			...(management ? MANAGEMENT_NODE : {}),
		});
	} finally {
		restore();
		await fetch(`${emulator.baseUrl}/__emulator/faults`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ echo: false }),
		});
	}
	const errored = result.items.some((item) => item.error !== undefined) || result.error !== undefined;
	if (errored) echoScan.failed++;
	else echoScan.answered++;
	if (errored && failure === 'none') echoScan.errorsUnasked.push(label);
	let text: string;
	if (shownField) {
		// The shown field is the output's purpose; everything else of it is searched.
		const items = result.items.map((item) => {
			const rest = { ...item.json };
			for (const field of shownField.split(',')) {
				if (!errored) expect(typeof rest[field]).toBe('string');
				delete rest[field];
			}
			return { ...item, json: rest };
		});
		text = [stringify(items), stringify(result.error), ...captured].join('\n');
	} else {
		text = `${outputsOf(result)}\n${captured.join('\n')}`;
	}
	const secrets = { ...secretsOf(), ...before, ...storeSecrets() };
	echoScan.cases++;
	for (const [name, secret] of Object.entries(secrets)) {
		echoScan.secretsChecked++;
		const found = count(text, secret);
		echoScan.found += found;
		if (found > 0) echoScan.failures.push(`${label} ${failure}: ${name} ×${found}`);
	}
	// The service did echo the key back: the search had something to find.
	const echoedKey = count(stringify(emulator.requests), management ? MGMT_KEY : API_KEY);
	echoScan.inRequests += echoedKey;
	expect(echoedKey).toBeGreaterThan(0);
}

describe('every operation, against a service that echoes each request back', () => {
	it('the scan has parameters for every operation of the node', () => {
		expect(ALL_OPERATIONS.map(({ key }) => key).sort()).toEqual(Object.keys(ECHO_PARAMETERS).sort());
	});

	it.each(ALL_OPERATIONS)('$name puts out no secret, answered or failed', async ({ key, name }) => {
		const [resource, operation] = key.split(':');
		const parameters = () => ({ resource, operation, ...ECHO_PARAMETERS[key]() });
		for (const failure of ['none', '500'] as const) await echoCase(name, parameters, failure, ALWAYS_SHOWN[key]);
	});

	it.each(REVEALS)('$name shows the secret only in its field', async ({ name, key, field, extra }) => {
		const [resource, operation] = key.split(':');
		await echoCase(name, () => ({ resource, operation, ...ECHO_PARAMETERS[key](), ...extra }), 'none', field);
	});
});

afterAll(() => {
	report('secrets', {
		cases: scan.cases,
		scannedBytes: scan.bytes,
		...Object.fromEntries(Object.entries(scan.occurrences).map(([name, n]) => [`occurrences_${name}`, n])),
		keyInRequests: scan.inRequests,
		echoCases: echoScan.cases,
		echoAnswered: echoScan.answered,
		echoFailed: echoScan.failed,
		echoSecretsChecked: echoScan.secretsChecked,
		echoFound: echoScan.found,
		echoKeyInRequests: echoScan.inRequests,
		echoErrorsUnasked: echoScan.errorsUnasked.join(', ') || 'none',
	});
});

it('no secret appears anywhere outside the requests (checked last)', () => {
	expect(scan.cases).toBe(OPERATIONS.length * FAILURES.length * 2 + 4 + WEBHOOK_FAILURES.length);
	expect(scan.failures).toEqual([]);
	expect(Object.values(scan.occurrences).reduce((sum, n) => sum + n, 0)).toBe(0);
	expect(echoScan.cases).toBe(ALL_OPERATIONS.length * 2 + REVEALS.length);
	expect(echoScan.failures).toEqual([]);
	expect(echoScan.found).toBe(0);
	// Every operation's own answer came (echoed) and went through the output, not only its errors.
	expect(echoScan.errorsUnasked).toEqual([]);
});
