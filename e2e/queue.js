#!/usr/bin/env node
// @ts-check
/**
 * Queue mode (`npm run test:queue`): n8n scaled out as its docs describe, with this package
 * installed as a community package into each instance, against the local emulator.
 *
 *   Redis (Debian's redis-server) and PostgreSQL (Debian's postgresql; one SQLite file when no
 *   server is installed), each on a free port; n8n main (`n8n start`) and two workers
 *   (`n8n worker`), sharing the encryption key, Redis and the database, each with its own user
 *   folder, task-runner broker port and (workers) health-check port.
 *
 *   1. parallel webhook calls of Webhook → CometChat (User Get) run on the workers and answer the
 *      right user each
 *   2. the CometChat Trigger (polling every 15 s on main; every minute on n8n versions that refuse
 *      shorter intervals, as 2.41 does) emits each new flag exactly once, in
 *      executions that run on the workers
 *   3. after a restart of main nothing old is emitted, and new flags still come
 *   4. a worker without the package fails the execution with "Unrecognized node type"
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_N8N=latest (the newest tested n8n), E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const { startEmulator } = require('../emulator');
const { Checks, sorted } = require('./lib/checks');
const { EXAMPLE_CREDENTIAL, flavor, N8n, sleep } = require('./lib/n8n');
const { cleanup, freePort, onCleanup } = require('./lib/processes');
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
		{ id: 'a2000000-0000-4000-8000-000000000002', name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [220, 0], parameters: {} },
	],
};

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
	const queueEnv = {
		...database,
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		QUEUE_BULL_PREFIX: `e2e${process.pid}`,
		// Each worker logs "Worker started execution N": how the test sees where executions ran.
		N8N_LOG_LEVEL: 'info',
	};
	const workerEnv = async () => ({ ...queueEnv, QUEUE_HEALTH_CHECK_PORT: String(await freePort()), N8N_WORKER_SERVER_ADDRESS: '127.0.0.1' });

	progress(`n8n ${install.version} main and two workers, each with the package as a community package`);
	const main = await N8n.create(install, { env: queueEnv });
	const workers = [await N8n.create(install, { env: await workerEnv() }), await N8n.create(install, { env: await workerEnv() })];
	for (const n8n of [main, ...workers]) await n8n.installPackage();
	// The database is shared: the credential and the workflows are imported once, through main.
	await main.importCredentials([
		{ ...EXAMPLE_CREDENTIAL, data: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl } },
	]);
	await main.importWorkflows([LOOKUP, WATCH]);
	await main.start();
	await Promise.all(workers.map((worker) => worker.startWorker({ concurrency: 3 })));
	progress('ready');

	await checks.run('webhooks on the workers', () => checkWebhooks(main, workers, emulator));
	await checks.run('the trigger across workers', () => checkTrigger(main, workers, emulator));
	await checks.run('a worker without the package', () => checkWorkerWithoutPackage(install, main, workers, workerEnv));

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
 * @param {N8n} main @param {N8n[]} workers
 * @param {Emulator} emulator
 */
async function checkWebhooks(main, workers, emulator) {
	checks.section('Parallel webhook calls of Webhook → CometChat User Get');
	await main.rest.activate(LOOKUP.id);
	const known = await waitForWebhook(main);
	/** @type {string[]} */
	const uids = facts.SEED.users.slice(0, 12).map((/** @type {any} */ user) => user.uid);
	// Each lookup holds a worker slot for a while, so the two workers (3 slots each) share the calls.
	emulator.setLatency(300);
	const answers = await Promise.all(
		uids.map(async (uid) => {
			const response = await fetch(`${main.rest.url}/webhook/${WEBHOOK_PATH}?uid=${encodeURIComponent(uid)}`);
			return { uid, status: response.status, body: await response.json().catch(() => undefined) };
		}),
	);
	emulator.setLatency(0);
	checks.ok(
		`all ${uids.length} calls answered 200`,
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

/**
 * Waits until the trigger read the flagged messages (a poll) since the request log was cleared.
 * @param {Emulator} emulator
 */
async function waitForPoll(emulator) {
	const deadline = Date.now() + 30_000;
	const polled = () => emulator.requests.some((r) => r.method === 'GET' && r.path.startsWith('/v3/moderation/flagged-messages'));
	while (!polled()) {
		if (Date.now() > deadline) throw new Error('the trigger did not poll within 30 s of the activation');
		await sleep(250);
	}
}

/**
 * Calls the lookup's webhook for `uid` once main serves it (newer n8n registers it a moment after
 * the activation answered; until then it answers 404 and runs nothing).
 * @param {N8n} main @param {string} uid
 */
async function callWhenRegistered(main, uid) {
	const deadline = Date.now() + 30_000;
	for (;;) {
		const response = await fetch(`${main.rest.url}/webhook/${WEBHOOK_PATH}?uid=${encodeURIComponent(uid)}`, {
			signal: AbortSignal.timeout(60_000),
		});
		const text = await response.text();
		if (response.status !== 404) return { status: response.status, text };
		if (Date.now() > deadline) throw new Error('the webhook was not registered within 30 s of the activation');
		await sleep(500);
	}
}

/**
 * Waits until main serves the lookup's webhook, with one call; answers the ids of the executions so far.
 * @param {N8n} main
 */
async function waitForWebhook(main) {
	await callWhenRegistered(main, facts.SEED.users[0].uid);
	await main.rest.waitForNewExecutions(LOOKUP.id, { timeoutMs: 60_000 });
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
 * time is up), then one more poll period for anything emitted twice.
 * @param {N8n} main @param {string[]} known @param {number} want @param {number} timeoutMs
 */
async function emittedAfter(main, known, want, timeoutMs) {
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
	if (want > 0) {
		await sleep((POLL_SECONDS + 1) * 1000); // one more poll: a repeat would show up now
		await collect();
	}
	return runs;
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
	const runs = await emittedAfter(main, known, firstBatch.length, (2 * POLL_SECONDS + 10) * 1000);
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
	await main.start();
	const beforeRestart = [...known, ...runs.map((run) => run.id)];
	// At least one poll after the restart (the activation poll, then one every POLL_SECONDS).
	await sleep((POLL_SECONDS + 2) * 1000);
	const afterStart = await emittedAfter(main, beforeRestart, 0, 0);
	checks.equal('nothing old was emitted again', afterStart.flatMap((run) => run.ids), []);
	await flag(emulator, afterRestart);
	const later = await emittedAfter(main, [...beforeRestart, ...afterStart.map((run) => run.id)], afterRestart.length, (2 * POLL_SECONDS + 10) * 1000);
	checks.equal('the new flags came, each once', sorted(later.flatMap((run) => run.ids)), sorted(afterRestart.map((m) => m.id)));
	await main.rest.deactivate(WATCH.id);
}

/**
 * The negative control: with the package only on main, a worker cannot run the workflow.
 * @param {{ bin: string, node: string, dir: string }} install @param {N8n} main @param {N8n[]} workers
 * @param {() => Promise<Record<string, string>>} workerEnv
 */
async function checkWorkerWithoutPackage(install, main, workers, workerEnv) {
	checks.section('A worker without the package (negative control)');
	for (const worker of workers) await worker.stop();
	const bare = await N8n.create(install, { env: await workerEnv() });
	await bare.startWorker();
	await main.rest.activate(LOOKUP.id);
	const known = (await main.rest.listExecutions(LOOKUP.id)).map((/** @type {any} */ e) => String(e.id));
	/** @type {string} */
	const uid = facts.SEED.users[0].uid;
	const response = await callWhenRegistered(main, uid);
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
