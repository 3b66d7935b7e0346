/**
 * CometChat Bot Trigger: webhookMethods (checkExists, create, delete) through n8n-core's HookContext,
 * and webhook() through its WebhookContext, behind a small HTTP server that plays n8n's webhook
 * endpoint. The emulator's deliveries reach it over HTTP, as they would reach n8n.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';

import { HookContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INode, IWebhookData, IWebhookResponseData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { CometChatBotTrigger } from '../../nodes/CometChat/CometChatBotTrigger.node';
import { forgetBotPairsInProcess } from '../../nodes/CometChat/botTrigger/pair';
import { forgetDeliveriesInProcess } from '../../nodes/CometChat/delivery/memory';
import { apiRequests, credentialsFor, startTestEmulator } from '../harness/emulator';
import type { Emulator } from '../harness/emulator';
import { additionalDataFor, nodeTypeClasses, registerNodeType, shutdownEngine } from '../harness/engine';

const BOT_TRIGGER_TYPE = 'n8n-nodes-cometchat.cometChatBotTrigger';
const trigger = new CometChatBotTrigger();
registerNodeType(BOT_TRIGGER_TYPE, trigger);

let emulator: Emulator;
/** n8n's stand-in: every call of webhook(), with what it answered. */
let server: http.Server;
let baseUrl: string;
const calls: Array<{ status: number; result: IWebhookResponseData }> = [];
let workflow: Workflow;
let node: INode;

beforeAll(async () => {
	emulator = await startTestEmulator({ deliveryRetryDelaysMs: [50, 100] });
	server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			void (async () => {
				const request = Object.assign(req, { body: raw ? JSON.parse(raw) : {} });
				const response = Object.assign(res, {
					status(code: number) {
						res.statusCode = code;
						return response;
					},
					json(value: unknown) {
						res.setHeader('content-type', 'application/json');
						res.end(JSON.stringify(value));
						return response;
					},
				});
				const additionalData = {
					...additionalDataFor(() => credentialsFor(emulator)),
					webhookBaseUrl: `${baseUrl}/webhook`,
					httpRequest: request,
					httpResponse: response,
				};
				const context = new WebhookContext(workflow, node, additionalData as never, 'webhook', webhookData(), [], null);
				const result = await trigger.webhook.call(context);
				if (!result.noWebhookResponse) response.status(200).json(result.webhookResponse ?? { message: 'Workflow was started' });
				calls.push({ status: res.statusCode, result });
			})();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
	await emulator.close();
	await shutdownEngine();
});

function webhookData(): IWebhookData {
	return {
		httpMethod: 'POST',
		node: node.name,
		path: 'webhook',
		webhookDescription: trigger.description.webhooks![0],
		workflowId: 'bot-workflow',
		workflowExecuteAdditionalData: {} as never,
		webhookId: node.webhookId,
	} as IWebhookData;
}

function setUp(parameters: IDataObject = {}): void {
	node = {
		id: 'bot-trigger',
		name: 'CometChat Bot Trigger',
		type: BOT_TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		webhookId: 'a7c1e0de-0000-4000-8000-00000000b0b1',
		parameters: {
			bot: { __rl: true, mode: 'list', value: 'helpbot' },
			groupChatSetting: 'mentionedMessages',
			onDeactivation: 'removeUrl',
			...parameters,
		},
		credentials: { cometChatApi: { id: 'cred-1', name: 'CometChat (emulator)' } },
	};
	const nodeTypes = {
		getByName: (name: string) => nodeTypeClasses[name].type,
		getByNameAndVersion: (name: string) => nodeTypeClasses[name].type,
		getKnownTypes: () => ({}),
	};
	workflow = new Workflow({
		id: 'bot-workflow',
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: nodeTypes as never,
		staticData: {},
	});
}

function hook(): HookContext {
	const additionalData = { ...additionalDataFor(() => credentialsFor(emulator)), webhookBaseUrl: `${baseUrl}/webhook` };
	return new HookContext(workflow, node, additionalData as never, 'trigger', 'activate', webhookData());
}
const methods = trigger.webhookMethods.default;
const expectedUrl = () => `${baseUrl}/webhook/${node.webhookId}/webhook`;
const state = () => (workflow.staticData[`node:${node.name}`] ?? {}) as IDataObject;
const itemsOf = () => calls.filter((call) => call.result.workflowData).map((call) => call.result.workflowData![0][0].json);

beforeEach(() => {
	emulator.store.reset();
	emulator.deliveries.clear();
	emulator.clearRequests();
	calls.length = 0;
	emulator.store.setClock(1_700_000_000);
	for (const uid of ['ada', 'helpbot']) emulator.store.addUser({ uid, name: uid === 'ada' ? 'Ada' : 'Help Bot' });
	emulator.store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['helpbot'] } });
	emulator.store.addBot({ uid: 'helpbot', webhookURL: 'http://127.0.0.1:9/old', enabled: false });
	// The emulator numbers messages from 1 again: a new app, so a new n8n's memory too.
	forgetDeliveriesInProcess();
	forgetBotPairsInProcess();
	setUp();
});

