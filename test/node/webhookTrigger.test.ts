/**
 * The CometChat Webhook Trigger through n8n-core's real hook and webhook contexts: its
 * webhookMethods against the emulator's management host, and webhook() on deliveries.
 */
import { HookContext, WebhookContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IDataObject, INode, IWebhookData, Workflow } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CometChatManagementApi } from '../../credentials/CometChatManagementApi.credentials';
import { CometChatWebhookTrigger } from '../../nodes/CometChat/CometChatWebhookTrigger.node';
import { WEBHOOK_EVENTS, webhookDeliveryKey } from '../../nodes/CometChat/webhookTrigger/events';
import { WEBHOOK_EVENT_NAMES as EMULATOR_TRIGGER_NAMES } from '../../emulator/areas/webhooks/events';
import { startTestEmulator } from '../harness/emulator';
import type { Emulator } from '../harness/emulator';
import { additionalDataFor, registerCredential, registerNodeType, shutdownEngine, workflowWith } from '../harness/engine';

const deliveryKey = webhookDeliveryKey;

const TYPE = 'n8n-nodes-cometchat.cometChatWebhookTrigger';
const trigger = new CometChatWebhookTrigger();
registerNodeType(TYPE, trigger);

let emu: Emulator;
let credential: ICredentialDataDecryptedObject;
registerCredential(new CometChatManagementApi(), () => credential);
const noCredentials = () => ({ apiKey: '', baseUrl: '', callUrl: '' });

beforeAll(async () => {
	emu = await startTestEmulator();
});
afterAll(async () => {
	await emu.close();
	await shutdownEngine();
});
beforeEach(async () => {
	emu.store.reset();
	emu.clearRequests();
	credential = { appId: emu.appId, managementApiKey: emu.mgmtKey, managementSecret: emu.mgmtSecret, managementUrl: emu.mgmtUrl };
});

/** Each test its own node id: the node remembers recent deliveries per workflow and node in memory. */
let nodeCount = 0;
function triggerNode(parameters: IDataObject, webhookId = 'a1b2c3d4-0000-4000-8000-000000000001'): INode {
	return {
		id: `webhook-trigger-node-${++nodeCount}`,
		name: 'CometChat Webhook Trigger',
		type: TYPE,
		typeVersion: 1,
		position: [0, 0],
		webhookId,
		parameters: parameters as INode['parameters'],
		credentials: { cometChatManagementApi: { id: 'mgmt-1', name: 'Management (emulator)' } },
	};
}

const webhookData = (node: INode): IWebhookData =>
	({
		httpMethod: 'POST',
		node: node.name,
		path: 'webhook',
		webhookDescription: trigger.description.webhooks![0],
		workflowId: 'test-workflow',
		isTest: false,
	}) as unknown as IWebhookData;

function hook(workflow: Workflow, node: INode) {
	return new HookContext(workflow, node, additionalDataFor(noCredentials), 'trigger', 'activate', webhookData(node));
}

const methods = trigger.webhookMethods.default;
const webhooks = () => [...emu.store.areas.webhooks.byId.values()];

/** A fake express response that records what webhook() wrote. */
function fakeResponse() {
	const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
	const res = {
		status(code: number) {
			sent.status = code;
			return res;
		},
		setHeader(name: string, value: string) {
			sent.headers[name.toLowerCase()] = value;
			return res;
		},
		json(body: unknown) {
			sent.body = body;
			return res;
		},
	};
	return { res, sent };
}

async function deliver(workflow: Workflow, node: INode, body: IDataObject, authorization?: string) {
	const { res, sent } = fakeResponse();
	const additionalData = {
		...additionalDataFor(noCredentials),
		httpRequest: { body, headers: authorization ? { authorization } : {}, query: {}, params: {} },
		httpResponse: res,
	} as unknown as ReturnType<typeof additionalDataFor>;
	const context = new WebhookContext(workflow, node, additionalData, 'trigger', webhookData(node), [], null);
	const result = await trigger.webhook.call(context);
	return { result, sent };
}

const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

