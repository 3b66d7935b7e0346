/**
 * Webhook (CometChat's management API): Create, Get, Get Many, Update, Delete, Add Triggers, Get
 * Triggers and Remove Triggers, through n8n's engine against the emulator's management host, with
 * the CometChat Management API credential.
 */
import http from 'http';
import type { AddressInfo } from 'net';

import { LoadOptionsContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, INodeListSearchResult, INodeParameters } from 'n8n-workflow';

import { CometChatManagementApi } from '../../credentials/CometChatManagementApi.credentials';
import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { CometChatEveryday } from '../../nodes/CometChat/CometChatEveryday.node';
import { credentialsFor } from '../harness/emulator';
import type { EmulatorRequest } from '../harness/emulator';
import { additionalDataFor, cometChatNode, registerCredential, runNode, workflowWith } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator, useShortBackoff } from '../harness/suite';

const emulator = useEmulator();
useShortBackoff();

const PASSWORD = 'Sup3rSecretPassw0rd';
let management: ICredentialDataDecryptedObject;
registerCredential(new CometChatManagementApi(), () => management);
const MANAGEMENT_NODE = { credentials: { cometChatManagementApi: { id: 'mgmt-1', name: 'Management (emulator)' } } };

beforeEach(() => {
	const emu = emulator();
	management = { appId: emu.appId, managementApiKey: emu.mgmtKey, managementSecret: emu.mgmtSecret, managementUrl: emu.mgmtUrl };
	emu.store.setClock(1_700_000_000);
	emu.store.areas.webhooks.add({
		id: 'orders',
		name: 'Order updates',
		webhookURL: 'https://example.com/orders',
		useBasicAuth: true,
		username: 'shop',
		password: 'OldPassw0rd',
		enabled: true,
		retryOnFailure: false,
	});
});

/** Runs the CometChat node on the Webhook resource, with the management credential. */
async function runWebhook(parameters: INodeParameters, input = [{}], nodeOptions = {}) {
	return await runNode(credentialsFor(emulator()), { resource: 'webhook', ...parameters }, input, { ...MANAGEMENT_NODE, ...nodeOptions });
}

function managementRequests(): EmulatorRequest[] {
	return emulator().requests.filter((request) => request.host === 'mgmt');
}

/** Whether a secret shows anywhere in a run's output or error, the node's own parameters left out. */
const leaks = (value: unknown, secret: string) =>
	JSON.stringify(value, (key, inner: unknown) => (key === 'node' ? undefined : inner)).includes(secret);

/** The editor's Webhook list, through n8n-core's load-options context of a node set to the management credential. */
async function searchWebhooks(filter?: string): Promise<INodeListSearchResult> {
	const node = cometChatNode({ resource: 'webhook', operation: 'get' }, MANAGEMENT_NODE);
	const context = new LoadOptionsContext(
		workflowWith(node),
		node,
		additionalDataFor(() => credentialsFor(emulator())),
		'',
	);
	return await new CometChat().methods.listSearch.searchWebhooks.call(context, filter);
}

const appPath = () => `/apps/${emulator().appId}/webhooks`;

