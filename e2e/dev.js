#!/usr/bin/env node
// @ts-check
/**
 * `npm run dev:n8n`: the emulator with its demo data, and n8n's editor on http://localhost:5678 with
 * this package (as a community package), a credential for the emulator and the three examples,
 * and an owner account, so a person can click through. Ctrl-C stops everything.
 *
 * Env: N8N_PORT (5678), EMULATOR_PORT (8787; the call host uses the next port).
 * After changing the nodes: Ctrl-C, and run it again (it rebuilds).
 */
const fs = require('node:fs');
const path = require('node:path');

const { startEmulator } = require('../emulator');
const { ensureN8n, installNotice, isInstalled, N8N_VERSION, REPO_DIR } = require('./lib/install');
const { N8n } = require('./lib/n8n');
const { cleanup, isCleaningUp, onCleanup, runCommand } = require('./lib/processes');
const { readExample } = require('./lib/seed-facts');

const N8N_PORT = Number(process.env.N8N_PORT || 5678);
const EMULATOR_PORT = Number(process.env.EMULATOR_PORT || 8787);

/** @param {string} message */
function step(message) {
	console.log(`▶ ${message}`);
}

/** @param {number} port @param {string} what */
async function assertPortFree(port, what) {
	const free = await new Promise((resolve) => {
		const server = require('node:net').createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
	if (!free) throw new Error(`port ${port} is in use; stop what uses it, or set ${what}`);
}

async function main() {
	await assertPortFree(N8N_PORT, 'N8N_PORT=<another port>');
	await assertPortFree(EMULATOR_PORT, 'EMULATOR_PORT=<another port>');
	await assertPortFree(EMULATOR_PORT + 1, 'EMULATOR_PORT=<another port>');

	step('Building the package (npm run build)…');
	await runCommand('npm run build', 'npm', ['run', 'build'], { cwd: REPO_DIR, timeoutMs: 300_000 });
	if (!isInstalled()) step(installNotice());
	const install = await ensureN8n({ log: (line) => console.log(line) });

	step('Starting the CometChat emulator with its demo data…');
	const emulator = await startEmulator({
		seed: 'demo',
		seedDatedToNow: true,
		port: EMULATOR_PORT,
		callPort: EMULATOR_PORT + 1,
		logRequests: true,
		requestLogLimit: 10_000,
	});
	onCleanup('the emulator', () => emulator.close());

	const examples = fs
		.readdirSync(path.join(REPO_DIR, 'examples'))
		.filter((file) => file.endsWith('.json'))
		.sort();
	step(`Preparing n8n: the package, a credential "CometChat account" for the emulator, ${examples.length} example workflows…`);
	const n8n = await N8n.create(install, { port: N8N_PORT });
	await n8n.prepare(emulator, examples);

	step(`Starting n8n ${N8N_VERSION}…`);
	await n8n.start();

	const names = examples.map((file) => readExample(file).name);
	console.log(`
  n8n's editor:  ${n8n.url}
  log in with:   ${n8n.owner.email}  /  ${n8n.owner.password}
  workflows:     ${names.join('\n                 ')}
                 (the triage workflow is inactive: activate it to triage the waiting flagged messages)
  emulator:      ${emulator.baseUrl}  (API key ${emulator.apiKey}); its requests are listed below
  n8n's log:     ${n8n.logFile}

  Ctrl-C stops n8n and the emulator. After changing the nodes, stop and run this again.
`);
	showRequests(emulator);
	if (n8n.server) {
		const { code } = await n8n.server.exited;
		if (isCleaningUp()) return await cleanup(); // Ctrl-C: the signal handler stops the rest and exits
		throw new Error(`n8n stopped (exit code ${code}):\n${n8n.logTail()}`);
	}
}

/** Prints each request the emulator answers, as its own CLI does. */
function showRequests(/** @type {Awaited<ReturnType<typeof startEmulator>>} */ emulator) {
	let shown = 0;
	setInterval(() => {
		const requests = emulator.requests;
		if (requests.length < shown) shown = 0;
		for (const r of requests.slice(shown)) console.log(`  emulator: ${r.method} ${r.path} → ${r.status ?? '(dropped)'}`);
		shown = requests.length;
	}, 250).unref();
}

main().catch(async (error) => {
	if (isCleaningUp()) return; // Ctrl-C: the signal handler stops everything and exits
	console.error(`\n✗ ${error instanceof Error ? error.message : error}`);
	await cleanup();
	process.exit(1);
});
