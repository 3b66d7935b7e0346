#!/usr/bin/env node
// @ts-check
/**
 * The CometChat Webhook Trigger in a real n8n (`npm run test:webhook-trigger`): `n8n start` with
 * this package as a community package, against the local emulator, whose management host keeps
 * the app webhooks and delivers events to n8n.
 *
 *   Automatic mode (the CometChat Management API credential):
 *   1. activating the workflow registers a webhook with n8n's URL, Basic Auth, retries and the events
 *   2. a message sent through the emulator's API is delivered, and the execution holds the event
 *   3. a delivery without Basic Auth (or with a wrong password) is refused with 401 and runs nothing
 *   4. a redelivery of the same event is answered 200 and not emitted again
 *   5. deactivating the workflow deletes the webhook
 *   Manual mode: a webhook added as in the dashboard, with the node's URL and Basic Auth pair,
 *   delivers, and a wrong password is refused.
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_N8N=latest (the newest tested n8n), E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const { startEmulator } = require('../emulator');
const { Checks, sorted } = require('./lib/checks');
const { N8n } = require('./lib/n8n');
const { cleanup, freePort, onCleanup, sleep } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */

const checks = new Checks();
const progress = progressLog();

const MGMT_CREDENTIAL = { id: 'cometChatMgmt001', name: 'CometChat management', type: 'cometChatManagementApi' };
const TRIGGER = 'CometChat event';
const AUTO_EVENTS = ['message_sent', 'group_member_added'];
const AUTO_WEBHOOK_ID = 'c1000000-0000-4000-8000-000000000001';
const MANUAL_WEBHOOK_ID = 'c2000000-0000-4000-8000-000000000001';
const MANUAL_AUTH = { username: 'dashboardUser', password: 'DashboardPass123' };

/**
 * CometChat Webhook Trigger → No Operation.
 * @param {string} id @param {string} name @param {string} webhookId @param {Record<string, unknown>} parameters
 */
function workflow(id, name, webhookId, parameters) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		connections: { [TRIGGER]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		nodes: [
			{
				id: `${webhookId.slice(0, 8)}-1111-4000-8000-000000000001`,
				name: TRIGGER,
				type: 'n8n-nodes-cometchat.cometChatWebhookTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId,
				...(parameters.mode === 'automatic'
					? { credentials: { [MGMT_CREDENTIAL.type]: { id: MGMT_CREDENTIAL.id, name: MGMT_CREDENTIAL.name } } }
					: {}),
				parameters,
			},
			{
				id: `${webhookId.slice(0, 8)}-1111-4000-8000-000000000002`,
				name: 'Done',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
	};
}

const AUTO = workflow('webhookE2eAuto01', 'Webhook e2e: automatic', AUTO_WEBHOOK_ID, { mode: 'automatic', events: AUTO_EVENTS });
const MANUAL = workflow('webhookE2eManual', 'Webhook e2e: manual', MANUAL_WEBHOOK_ID, {
	mode: 'manual',
	events: ['message_sent'],
	...MANUAL_AUTH,
});

async function main() {
	const install = await buildAndInstallN8n(progress);

	progress('The emulator and n8n');
	const emulator = await startEmulator({ seed: 'demo', logRequests: true });
	onCleanup('the emulator', () => emulator.close());
	const port = await freePort();
	// The emulator delivers to loopback URLs only: n8n's webhook URLs on 127.0.0.1.
	const n8n = await N8n.create(install, { port, env: { WEBHOOK_URL: `http://127.0.0.1:${port}/` } });
	await n8n.installPackage();
	await n8n.importCredentials([
		{
			...MGMT_CREDENTIAL,
			data: {
				appId: emulator.appId,
				managementApiKey: emulator.mgmtKey,
				managementSecret: emulator.mgmtSecret,
				managementUrl: emulator.mgmtUrl,
			},
		},
	]);
	await n8n.importWorkflows([AUTO, MANUAL]);
	await n8n.start();
	progress('ready');

	await checks.run('automatic mode', () => checkAutomatic(n8n, emulator, port));
	await checks.run('manual mode', () => checkManual(n8n, emulator, port));

	progress('Stopping n8n and the emulator');
	await cleanup();
	console.log(`\nn8n ${install.version}, ${progress.seconds()} s in all`);
	return checks.summary();
}

/** @param {Emulator} emulator */
async function registeredWebhooks(emulator) {
	const response = await fetch(`${emulator.baseUrl}/__emulator/webhooks`);
	return /** @type {any[]} */ ((await response.json()).data);
}

/**
 * Waits until `predicate` holds for the emulator's webhooks (n8n may register a moment after the
 * activation answered).
 * @param {Emulator} emulator @param {(hooks: any[]) => boolean} predicate @param {string} what
 */
async function waitForWebhooks(emulator, predicate, what) {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const hooks = await registeredWebhooks(emulator);
		if (predicate(hooks)) return hooks;
		if (Date.now() > deadline) throw new Error(`${what} within 30 s: ${JSON.stringify(hooks)}`);
		await sleep(250);
	}
}

