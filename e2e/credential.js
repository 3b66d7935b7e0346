#!/usr/bin/env node
// @ts-check
/**
 * The CometChat API credential made with App ID and Region in a real n8n (`npm run test:credential`):
 * n8n started with the emulator's proxy of CometChat's hosts (`cometChatHostsEnv`), so a credential
 * with App ID `e2e-app` and Region `us` reaches the emulator at https://e2e-app.api-us.cometchat.io.
 *
 *   1. `n8n execute`: a workflow lists users with that credential, through CometChat's host
 *   2. n8n's credential test (the editor's POST /rest/credentials/test): it passes, and each wrong
 *      part fails with its own message: an unknown App ID, another region, a wrong key, a Custom
 *      Host that is not CometChat; a credential with a Base URL still passes; a Custom Host credential
 *      made as `npm run emulator` prints it (the emulator's chat and call hosts, no proxy) passes
 *   3. README.md's Troubleshooting section: each message it quotes for these cases is what n8n showed
 *      (read from the README's text, e2e/lib/troubleshooting.js): the credential test of a wrong
 *      key, an Auth Only key, an unknown App ID, another region and a Custom Host that is not
 *      CometChat, and `n8n execute` of workflows with an unknown App ID, another region and a host
 *      nothing answers
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_N8N=latest (the newest tested n8n), E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const http = require('node:http');

const { startEmulator } = require('../emulator');
const { Checks } = require('./lib/checks');
const { N8n, cometChatHostsEnv } = require('./lib/n8n');
const { cleanup, onCleanup } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');
const { E2E, checkQuotes, troubleshootingQuotes } = require('./lib/troubleshooting');

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */

const checks = new Checks();
const progress = progressLog();

const APP_ID = 'e2e-app';
const REGION = 'us';
const CREDENTIAL = { id: 'cometChatRegion01', name: 'CometChat (App ID and Region)', type: 'cometChatApi' };
const WORKFLOW_ID = 'credentialE2eUsers';

/**
 * Manual Trigger → CometChat User → Get Many (5), with the App ID and Region credential, or with
 * another (`usersWorkflow`).
 * @param {string} id @param {{ id: string, name: string }} credential
 */
const usersWorkflow = (id, credential) => ({
	id,
	name: `Credential e2e: users through ${credential.name}`,
	active: false,
	settings: { executionOrder: 'v1' },
	connections: { Start: { main: [[{ node: 'Users', type: 'main', index: 0 }]] } },
	nodes: [
		{
			id: 'c0000000-0000-4000-8000-000000000001',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'c0000000-0000-4000-8000-000000000002',
			name: 'Users',
			type: 'n8n-nodes-cometchat.cometChat',
			typeVersion: 1,
			position: [220, 0],
			parameters: { resource: 'user', operation: 'getAll', returnAll: false, limit: 5 },
			credentials: { [CREDENTIAL.type]: { id: credential.id, name: credential.name } },
		},
	],
});
const WORKFLOW = usersWorkflow(WORKFLOW_ID, CREDENTIAL);

/**
 * The workflows that fail, each with a credential of `testedCredentials` and the case the README
 * names it by (e2e/lib/troubleshooting.js).
 */
const FAILING = /** @type {const} */ ([
	['unknownApp', 'a workflow with an unknown App ID'],
	['otherRegion', 'a workflow with the app in another region'],
	['unreachable', 'a workflow whose host nothing answers'],
]);
const failingWorkflow = (/** @type {string} */ name) => usersWorkflow(`credentialE2eFails${name}`, { id: testedId(name), name });

/**
 * What n8n showed in each case the README's Troubleshooting section quotes a message for, by the
 * case's name: the credential test's message, or a failed run's message and description.
 * @type {Record<string, string>}
 */
const shown = {};

