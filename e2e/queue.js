#!/usr/bin/env node
// @ts-check
/**
 * Queue mode (`npm run test:queue`): n8n scaled out as its docs describe, with this package
 * installed as a community package into each instance, against the local emulator.
 *
 *   Redis (Debian's redis-server) and PostgreSQL (Debian's postgresql; one SQLite file when no
 *   server is installed), each on a free port; n8n main (`n8n start`, with
 *   N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true), two workers (`n8n worker`) and two webhook processes
 *   (`n8n webhook`), sharing the encryption key, Redis and the database, each with its own user
 *   folder, port, task-runner broker port and (workers) health-check port.
 *
 *   1. parallel webhook calls of Webhook → CometChat (User Get), split over the two webhook
 *      processes, run on the workers and answer the right user each; main serves no production
 *      webhook
 *   2. exactly once across webhook processes: CometChat Webhook Trigger → (Remove Duplicates keyed
 *      on the item's deliveryKey | a Redis Increment of the key, going on when it is 1) → an HTTP
 *      Request to a counter on 127.0.0.1. An event delivered to webhook process A, then again
 *      (CometChat's retry) to B, counts once on each path; 20 distinct events over both count 20,
 *      and all 20 delivered again, each to the other process, still 20 through the Redis claim
 *      (Remove Duplicates, whose record n8n updates without a lock, is measured and shown)
 *   3. the CometChat Trigger (polling every 15 s on main; every minute on n8n versions that refuse
 *      shorter intervals, as 2.41 does) emits each new flag exactly once, in
 *      executions that run on the workers
 *   4. after a restart of main nothing old is emitted, and new flags still come
 *   5. a worker without the package fails the execution with "Unrecognized node type"
 *   6. the CometChat Bot Trigger, activated on main, hears 20 messages in a row, each sent through
 *      the emulator after the previous execution ended, with restarts of the webhook process, the
 *      workers, and both, between them: 20 deliveries answered 200, none 401, 20
 *      effects, one per message; CometChat's retry of the message before each restart, sent to
 *      the other webhook process, adds none; and after each execution the trigger's node data
 *      (the bot, the Basic Auth pair) is still in the workflow's static data (read from
 *      PostgreSQL), the pair the bot holds
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_N8N=latest (the newest tested n8n), E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const { startEmulator } = require('../emulator');
const { Checks, sorted } = require('./lib/checks');
const { flavor } = require('./lib/install');
const { EXAMPLE_CREDENTIAL, N8n, botTriggerParameters } = require('./lib/n8n');
const { cleanup, freePort, onCleanup, sleep } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');
const { startPostgres, startRedis } = require('./lib/services');
const facts = require('./lib/seed-facts');

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */
/** @typedef {{ id: string, sender: string }} SeedMessage */

const checks = new Checks();
const progress = progressLog();

const WEBHOOK_PATH = 'queue-e2e-user';
/**
 * How often the trigger polls: a cron with seconds makes it 15 s on 2.8.4; n8n 2.41 refuses polling
 * intervals under a minute ("The polling interval is too short"), so there it is every minute.
 */
const POLL_SECONDS = flavor().name === 'latest' ? 60 : 15;
const POLL_CRON = POLL_SECONDS === 60 ? '0 * * * * *' : '0,15,30,45 * * * * *';
const CREDENTIALS = { [EXAMPLE_CREDENTIAL.type]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };

/** Webhook (answers with the last node's data) → CometChat User Get for `?uid=`. */
const LOOKUP = {
	id: 'queueE2eLookup01',
	name: 'Queue e2e: user lookup',
	active: false,
	settings: { executionOrder: 'v1' },
	connections: { Webhook: { main: [[{ node: 'Get user', type: 'main', index: 0 }]] } },
	nodes: [
		{
			id: 'a1000000-0000-4000-8000-000000000001',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: 'b1000000-0000-4000-8000-000000000001',
			parameters: { path: WEBHOOK_PATH, responseMode: 'lastNode', options: {} },
		},
		{
			id: 'a1000000-0000-4000-8000-000000000002',
			name: 'Get user',
			type: 'n8n-nodes-cometchat.cometChat',
			typeVersion: 1,
			position: [220, 0],
			credentials: CREDENTIALS,
			parameters: { resource: 'user', operation: 'get', uid: { __rl: true, mode: 'id', value: '={{ $json.query.uid }}' } },
		},
	],
};