/**
 * Sends a text message through the emulator's chat API, as a CometChat user does.
 * @param {Emulator} emulator @param {string} text
 */
async function sendMessage(emulator, text) {
	const response = await fetch(`${emulator.baseUrl}/v3/messages`, {
		method: 'POST',
		headers: { apikey: emulator.apiKey, 'content-type': 'application/json', onBehalfOf: 'amelia-hart' },
		body: JSON.stringify({ receiver: 'ben-okafor', receiverType: 'user', category: 'message', type: 'text', data: { text } }),
	});
	if (response.status !== 200) throw new Error(`sending a message answered ${response.status}`);
	return /** @type {{ id: string }} */ ((await response.json()).data);
}

/** @param {N8n} n8n @param {string} workflowId */
async function executionIds(n8n, workflowId) {
	/** @type {string[]} */
	const ids = (await n8n.rest.listExecutions(workflowId)).map((/** @type {any} */ e) => String(e.id));
	return ids;
}

/**
 * POSTs an event to a webhook URL as CometChat would, with the given Authorization header (or none).
 * @param {string} url @param {unknown} body @param {string | undefined} authorization
 */
async function post(url, body, authorization) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
		body: JSON.stringify(body),
	});
	return { status: response.status, text: await response.text() };
}

/** @param {string} username @param {string} password */
const basic = (username, password) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** @param {N8n} n8n @param {Emulator} emulator @param {number} port */
async function checkAutomatic(n8n, emulator, port) {
	checks.section('Automatic mode: 1. activation registers the webhook');
	const url = `http://127.0.0.1:${port}/webhook/${AUTO_WEBHOOK_ID}/webhook`;
	await n8n.rest.activate(AUTO.id);
	const [hook] = await waitForWebhooks(
		emulator,
		(hooks) => hooks.length === 1 && hooks[0].triggers.length === AUTO_EVENTS.length,
		'no webhook with its events was registered',
	);
	checks.equal("one webhook, with n8n's production URL", { count: 1, url: hook.webhookURL }, { count: 1, url });
	checks.equal('with the selected events as triggers', sorted(hook.triggers), sorted(AUTO_EVENTS));
	checks.equal('enabled, with Basic Auth and retries on', [hook.enabled, hook.useBasicAuth, hook.retryOnFailure], [true, true, true]);
	checks.ok('its id is letters and digits (at most 50)', /^[A-Za-z0-9]{1,50}$/.test(hook.id), hook.id);
	const mgmtLog = emulator.requests.filter((r) => r.host === 'mgmt');
	checks.ok(
		'every management request carried key, secret and X-Webhook-Version: 2',
		mgmtLog.length > 0 &&
			mgmtLog.every(
				(r) => r.headers.key === emulator.mgmtKey && r.headers.secret === emulator.mgmtSecret && r.headers['x-webhook-version'] === '2',
			),
		JSON.stringify(mgmtLog.map((r) => `${r.method} ${r.path} ${r.status}`)),
	);

	checks.section('2. a message sent through the API is delivered and emitted');
	const known = await executionIds(n8n, AUTO.id);
	const attemptsBefore = emulator.deliveries.attempts.length;
	const message = await sendMessage(emulator, 'hello n8n');
	await emulator.deliveries.idle();
	const attempts = emulator.deliveries.attempts.slice(attemptsBefore);
	checks.equal(
		'n8n answered the delivery 200 at the first attempt',
		attempts.map((a) => [a.url, a.status, a.attempt]),
		[[url, 200, 1]],
	);
	checks.ok('within 2 s', attempts.length === 1 && attempts[0].ms < 2000, JSON.stringify(attempts));
	const [run] = await n8n.rest.waitForNewExecutions(AUTO.id, { known, timeoutMs: 30_000 });
	const items = run.items(TRIGGER);
	checks.equal('the execution succeeded with one item', [run.status, items.length], ['success', 1]);
	const item = items[0] ?? {};
	checks.equal(
		'the item is the event: trigger, message, appId, region, webhook',
		{
			trigger: item.trigger,
			id: item.data?.message?.id,
			text: item.data?.message?.data?.text,
			sender: item.data?.message?.sender,
			appId: item.appId,
			region: item.region,
			webhook: item.webhook,
		},
		{
			trigger: 'message_sent',
			id: message.id,
			text: 'hello n8n',
			sender: 'amelia-hart',
			appId: emulator.appId,
			region: 'us',
			webhook: hook.id,
		},
	);
	checks.ok(
		'with receivedAt, an ISO time',
		typeof item.receivedAt === 'string' && !Number.isNaN(Date.parse(item.receivedAt)),
		String(item.receivedAt),
	);
	checks.equal('the next node got it', run.items('Done').length, 1);

	checks.section('3. a delivery without Basic Auth is refused');
	const known3 = await executionIds(n8n, AUTO.id);
	const event = { trigger: 'message_sent', data: { message: { id: '999001' } }, appId: emulator.appId, region: 'us', webhook: hook.id };
	const none = await post(url, event, undefined);
	const wrong = await post(url, event, basic('n8n', 'not-the-password'));
	checks.equal('without Authorization: 401; with a wrong password: 401', [none.status, wrong.status], [401, 401]);
	await sleep(2000);
	checks.equal(
		'and no execution ran',
		(await executionIds(n8n, AUTO.id)).filter((id) => !known3.includes(id)),
		[],
	);

	checks.section('4. a redelivery is not emitted twice');
	const before4 = emulator.deliveries.attempts.length;
	const again = await fetch(`${emulator.baseUrl}/__emulator/webhooks/redeliver`, { method: 'POST' });
	const redelivered = (await again.json()).data;
	await emulator.deliveries.idle();
	checks.equal(
		'the emulator sent the message_sent event again',
		[redelivered.trigger, redelivered.body?.data?.message?.id],
		['message_sent', message.id],
	);
	checks.equal(
		'n8n answered it 200',
		emulator.deliveries.attempts.slice(before4).map((a) => a.status),
		[200],
	);
	await sleep(2000);
	const known4 = await executionIds(n8n, AUTO.id);
	checks.equal(
		'no execution for it',
		known4.filter((id) => !known3.includes(id)),
		[],
	);
	const second = await sendMessage(emulator, 'a second one');
	const [run2] = await n8n.rest.waitForNewExecutions(AUTO.id, { known: known4, timeoutMs: 30_000 });
	checks.equal(
		'a new message is still emitted',
		run2.items(TRIGGER).map((i) => i.data?.message?.id),
		[second.id],
	);

	checks.section('5. deactivation removes the webhook');
	await n8n.rest.deactivate(AUTO.id);
	const left = await waitForWebhooks(emulator, (hooks) => hooks.length === 0, 'the webhook was not deleted');
	checks.equal('no webhook left', left, []);
	const before5 = emulator.deliveries.attempts.length;
	await sendMessage(emulator, 'after deactivation');
	await emulator.deliveries.idle();
	checks.equal('and nothing is delivered', emulator.deliveries.attempts.length, before5);
}

