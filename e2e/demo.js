#!/usr/bin/env node
// @ts-check
/**
 * `npm run demo`: builds the package, starts the emulator with its demo data, runs the scheduled
 * moderation report example in a real n8n, and prints the report. Stops everything it started at
 * the end, on failure and on Ctrl-C.
 */
const { startEmulator } = require('../emulator');
const { ensureN8n, installNotice, isInstalled, N8N_VERSION, REPO_DIR } = require('./lib/install');
const { N8n } = require('./lib/n8n');
const { cleanup, isCleaningUp, onCleanup, runCommand } = require('./lib/processes');
const { readExample } = require('./lib/seed-facts');

const EXAMPLE = 'moderation-report.json';

/** @param {string} message */
function step(message) {
	console.log(`▶ ${message}`);
}

async function main() {
	step('Building the package (npm run build)…');
	await runCommand('npm run build', 'npm', ['run', 'build'], { cwd: REPO_DIR, timeoutMs: 300_000 });

	if (isInstalled()) {
		step(`n8n ${N8N_VERSION} is installed (cached outside the repo)`);
	} else {
		step(installNotice());
	}
	const install = await ensureN8n({ log: (line) => console.log(line) });
	if (install.installedNow) console.log(`  installed in ${Math.round(install.seconds)} s`);

	step('Starting the CometChat emulator with its demo data…');
	const emulator = await startEmulator({ seed: 'demo', seedDatedToNow: true, logRequests: true });
	onCleanup('the emulator', () => emulator.close());
	const state = (await (await fetch(`${emulator.baseUrl}/__emulator`)).json()).data;
	console.log(
		`  ${emulator.baseUrl}: ${state.users} users, ${state.messages} messages, ${state.flaggedMessages} flagged and ${state.blockedMessages} blocked`,
	);

	step('Preparing n8n: the package as a community node, a credential for the emulator, the report workflow…');
	const n8n = await N8n.create(install);
	await n8n.prepare(emulator, [EXAMPLE]);

	step(`Starting n8n ${N8N_VERSION} (headless, on 127.0.0.1:${n8n.port})…`);
	await n8n.start();

	step('A few users chat now, so the last hour has messages…');
	for (const [sender, receiver, text] of CHAT_NOW) await sendMessage(emulator, sender, receiver, text);
	console.log(`  ${CHAT_NOW.length} messages sent`);

	const workflow = readExample(EXAMPLE);
	const trigger = workflow.nodes.find((/** @type {any} */ node) => node.type === 'n8n-nodes-base.scheduleTrigger').name;
	step(`Running "${workflow.name}" from its trigger "${trigger}"…`);
	emulator.clearRequests();
	const run = await n8n.rest.runFromTrigger(workflow.id, trigger);
	if (run.status !== 'success') throw new Error(`the workflow failed: ${run.error ?? run.status}`);
	const requests = emulator.requests.map((/** @type {any} */ r) => {
		const query = new URLSearchParams(/** @type {any} */ (r.query)).toString();
		return `${r.method} ${r.path}${query === '' ? '' : `?${query}`}`;
	});
	console.log(`  n8n ran ${Object.keys(run.nodes).join(' → ')}`);
	console.log(`  and asked the emulator: ${requests.join(', ')}`);

	printReport(run.items('Build the report')[0]);

	step('Stopping n8n and the emulator…');
	await cleanup();
	console.log("  done. `npm run dev:n8n` opens the same setup in n8n's editor.");
}

/** Messages sent just before the report: the newest message of the seed, dated to now, is hours old. */
const CHAT_NOW = [
	['daniel-kim', 'elena-rossi', 'Is the new release out?'],
	['elena-rossi', 'daniel-kim', 'Yes, since this morning'],
	['grace-liu', 'daniel-kim', 'Thanks for the help yesterday'],
];

/**
 * Sends a message as a user, through the emulator's API (not through our nodes).
 * @param {{ baseUrl: string, apiKey: string }} emulator @param {string} sender @param {string} receiver @param {string} text
 */
async function sendMessage(emulator, sender, receiver, text) {
	const response = await fetch(`${emulator.baseUrl}/v3/messages`, {
		method: 'POST',
		headers: { apikey: emulator.apiKey, 'content-type': 'application/json', onBehalfOf: sender },
		body: JSON.stringify({ receiver, receiverType: 'user', category: 'message', type: 'text', data: { text } }),
	});
	if (!response.ok) throw new Error(`sending a message as ${sender} answered ${response.status}`);
}

/** @param {any} report the item of the "Build the report" node */
function printReport(report) {
	if (!report) throw new Error('the workflow produced no report item');
	const rule = '─'.repeat(60);
	/** @param {Record<string, number>} counts */
	const table = (counts) => {
		const width = Math.max(...Object.keys(counts).map((name) => name.length), 8);
		const entries = Object.entries(counts);
		if (entries.length === 0) return ['    none'];
		return entries.map(([name, n]) => `    ${name.padEnd(width)}  ${String(n).padStart(3)}  ${'█'.repeat(n)}`);
	};
	const lines = [
		'',
		rule,
		`  Moderation report (computed by n8n ${N8N_VERSION} against the emulator)`,
		rule,
		`  Flagged messages awaiting review: ${report.flaggedMessages} (${report.flags} flags)`,
		`  Blocked messages:                 ${report.blockedMessages}`,
		'',
		'  Flagged, by reason of the latest flag',
		...table(report.flaggedByReason),
		'',
		'  Blocked, by rule',
		...table(report.blockedByRule),
		'',
		'  Worst offenders          total  flagged  blocked',
		...report.worstOffenders.map(
			(/** @type {any} */ o) =>
				`    ${o.sender.padEnd(20)} ${String(o.total).padStart(5)}  ${String(o.flagged).padStart(7)}  ${String(o.blocked).padStart(7)}`,
		),
		'',
		`  App usage, last 24 hours:         ${report.usage?.active_users ?? 0} active users, at most ${report.usage?.concurrent_users ?? 0} at once`,
		`  Messages sent in the last hour:   ${report.lastHour?.messagesSent ?? 0}`,
		rule,
		'  The same item carries this as `text`, ready for a mail or Slack node.',
		'',
	];
	console.log(lines.join('\n'));
}

main()
	.then(() => process.exit(0))
	.catch(async (error) => {
		if (isCleaningUp()) return; // Ctrl-C: the signal handler stops everything and exits
		console.error(`\n✗ The demo failed: ${error instanceof Error ? error.message : error}`);
		await cleanup();
		process.exit(1);
	});