const sendTo = (receiver: string, text: string, receiverType = 'user') =>
	fetch(`${emulator.baseUrl}/v3/messages`, {
		method: 'POST',
		headers: { apikey: emulator.apiKey, onBehalfOf: 'ada', 'content-type': 'application/json' },
		body: JSON.stringify({ receiver, receiverType, category: 'message', type: 'text', data: { text } }),
	}).then(async (response) => (await response.json()) as { data: IDataObject });

describe('webhookMethods', () => {
	it('create points the bot at n8n with a generated Basic Auth pair; checkExists then holds', async () => {
		expect(await methods.checkExists.call(hook())).toBe(false);
		expect(await methods.create.call(hook())).toBe(true);
		const bot = emulator.store.bots.get('helpbot')!;
		expect(bot).toMatchObject({ webhookURL: expectedUrl(), enabled: true, useBasicAuth: true, groupChatSetting: 'mentionedMessages' });
		expect(bot.username).toMatch(/^n8n[a-z0-9]{12}$/);
		expect(bot.password).toHaveLength(40);
		expect(state()).toMatchObject({ bot: 'helpbot', username: bot.username, password: bot.password, webhookUrl: expectedUrl() });
		expect(await methods.checkExists.call(hook())).toBe(true);
		// Someone changes the bot: checkExists no longer holds.
		emulator.store.bots.get('helpbot')!.enabled = false;
		expect(await methods.checkExists.call(hook())).toBe(false);
	});

	it('refuses a bot that is enabled and sends to another URL, unless Take Over is on', async () => {
		emulator.store.bots.get('helpbot')!.enabled = true;
		await expect(methods.create.call(hook())).rejects.toThrow('The bot "helpbot" already sends its messages to another URL');
		expect(emulator.store.bots.get('helpbot')!.webhookURL).toBe('http://127.0.0.1:9/old');
		setUp({ options: { takeOver: true } });
		expect(await methods.create.call(hook())).toBe(true);
		expect(emulator.store.bots.get('helpbot')!.webhookURL).toBe(expectedUrl());
	});

	it('a bot that does not exist: a clear activation error', async () => {
		setUp({ bot: { __rl: true, mode: 'id', value: 'ada' } });
		await expect(methods.create.call(hook())).rejects.toThrow('The bot "ada" does not exist');
	});

	it('delete removes the URL and Basic Auth (default) or only disables the bot; never a bot that points elsewhere', async () => {
		await methods.create.call(hook());
		await methods.delete.call(hook());
		expect(emulator.store.bots.get('helpbot')).toMatchObject({
			webhookURL: '',
			enabled: false,
			useBasicAuth: false,
			username: '',
			password: '',
		});
		expect(state()).toEqual({});

		setUp({ onDeactivation: 'disable' });
		await methods.create.call(hook());
		await methods.delete.call(hook());
		expect(emulator.store.bots.get('helpbot')).toMatchObject({ webhookURL: expectedUrl(), enabled: false });

		setUp();
		await methods.create.call(hook());
		emulator.store.bots.get('helpbot')!.webhookURL = 'http://127.0.0.1:9/someone-else';
		emulator.clearRequests();
		await methods.delete.call(hook());
		expect(apiRequests(emulator).map((request) => request.method)).toEqual(['GET']);
		expect(emulator.store.bots.get('helpbot')).toMatchObject({ webhookURL: 'http://127.0.0.1:9/someone-else', enabled: true });
	});
});

