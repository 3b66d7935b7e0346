#!/usr/bin/env node
// @ts-check
/**
 * The CometChat Bot Trigger in the real n8n (`npm run test:bot-trigger`): `n8n start` on 127.0.0.1
 * with this package installed, against the local emulator, whose bot deliveries reach n8n's
 * webhook URL over HTTP.
 *
 *   1. activating a workflow (Bot Trigger → No Operation) points the emulator's bot at n8n's
 *      webhook URL, enabled, with Basic Auth
 *   2. a message sent to the bot through the emulator's API is delivered, and the execution holds
 *      the right item
 *   3. a delivery without Basic Auth (and one with a wrong password) is refused with 401, and no
 *      execution starts
 *   4. the emulator delivering the same message again is answered 200 and starts no execution
 *   5. deactivating the workflow removes the bot's webhook URL and disables it
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const { startEmulator } = require('../emulator');
const { Checks } = require('./lib/checks');
const { EXAMPLE_CREDENTIAL, N8n, botTriggerParameters } = require('./lib/n8n');
const { cleanup, freePort, onCleanup, sleep } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');

const checks = new Checks();
const progress = progressLog();

const BOT = 'helpbot';
const CREDENTIALS = { [EXAMPLE_CREDENTIAL.type]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };

/** CometChat Bot Trigger (the bot `helpbot`) → No Operation. */
const WORKFLOW = {
	id: 'botTriggerE2e001',
	name: 'Bot trigger e2e',
	active: false,
	settings: { executionOrder: 'v1' },
	connections: { 'CometChat Bot Trigger': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
	nodes: [
		{
			id: 'a3000000-0000-4000-8000-000000000001',
			name: 'CometChat Bot Trigger',
			type: 'n8n-nodes-cometchat.cometChatBotTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: 'b3000000-0000-4000-8000-000000000001',
			credentials: CREDENTIALS,
			parameters: botTriggerParameters(BOT),
		},
		{
			id: 'a3000000-0000-4000-8000-000000000002',
			name: 'Done',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 0],
			parameters: {},
		},
	],
};

/**
 * @param {import('../emulator').Emulator} emulator
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
async function api(emulator, method, path, body, headers = {}) {
	const response = await fetch(`${emulator.baseUrl}/v3${path}`, {
		method,
		headers: { apikey: emulator.apiKey, 'content-type': 'application/json', ...headers },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return /** @type {any} */ (await response.json());
}

/**
 * @param {N8n} n8n
 * @param {string[]} known
 */
async function newExecutions(n8n, known) {
	return (await n8n.rest.listExecutions(WORKFLOW.id)).filter((/** @type {any} */ e) => !known.includes(String(e.id)));
}

