#!/usr/bin/env node
// @ts-check
/**
 * End-to-end test (`npm run test:poll-budget`): the CometChat Trigger in real n8n emits every flagged
 * message exactly once while a large backlog is read and the list churns under its walks.
 *
 * After the activation poll, 3,000 flagged messages arrive at once; then, for 120 s, a new flag
 * every 2 s and the review of a pending one every 3 s (the newest, which moves every record below
 * it up one place, or a random one), while n8n polls every 15 s (four poll times, at seconds 0, 15,
 * 30 and 45) and the emulator answers each request after 500 ms. Counted: every flag never
 * reviewed must come out once (lost: never emitted; twice: more than once).
 *
 * In n8n 2.41.1 (E2E_N8N=latest) the polls run through the durable scheduler with a 10 s poll
 * timeout (a 5 s budget: a walk reads about 900 records and stops, the next polls go on), with
 * n8n's durable poll cursors on (the default) or off (E2E_POLL_CURSORS=off: static data saved
 * only by polls that emit). In n8n 2.8.4 there is no budget: each walk reads to its end (the
 * backlog's takes about 18 s, so polls are 30 s apart there).
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_POLL_CURSORS=off, E2E_CHURN_S (seconds of churn, 120 by default), E2E_SKIP_BUILD=1 (dist/
 * is fresh), KEEP_N8N_FOLDER=1 (keep n8n's user folder and log).
 */
const fs = require('node:fs');

const { startEmulator } = require('../emulator');
const { Checks } = require('./lib/checks');
const { N8N_VERSION } = require('./lib/install');
const { N8n } = require('./lib/n8n');
const { cleanup, onCleanup } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');

const BACKLOG = 3000;
const LATENCY_MS = 500;
const POLL_TIMEOUT_S = 10;
/** Seconds of arrivals and reviews after the backlog (E2E_CHURN_S: CI runs 60). */
const CHURN_S = Number(process.env.E2E_CHURN_S ?? 120);
const ARRIVAL_EVERY_MS = 2000;
const REVIEW_EVERY_MS = 3000;
/** After the churn, how long the polls get to emit the rest. */
const SETTLE_S = 150;
const WORKFLOW_ID = 'ccPollBudget0001';
const TRIGGER = 'New flagged message';
const T0 = 1_790_000_000;

const hasBudget = /^2\.(3[89]|[4-9]\d)\./.test(N8N_VERSION);
const cursors = process.env.E2E_POLL_CURSORS === 'off' ? 'off' : 'on';
/** The seconds of each minute n8n polls at: 15 s apart with a budget, 30 s apart without one. */
const POLL_SECONDS = hasBudget ? [0, 15, 30, 45] : [0, 30];

const checks = new Checks();
const progress = progressLog();