describe('webhook()', () => {
	beforeEach(async () => {
		await methods.create.call(hook());
	});

	it('a message to the bot is delivered and emitted in the documented shape', async () => {
		const sent = await sendTo('helpbot', 'hello bot');
		await emulator.deliveries.idle();
		expect(calls.map((call) => call.status)).toEqual([200]);
		expect(itemsOf()).toEqual([
			{
				event: 'after_message',
				bot: 'helpbot',
				deliveryKey: `helpbot|message|${sent.data.id as string}`,
				message: {
					id: sent.data.id,
					conversationId: 'ada_user_helpbot',
					text: 'hello bot',
					category: 'message',
					type: 'text',
					sender: { uid: 'ada', name: 'Ada' },
					receiver: { uid: 'helpbot', name: 'Help Bot' },
					receiverType: 'user',
					sentAt: 1_700_000_000,
				},
			},
		]);
	});

	it('group messages per the setting: a mention is emitted, a plain message is not relayed', async () => {
		await sendTo('crew', 'no mention here', 'group');
		await sendTo('crew', 'hi <@uid:helpbot>', 'group');
		await emulator.deliveries.idle();
		expect(itemsOf().map((item) => [(item.message as IDataObject).text, (item.message as IDataObject).receiver])).toEqual([
			['hi <@uid:helpbot>', { guid: 'crew', name: 'Crew' }],
		]);
	});

	it('a request without the right Basic Auth is refused with 401 and emits nothing', async () => {
		const body = JSON.stringify({
			trigger: 'after_message',
			data: { id: '999', sender: 'ada', receiver: 'helpbot', receiverType: 'user', data: { text: 'forged' } },
		});
		const none = await fetch(expectedUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
		const wrong = await fetch(expectedUrl(), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				authorization: `Basic ${Buffer.from(`${state().username as string}:nope`).toString('base64')}`,
			},
			body,
		});
		expect([none.status, wrong.status]).toEqual([401, 401]);
		expect(itemsOf()).toEqual([]);
		expect(JSON.stringify(await none.json())).not.toContain(state().password as string);
	});

	it('a redelivery of the same message id, in either shape, is answered 200 and not emitted twice, however many messages came between', async () => {
		const sent = await sendTo('helpbot', 'once');
		await emulator.deliveries.idle();
		const auth = `Basic ${Buffer.from(`${state().username as string}:${state().password as string}`).toString('base64')}`;
		const deliver = (data: IDataObject) =>
			fetch(expectedUrl(), {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: auth },
				body: JSON.stringify({ trigger: 'after_message', data }),
			});
		const again = await deliver({ ...sent.data });
		const nested = await deliver({ message: { ...sent.data } });
		expect([again.status, nested.status]).toEqual([200, 200]);
		expect(await again.json()).toEqual({ received: true, emitted: 0, repeat: true });
		expect(itemsOf()).toHaveLength(1);
		expect(itemsOf()[0].deliveryKey).toBe(`helpbot|message|${sent.data.id as string}`);
		// A busy bot: 300 messages, then each one again (as CometChat retries them).
		const message = (index: number) => ({
			message: { id: `m${index}`, sender: 'ada', receiver: 'helpbot', receiverType: 'user', data: { text: 'x' } },
		});
		for (let index = 0; index < 300; index++) await deliver(message(index));
		for (let index = 0; index < 300; index++) await deliver(message(index));
		expect(itemsOf()).toHaveLength(301);
	});

	it('static data that lost the Basic Auth pair (an n8n 2.41 queue worker saved empty static data over it): the pair is read from the bot once, and kept again', async () => {
		const activation = { ...state() };
		delete workflow.staticData[`node:${node.name}`];
		emulator.clearRequests();
		// One delivery after the other: the second finds the pair the first read and kept. (Two at once
		// may each read the bot; on a loaded machine the two deliveries overlapped.)
		await sendTo('helpbot', 'after the erase');
		await emulator.deliveries.idle();
		await sendTo('helpbot', 'and again');
		await emulator.deliveries.idle();
		expect(calls.map((call) => call.status)).toEqual([200, 200]);
		expect(itemsOf().map((item) => (item.message as IDataObject).text)).toEqual(['after the erase', 'and again']);
		expect(state()).toMatchObject({
			bot: 'helpbot',
			username: activation.username,
			password: activation.password,
			webhookUrl: expectedUrl(),
		});
		const botReads = apiRequests(emulator).filter((request) => request.method === 'GET' && request.path === '/v3/bots/helpbot');
		expect(botReads).toHaveLength(1);
		expect(JSON.stringify(calls)).not.toContain(activation.password as string);
	});

	it('static data without the pair and a bot that points elsewhere: every delivery is refused (401), the bot read at most once per BOT_PAIR_MEMORY_MS', async () => {
		const activation = { ...state() };
		delete workflow.staticData[`node:${node.name}`];
		// Another service took the bot over (as CometChat's own PUT /bots/{uid} does it).
		await fetch(`${emulator.baseUrl}/v3/bots/helpbot`, {
			method: 'PUT',
			headers: { apikey: emulator.apiKey, 'content-type': 'application/json' },
			body: JSON.stringify({ webhookURL: 'http://127.0.0.1:9/elsewhere' }),
		});
		emulator.clearRequests();
		const forged = (text: string) =>
			fetch(expectedUrl(), {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					authorization: `Basic ${Buffer.from(`${activation.username as string}:${activation.password as string}`).toString('base64')}`,
				},
				body: JSON.stringify({ trigger: 'after_message', data: { id: text, sender: 'ada', receiver: 'helpbot', receiverType: 'user' } }),
			});
		const answers = [await forged('f1'), await forged('f2'), await forged('f3')];
		expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
		expect(itemsOf()).toEqual([]);
		expect(apiRequests(emulator).filter((request) => request.path === '/v3/bots/helpbot')).toHaveLength(1);
	});

	it('no output or answer holds the generated password', async () => {
		setUp({ options: { includeRaw: true } });
		await methods.create.call(hook());
		await sendTo('helpbot', 'raw please');
		await emulator.deliveries.idle();
		expect(itemsOf()[0].raw).toMatchObject({ trigger: 'after_message' });
		expect(JSON.stringify(calls)).not.toContain(state().password as string);
	});
});