async function main() {
	const install = await buildAndInstallN8n(progress);

	progress('The emulator: Ada, and the bot user helpbot (a bot, disabled)');
	const emulator = await startEmulator({ logRequests: true });
	onCleanup('the emulator', () => emulator.close());
	emulator.store.addUser({ uid: 'ada', name: 'Ada Lovelace' });
	emulator.store.addUser({ uid: BOT, name: 'Help Bot' });
	emulator.store.addBot({ uid: BOT, webhookURL: 'http://127.0.0.1:9/not-yet', enabled: false });

	progress('n8n: the package, the credential and the workflow');
	const port = await freePort();
	// n8n's webhook URL on 127.0.0.1, where the emulator delivers (it posts to loopback URLs only).
	const n8n = await N8n.create(install, { port, env: { WEBHOOK_URL: `http://127.0.0.1:${port}/` } });
	await n8n.installPackage();
	await n8n.importCredentials([
		{ ...EXAMPLE_CREDENTIAL, data: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl } },
	]);
	await n8n.importWorkflows([WORKFLOW]);
	progress('n8n start');
	await n8n.start();

	checks.section('1. Activation registers the trigger on the bot');
	/** @type {any} */
	let bot = {};
	await checks.run('activation', async () => {
		await n8n.rest.activate(WORKFLOW.id);
		bot = (await api(emulator, 'GET', `/bots/${BOT}`)).data;
		const expected = `http://127.0.0.1:${port}/webhook/${WORKFLOW.nodes[0].webhookId}/webhook`;
		checks.equal("the bot's webhook URL is the workflow's", bot.webhookURL, expected);
		checks.equal('the bot is enabled, with Basic Auth', [bot.enabled, bot.useBasicAuth], [true, true]);
		checks.ok(
			'n8n generated a username and a password',
			/^n8n[a-z0-9]{12}$/.test(bot.username) && typeof bot.password === 'string' && bot.password.length === 40,
			`username ${bot.username}`,
		);
		checks.equal('group messages: mentions', bot.groupChatSetting, 'mentionedMessages');
	});

	checks.section('2. A message to the bot runs the workflow once, with the message');
	/** @type {any} */
	let sent = {};
	/** @type {string[]} */
	let known = [];
	await checks.run('delivery', async () => {
		known = (await n8n.rest.listExecutions(WORKFLOW.id)).map((/** @type {any} */ e) => String(e.id));
		sent = (
			await api(
				emulator,
				'POST',
				'/messages',
				{ receiver: BOT, receiverType: 'user', category: 'message', type: 'text', data: { text: 'Where is my order?' } },
				{ onBehalfOf: 'ada' },
			)
		).data;
		await emulator.deliveries.idle();
		checks.equal(
			'the emulator delivered it once, answered 200',
			emulator.deliveries.attempts.map((a) => a.status),
			[200],
		);
		const [run] = await n8n.rest.waitForNewExecutions(WORKFLOW.id, { known, timeoutMs: 30_000 });
		checks.equal('the execution succeeded', run.status, 'success');
		const items = run.items('Done');
		checks.equal('one item', items.length, 1);
		const { deliveryKey, ...item } = items[0] ?? {};
		checks.ok('the item has a string deliveryKey', typeof deliveryKey === 'string' && deliveryKey !== '', JSON.stringify(deliveryKey));
		checks.equal("the rest of the item is the message, in the trigger's shape", item, {
			event: 'after_message',
			bot: BOT,
			message: {
				id: sent.id,
				conversationId: sent.conversationId,
				text: 'Where is my order?',
				category: 'message',
				type: 'text',
				sender: { uid: 'ada', name: 'Ada Lovelace' },
				receiver: { uid: BOT, name: 'Help Bot' },
				receiverType: 'user',
				sentAt: sent.sentAt,
			},
		});
		checks.ok('the execution holds no Basic Auth password', !JSON.stringify(run).includes(bot.password));
		known.push(String(run.id));
	});

	checks.section('3. A delivery without the right Basic Auth is refused');
	await checks.run('refusal', async () => {
		const body = JSON.stringify({ trigger: 'after_message', data: { ...sent, id: '990001' } });
		const plain = await fetch(bot.webhookURL, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
		const wrong = await fetch(bot.webhookURL, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				authorization: `Basic ${Buffer.from(`${bot.username}:not-the-password`).toString('base64')}`,
			},
			body,
		});
		checks.equal('no Authorization: 401, a wrong password: 401', [plain.status, wrong.status], [401, 401]);
		await sleep(3000);
		checks.equal('no execution started', (await newExecutions(n8n, known)).length, 0);
	});

	checks.section('4. A redelivery of the same message is not emitted twice');
	await checks.run('redelivery', async () => {
		const message = (await api(emulator, 'GET', `/messages/${sent.id}`)).data;
		const attempts = await emulator.deliveries.deliver({
			url: bot.webhookURL,
			body: { trigger: 'after_message', data: message, appId: emulator.appId, region: 'us' },
			basicAuth: { username: bot.username, password: bot.password },
			retryOnFailure: true,
		});
		checks.equal(
			'the redelivery was answered 200 (so it is not retried)',
			attempts.map((a) => a.status),
			[200],
		);
		await sleep(3000);
		checks.equal('no new execution', (await newExecutions(n8n, known)).length, 0);
		// A new message still comes through after it.
		await api(
			emulator,
			'POST',
			'/messages',
			{ receiver: BOT, receiverType: 'user', category: 'message', type: 'text', data: { text: 'Thanks!' } },
			{ onBehalfOf: 'ada' },
		);
		await emulator.deliveries.idle();
		const [next] = await n8n.rest.waitForNewExecutions(WORKFLOW.id, { known, timeoutMs: 30_000 });
		checks.equal(
			'the next message runs the workflow',
			next.items('Done').map((/** @type {any} */ item) => item.message.text),
			['Thanks!'],
		);
	});

	checks.section('5. Deactivation unregisters');
	await checks.run('deactivation', async () => {
		await n8n.rest.deactivate(WORKFLOW.id);
		const after = (await api(emulator, 'GET', `/bots/${BOT}`)).data;
		checks.equal(
			'the bot has no webhook URL, no Basic Auth and is disabled',
			[after.webhookURL, after.enabled, after.useBasicAuth, after.password],
			[undefined, undefined, undefined, undefined],
		);
		emulator.deliveries.clear();
		await api(
			emulator,
			'POST',
			'/messages',
			{ receiver: BOT, receiverType: 'user', category: 'message', type: 'text', data: { text: 'anyone?' } },
			{ onBehalfOf: 'ada' },
		);
		await emulator.deliveries.idle();
		checks.equal('a later message is not delivered', emulator.deliveries.attempts.length, 0);
	});

	checks.ok('n8n logged no Basic Auth password', !n8n.log().includes(bot.password ?? '\u0000'), n8n.logTail(10));
	await cleanup();
	return checks.summary();
}

runScript(main, checks, 'the test could start n8n with the package');