describe('CometChat Webhook Trigger: registration (automatic mode)', () => {
	test("create registers a webhook with n8n's URL, Basic Auth, retries and the events; checkExists and delete follow it", async () => {
		const node = triggerNode({ mode: 'automatic', events: ['message_sent', 'group_member_added'] });
		const workflow = workflowWith(node);
		expect(await methods.checkExists.call(hook(workflow, node))).toBe(false);
		expect(await methods.create.call(hook(workflow, node))).toBe(true);
		const [w] = webhooks();
		expect(webhooks()).toHaveLength(1);
		expect(w).toMatchObject({
			webhookURL: 'http://localhost/webhook/a1b2c3d4-0000-4000-8000-000000000001/webhook',
			useBasicAuth: true,
			username: 'n8n',
			enabled: true,
			retryOnFailure: true,
		});
		expect(w.id).toMatch(/^[A-Za-z0-9]{1,50}$/);
		expect([...w.triggers].sort()).toEqual(['group_member_added', 'message_sent']);
		const state = workflow.getStaticData('node', node) as IDataObject;
		expect(state).toMatchObject({ webhookId: w.id, username: 'n8n', password: w.password });
		expect(String(w.password)).toMatch(/^[A-Za-z0-9]{32}$/);
		expect(await methods.checkExists.call(hook(workflow, node))).toBe(true);

		// Other events selected: the webhook no longer matches; create brings its triggers in line.
		node.parameters.events = ['message_sent', 'message_deleted'];
		expect(await methods.checkExists.call(hook(workflow, node))).toBe(false);
		await methods.create.call(hook(workflow, node));
		expect(webhooks()).toHaveLength(1);
		expect([...webhooks()[0].triggers].sort()).toEqual(['message_deleted', 'message_sent']);

		expect(await methods.delete.call(hook(workflow, node))).toBe(true);
		expect(webhooks()).toEqual([]);
		expect(state.password).toBeUndefined();
		// Deleting what is gone already is fine.
		expect(await methods.delete.call(hook(workflow, node))).toBe(true);
	});

	test('manual mode: a pair the dashboard would refuse fails the activation, naming the field', async () => {
		for (const [username, password, field] of [
			['', 'Pass1', 'Basic Auth Username'],
			['user', 'has space', 'Basic Auth Password'],
			['x'.repeat(51), 'Pass1', 'Basic Auth Username'],
		]) {
			const node = triggerNode({ mode: 'manual', events: ['message_sent'], username, password });
			const error = await methods.checkExists.call(hook(workflowWith(node), node)).catch((e: unknown) => e);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as Error).message).toBe(
				`${field}: use 1 to ${field.endsWith('Username') ? 50 : 100} letters and digits, as the CometChat dashboard requires`,
			);
			expect(JSON.stringify(error)).not.toContain('has space');
		}
	});

	test('manual mode registers nothing', async () => {
		const node = triggerNode({ mode: 'manual', events: ['message_sent'], username: 'u', password: 'p' });
		const workflow = workflowWith(node);
		expect(await methods.checkExists.call(hook(workflow, node))).toBe(true);
		expect(await methods.create.call(hook(workflow, node))).toBe(true);
		expect(await methods.delete.call(hook(workflow, node))).toBe(true);
		expect(emu.requests.filter((r) => r.host === 'mgmt')).toEqual([]);
	});

	test("the 25-webhook limit and a wrong secret fail with CometChat's message, without secrets", async () => {
		for (let i = 0; i < 25; i++)
			emu.store.areas.webhooks.add({
				id: `full${i}`,
				name: 'x',
				webhookURL: 'http://127.0.0.1:1/x',
				useBasicAuth: false,
				enabled: true,
				retryOnFailure: false,
			});
		const node = triggerNode({ mode: 'automatic', events: ['message_sent'] });
		const workflow = workflowWith(node);
		const full = await methods.create.call(hook(workflow, node)).catch((e: unknown) => e);
		expect(full).toBeInstanceOf(NodeApiError);
		expect((full as Error).message).toMatch(/at most 25 webhooks/);
		const password = String((workflow.getStaticData('node', node) as IDataObject).password ?? 'none-stored');
		expect(JSON.stringify(full)).not.toContain(password);

		emu.store.reset();
		credential = { ...credential, managementSecret: 'wrong-secret-value' };
		const refused = await methods.create.call(hook(workflow, node)).catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(NodeApiError);
		expect((refused as NodeApiError).description).toMatch(/Management Key, Management Secret and App ID/);
		expect(JSON.stringify(refused)).not.toContain('wrong-secret-value');
		expect(JSON.stringify(refused)).not.toContain(emu.mgmtKey);
	});

	test('a garbled or failed answer fails the activation instead of passing for success', async () => {
		const node = triggerNode({ mode: 'automatic', events: ['message_sent'] });
		const workflow = workflowWith(node);
		emu.injectNext(['invalidJson'], { pathPrefix: '/apps' });
		const garbled = await methods.create.call(hook(workflow, node)).catch((e: unknown) => e);
		expect(garbled).toBeInstanceOf(NodeApiError);
		expect((garbled as Error).message).toMatch(/answer that is not valid JSON/);
		expect((workflow.getStaticData('node', node) as IDataObject).password).toBeUndefined();
		emu.injectNext(['500'], { pathPrefix: '/apps' });
		const failed = await methods.create.call(hook(workflow, node)).catch((e: unknown) => e);
		expect(failed).toBeInstanceOf(NodeApiError);
		expect((failed as NodeApiError).httpCode).toBe('500');
	});

	test('no events: a clear error before any request', async () => {
		const node = triggerNode({ mode: 'automatic', events: [] });
		const error = await methods.create.call(hook(workflowWith(node), node)).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect((error as Error).message).toBe('Webhook Events: choose at least one event');
		expect(emu.requests.filter((r) => r.host === 'mgmt' && r.method === 'POST')).toEqual([]);
	});
});