/** CometChat Trigger (new flagged messages, polled at seconds 0, 15, 30 and 45) → No Operation. */
const WATCH = {
	id: 'queueE2eWatch001',
	name: 'Queue e2e: new flags',
	active: false,
	settings: { executionOrder: 'v1' },
	connections: { 'New flag': { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
	nodes: [
		{
			id: 'a2000000-0000-4000-8000-000000000001',
			name: 'New flag',
			type: 'n8n-nodes-cometchat.cometChatTrigger',
			typeVersion: 1,
			position: [0, 0],
			credentials: CREDENTIALS,
			parameters: {
				pollTimes: { item: [{ mode: 'custom', cronExpression: POLL_CRON }] },
				events: ['flaggedMessage'],
				options: {},
			},
		},
		{
			id: 'a2000000-0000-4000-8000-000000000002',
			name: 'Done',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [220, 0],
			parameters: {},
		},
	],
};

const EXACTLY_ONCE_WEBHOOK_ID = 'c3000000-0000-4000-8000-000000000001';
const EXACTLY_ONCE_AUTH = { username: 'queueE2eUser', password: 'QueueE2ePass123' };
const EVENT_TRIGGER = 'CometChat event';
const DEDUPE = 'Remove Duplicates';
const EFFECT = 'Count the effect';
const CLAIM = 'Claim the key';
const FIRST = 'First claim?';
const CLAIMED_EFFECT = 'Count the claimed effect';
const REDIS_CREDENTIAL = { id: 'queueE2eRedis001', name: 'Queue e2e Redis', type: 'redis' };

const BOT = 'queuebot';
const BOT_TRIGGER = 'CometChat Bot Trigger';
const BOT_WORKFLOW_ID = 'queueE2eBot00001';
/** How many messages the Bot Trigger hears in a row, and after which ones what restarts. */
const BOT_MESSAGES = 20;
/** @type {Record<number, Array<'webhook' | 'workers'>>} */
const BOT_RESTARTS = { 5: ['webhook'], 10: ['workers'], 15: ['webhook', 'workers'] };

/**
 * CometChat Bot Trigger (the bot queuebot) → an HTTP Request POSTing `{path: 'bot', deliveryKey,
 * messageId, execution}` to `counterUrl`.
 * @param {string} counterUrl
 */
function botWorkflow(counterUrl) {
	return {
		id: BOT_WORKFLOW_ID,
		name: 'Queue e2e: bot',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: { [BOT_TRIGGER]: { main: [[{ node: 'Count the answer', type: 'main', index: 0 }]] } },
		nodes: [
			{
				id: 'a4000000-0000-4000-8000-000000000001',
				name: BOT_TRIGGER,
				type: 'n8n-nodes-cometchat.cometChatBotTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: 'b4000000-0000-4000-8000-000000000001',
				credentials: CREDENTIALS,
				parameters: botTriggerParameters(BOT),
			},
			effectNode('a4000000-0000-4000-8000-000000000002', 'Count the answer', [220, 0], counterUrl, 'bot', {
				trigger: BOT_TRIGGER,
				messageId: 'message.id',
			}),
		],
	};
}

/**
 * An HTTP Request POSTing `{path, deliveryKey, messageId, execution}` of the trigger's item to
 * `counterUrl`: the effect the test counts. The trigger (the Webhook Trigger by default) and where
 * its item holds the message's id (`data.message.id`) can be given.
 * @param {string} id @param {string} name @param {number[]} position @param {string} counterUrl @param {string} path
 * @param {{ trigger?: string, messageId?: string }} [event]
 */
function effectNode(id, name, position, counterUrl, path, { trigger = EVENT_TRIGGER, messageId = 'data.message.id' } = {}) {
	const event = `$('${trigger}').first().json`;
	return {
		id,
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position,
		parameters: {
			method: 'POST',
			url: counterUrl,
			sendBody: true,
			contentType: 'json',
			specifyBody: 'keypair',
			bodyParameters: {
				parameters: [
					{ name: 'path', value: path },
					{ name: 'deliveryKey', value: `={{ ${event}.deliveryKey }}` },
					{ name: 'messageId', value: `={{ ${event}.${messageId} }}` },
					{ name: 'execution', value: '={{ $execution.id }}' },
				],
			},
			options: {},
		},
	};
}

/**
 * The exactly-once recipes, side by side, from one CometChat Webhook Trigger (manual mode,
 * message_sent):
 * - `dedupe`: Remove Duplicates (items processed in previous executions, keyed on deliveryKey) →
 *   the effect;
 * - `claim`: Redis Increment of `cometchat-delivery:<deliveryKey>` (atomic, in the Redis queue mode
 *   has anyway) → If it is 1 → the effect.
 * @param {string} counterUrl
 */
function exactlyOnceWorkflow(counterUrl) {
	return {
		id: 'queueE2eOnce0001',
		name: 'Queue e2e: exactly once',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			[EVENT_TRIGGER]: {
				main: [
					[
						{ node: DEDUPE, type: 'main', index: 0 },
						{ node: CLAIM, type: 'main', index: 0 },
					],
				],
			},
			[DEDUPE]: { main: [[{ node: EFFECT, type: 'main', index: 0 }]] },
			[CLAIM]: { main: [[{ node: FIRST, type: 'main', index: 0 }]] },
			[FIRST]: { main: [[{ node: CLAIMED_EFFECT, type: 'main', index: 0 }], []] },
		},
		nodes: [
			{
				id: 'a3000000-0000-4000-8000-000000000001',
				name: EVENT_TRIGGER,
				type: 'n8n-nodes-cometchat.cometChatWebhookTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: EXACTLY_ONCE_WEBHOOK_ID,
				parameters: { mode: 'manual', events: ['message_sent'], ...EXACTLY_ONCE_AUTH },
			},
			{
				id: 'a3000000-0000-4000-8000-000000000002',
				name: DEDUPE,
				type: 'n8n-nodes-base.removeDuplicates',
				typeVersion: 2,
				position: [220, 0],
				parameters: {
					operation: 'removeItemsSeenInPreviousExecutions',
					logic: 'removeItemsWithAlreadySeenKeyValues',
					dedupeValue: '={{ $json.deliveryKey }}',
					options: {},
				},
			},
			effectNode('a3000000-0000-4000-8000-000000000003', EFFECT, [440, 0], counterUrl, 'dedupe'),
			{
				id: 'a3000000-0000-4000-8000-000000000004',
				name: CLAIM,
				type: 'n8n-nodes-base.redis',
				typeVersion: 1,
				position: [220, 200],
				credentials: { redis: { id: REDIS_CREDENTIAL.id, name: REDIS_CREDENTIAL.name } },
				parameters: { operation: 'incr', key: '=cometchat-delivery:{{ $json.deliveryKey }}', expire: true, ttl: 86400 },
			},
			{
				id: 'a3000000-0000-4000-8000-000000000005',
				name: FIRST,
				type: 'n8n-nodes-base.if',
				typeVersion: 2,
				position: [440, 200],
				parameters: {
					conditions: {
						options: { caseSensitive: true, leftValue: '', typeValidation: 'loose' },
						conditions: [
							{
								id: 'b3000000-0000-4000-8000-000000000001',
								// The Increment answers {<key>: <count>}: the first delivery of a key gets 1.
								leftValue: '={{ Object.values($json)[0] }}',
								rightValue: 1,
								operator: { type: 'number', operation: 'equals' },
							},
						],
						combinator: 'and',
					},
					options: {},
				},
			},
			effectNode('a3000000-0000-4000-8000-000000000006', CLAIMED_EFFECT, [660, 200], counterUrl, 'claim'),
		],
	};
}

/**
 * The effect the recipe guards: a tiny HTTP server on 127.0.0.1 that records every POST body.
 * @returns {Promise<{ url: string, effects: Array<Record<string, any>> }>}
 */
async function startCounter() {
	/** @type {Array<Record<string, any>>} */
	const effects = [];
	const server = require('node:http').createServer((req, res) => {
		let body = '';
		req.setEncoding('utf8');
		req.on('data', (chunk) => (body += chunk));
		req.on('end', () => {
			try {
				effects.push(JSON.parse(body));
			} catch {
				effects.push({ unparsed: body });
			}
			res.writeHead(200, { 'content-type': 'application/json' }).end('{"counted":true}');
		});
	});
	const port = await freePort();
	await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
	onCleanup('the counter', () => new Promise((resolve) => server.close(() => resolve(undefined))));
	return { url: `http://127.0.0.1:${port}/effect`, effects };
}

async function main() {
	const install = await buildAndInstallN8n(progress);

	progress('Redis, the database and the emulator');
	const redis = await startRedis();
	const postgres = await startPostgres();
	const emulator = await startEmulator({ seed: 'demo', logRequests: true });
	onCleanup('the emulator', () => emulator.close());
	/** @type {Record<string, string>} */
	let database;
	if (postgres) {
		database = postgres.env;
		console.log(`  PostgreSQL ${postgres.version} on port ${postgres.port}, Redis on port ${redis.port}`);
	} else {
		// n8n supports queue mode on PostgreSQL; one SQLite file shared by the processes works for a
		// test (n8n only warns), so a machine without a PostgreSQL server still runs it.
		const file = require('node:path').join(require('node:os').tmpdir(), `n8n-queue-e2e-${process.pid}.sqlite`);
		onCleanup('the shared SQLite file', () => require('node:fs').rmSync(file, { force: true }));
		database = { DB_TYPE: 'sqlite', DB_SQLITE_DATABASE: file };
		console.log(`  no PostgreSQL server installed: one shared SQLite file; Redis on port ${redis.port}`);
	}
	const counter = await startCounter();
	const queueEnv = {
		...database,
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		QUEUE_BULL_PREFIX: `e2e${process.pid}`,
		// Each worker logs "Worker started execution N": how the test sees where executions ran.
		N8N_LOG_LEVEL: 'info',
	};
	// The same settings serve 2.8.4 and 2.41.1: both read EXECUTIONS_MODE, QUEUE_BULL_* and
	// N8N_DISABLE_PRODUCTION_MAIN_PROCESS under these names (@n8n/config), and 2.41's worker pools
	// stay off without N8N_WORKER_POOL_NAME, so main, webhook processes and workers all use the one
	// queue ("jobs"). What differs is readiness (see N8n.startWebhook, N8n.startWorker): 2.41 answers
	// /healthz/readiness only once the process is fully up (markAsReady in commands/webhook.js and
	// commands/worker.js), 2.8 as soon as the database is connected.
	const workerEnv = async () => ({
		...queueEnv,
		QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
		N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
	});

	progress(`n8n ${install.version} main, two workers and two webhook processes, each with the package as a community package`);
	// Production webhooks only on the webhook processes, as n8n's queue-mode docs set it up (main
	// still registers them in the database on activation; the webhook processes look them up there).
	// The URL n8n gives its webhooks (WEBHOOK_URL, the same in every process): webhook process A's,
	// where the Bot Trigger points its bot on activation.
	const hookPort = await freePort();
	Object.assign(queueEnv, { WEBHOOK_URL: `http://127.0.0.1:${hookPort}/` });
	const main = await N8n.create(install, { env: { ...queueEnv, N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' } });
	const workers = [await N8n.create(install, { env: await workerEnv() }), await N8n.create(install, { env: await workerEnv() })];
	const webhooks = [await N8n.create(install, { port: hookPort, env: queueEnv }), await N8n.create(install, { env: queueEnv })];
	for (const n8n of [main, ...workers, ...webhooks]) await n8n.installPackage();
	// The database is shared: the credential and the workflows are imported once, through main.
	await main.importCredentials([
		{ ...EXAMPLE_CREDENTIAL, data: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl } },
		{ ...REDIS_CREDENTIAL, data: { host: '127.0.0.1', port: redis.port, database: 0, password: '' } },
	]);
	const exactlyOnce = exactlyOnceWorkflow(counter.url);
	emulator.store.addUser({ uid: BOT, name: 'Queue Bot' });
	emulator.store.addBot({ uid: BOT, webhookURL: 'http://127.0.0.1:9/not-yet', enabled: false });
	await main.importWorkflows([LOOKUP, WATCH, exactlyOnce, botWorkflow(counter.url)]);
	await main.start();
	await Promise.all([
		...workers.map((worker) => worker.startWorker({ concurrency: 3 })),
		...webhooks.map((webhook) => webhook.startWebhook()),
	]);
	progress('ready');

	await checks.run('webhooks on the workers', () => checkWebhooks(main, workers, webhooks, emulator));
	await checks.run('exactly once across webhook processes', () => checkExactlyOnce(main, workers, webhooks, emulator, counter, postgres));
	await checks.run('the trigger across workers', () => checkTrigger(main, workers, emulator));
	await checks.run('the Bot Trigger, message after message, restarts between', () =>
		checkBotTrigger(main, workers, webhooks, emulator, counter, postgres),
	);
	await checks.run('a worker without the package', () => checkWorkerWithoutPackage(install, main, workers, webhooks, workerEnv));

	progress('Stopping n8n, Redis, the database and the emulator');
	await cleanup();
	console.log(`\nn8n ${install.version} in queue mode, ${progress.seconds()} s in all`);
	return checks.summary();
}

/**
 * The execution ids a worker's log says it ran ("Worker started execution 12 (job 12)").
 * @param {N8n} worker
 */
function executionsRunBy(worker) {
	return [...worker.log().matchAll(/Worker started execution (\d+)/g)].map((match) => match[1]);
}

/**
 * @param {N8n} main @param {N8n[]} workers @param {N8n[]} webhooks
 * @param {Emulator} emulator
 */
async function checkWebhooks(main, workers, webhooks, emulator) {
	checks.section('Parallel webhook calls of Webhook → CometChat User Get, over both webhook processes');
	await main.rest.activate(LOOKUP.id);
	/** @type {string[]} */
	const known = [];
	for (const webhook of webhooks) known.push(...(await waitForWebhook(main, webhook)));
	// Main has no production webhook route then: a GET there gets the editor's page (200, HTML), not
	// the workflow's answer, and starts nothing ("one execution per call" below counts from here).
	const onMain = await fetch(`${main.rest.url}/webhook/${WEBHOOK_PATH}?uid=${encodeURIComponent(facts.SEED.users[0].uid)}`);
	const onMainText = await onMain.text();
	checks.ok(
		"main does not run production webhooks (N8N_DISABLE_PRODUCTION_MAIN_PROCESS): its answer is not the workflow's",
		!(onMain.headers.get('content-type') ?? '').includes('json') && !onMainText.includes(facts.SEED.users[0].uid),
		`${onMain.status} ${onMain.headers.get('content-type')}: ${onMainText.slice(0, 200)}`,
	);
	/** @type {string[]} */
	const uids = facts.SEED.users.slice(0, 12).map((/** @type {any} */ user) => user.uid);
	// Each lookup holds a worker slot for a while, so the two workers (3 slots each) share the calls.
	emulator.setLatency(300);
	const answers = await Promise.all(
		uids.map(async (uid, index) => {
			const response = await fetch(`${webhooks[index % 2].rest.url}/webhook/${WEBHOOK_PATH}?uid=${encodeURIComponent(uid)}`);
			return { uid, status: response.status, body: await response.json().catch(() => undefined) };
		}),
	);
	emulator.setLatency(0);
	checks.ok(
		`all ${uids.length} calls (6 to each webhook process) answered 200`,
		answers.every((answer) => answer.status === 200),
		JSON.stringify(answers.filter((answer) => answer.status !== 200)).slice(0, 600),
	);
	const expected = Object.fromEntries(facts.SEED.users.map((/** @type {any} */ user) => [user.uid, user.name]));
	checks.equal(
		'each answered the user it asked for, with the name CometChat has',
		answers.map((answer) => [answer.uid, answer.body?.uid, answer.body?.name]),
		uids.map((uid) => [uid, uid, expected[uid]]),
	);
	const executions = (await main.rest.listExecutions(LOOKUP.id))
		.map((/** @type {any} */ e) => String(e.id))
		.filter((/** @type {string} */ id) => !known.includes(id));
	checks.equal('one execution per call', executions.length, uids.length);
	const ranBy = workers.map((worker) => executionsRunBy(worker).filter((id) => executions.includes(id)));
	checks.equal('every execution ran on a worker, each on one only', sorted(ranBy.flat()), sorted(executions));
	checks.ok(
		'both workers took some of them',
		ranBy.every((ids) => ids.length > 0),
		`worker 1: ${ranBy[0].length}, worker 2: ${ranBy[1].length}`,
	);
	await main.rest.deactivate(LOOKUP.id);
}

/** @param {string} username @param {string} password */
const basic = (username, password) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * A message_sent event as CometChat delivers it: {trigger, data: {message}, appId, region, webhook}.
 * @param {Emulator} emulator @param {string} id the message's id
 */
function messageSent(emulator, id) {
	const sentAt = 1767225600 + (Number(id) % 100_000);
	return {
		trigger: 'message_sent',
		data: {
			message: {
				id,
				conversationId: 'amelia-hart_user_ben-okafor',
				sender: 'amelia-hart',
				receiverType: 'user',
				receiver: 'ben-okafor',
				category: 'message',
				type: 'text',
				data: { text: `queue e2e ${id}` },
				sentAt,
				updatedAt: sentAt,
			},
		},
		appId: emulator.appId,
		region: 'us',
		webhook: 'queueE2eDashboardHook',
	};
}

/** @param {N8n} webhook */
const triggerUrl = (webhook) => `${webhook.rest.url}/webhook/${EXACTLY_ONCE_WEBHOOK_ID}/webhook`;

/**
 * POSTs an event to the trigger's production URL on a webhook process, with the node's Basic Auth
 * pair, as CometChat does.
 * @param {N8n} webhook @param {unknown} event
 */
async function deliver(webhook, event) {
	const response = await fetch(triggerUrl(webhook), {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: basic(EXACTLY_ONCE_AUTH.username, EXACTLY_ONCE_AUTH.password) },
		body: JSON.stringify(event),
		signal: AbortSignal.timeout(60_000),
	});
	return { status: response.status, text: await response.text() };
}

/**
 * Waits until a webhook process serves the trigger: a delivery without Basic Auth is then refused
 * by the node (401) and runs nothing; before, n8n answers 404.
 * @param {N8n} webhook
 */
async function waitForTrigger(webhook) {
	await waitForServed(triggerUrl(webhook));
}

/**
 * Waits until a push trigger's production URL is served: 401 to a delivery without Basic Auth.
 * @param {string} url
 */
async function waitForServed(url) {
	const deadline = Date.now() + 60_000;
	for (;;) {
		const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		await response.text();
		if (response.status === 401) return;
		if (Date.now() > deadline) throw new Error(`${url} was not served within 60 s (answer ${response.status})`);
		await sleep(500);
	}
}

/**
 * How many executions these answers started. The trigger answers a delivery itself
 * (`emitted`: 1 when it passed the event on), and n8n sends that answer before it stores the
 * execution, so an execution may be listed a moment after its answer came.
 * @param {Array<{ status: number, text: string }>} answers
 */
function executionsStarted(answers) {
	return answers.filter((answer) => answer.status === 200 && /"emitted":1\b/.test(answer.text)).length;
}

/**
 * The workflow's executions beyond `known`, each once it finished, after the `started` ones the
 * answers announced are listed (within 60 s; then whatever is listed, for the checks to show).
 * @param {N8n} main @param {string} workflowId @param {Set<string>} known @param {number} started
 */
async function executionsAfter(main, workflowId, known, started) {
	const deadline = Date.now() + 60_000;
	const listFresh = async () =>
		(await main.rest.listExecutions(workflowId))
			.map((/** @type {any} */ e) => String(e.id))
			.filter((/** @type {string} */ id) => !known.has(id))
			.sort((/** @type {string} */ x, /** @type {string} */ y) => Number(x) - Number(y));
	let fresh = await listFresh();
	while (fresh.length < started && Date.now() < deadline) {
		await sleep(250);
		fresh = await listFresh();
	}
	const runs = [];
	for (const id of fresh) {
		runs.push(await main.rest.waitForExecution(id, 120_000));
		known.add(id);
	}
	return runs;
}

/**
 * How many effects the counter saw for each message id, through one path (`dedupe` or `claim`).
 * @param {{ effects: Array<Record<string, any>> }} counter @param {string[]} ids @param {string} path
 */
function effectsFor(counter, ids, path) {
	return ids.map((id) => counter.effects.filter((effect) => effect.path === path && String(effect.messageId) === id).length);
}

/**
 * The trigger's item in a run, and what each path let through.
 * @param {Awaited<ReturnType<N8n['rest']['waitForExecution']>>} run
 */
function runSummary(run) {
	const items = run.items(EVENT_TRIGGER);
	const [item] = items;
	return {
		id: String(run.id),
		status: run.status,
		/** What the trigger passed on: 0 when n8n's memory of processed items already held the key. */
		passedOn: items.length,
		messageId: String(item?.data?.message?.id),
		deliveryKey: item?.deliveryKey,
		deduped: run.items(DEDUPE).length,
		claimed: run.items(FIRST).length,
		error: run.error,
	};
}

/**
 * The keys n8n's Remove Duplicates recorded for the workflow (its processed_data table), when the
 * database is PostgreSQL; undefined otherwise or when the table reads otherwise than expected.
 * @param {Awaited<ReturnType<typeof startPostgres>>} postgres @param {string} workflowId
 */
function recordedKeys(postgres, workflowId) {
	if (!postgres) return undefined;
	try {
		// Remove Duplicates' own record (node scope: `n:<node id>`); the trigger keeps one of its own.
		const rows = postgres.query(
			`SELECT value FROM processed_data WHERE "workflowId" = '${workflowId}' AND context = 'n:a3000000-0000-4000-8000-000000000002'`,
		);
		return rows.reduce((sum, [value]) => sum + (JSON.parse(value).data?.length ?? 0), 0);
	} catch {
		return undefined;
	}
}

/**
 * Exactly once across processes. The node cannot lock across n8n processes (each webhook process
 * runs it on its own, with its own memory, and CometChat's retry may reach another one), so it
 * gives every item a deliveryKey, the same for every delivery of one event, and the workflow
 * checks it against something all processes share:
 * - Remove Duplicates (n8n's record of processed items in the database): holds for a retry that
 *   comes after the first delivery's execution, but n8n reads and writes that record without a
 *   lock, so executions running at the same time can lose each other's keys, and a later retry of
 *   a lost one goes through again. Measured here and shown, not counted as a failure: it is n8n's.
 * - a Redis Increment of the key (atomic), going on only when it is 1: once, always.
 * @param {N8n} main @param {N8n[]} workers @param {N8n[]} webhooks @param {Emulator} emulator
 * @param {{ url: string, effects: Array<Record<string, any>> }} counter
 * @param {Awaited<ReturnType<typeof startPostgres>>} postgres
 */
async function checkExactlyOnce(main, workers, webhooks, emulator, counter, postgres) {
	checks.section('Exactly once across webhook processes: Webhook Trigger → Remove Duplicates / a Redis claim on deliveryKey → the effect');
	const workflowId = 'queueE2eOnce0001';
	const [a, b] = webhooks;
	await main.rest.activate(workflowId);
	for (const webhook of webhooks) await waitForTrigger(webhook);
	const known = new Set((await main.rest.listExecutions(workflowId)).map((/** @type {any} */ e) => String(e.id)));
	/** @type {ReturnType<typeof runSummary>[]} */
	const all = [];
	const ok = (/** @type {ReturnType<typeof runSummary>} */ run) => run.status === 'success';

	// One event to A, then the same event (CometChat's retry) to B once A's execution finished.
	const single = messageSent(emulator, '7100001');
	const first = await deliver(a, single);
	const [firstRun] = (await executionsAfter(main, workflowId, known, executionsStarted([first]))).map(runSummary);
	all.push(...(firstRun ? [firstRun] : []));
	checks.equal(
		'one event to webhook process A: 200, passed on (emitted 1), one execution, which succeeded',
		[first.status, executionsStarted([first]), firstRun?.status],
		[200, 1, 'success'],
	);
	checks.ok(
		'its item carries a deliveryKey',
		typeof firstRun?.deliveryKey === 'string' && firstRun.deliveryKey !== '',
		JSON.stringify(firstRun),
	);
	checks.equal(
		'the effect happened, through each path',
		[effectsFor(counter, ['7100001'], 'dedupe'), effectsFor(counter, ['7100001'], 'claim')],
		[[1], [1]],
	);
	const retry = await deliver(b, single);
	const retryRuns = (await executionsAfter(main, workflowId, known, executionsStarted([retry]))).map(runSummary);
	all.push(...retryRuns);
	checks.equal("the same event again (CometChat's retry) to webhook process B: 200", retry.status, 200);
	checks.equal(
		'the effect happened once, through each path',
		[effectsFor(counter, ['7100001'], 'dedupe'), effectsFor(counter, ['7100001'], 'claim')],
		[[1], [1]],
	);
	checks.ok(
		'an execution the retry started (if any) stopped at the trigger, or had the same deliveryKey and both guards stopped it',
		retryRuns.every(
			(run) => ok(run) && (run.passedOn === 0 || (run.deliveryKey === firstRun?.deliveryKey && run.deduped === 0 && run.claimed === 0)),
		),
		JSON.stringify(retryRuns),
	);
	const stoppedAtTrigger = retryRuns.filter((run) => run.passedOn === 0).length;
	console.log(
		`    (the retry to B: ${retryRuns.length === 0 ? 'dropped by the trigger itself, no execution' : stoppedAtTrigger ? 'an execution that stopped at the trigger (n8n held the key as processed)' : 'an execution, stopped by the guards'})`,
	);

	// 20 distinct events at once, split over both webhook processes; then each again to the other.
	const burst = Array.from({ length: 20 }, (_, index) => messageSent(emulator, String(7100101 + index)));
	const burstIds = burst.map((event) => event.data.message.id);
	const answers = await Promise.all(burst.map((event, index) => deliver(webhooks[index % 2], event)));
	const burstRuns = (await executionsAfter(main, workflowId, known, executionsStarted(answers))).map(runSummary);
	all.push(...burstRuns);
	checks.equal(
		'20 distinct events at once, 10 to each webhook process: all answered 200',
		answers.map((answer) => answer.status),
		burst.map(() => 200),
	);
	checks.equal(
		'20 executions, each succeeded with its own event',
		[burstRuns.length, burstRuns.every(ok), sorted(burstRuns.map((run) => run.messageId))],
		[20, true, sorted(burstIds)],
	);
	checks.equal(
		'20 different deliveryKeys',
		new Set(burstRuns.map((run) => run.deliveryKey).filter((key) => typeof key === 'string' && key !== '')).size,
		20,
	);
	checks.equal(
		'20 effects, one per event, through each path',
		[effectsFor(counter, burstIds, 'dedupe'), effectsFor(counter, burstIds, 'claim')],
		[burstIds.map(() => 1), burstIds.map(() => 1)],
	);
	const recorded = recordedKeys(postgres, workflowId);

	const again = await Promise.all(burst.map((event, index) => deliver(webhooks[(index + 1) % 2], event)));
	const againRuns = (await executionsAfter(main, workflowId, known, executionsStarted(again))).map(runSummary);
	all.push(...againRuns);
	checks.equal(
		'all 20 again, each to the other webhook process: all answered 200',
		again.map((answer) => answer.status),
		burst.map(() => 200),
	);
	const firstKeys = Object.fromEntries(burstRuns.map((run) => [run.messageId, run.deliveryKey]));
	const keptFirstKey = (/** @type {ReturnType<typeof runSummary>} */ run) =>
		ok(run) && (run.passedOn === 0 || run.deliveryKey === firstKeys[run.messageId]);
	checks.ok(
		"every execution a redelivery started succeeded, and stopped at the trigger or carried the first delivery's deliveryKey",
		againRuns.every(keptFirstKey),
		JSON.stringify(againRuns.filter((run) => !keptFirstKey(run))),
	);
	console.log(
		`    (${againRuns.filter((run) => run.passedOn === 0).length} of ${againRuns.length} such executions stopped at the trigger)`,
	);
	checks.equal(
		'the Redis claim: still one effect per event',
		effectsFor(counter, burstIds, 'claim'),
		burstIds.map(() => 1),
	);
	const repeated = effectsFor(counter, burstIds, 'dedupe').filter((count) => count > 1).length;
	console.log(`    (of the 20 redeliveries, ${20 - againRuns.length} dropped by the trigger itself, ${againRuns.length} ran an execution)`);
	console.log(
		`    (Remove Duplicates let ${repeated} of the 20 through again; after the 21 first deliveries n8n's record held ` +
			`${recorded ?? '?'} keys: concurrent executions lose each other's keys)`,
	);

	const ranOn = workers.map((worker) => executionsRunBy(worker));
	checks.ok(
		`all ${all.length} executions ran on the workers, each on one only`,
		all.every((run) => ranOn.flat().filter((id) => id === run.id).length === 1),
		`executions ${all.map((run) => run.id).join(', ')}; worker 1 ran ${ranOn[0].join(', ')}; worker 2 ran ${ranOn[1].join(', ')}`,
	);
	// Anything late would still show: a last look after a pause.
	await sleep(3000);
	const late = await executionsAfter(main, workflowId, known, 0);
	checks.equal(
		'nothing ran later; 21 claimed effects in all',
		[late.length, counter.effects.filter((effect) => effect.path === 'claim').length],
		[0, 21],
	);
	await main.rest.deactivate(workflowId);
}

/**
 * Waits until the trigger read the flagged messages (a poll) since the request log was cleared.
 * @param {Emulator} emulator
 */
async function waitForPoll(emulator) {
	// The activation poll comes at once; should it not, the first scheduled one will.
	const seconds = POLL_SECONDS + 30;
	const deadline = Date.now() + seconds * 1000;
	const polled = () => emulator.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v3/moderation/flagged-messages'));
	while (!polled()) {
		if (Date.now() > deadline) throw new Error(`the trigger did not poll within ${seconds} s of the activation`);
		await sleep(250);
	}
}

/**
 * Calls the lookup's webhook for `uid` on a webhook process once it serves it (newer n8n registers
 * it a moment after the activation answered; until then it answers 404 and runs nothing).
 * @param {N8n} webhook @param {string} uid
 */
async function callWhenRegistered(webhook, uid) {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const response = await fetch(`${webhook.rest.url}/webhook/${WEBHOOK_PATH}?uid=${encodeURIComponent(uid)}`, {
			signal: AbortSignal.timeout(60_000),
		});
		const text = await response.text();
		if (response.status !== 404) return { status: response.status, text };
		if (Date.now() > deadline) throw new Error('the webhook was not registered within 30 s of the activation');
		await sleep(500);
	}
}

/**
 * Waits until a webhook process serves the lookup's webhook, with one call; answers the ids of the
 * executions so far.
 * @param {N8n} main @param {N8n} webhook
 */
async function waitForWebhook(main, webhook) {
	const known = (await main.rest.listExecutions(LOOKUP.id)).map((/** @type {any} */ e) => String(e.id));
	await callWhenRegistered(webhook, facts.SEED.users[0].uid);
	await main.rest.waitForNewExecutions(LOOKUP.id, { known, timeoutMs: 60_000 });
	return (await main.rest.listExecutions(LOOKUP.id)).map((/** @type {any} */ e) => String(e.id));
}

/**
 * Flags messages through the emulator's API, as CometChat users do.
 * @param {Emulator} emulator
 * @param {Array<{ id: string, sender: string }>} messages
 */
async function flag(emulator, messages) {
	/** @type {string[]} */
	const flaggers = facts.SEED.users.map((/** @type {any} */ user) => user.uid);
	for (const message of messages) {
		const flagger = flaggers.find((uid) => uid !== message.sender);
		const response = await fetch(`${emulator.baseUrl}/v3/messages/${message.id}/flagged`, {
			method: 'POST',
			headers: { apikey: emulator.apiKey, 'content-type': 'application/json', onBehalfOf: String(flagger) },
			body: JSON.stringify({ id: 'spam', remark: 'queue e2e' }),
		});
		if (response.status !== 200) throw new Error(`flagging message ${message.id} answered ${response.status}`);
	}
}

/**
 * What the trigger emitted in the executions beyond `known`, waiting until `want` ids came (or the
 * time is up), then, with `watchForRepeats`, one more poll period for anything emitted twice.
 * @param {N8n} main @param {string[]} known @param {number} want @param {number} timeoutMs
 * @param {{ watchForRepeats: boolean }} [options]
 */
async function emittedAfter(main, known, want, timeoutMs, { watchForRepeats } = { watchForRepeats: true }) {
	const deadline = Date.now() + timeoutMs;
	/** @type {Array<{ id: string, ids: string[], status: string }>} */
	let runs = [];
	const collect = async () => {
		const fresh = (await main.rest.listExecutions(WATCH.id)).filter((/** @type {any} */ e) => !known.includes(String(e.id)));
		runs = [];
		for (const execution of fresh) {
			const run = await main.rest.waitForExecution(execution.id);
			runs.push({ id: String(execution.id), ids: run.items('New flag').map((item) => String(item.id)), status: run.status });
		}
	};
	for (;;) {
		await collect();
		if (runs.flatMap((run) => run.ids).length >= want || Date.now() > deadline) break;
		await sleep(1000);
	}
	if (want > 0 && watchForRepeats) {
		await sleep((POLL_SECONDS + 1) * 1000); // one more poll: a repeat would show up now
		await collect();
	}
	return runs;
}

/**
 * What the workflow's static data holds for the Bot Trigger node, read from PostgreSQL (undefined
 * without a PostgreSQL server, or when it cannot be read).
 * @param {Awaited<ReturnType<typeof startPostgres>>} postgres
 * @returns {Record<string, any> | undefined}
 */
function botNodeData(postgres) {
	if (!postgres) return undefined;
	try {
		// The node's member only: the rest holds delivery keys, whose `|` would split psql's row.
		const [[text] = []] = postgres.query(
			`SELECT ("staticData"::json) -> 'node:${BOT_TRIGGER}' FROM workflow_entity WHERE id = '${BOT_WORKFLOW_ID}'`,
		);
		return text ? JSON.parse(text) : {};
	} catch {
		return undefined;
	}
}

/**
 * The Bot Trigger in queue mode: activated on main, it points the bot at webhook process A; each
 * message is sent through the emulator (which delivers it to A with the bot's Basic Auth pair)
 * once the execution of the one before ended. Restarts of A, of the workers, and of both come
 * between messages; after each restart CometChat's retry of the message before it is sent to B.
 * @param {N8n} main @param {N8n[]} workers @param {N8n[]} webhooks @param {Emulator} emulator
 * @param {{ url: string, effects: Array<Record<string, any>> }} counter
 * @param {Awaited<ReturnType<typeof startPostgres>>} postgres
 */
async function checkBotTrigger(main, workers, webhooks, emulator, counter, postgres) {
	checks.section(`The Bot Trigger: ${BOT_MESSAGES} messages in a row, restarts of the webhook process and the workers between them`);
	const [a, b] = webhooks;
	const botUrl = `${a.rest.url.replace('localhost', '127.0.0.1')}/webhook/b4000000-0000-4000-8000-000000000001/webhook`;
	await main.rest.activate(BOT_WORKFLOW_ID);
	const bot = () => /** @type {Record<string, any>} */ (emulator.store.bots.get(BOT));
	const pointed = Date.now();
	while (!(bot().webhookURL === botUrl && bot().enabled === true)) {
		if (Date.now() - pointed > 90_000) throw new Error(`the bot was not pointed at ${botUrl} within 90 s: ${bot().webhookURL}`);
		await sleep(500);
	}
	checks.ok(
		'activation on main points the bot at webhook process A, with Basic Auth',
		bot().useBasicAuth === true,
		JSON.stringify(bot().webhookURL),
	);
	await waitForServed(botUrl);
	emulator.deliveries.clear();
	const sender = facts.SEED.users[0].uid;
	/** @param {string} text */
	const send = async (text) => {
		const response = await fetch(`${emulator.baseUrl}/v3/messages`, {
			method: 'POST',
			headers: { apikey: emulator.apiKey, onBehalfOf: sender, 'content-type': 'application/json' },
			body: JSON.stringify({ receiver: BOT, receiverType: 'user', category: 'message', type: 'text', data: { text } }),
		});
		return String((await response.json()).data.id);
	};
	/** @param {string} id */
	const effectsOf = (id) => counter.effects.filter((effect) => effect.path === 'bot' && String(effect.messageId) === id);
	/** @type {string[]} */
	const ids = [];
	/** @type {string[]} */
	const nodeDataAfter = [];
	/** @type {string[]} */
	const retries = [];
	for (let index = 1; index <= BOT_MESSAGES; index++) {
		const id = await send(`message ${index} to the bot`);
		ids.push(id);
		const started = Date.now();
		while (effectsOf(id).length === 0 && Date.now() - started < 90_000) await sleep(250);
		const [effect] = effectsOf(id);
		if (effect) await main.rest.waitForExecution(String(effect.execution), 120_000);
		const nodeData = botNodeData(postgres);
		nodeDataAfter.push(
			nodeData === undefined
				? 'unread'
				: nodeData.bot === BOT && nodeData.username === bot().username && nodeData.password === bot().password
					? 'kept'
					: `lost: ${Object.keys(nodeData).join(', ') || 'empty'}`,
		);
		for (const restart of BOT_RESTARTS[index] ?? []) {
			if (restart === 'webhook') {
				await a.stop();
				await a.startWebhook();
				await waitForServed(botUrl);
			} else {
				await Promise.all(workers.map(async (worker) => await worker.stop()));
				await Promise.all(workers.map(async (worker) => await worker.startWorker({ concurrency: 3 })));
			}
		}
		if (BOT_RESTARTS[index]) {
			// CometChat's retry of this message, after the restart, reaching the other webhook process.
			const message = await (await fetch(`${emulator.baseUrl}/v3/messages/${id}`, { headers: { apikey: emulator.apiKey } })).json();
			const response = await fetch(`${b.rest.url}/webhook/b4000000-0000-4000-8000-000000000001/webhook`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', authorization: basic(bot().username, bot().password) },
				body: JSON.stringify({ trigger: 'after_message', data: message.data, appId: emulator.appId, region: 'us' }),
			});
			retries.push(`${index}: ${response.status}`);
		}
	}
	await emulator.deliveries.idle();
	await sleep(3000);
	// CometChat wants 200 within 2 s and retries otherwise: a slow answer on a loaded machine is
	// retried, and still runs once (the effects below). A refused one (401) never is fine.
	const attempts = emulator.deliveries.attempts;
	checks.ok(
		`the ${BOT_MESSAGES} deliveries were each answered 200, none 401 ("Authorization required")`,
		attempts.filter((attempt) => attempt.status === 200).length === BOT_MESSAGES && attempts.every((attempt) => attempt.status !== 401),
		JSON.stringify(attempts.map((attempt) => `${attempt.attempt}:${attempt.status}`)),
	);
	console.log(`    (${attempts.length} delivery attempts for ${BOT_MESSAGES} messages)`);
	checks.equal(
		'each message ran the workflow once (its effect once)',
		ids.map((id) => effectsOf(id).length),
		Array(BOT_MESSAGES).fill(1),
	);
	checks.equal(
		"CometChat's retry after each restart, to webhook process B: 200, no second effect",
		retries,
		Object.keys(BOT_RESTARTS).map((index) => `${index}: 200`),
	);
	if (postgres) {
		checks.equal(
			"after each execution, the trigger's node data (bot, Basic Auth pair) is in static data",
			nodeDataAfter,
			Array(BOT_MESSAGES).fill('kept'),
		);
	} else {
		console.log("    (no PostgreSQL server: the trigger's node data was not read)");
	}
	await main.rest.deactivate(BOT_WORKFLOW_ID);
}