describe('Webhook → Create', () => {
	it('POSTs the webhook with Basic Auth on, the management headers sent; the output has no password', async () => {
		const run = await runWebhook({
			operation: 'create',
			webhookId: 'support1',
			name: 'Support desk',
			webhookURL: 'https://example.com/support',
			additionalFields: { username: 'desk', password: PASSWORD, retryOnFailure: true },
		});
		expect(run.error).toBeUndefined();
		const [sent] = managementRequests();
		expect(sent).toMatchObject({
			method: 'POST',
			path: appPath(),
			body: {
				id: 'support1',
				name: 'Support desk',
				webhookURL: 'https://example.com/support',
				useBasicAuth: true,
				username: 'desk',
				password: PASSWORD,
				retryOnFailure: true,
			},
		});
		expect(sent.headers).toMatchObject({ key: emulator().mgmtKey, secret: emulator().mgmtSecret, 'x-webhook-version': '2' });
		expect(sent.headers.apikey).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([
			{
				id: 'support1',
				name: 'Support desk',
				webhookURL: 'https://example.com/support',
				useBasicAuth: true,
				username: 'desk',
				enabled: true,
				retryOnFailure: true,
				createdAt: 1_700_000_000,
				updatedAt: 1_700_000_000,
			},
		]);
		expect(emulator().store.areas.webhooks.byId.get('support1')?.password).toBe(PASSWORD);
		expect(leaks(run, PASSWORD)).toBe(false);
	});

	it('checks every field before any request, naming it with [item N]; the password is never quoted', async () => {
		const base = { operation: 'create', webhookId: 'ok1', name: 'N', webhookURL: 'https://example.com/x' };
		const cases: Array<[INodeParameters, RegExp, RegExp]> = [
			[{ webhookId: '={{ "" }}' }, /'Webhook ID' is empty/, /Enter an ID/],
			[{ webhookId: 'has-dash' }, /'Webhook ID' must be 1 to 50 letters and digits/, /A-Z, a-z and 0-9/],
			[{ webhookId: 'a'.repeat(51) }, /'Webhook ID' must be 1 to 50/, /at most 50/],
			[{ name: '={{ "" }}' }, /'Name' is empty/, /Fill in 'Name'/],
			[{ name: 'n'.repeat(51) }, /'Name' has 51 characters/, /at most 50/],
			[{ webhookURL: '={{ "" }}' }, /'URL' is empty/, /address CometChat posts to/],
			[{ webhookURL: 'ftp://example.com/x' }, /'URL' must be an http\(s\) URL of at most 255/, /https:\/\//],
			[{ webhookURL: `https://example.com/${'p'.repeat(240)}` }, /'URL' must be an http\(s\) URL of at most 255/, /https:\/\//],
			[{ additionalFields: { username: 'desk' } }, /'Basic Auth Password' is empty/, /needs both/],
			[{ additionalFields: { username: 'has space', password: 'p1' } }, /'Basic Auth Username' must be 1 to 50 letters/, /A-Z/],
			[{ additionalFields: { username: 'u'.repeat(51), password: 'p1' } }, /'Basic Auth Username' must be 1 to 50/, /at most 50/],
			[{ additionalFields: { username: 'desk', password: 'Bad pass w0rd' } }, /'Basic Auth Password' must be 1 to 100 letters/, /A-Z/],
			[{ additionalFields: { username: 'desk', password: 'p'.repeat(101) } }, /'Basic Auth Password' must be 1 to 100/, /at most 100/],
			[{ additionalFields: { enabled: 'yes' } }, /'Enabled' must be true or false/, /Turn 'Enabled' on or off/],
			[{ additionalFields: { retryOnFailure: 'no' } }, /'Retry on Failure' must be true or false/, /Turn/],
		];
		for (const [overrides, message, howToFix] of cases) {
			const run = await runWebhook({ ...base, ...overrides });
			expectInputError(run, message, howToFix);
			expect(leaks(run.error, 'Bad pass w0rd')).toBe(false);
		}
		expect(managementRequests()).toEqual([]);
	});

	it("the 26th webhook, an ID taken: CometChat's refusals, and Continue On Fail carries it on the item", async () => {
		for (let i = 0; i < 24; i++) {
			emulator().store.areas.webhooks.add({
				id: `w${i}`,
				name: 'x',
				webhookURL: 'https://example.com/x',
				useBasicAuth: false,
				enabled: true,
				retryOnFailure: false,
			});
		}
		const parameters = { operation: 'create', name: 'One too many', webhookURL: 'https://example.com/y', webhookId: '={{ $json.id }}' };
		const run = await runWebhook(parameters, [{ id: 'extra1' }, { id: 'w3' }], { continueOnFail: true });
		expect(run.error).toBeUndefined();
		expectErrorItem(run.items[0], 0, 'ERR_WEBHOOK_LIMIT_REACHED');
		// An ID already taken is refused before the count, naming the field.
		expectErrorItem(run.items[1], 1, 'ERR_WEBHOOK_ALREADY_EXISTS');
		expect(run.items[1].json.error).toContain("('Webhook ID' field)");
		const stopped = await runWebhook({ ...parameters, webhookId: 'extra2' });
		expectServiceError(stopped, 'ERR_WEBHOOK_LIMIT_REACHED', '403');
	});
});

describe('Webhook → Get and Get Many', () => {
	it('GETs one webhook by ID (no password in the output)', async () => {
		const run = await runWebhook({ operation: 'get', webhookId: byId('orders') });
		expect(run.error).toBeUndefined();
		expect(managementRequests()).toMatchObject([{ method: 'GET', path: `${appPath()}/orders` }]);
		expect(run.items[0].json).toMatchObject({ id: 'orders', name: 'Order updates', useBasicAuth: true, username: 'shop' });
		expect(run.items[0].json).not.toHaveProperty('password');
		expect(leaks(run, 'OldPassw0rd')).toBe(false);
	});

	it("Get reads the published example's wrapped record ({data: [{data}]}); another shape fails, saying so", async () => {
		const record = { id: 'orders', name: 'Order updates', webhookURL: 'https://example.com/orders', enabled: true, password: PASSWORD };
		const answers = [{ data: [{ data: record }] }, { data: [record, record] }];
		const server = http.createServer((_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify(answers.length > 1 ? answers.shift() : answers[0]));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		management = { ...management, managementUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
		try {
			const wrapped = await runWebhook({ operation: 'get', webhookId: byId('orders') });
			expect(wrapped.error).toBeUndefined();
			// The record as published, without the password should one ever come back.
			expect(wrapped.items.map((item) => item.json)).toEqual([
				{ id: 'orders', name: 'Order updates', webhookURL: 'https://example.com/orders', enabled: true },
			]);
			const list = await runWebhook({ operation: 'get', webhookId: byId('orders') });
			expect(list.error?.message).toMatch(/not the published shape: data is not a record/);
			expect(leaks(list, PASSWORD)).toBe(false);
		} finally {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});

	it('a webhook that does not exist: ERR_WEBHOOK_NOT_FOUND, 404', async () => {
		const run = await runWebhook({ operation: 'get', webhookId: byId('nothere') });
		expectServiceError(run, 'ERR_WEBHOOK_NOT_FOUND', '404');
	});

	it('Get Many: one request with perPage 1000 for Return All; Limit asks for no more; Search is searchKey', async () => {
		emulator().store.areas.webhooks.add({
			id: 'billing',
			name: 'Billing',
			webhookURL: 'https://example.com/billing',
			useBasicAuth: false,
			enabled: false,
			retryOnFailure: true,
		});
		const all = await runWebhook({ operation: 'getAll', returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items.map((item) => item.json.id)).toEqual(['orders', 'billing']);
		const limited = await runWebhook({ operation: 'getAll', returnAll: false, limit: 1 });
		expect(limited.items.map((item) => item.json.id)).toEqual(['orders']);
		const searched = await runWebhook({ operation: 'getAll', returnAll: true, filters: { searchKey: 'Bill' } });
		expect(searched.items.map((item) => item.json.id)).toEqual(['billing']);
		expect(managementRequests().map((request) => request.query)).toEqual([
			{ perPage: '1000' },
			{ perPage: '1' },
			{ perPage: '1000', searchKey: 'Bill' },
		]);
	});

	it("the Webhook list of the editor: the app's webhooks, searched by the service", async () => {
		const results = await searchWebhooks();
		expect(results.results).toEqual([{ name: 'Order updates (orders)', value: 'orders', url: 'https://example.com/orders' }]);
		const none = await searchWebhooks('billing');
		expect(none.results).toEqual([]);
		expect(managementRequests().map((request) => request.query)).toEqual([{ perPage: '1000' }, { perPage: '1000', searchKey: 'billing' }]);
	});
});

describe('Webhook → Update and Delete', () => {
	it('PUTs only the fields set; the password is sent but never output', async () => {
		const run = await runWebhook({
			operation: 'update',
			webhookId: byId('orders'),
			updateFields: { webhookURL: 'https://example.com/orders2', password: PASSWORD, enabled: false },
		});
		expect(run.error).toBeUndefined();
		expect(managementRequests()).toMatchObject([
			{
				method: 'PUT',
				path: `${appPath()}/orders`,
				body: { webhookURL: 'https://example.com/orders2', password: PASSWORD, enabled: false },
			},
		]);
		expect(Object.keys(managementRequests()[0].body as object).sort()).toEqual(['enabled', 'password', 'webhookURL']);
		expect(run.items[0].json).toMatchObject({
			id: 'orders',
			webhookURL: 'https://example.com/orders2',
			enabled: false,
			retryOnFailure: false,
		});
		expect(emulator().store.areas.webhooks.byId.get('orders')?.password).toBe(PASSWORD);
		expect(leaks(run, PASSWORD)).toBe(false);
	});

	it('nothing to update, or a wrong field, fails before any request', async () => {
		const empty = await runWebhook({ operation: 'update', webhookId: byId('orders'), updateFields: {} });
		expectInputError(empty, /Nothing to update/, /Update Fields/);
		const wrong = await runWebhook({ operation: 'update', webhookId: byId('orders'), updateFields: { useBasicAuth: 'on' } });
		expectInputError(wrong, /'Use Basic Auth' must be true or false/, /Turn/);
		const badId = await runWebhook({ operation: 'update', webhookId: byId('a/b'), updateFields: { name: 'x' } });
		expectInputError(badId, /'Webhook' has characters no CometChat ID can have/, /without slashes/);
		expect(managementRequests()).toEqual([]);
	});

	it('DELETEs the webhook', async () => {
		const run = await runWebhook({ operation: 'delete', webhookId: byId('orders') });
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual({ webhookId: 'orders', deleted: true });
		expect(managementRequests()).toMatchObject([{ method: 'DELETE', path: `${appPath()}/orders` }]);
		expect(emulator().store.areas.webhooks.byId.has('orders')).toBe(false);
	});
});

describe('Webhook → triggers', () => {
	it('Add Triggers: one item per trigger with its result; Get Triggers lists them; Remove Triggers removes', async () => {
		const added = await runWebhook({ operation: 'addTriggers', webhookId: byId('orders'), triggerIds: ['message_sent', 'group_created'] });
		expect(added.error).toBeUndefined();
		expect(added.items.map((item) => item.json)).toEqual([
			{ webhookId: 'orders', trigger: 'message_sent', success: true, message: expect.any(String) },
			{ webhookId: 'orders', trigger: 'group_created', success: true, message: expect.any(String) },
		]);
		const listed = await runWebhook({ operation: 'getTriggers', webhookId: byId('orders') });
		expect(listed.items.map((item) => item.json)).toEqual([
			{ webhookId: 'orders', id: 'message_sent', description: expect.any(String) },
			{ webhookId: 'orders', id: 'group_created', description: expect.any(String) },
		]);
		const removed = await runWebhook({ operation: 'removeTriggers', webhookId: byId('orders'), triggerIds: '={{ ["group_created"] }}' });
		expect(removed.error).toBeUndefined();
		expect(removed.items.map((item) => item.json)).toEqual([
			{ webhookId: 'orders', triggerIds: ['group_created'], success: true, message: expect.any(String) },
		]);
		expect(managementRequests().map((request) => [request.method, request.path, request.body])).toEqual([
			['POST', `${appPath()}/orders/triggers`, { triggerIds: ['message_sent', 'group_created'] }],
			['GET', `${appPath()}/orders/triggers`, undefined],
			['DELETE', `${appPath()}/orders/triggers`, { triggerIds: ['group_created'] }],
		]);
		expect([...(emulator().store.areas.webhooks.byId.get('orders')?.triggers ?? [])]).toEqual(['message_sent']);
	});

	it('a trigger the table lacks goes by name from an expression; a wrong name, none, or one twice fails first', async () => {
		// A name the event table lacks is CometChat's to judge: sent, and the emulator (which knows no such trigger) refuses it.
		const byName = await runWebhook({ operation: 'addTriggers', webhookId: byId('orders'), triggerIds: '={{ ["message_pinned"] }}' });
		expect(managementRequests()[0]?.body).toEqual({ triggerIds: ['message_pinned'] });
		expect(byName.error?.name).toBe('NodeApiError');
		expect(byName.error?.httpCode).toBe('400');
		emulator().clearRequests();
		for (const [triggerIds, message] of [
			['={{ [] }}', /'Triggers' is empty/],
			['={{ ["Message Sent"] }}', /'Triggers' holds "Message Sent", which is not a trigger name/],
			['={{ ["message_sent", "message_sent"] }}', /'Triggers' holds "message_sent" more than once/],
		] as const) {
			const run = await runWebhook({ operation: 'removeTriggers', webhookId: byId('orders'), triggerIds: triggerIds as never });
			expectInputError(run, message, /./);
		}
		expect(managementRequests()).toEqual([]);
	});
});

describe('Webhook: the credential, retries and secrets', () => {
	it('the node asks for the management credential only on the Webhook resource; CometChat Everyday never does', () => {
		const credentials = new CometChat().description.credentials ?? [];
		expect(credentials).toEqual([
			{ name: 'cometChatApi', required: true, displayOptions: { hide: { resource: ['webhook'] } } },
			{ name: 'cometChatManagementApi', required: true, displayOptions: { show: { resource: ['webhook'] } } },
		]);
		const everyday = new CometChatEveryday().description;
		expect(everyday.credentials).toEqual([{ name: 'cometChatApi', required: true }]);
		const resources = everyday.properties.find((property) => property.name === 'resource')?.options as Array<{ value: string }>;
		expect(resources.map((resource) => resource.value)).not.toContain('webhook');
	});

	it('without the management credential on the node, the Webhook resource fails and sends nothing', async () => {
		const run = await runNode(credentialsFor(emulator()), { resource: 'webhook', operation: 'get', webhookId: byId('orders') });
		expect(run.error).toBeDefined();
		expect(run.error?.message).toMatch(/credential/i);
		expect(managementRequests()).toEqual([]);
	});

	it('a wrong secret: 401 with the management credential to check; neither key nor secret shows', async () => {
		management = { ...management, managementSecret: 'wrongSecretValue' };
		const run = await runWebhook({ operation: 'getAll', returnAll: true });
		expectServiceError(run, 'AUTH_ERR', '401');
		expect(run.error?.description).toMatch(/Management Key, Management Secret and App ID/);
		expect(leaks(run, 'wrongSecretValue')).toBe(false);
		expect(leaks(run, emulator().mgmtKey)).toBe(false);
	});

	it('a 429 (Retry-After) and a 503 on the management host are waited out and retried, as on the chat host', async () => {
		emulator().injectNext([{ kind: '429', retryAfter: 0 }, '503'], { pathPrefix: '/apps' });
		const run = await runWebhook({ operation: 'get', webhookId: byId('orders') });
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({ id: 'orders' });
		expect(managementRequests().map((request) => request.status)).toEqual([429, 503, 200]);
	});

	it('a 5xx on a create is not repeated (a POST may have been applied); the error keeps the password out', async () => {
		emulator().injectNext(['500'], { pathPrefix: '/apps' });
		const run = await runWebhook({
			operation: 'create',
			webhookId: 'new1',
			name: 'N',
			webhookURL: 'https://example.com/n',
			additionalFields: { username: 'desk', password: PASSWORD },
		});
		expect(run.error?.httpCode).toBe('500');
		expect(run.error?.description).toMatch(/may have been applied/);
		expect(managementRequests()).toHaveLength(1);
		expect(leaks(run, PASSWORD)).toBe(false);
		expect(leaks(run, emulator().mgmtSecret)).toBe(false);
	});
});
