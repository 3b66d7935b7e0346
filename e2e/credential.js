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
 *      Host that is not CometChat; a credential with a Base URL still passes
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

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */

const checks = new Checks();
const progress = progressLog();

const APP_ID = 'e2e-app';
const REGION = 'us';
const CREDENTIAL = { id: 'cometChatRegion01', name: 'CometChat (App ID and Region)', type: 'cometChatApi' };
const WORKFLOW_ID = 'credentialE2eUsers';

/** Manual Trigger → CometChat User → Get Many (5), with the App ID and Region credential. */
const WORKFLOW = {
	id: WORKFLOW_ID,
	name: 'Credential e2e: users through App ID and Region',
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
			credentials: { [CREDENTIAL.type]: { id: CREDENTIAL.id, name: CREDENTIAL.name } },
		},
	],
};

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
	const tested = testedCredentials(emulator, /** @type {import('node:net').AddressInfo} */ (other.address()).port);
	await n8n.importCredentials([
		{ ...CREDENTIAL, data: tested.right },
		...Object.entries(tested).map(([name, data]) => ({ id: testedId(name), name, type: CREDENTIAL.type, data })),
	]);
	await n8n.importWorkflows([WORKFLOW]);

	await checks.run('a workflow with the App ID and Region credential', () => checkWorkflow(n8n, emulator));

	await n8n.start();
	progress('n8n started');
	await checks.run("n8n's credential test", () => checkCredentialTest(n8n, tested));

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

/**
 * The credentials the test button is tried on, saved first as the editor does (it tests a saved
 * credential by its id: n8n 2.41 requires one). The Custom Host's port is set once it listens.
 * @param {Emulator} emulator @param {number} otherPort a server that is not CometChat
 * @returns {Record<string, Record<string, string>>}
 */
function testedCredentials(emulator, otherPort) {
	const right = { apiKey: emulator.apiKey, appId: APP_ID, region: REGION };
	return {
		right,
		unknownApp: { ...right, appId: 'no-such-app' },
		otherRegion: { ...right, region: 'eu' },
		wrongKey: { ...right, apiKey: WRONG_KEY },
		notCometChat: { apiKey: emulator.apiKey, region: 'custom', chatHost: `http://127.0.0.1:${otherPort}` },
		baseUrl: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl },
	};
}

const WRONG_KEY = 'wrong-key-2f9a7c';
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
	const notCometChat = await result('notCometChat');
	checks.ok(
		'a Custom Host that is not CometChat: no CometChat API answered there',
		notCometChat.status === 'Error' && /^No CometChat API answered at this host\./.test(notCometChat.message),
		notCometChat.message,
	);
	checks.equal('a credential with a Base URL still passes', await result('baseUrl'), { status: 'OK', message: 'Connection successful!' });
}

runScript(main, checks, 'the test could set up the emulator and n8n');