describe('CometChat Webhook Trigger: deliveries', () => {
	const event = (id: string, trigger = 'message_sent'): IDataObject => ({
		trigger,
		data: { message: { id, data: { text: 'hi' } } },
		appId: 'app',
		region: 'us',
		webhook: 'hook1',
	});

	test('manual mode: the Basic Auth pair of the node is required; a wrong or missing one is a 401 and emits nothing', async () => {
		const node = triggerNode({ mode: 'manual', events: ['message_sent'], username: 'dash', password: 'Pass123' });
		const workflow = workflowWith(node);
		for (const auth of [undefined, basic('dash', 'wrong'), basic('other', 'Pass123'), 'Bearer Pass123']) {
			const { result, sent } = await deliver(workflow, node, event('1'), auth);
			expect(result).toEqual({ noWebhookResponse: true });
			expect(sent.status).toBe(401);
			expect(sent.headers['www-authenticate']).toMatch(/^Basic/);
		}
		const ok = await deliver(workflow, node, event('1'), basic('dash', 'Pass123'));
		expect(ok.sent.status).toBeUndefined();
		const items = ok.result.workflowData?.[0] ?? [];
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			trigger: 'message_sent',
			data: { message: { id: '1' } },
			appId: 'app',
			region: 'us',
			webhook: 'hook1',
		});
		expect(Date.parse(String(items[0].json.receivedAt))).not.toBeNaN();
	});

	test('a repeated delivery (same webhook, trigger and message id) is answered and not emitted; another message is', async () => {
		const node = triggerNode({ mode: 'manual', events: ['message_sent', 'message_reaction_added'], username: 'dash', password: 'Pass123' });
		const workflow = workflowWith(node);
		const auth = basic('dash', 'Pass123');
		expect((await deliver(workflow, node, event('7'), auth)).result.workflowData).toHaveLength(1);
		const again = await deliver(workflow, node, event('7'), auth);
		expect(again.result.workflowData).toBeUndefined();
		expect(again.result.webhookResponse).toEqual({ received: true, emitted: 0, repeat: true });
		expect((await deliver(workflow, node, event('8'), auth)).result.workflowData).toHaveLength(1);
		// The same id under another webhook is another delivery.
		expect((await deliver(workflow, node, { ...event('7'), webhook: 'hook2' }, auth)).result.workflowData).toHaveLength(1);
		// An event not selected is answered and not emitted.
		expect((await deliver(workflow, node, event('9', 'message_deleted'), auth)).result.workflowData).toBeUndefined();
		// Stored by replacing a member of the global static data, which is what every n8n version saves.
		const global = workflow.getStaticData('global', node) as IDataObject;
		expect(Object.keys((global.cometChatDeliveries as Record<string, object>)[node.id])).toEqual([
			'hook1|message_sent|7',
			'hook1|message_sent|8',
			'hook2|message_sent|7',
		]);
		expect(workflow.staticData.__dataChanged).toBe(true);
	});

	test('a repeat is dropped when static data was not saved (n8n 2.41): from memory; and from static data alone', async () => {
		const node = triggerNode({ mode: 'manual', events: ['message_sent'], username: 'dash', password: 'Pass123' });
		const auth = basic('dash', 'Pass123');
		const first = workflowWith(node);
		expect((await deliver(first, node, event('21'), auth)).result.workflowData).toHaveLength(1);
		// Each request gets a new workflow from the database, here without what the first one wrote.
		expect((await deliver(workflowWith(node), node, event('21'), auth)).result.workflowData).toBeUndefined();
		expect((await deliver(workflowWith(node), node, event('22'), auth)).result.workflowData).toHaveLength(1);
		// Another process (nothing in its memory) with the saved static data.
		const restarted = workflowWith(node);
		restarted.id = 'restarted-workflow';
		restarted.overrideStaticData(JSON.parse(JSON.stringify(first.staticData)) as IDataObject);
		expect((await deliver(restarted, node, event('21'), auth)).result.workflowData).toBeUndefined();
		expect((await deliver(restarted, node, event('23'), auth)).result.workflowData).toHaveLength(1);
	});

	test('not an event: 400, nothing emitted', async () => {
		const node = triggerNode({ mode: 'manual', events: ['message_sent'], username: 'dash', password: 'Pass123' });
		const { result, sent } = await deliver(workflowWith(node), node, { hello: 'world' }, basic('dash', 'Pass123'));
		expect(result).toEqual({ noWebhookResponse: true });
		expect(sent.status).toBe(400);
	});

	test("automatic mode checks the pair it registered, end to end through the emulator's delivery", async () => {
		const node = triggerNode({ mode: 'automatic', events: ['message_sent'] });
		const workflow = workflowWith(node);
		await methods.create.call(hook(workflow, node));
		const [w] = webhooks();
		const refused = await deliver(workflow, node, event('1'));
		expect(refused.sent.status).toBe(401);
		const ok = await deliver(workflow, node, event('1'), basic(String(w.username), String(w.password)));
		expect(ok.result.workflowData?.[0]).toHaveLength(1);
	});
});