async function main() {
	const install = await buildAndInstallN8n(progress);

	progress('The emulator (app e2e-app in us, with the proxy of its CometChat hosts) and n8n');
	const emulator = await startEmulator({ seed: 'demo', appId: APP_ID, region: REGION, proxy: true, logRequests: true });
	onCleanup('the emulator', () => emulator.close());
	const n8n = await N8n.create(install, { env: cometChatHostsEnv(emulator) });
	await n8n.installPackage();
	const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
	await new Promise((resolve) => other.listen(0, '127.0.0.1', () => resolve(undefined)));
	onCleanup('the server that is not CometChat', () => new Promise((resolve) => other.close(() => resolve(undefined))));
	// A key of the app that may not use the REST API (CometChat's Auth Only scope).
	emulator.store.areas.apiKeys.add({ apiKey: AUTH_ONLY_KEY, name: 'Mobile app', scope: 'authOnly', createdAt: 1_700_000_000 });
	const tested = testedCredentials(emulator, /** @type {import('node:net').AddressInfo} */ (other.address()).port, await closedPort());
	await n8n.importCredentials([
		{ ...CREDENTIAL, data: tested.right },
		...Object.entries(tested).map(([name, data]) => ({ id: testedId(name), name, type: CREDENTIAL.type, data })),
	]);
	await n8n.importWorkflows([WORKFLOW, ...FAILING.map(([name]) => failingWorkflow(name))]);

	await checks.run('a workflow with the App ID and Region credential', () => checkWorkflow(n8n, emulator));
	await checks.run('workflows with a wrong App ID, Region or host', () => checkFailingWorkflows(n8n));

	await n8n.start();
	progress('n8n started');
	await checks.run("n8n's credential test", () => checkCredentialTest(n8n, tested));
	await checks.run("README.md's Troubleshooting messages", async () => checkReadmeMessages());

	progress('Stopping n8n and the emulator');
	await cleanup();
	console.log(`\nn8n ${install.version}, ${progress.seconds()} s in all`);
	return checks.summary();
}

/** @param {N8n} n8n @param {Emulator} emulator */
async function checkWorkflow(n8n, emulator) {
	checks.section('1. n8n execute: User → Get Many with App ID and Region');
	emulator.clearRequests();
	const run = await n8n.execute(WORKFLOW_ID);
	checks.equal('the run succeeded', { status: run.status, error: run.error }, { status: 'success', error: undefined });
	checks.equal('five users came back', run.items('Users').length, 5);
	const hosts = [...new Set(emulator.requests.map((request) => request.headers.host))];
	checks.equal("every request went to CometChat's chat host of the app", hosts, [`${APP_ID}.api-${REGION}.cometchat.io`]);
}

/** `n8n execute` of the workflows whose credential is wrong: each fails, and what n8n showed is kept for section 3. */
async function checkFailingWorkflows(/** @type {N8n} */ n8n) {
	checks.section('1b. n8n execute: an unknown App ID, the app in another region, a host nothing answers');
	for (const [name, failure] of FAILING) {
		const run = await n8n.execute(failingWorkflow(name).id);
		checks.ok(`${failure}: the run failed, naming the item`, run.status !== 'success' && /\[item 0\]/.test(run.error ?? ''), run.error);
		if (run.error) shown[failure] = run.error;
	}
}

/**
 * The credentials the test button is tried on, saved first as the editor does (it tests a saved
 * credential by its id: n8n 2.41 requires one). The Custom Host's port is set once it listens.
 * @param {Emulator} emulator @param {number} otherPort a server that is not CometChat
 * @param {number} deadPort a port nothing listens on
 * @returns {Record<string, Record<string, string>>}
 */
function testedCredentials(emulator, otherPort, deadPort) {
	const right = { apiKey: emulator.apiKey, appId: APP_ID, region: REGION };
	return {
		right,
		unknownApp: { ...right, appId: 'no-such-app' },
		otherRegion: { ...right, region: 'eu' },
		wrongKey: { ...right, apiKey: WRONG_KEY },
		authOnly: { ...right, apiKey: AUTH_ONLY_KEY },
		unreachable: { apiKey: emulator.apiKey, region: 'custom', chatHost: `http://127.0.0.1:${deadPort}` },
		notCometChat: { apiKey: emulator.apiKey, region: 'custom', chatHost: `http://127.0.0.1:${otherPort}` },
		baseUrl: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl },
		emulatorHosts: { apiKey: emulator.apiKey, region: 'custom', chatHost: emulator.baseUrl, callHost: emulator.callUrl },
	};
}

const WRONG_KEY = 'wrong-key-2f9a7c';
const AUTH_ONLY_KEY = 'auth-only-key-7d41e0';