/**
 * @param {N8n} main @param {N8n[]} workers
 * @param {Emulator} emulator
 */
async function checkTrigger(main, workers, emulator) {
	checks.section(`CometChat Trigger (polls every ${POLL_SECONDS} s on main, executions on the workers)`);
	/** @type {SeedMessage[]} */
	const fresh = facts.unflaggedMessage();
	const [firstBatch, afterRestart] = [fresh.slice(0, 4), fresh.slice(4, 7)];
	emulator.clearRequests();
	await main.rest.activate(WATCH.id);
	// The activation poll notes where the list stands (Include Existing is off): nothing to emit.
	// Newer n8n activates a moment after the call answered: flags made before that poll would be old.
	await waitForPoll(emulator);
	await sleep(2000);
	const known = (await main.rest.listExecutions(WATCH.id)).map((/** @type {any} */ e) => String(e.id));
	checks.equal('activation emitted nothing old', known.length, 0);

	await flag(emulator, firstBatch);
	// A repeat of these would come in a later poll: the check after the restart sees every
	// execution since these, so it need not be waited for here.
	const runs = await emittedAfter(main, known, firstBatch.length, (2 * POLL_SECONDS + 10) * 1000, { watchForRepeats: false });
	const emitted = runs.flatMap((run) => run.ids);
	checks.equal('each new flag was emitted exactly once', sorted(emitted), sorted(firstBatch.map((m) => m.id)));
	checks.ok('the executions succeeded', runs.length > 0 && runs.every((run) => run.status === 'success'), JSON.stringify(runs));
	const onWorkers = workers.flatMap((worker) => executionsRunBy(worker));
	checks.ok(
		'they ran on the workers',
		runs.length > 0 && runs.every((run) => onWorkers.filter((id) => id === run.id).length === 1),
		`executions ${runs.map((run) => run.id).join(', ')}; the workers ran ${onWorkers.join(', ')}`,
	);

	checks.section('After a restart of main');
	await main.stop();
	emulator.clearRequests();
	await main.start();
	const beforeRestart = [...known, ...runs.map((run) => run.id)];
	// The poll after the restart (the activation poll) is where a lost cursor would emit old flags;
	// the flags after it are new. The polls after them are watched again below.
	await waitForPoll(emulator);
	await sleep(2000);
	const afterStart = await emittedAfter(main, beforeRestart, 0, 0);
	checks.equal(
		'nothing old was emitted again (before the restart or by the poll after it)',
		afterStart.flatMap((run) => run.ids),
		[],
	);
	await flag(emulator, afterRestart);
	const later = await emittedAfter(
		main,
		[...beforeRestart, ...afterStart.map((run) => run.id)],
		afterRestart.length,
		(2 * POLL_SECONDS + 10) * 1000,
	);
	checks.equal('the new flags came, each once', sorted(later.flatMap((run) => run.ids)), sorted(afterRestart.map((m) => m.id)));
	await main.rest.deactivate(WATCH.id);
}