/** @param {N8n} n8n @param {Emulator} emulator @param {number} port */
async function checkManual(n8n, emulator, port) {
	checks.section('Manual mode: a webhook added as in the dashboard');
	const url = `http://127.0.0.1:${port}/webhook/${MANUAL_WEBHOOK_ID}/webhook`;
	await n8n.rest.activate(MANUAL.id);
	checks.equal('activation registers nothing', await registeredWebhooks(emulator), []);
	// What the user does in the dashboard: the node's URL, its Basic Auth pair, the event.
	const headers = { key: emulator.mgmtKey, secret: emulator.mgmtSecret, 'X-Webhook-Version': '2', 'content-type': 'application/json' };
	const base = `${emulator.mgmtUrl}/apps/${emulator.appId}/webhooks`;
	const made = await fetch(base, {
		method: 'POST',
		headers,
		body: JSON.stringify({
			id: 'dashboardHook',
			name: 'From the dashboard',
			webhookURL: url,
			useBasicAuth: true,
			...MANUAL_AUTH,
			enabled: true,
		}),
	});
	const added = await fetch(`${base}/dashboardHook/triggers`, {
		method: 'POST',
		headers,
		body: JSON.stringify({ triggerIds: ['message_sent'] }),
	});
	if (made.status !== 200 || added.status !== 200)
		throw new Error(`adding the dashboard webhook answered ${made.status} / ${added.status}`);
	// Newer n8n may serve the webhook a moment after the activation answered.
	await sleep(1000);
	const known = await executionIds(n8n, MANUAL.id);
	const message = await sendMessage(emulator, 'to the dashboard webhook');
	await emulator.deliveries.idle();
	const [run] = await n8n.rest.waitForNewExecutions(MANUAL.id, { known, timeoutMs: 30_000 });
	checks.equal(
		'the event was emitted',
		run.items(TRIGGER).map((i) => [i.trigger, i.data?.message?.id, i.webhook]),
		[['message_sent', message.id, 'dashboardHook']],
	);
	const wrong = await post(
		url,
		{ trigger: 'message_sent', data: { message: { id: '999002' } }, webhook: 'dashboardHook' },
		basic(MANUAL_AUTH.username, 'wrong'),
	);
	checks.equal('a wrong password is refused with 401', wrong.status, 401);
	await n8n.rest.deactivate(MANUAL.id);
}

runScript(main, checks, 'the test could set up n8n and the emulator');