describe('the event list and the de-duplication keys', () => {
	test('46+ distinct events, each with an area and a label; a key path per id-carrying event', () => {
		const names = WEBHOOK_EVENTS.map((e) => e.name);
		expect(new Set(names).size).toBe(names.length);
		expect(names.length).toBeGreaterThanOrEqual(46);
		expect(names).not.toContain('message_flagged');
		expect(trigger.description.properties.find((p) => p.name === 'events')?.options).toContainEqual(
			expect.objectContaining({ name: 'Message: Sent', value: 'message_sent' }),
		);
	});

	test("the node's events are the trigger names CometChat documents, as the emulator transcribes them on its own", () => {
		const names = WEBHOOK_EVENTS.map((e) => e.name);
		expect([...names].sort()).toEqual([...EMULATOR_TRIGGER_NAMES].sort());
	});

	test('keys: webhook + trigger + entity id; a digest of data when there is no id', () => {
		expect(deliveryKey('h', 'message_sent', { message: { id: '5' } })).toBe('h|message_sent|5');
		expect(deliveryKey('h', 'message_reaction_added', { reaction: { id: 'r1' } })).toBe('h|message_reaction_added|r1');
		const a = deliveryKey('h', 'group_member_added', { group: { guid: 'g' }, members: { u1: {} } });
		expect(a).toBe(deliveryKey('h', 'group_member_added', { members: { u1: {} }, group: { guid: 'g' } }));
		expect(a).not.toBe(deliveryKey('h', 'group_member_added', { group: { guid: 'g' }, members: { u2: {} } }));
		// CometChat's documented composite keys for calls: the id and the moment.
		expect(deliveryKey('h', 'call_participant_joined', { sessionId: 's1', occupant: { joined_at: 17 } })).toBe(
			'h|call_participant_joined|s1/17',
		);
		// An id-carrying event whose id is missing falls back to the digest.
		expect(deliveryKey('h', 'message_sent', { message: {} })).toMatch(/^h\|message_sent\|#/);
	});
});