/**
 * The negative control: with the package only on main and the webhook processes, a worker cannot
 * run the workflow.
 * @param {{ bin: string, node: string, dir: string }} install @param {N8n} main @param {N8n[]} workers
 * @param {N8n[]} webhooks
 * @param {() => Promise<Record<string, string>>} workerEnv
 */
async function checkWorkerWithoutPackage(install, main, workers, webhooks, workerEnv) {
	checks.section('A worker without the package (negative control)');
	for (const worker of workers) await worker.stop();
	const bare = await N8n.create(install, { env: await workerEnv() });
	await bare.startWorker();
	await main.rest.activate(LOOKUP.id);
	const known = (await main.rest.listExecutions(LOOKUP.id)).map((/** @type {any} */ e) => String(e.id));
	/** @type {string} */
	const uid = facts.SEED.users[0].uid;
	const response = await callWhenRegistered(webhooks[0], uid);
	const [execution] = await main.rest.waitForNewExecutions(LOOKUP.id, { known, timeoutMs: 60_000 });
	checks.ok('the webhook call did not get the user', response.status !== 200 || !response.text.includes(uid), `status ${response.status}`);
	checks.ok('the execution failed', execution.status === 'error' || execution.status === 'crashed', `status ${execution.status}`);
	const said = `${execution.error ?? ''}\n${bare.log()}`;
	checks.ok(
		'with "Unrecognized node type" for the CometChat node',
		/Unrecognized node type:? "?n8n-nodes-cometchat\.cometChat/.test(said),
		`${execution.error}\n${bare.logTail(10)}`,
	);
	checks.ok('the worker without the package took it', executionsRunBy(bare).includes(String(execution.id)), bare.logTail(10));
	await main.rest.deactivate(LOOKUP.id);
}

runScript(main, checks, 'the test could set up queue mode');