async function main() {
	const install = await buildAndInstallN8n(progress);

	progress(`Starting the emulator: ${LATENCY_MS} ms a request`);
	const emulator = await startEmulator({ latencyMs: LATENCY_MS });
	onCleanup('the emulator', () => emulator.close());
	emulator.store.setClock(T0);
	for (const uid of ['alice', 'bob']) emulator.store.addUser({ uid, name: uid });
	emulator.store.addFlaggedMessages(3, { sender: 'alice', receiver: 'bob' });

	const setup = hasBudget ? `the durable scheduler, a ${POLL_TIMEOUT_S} s poll timeout, durable poll cursors ${cursors}` : 'no poll budget';
	progress(`A fresh n8n ${N8N_VERSION}: ${setup}`);
	const n8n = await N8n.create(install, { env: hasBudget ? schedulerEnv() : {} });
	await n8n.prepare(emulator, []);
	await n8n.importWorkflows([pollingWorkflow()]);
	await n8n.start();

	await checks.run('poll budget', async () => {
		checks.section(`n8n ${N8N_VERSION} (${setup}): ${BACKLOG} flagged messages at once, then ${CHURN_S} s of arrivals and reviews`);
		await n8n.rest.activate(WORKFLOW_ID);
		const status = await n8n.rest.publicationStatus(WORKFLOW_ID);
		checks.ok('the workflow is active', !status || status.status === 'published', JSON.stringify(status));
		await baselinePolls(emulator);

		const executions = collectExecutions(n8n);
		const flags = churn(emulator);
		await flags.backlogAndChurn(progress);
		progress(`Churn over (${flags.arrivals} arrivals, ${flags.reviewed.size} reviews); waiting for the rest`);
		const deadline = Date.now() + SETTLE_S * 1000;
		while (Date.now() < deadline && flags.neverReviewed().some((key) => !executions.counts.has(key))) {
			await executions.collect(60_000);
		}
		// Two more poll times: a poll that repeats what it emitted would show now.
		await executions.collect(35_000, { untilQuiet: true });
		await n8n.rest.deactivate(WORKFLOW_ID);

		const lost = flags.neverReviewed().filter((key) => !executions.counts.has(key));
		const twice = [...executions.counts].filter(([, count]) => count > 1).map(([key]) => key);
		const unknown = [...executions.counts.keys()].filter((key) => !flags.listed.has(key));
		checks.equal(`every flag never reviewed was emitted (${flags.neverReviewed().length})`, lost, []);
		checks.equal('none twice', twice, []);
		checks.equal('nothing emitted that was not flagged', unknown, []);
		checks.ok(
			`over several executions (${executions.sizes.length}: ${executions.sizes.join(', ')} items)`,
			executions.sizes.length > 1,
			String(executions.sizes),
		);
		if (hasBudget) {
			const log = fs.readFileSync(n8n.logFile, 'utf8');
			const abandoned = log.split('\n').filter((line) => line.includes('Poll exceeded'));
			checks.equal('n8n abandoned no poll for its timeout', abandoned, []);
		}
		console.log(
			`    figures: ${JSON.stringify({ backlog: BACKLOG, arrivals: flags.arrivals, reviewed: flags.reviewed.size, emitted: executions.counts.size, executions: executions.sizes.length, lost: lost.length, twice: twice.length, requests: emulator.requests.filter((r) => r.path === FLAGGED).length })}`,
		);
	});

	progress('Stopping n8n and the emulator');
	await cleanup();
	console.log(`\nn8n ${N8N_VERSION}, ${progress.seconds()} s in all`);
	return checks.summary();
}

const FLAGGED = '/v3/moderation/flagged-messages';

/** n8n 2.41's durable scheduler for polls, with or without its durable poll cursors. */
function schedulerEnv() {
	return {
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TIMEOUT: String(POLL_TIMEOUT_S),
		// Durable cursors need the publication service too (n8n logs a warning and leaves them off otherwise).
		N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
		N8N_POLLER_DURABLE_CURSORS_ENABLED: cursors === 'on' ? 'true' : 'false',
	};
}

function pollingWorkflow() {
	return {
		id: WORKFLOW_ID,
		name: 'CometChat: poll budget',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		nodes: [
			{
				id: '7d3c1a52-2b0e-4f3a-9d61-0c5e8b7a0001',
				name: TRIGGER,
				type: 'n8n-nodes-cometchat.cometChatTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					// n8n refuses a poll time under a minute (a cron whose seconds are not one number):
					// several poll times a minute poll more often.
					pollTimes: { item: POLL_SECONDS.map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) },
					events: ['flaggedMessage'],
					options: {},
				},
				credentials: { cometChatApi: { id: 'cometChatCred001', name: 'CometChat account' } },
			},
		],
	};
}

/**
 * Waits for the activation poll (n8n runs it at once), which notes where the list stands, and for
 * the first poll after it: with n8n 2.41's durable cursors the activation poll's state is not kept
 * (n8n commits no cursor for it), and that poll notes it again (docs/cometchat-api.md, The polling
 * trigger's budget).
 */