/** A port nothing listens on: one the system gave a server, which then closed. */
async function closedPort() {
	const server = http.createServer();
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
	await new Promise((resolve) => server.close(() => resolve(undefined)));
	return port;
}
const testedId = (/** @type {string} */ name) => `credTest${name}`.slice(0, 16).padEnd(16, '0');

/**
 * The editor's Test button on a saved credential: POST /rest/credentials/test with its id and fields.
 * @param {N8n} n8n @param {string} name @param {Record<string, string>} data
 * @returns {Promise<{ status: string, message: string }>}
 */
async function testCredential(n8n, name, data) {
	return await n8n.rest.call('POST', '/credentials/test', { credentials: { id: testedId(name), name, type: CREDENTIAL.type, data } });
}

/** @param {N8n} n8n @param {Record<string, Record<string, string>>} tested */
async function checkCredentialTest(n8n, tested) {
	checks.section('2. the credential test names the wrong part');
	const result = async (/** @type {string} */ name) => await testCredential(n8n, name, tested[name]);
	checks.equal('the right App ID, Region and key pass', await result('right'), { status: 'OK', message: 'Connection successful!' });

	const unknownApp = /^CometChat does not know this App ID in this Region \(AUTH_ERR_INVALID_APPID\)/;
	const noApp = await result('unknownApp');
	checks.ok(
		'an unknown App ID: CometChat does not know it there',
		noApp.status === 'Error' && unknownApp.test(noApp.message),
		noApp.message,
	);
	const otherRegion = await result('otherRegion');
	checks.ok(
		'the app in another region: the same, naming both fields',
		otherRegion.status === 'Error' && unknownApp.test(otherRegion.message),
		otherRegion.message,
	);

	const badKey = await result('wrongKey');
	checks.ok(
		'a wrong key: CometChat rejects it, and the message does not repeat it',
		badKey.status === 'Error' &&
			/^CometChat rejected the API key \(AUTH_ERR_APIKEY_NOT_FOUND\)/.test(badKey.message) &&
			!badKey.message.includes(WRONG_KEY),
		badKey.message,
	);
	const authOnly = await result('authOnly');
	checks.ok(
		'an Auth Only key: it may not use the REST API, and the message does not repeat it',
		authOnly.status === 'Error' && !authOnly.message.includes(AUTH_ONLY_KEY),
		authOnly.message,
	);
	const notCometChat = await result('notCometChat');
	checks.ok(
		'a Custom Host that is not CometChat: no CometChat API answered there',
		notCometChat.status === 'Error' && /^No CometChat API answered at this host\./.test(notCometChat.message),
		notCometChat.message,
	);
	checks.equal('a credential with a Base URL still passes', await result('baseUrl'), { status: 'OK', message: 'Connection successful!' });
	checks.equal(
		"a Custom Host credential with the emulator's hosts, as `npm run emulator` prints it (README, Try it without an account), passes",
		await result('emulatorHosts'),
		{ status: 'OK', message: 'Connection successful!' },
	);
	Object.assign(shown, {
		'the credential test of an unknown App ID': noApp.message,
		'the credential test of the app in another region': otherRegion.message,
		'the credential test of a wrong key': badKey.message,
		'the credential test of an Auth Only key': authOnly.message,
		'the credential test of a Custom Host that is not CometChat': notCometChat.message,
	});
}

/**
 * Each message README.md's Troubleshooting section quotes for the cases above (read from its text:
 * e2e/lib/troubleshooting.js) stands in what n8n showed in them.
 */
function checkReadmeMessages() {
	checks.section("3. README.md's Troubleshooting section: each message it quotes for these cases is what n8n showed");
	const quoted = checkQuotes(troubleshootingQuotes(), E2E, shown);
	checks.ok('it quotes messages for these cases', quoted.length > 0);
	for (const check of quoted)
		checks.ok(
			`${check.quote.kind === 'code' ? `\`${check.quote.text}\`` : `*${check.quote.text}*`}: ${check.case}`,
			check.ok,
			check.shown === undefined ? 'the case was not made' : `n8n showed: ${check.shown}`,
		);
}

runScript(main, checks, 'the test could set up the emulator and n8n');
