#!/usr/bin/env node
// @ts-check
/**
 * End-to-end test (`npm run test:poll-budget`, n8n 2.41.1): the CometChat Trigger keeps to the poll
 * budget real n8n gives (`getPollBudgetMs`). n8n runs its polls through the durable scheduler with
 * a 10 s poll timeout (N8N_SCHEDULER_ENABLED, N8N_SCHEDULER_POLL_TRIGGERS_ENABLED,
 * N8N_SCHEDULER_POLL_TIMEOUT=10: a budget of 5 s); the emulator answers each request after 1 s
 * and, after the activation poll, 1,000 new flagged messages arrive, which take 11 s to read in one
 * walk. Polling every minute, the trigger must emit them over several executions,
 * each from a poll that ended within n8n's timeout (n8n logs none abandoned), every message once.
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_SKIP_BUILD=1 (dist/ is fresh), KEEP_N8N_FOLDER=1 (keep n8n's user folder and log).
 */
const fs = require('node:fs');

const { startEmulator } = require('../emulator');
const { Checks } = require('./lib/checks');
const { N8N_VERSION } = require('./lib/install');
const { N8n } = require('./lib/n8n');
const { cleanup, onCleanup } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');

const BACKLOG = 1000;
const LATENCY_MS = 1000;
const POLL_TIMEOUT_S = 10;
const WORKFLOW_ID = 'ccPollBudget0001';
const TRIGGER = 'New flagged message';

const checks = new Checks();
const progress = progressLog();

async function main() {
	if (!/^2\.(3[89]|[4-9]\d)\./.test(N8N_VERSION)) throw new Error(`n8n ${N8N_VERSION} gives no poll budget: run with E2E_N8N=latest`);
	const install = await buildAndInstallN8n(progress);

	progress(`Starting the emulator: ${BACKLOG} flagged messages, ${LATENCY_MS} ms a request`);
	const emulator = await startEmulator({ latencyMs: LATENCY_MS });
	onCleanup('the emulator', () => emulator.close());
	emulator.store.setClock(1_790_000_000);
	for (const uid of ['alice', 'bob']) emulator.store.addUser({ uid, name: uid });
	emulator.store.addFlaggedMessages(3, { sender: 'alice', receiver: 'bob' });

	progress(`A fresh n8n with the durable scheduler and a ${POLL_TIMEOUT_S} s poll timeout`);
	const n8n = await N8n.create(install, {
		env: {
			N8N_SCHEDULER_ENABLED: 'true',
			N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
			N8N_SCHEDULER_POLL_TIMEOUT: String(POLL_TIMEOUT_S),
		},
	});
	await n8n.prepare(emulator, []);
	/** @type {any} */
	const workflow = {
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
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					events: ['flaggedMessage'],
					options: {},
				},
				credentials: { cometChatApi: { id: 'cometChatCred001', name: 'CometChat account' } },
			},
		],
	};
	await n8n.importWorkflows([workflow]);
	await n8n.start();

	await checks.run('poll budget', async () => {
		checks.section(`n8n ${N8N_VERSION}: ${BACKLOG} flagged messages, a ${POLL_TIMEOUT_S} s poll timeout`);
		await n8n.rest.activate(WORKFLOW_ID);
		const status = await n8n.rest.publicationStatus(WORKFLOW_ID);
		checks.ok('the workflow is active', !status || status.status === 'published', JSON.stringify(status));
		// The activation poll (n8n runs it at once, outside the scheduler) notes where the list stands.
		const polled = Date.now();
		while (!emulator.requests.some((request) => request.path === '/v3/moderation/flagged-messages')) {
			if (Date.now() - polled > 60_000) throw new Error('the trigger did not poll on activation');
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
		await new Promise((resolve) => setTimeout(resolve, 3000));
		// Then the backlog arrives at once: the scheduler's polls read it, each within its budget.
		emulator.store.setClock(1_790_000_000 + 2 * BACKLOG);
		emulator.store.addFlaggedMessages(BACKLOG, { sender: 'alice', receiver: 'bob' });
		progress(`${BACKLOG} new flagged messages; waiting for the executions that emit them`);
		/** @type {Map<string, number>} */
		const counts = new Map();
		/** @type {string[]} */
		const known = [];
		const sizes = [];
		const started = Date.now();
		while (counts.size < BACKLOG && Date.now() - started < 330_000) {
			const runs = await n8n.rest.waitForNewExecutions(WORKFLOW_ID, { known, timeoutMs: 100_000 });
			for (const run of runs) {
				known.push(run.id);
				const items = run.items(TRIGGER);
				sizes.push(items.length);
				for (const item of items) counts.set(String(item.id), (counts.get(String(item.id)) ?? 0) + 1);
			}
		}
		await n8n.rest.deactivate(WORKFLOW_ID);
		const log = fs.readFileSync(n8n.logFile, 'utf8');
		checks.equal('every flagged message was emitted', counts.size, BACKLOG);
		checks.equal('none twice', [...counts.values()].filter((count) => count > 1).length, 0);
		checks.ok(`over several executions (${sizes.join(', ')} items)`, sizes.length > 1 && Math.max(...sizes) < BACKLOG, String(sizes));
		checks.ok(
			'n8n abandoned no poll for its timeout',
			!log.includes('Poll exceeded its timeout'),
			log
				.split('\n')
				.filter((l) => l.includes('Poll exceeded'))
				.join('\n'),
		);
	});

	progress('Stopping n8n and the emulator');
	await cleanup();
	console.log(`\nn8n ${N8N_VERSION}, ${progress.seconds()} s in all`);
	return checks.summary();
}

runScript(main, checks, 'the test could set up n8n and the emulator');