async function baselinePolls(/** @type {any} */ emulator) {
	const polls = () => emulator.requests.filter((/** @type {any} */ request) => request.path === FLAGGED).length;
	const started = Date.now();
	while (polls() < 1) {
		if (Date.now() - started > 60_000) throw new Error('the trigger did not poll on activation');
		await sleep(250);
	}
	const first = polls();
	while (polls() <= first) {
		if (Date.now() - started > 120_000) throw new Error('the trigger did not poll after its activation poll');
		await sleep(250);
	}
	await sleep(3000);
}

/** The backlog, then arrivals and reviews; what was flagged and what was reviewed. */
function churn(/** @type {any} */ emulator) {
	let second = T0 + 10;
	/** Keys (`id@flaggedAt`) as the trigger emits them. */
	const pendingKeys = () =>
		/** @type {Array<{messageId: string, latest: number}>} */ (emulator.store.pageFlagged('pending', 1, 1_000_000)).map(
			(record) => `${record.messageId}@${record.latest}`,
		);
	/** @type {Set<string>} */
	const listed = new Set();
	/** @type {Set<string>} */
	const reviewed = new Set();
	let arrivals = 0;
	let reviews = 0;
	const flag = (/** @type {number} */ count) => {
		emulator.store.setClock((second += 1));
		emulator.store.addFlaggedMessages(count, { sender: 'alice', receiver: 'bob' });
		for (const key of pendingKeys().slice(0, count)) listed.add(key);
	};
	const review = () => {
		const pending = pendingKeys();
		// Every other review takes the newest pending flag: all below it move up one place.
		const key = ++reviews % 2 === 0 ? pending[0] : pending[Math.floor(Math.random() * pending.length)];
		if (!key) return;
		emulator.store.reviewFlag(key.split('@')[0], 'approved');
		reviewed.add(key);
	};
	return {
		listed,
		reviewed,
		get arrivals() {
			return arrivals;
		},
		neverReviewed: () => [...listed].filter((key) => !reviewed.has(key)),
		async backlogAndChurn(/** @type {(line: string) => void} */ log) {
			emulator.store.setClock((second += BACKLOG));
			emulator.store.addFlaggedMessages(BACKLOG, { sender: 'alice', receiver: 'bob' });
			// The newest: the three flagged before activation are older.
			for (const key of pendingKeys().slice(0, BACKLOG)) listed.add(key);
			log(`${BACKLOG} new flagged messages; ${CHURN_S} s of arrivals and reviews`);
			const started = Date.now();
			let nextArrival = started + ARRIVAL_EVERY_MS;
			let nextReview = started + REVIEW_EVERY_MS;
			while (Date.now() - started < CHURN_S * 1000) {
				await sleep(Math.max(0, Math.min(nextArrival, nextReview) - Date.now()));
				if (Date.now() >= nextArrival) {
					flag(1);
					arrivals++;
					nextArrival += ARRIVAL_EVERY_MS;
				}
				if (Date.now() >= nextReview) {
					review();
					nextReview += REVIEW_EVERY_MS;
				}
			}
		},
	};
}

/** The workflow's executions as they end: how often each key was emitted, and each one's size. */
function collectExecutions(/** @type {any} */ n8n) {
	/** @type {Map<string, number>} */
	const counts = new Map();
	/** @type {string[]} */
	const known = [];
	/** @type {number[]} */
	const sizes = [];
	return {
		counts,
		sizes,
		/** Takes the executions that end within `timeoutMs` (all of them, with untilQuiet, until none comes). */
		async collect(/** @type {number} */ timeoutMs, { untilQuiet = false } = {}) {
			for (;;) {
				let runs;
				try {
					runs = await n8n.rest.waitForNewExecutions(WORKFLOW_ID, { known, timeoutMs });
				} catch {
					return;
				}
				for (const run of runs) {
					known.push(run.id);
					const items = run.items(TRIGGER);
					sizes.push(items.length);
					for (const item of items) {
						const key = `${item.id}@${item.flaggedAt}`;
						counts.set(key, (counts.get(key) ?? 0) + 1);
					}
				}
				if (!untilQuiet) return;
			}
		},
	};
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

runScript(main, checks, 'the test could set up n8n and the emulator');
