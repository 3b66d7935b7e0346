#!/usr/bin/env node
// @ts-check
/**
 * Screenshot test (`npm run test:screenshot`, in n8n 2.41.1 with E2E_N8N=latest): n8n's editor in
 * headless Chromium (Debian's chromium, driven by playwright-core). n8n loads each node of the
 * package once (no CUSTOM.* copy). In the node panel, each node has one entry, and searches for
 * "bot", "moderation", "flag" and "chat" find the right nodes (their codex aliases), for the first
 * step and for the next (a PNG of the panel searched for "CometChat", editor-node-panel.png, beside
 * the other). The everyday actions: a search for each finds the CometChat Everyday node, and each
 * shows on its first screen of actions (1440 × 900, nothing scrolled), where the CometChat node's
 * list buries them. It adds the node to a new workflow, opens its Resource dropdown, checks the dropdown
 * lists every resource of the node, and saves a PNG. Then it opens credentials made with App ID and
 * Region (n8n reaches CometChat's hosts through the emulator's proxy): the right one passes its
 * test; a wrong key, an unknown App ID and another region each show the message naming the wrong
 * part, not n8n's generic one. Last, the AI approval tool: n8n derives a "human in the loop" tool
 * from every node with a `sendAndWait` operation and webhooks, and so from the CometChat node; the
 * derived type is loaded, and the node panel opened from an AI Agent's Tool input lists it when
 * searched for "CometChat" (a PNG, editor-approval-tool.png, beside the others).
 *
 * Env: SCREENSHOT_PATH (default: a scratch folder; docs/ with SCREENSHOT_UPDATE_DOCS=1), CHROMIUM_PATH (default: the
 * first of chromium, chromium-browser, google-chrome in /usr/bin), E2E_SKIP_BUILD=1 (dist/ is fresh).
 * Without chromium, it installs Debian's package with apt-get when run as root, else says how.
 * The browser reaches nothing but the local n8n: every other request is aborted.
 */
const fs = require('node:fs');
const path = require('node:path');

const { startEmulator } = require('../emulator');
const { Checks } = require('./lib/checks');
const { N8N_VERSION, REPO_DIR } = require('./lib/install');
const { EXAMPLE_CREDENTIAL, N8n, cometChatHostsEnv } = require('./lib/n8n');
const { cleanup, onCleanup, runCommand } = require('./lib/processes');
const { buildAndInstallN8n, runScript, screenshotPath } = require('./lib/script');

const OUTPUT = screenshotPath('editor-resource-dropdown.png');
/** The node panel searched for "CometChat", beside the first PNG. */
const PANEL_OUTPUT = screenshotPath('editor-node-panel.png', 'editor-resource-dropdown.png');
/** The AI Agent's tool panel searched for "CometChat", beside the first PNG. */
const APPROVAL_TOOL_OUTPUT = screenshotPath('editor-approval-tool.png', 'editor-resource-dropdown.png');
const BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
/** The node creator's action that adds the node; its resource then shows in the Resource field. */
const ACTION = 'Get many flagged messages';
/** The app the emulator plays, in its region: reached by App ID and Region through its proxy. */
const APP_ID = 'e2e-app';
const REGION = 'us';
/** A key the emulator refuses (credentials are made after the node part: the editor picks the newest). */
const WRONG_KEY = 'not-the-key';
/** What the credential test says (credentials/CometChatApi.credentials.ts). */
const WRONG_KEY_MESSAGE = 'CometChat rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND)';
const UNKNOWN_APP_MESSAGE = 'CometChat does not know this App ID in this Region (AUTH_ERR_INVALID_APPID)';

/** The node panel's entries of the package: the polling trigger is listed inside the node's entry. */
const PANEL_ENTRIES = ['CometChat', 'CometChat Everyday', 'CometChat Bot Trigger', 'CometChat Webhook Trigger'];

/** The tool n8n derives from the CometChat node's Send and Wait for Response. */
const HITL_TYPE = 'n8n-nodes-cometchat.cometChatHitlTool';
/** A workflow with an AI Agent, whose Tool input opens the tool panel. */
const AGENT = {
	name: 'Approval tool',
	settings: { executionOrder: 'v1' },
	connections: { 'When clicking': { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] } },
	nodes: [
		{
			id: 'd1000000-0000-4000-8000-000000000001',
			name: 'When clicking',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
		{
			id: 'd1000000-0000-4000-8000-000000000002',
			name: 'AI Agent',
			type: '@n8n/n8n-nodes-langchain.agent',
			typeVersion: 3,
			position: [260, 0],
			parameters: { promptType: 'define', text: 'Refund order 4711 if a person approves', options: {} },
		},
	],
};

/**
 * The everyday actions (nodes/CometChat/actions/everyday.ts), each with what a user types in the
 * panel's search to reach them: n8n's search finds nodes by name and alias, not actions, so each
 * term must find the CometChat Everyday node, whose first screen of actions shows them all.
 * @type {Array<{ action: string, term: string }>}
 */
const EVERYDAY = [
	{ action: 'Send a message', term: 'send a message' },
	{ action: 'Send message and wait for response', term: 'send message' },
	{ action: 'Get many messages', term: 'get messages' },
	{ action: 'Get many users', term: 'get users' },
	{ action: 'Create a user', term: 'create user' },
	{ action: 'Update a user', term: 'update user' },
	{ action: 'Add members to a group', term: 'add members' },
	{ action: 'Ban a user from a group', term: 'ban member' },
	{ action: 'Get many flagged messages', term: 'flagged messages' },
];

/**
 * The entries each search must find, for the first step and for the next (n8n lists trigger nodes
 * in both, and its search is fuzzy, so a search may find more of the package's entries): "bot"
 * finds the node by its Bot resource as well as the Bot Trigger.
 * @type {Array<{ term: string, finds: string[] }>}
 */
const SEARCHES = [
	{ term: 'CometChat', finds: PANEL_ENTRIES },
	{ term: 'bot', finds: ['CometChat', 'CometChat Bot Trigger'] },
	{ term: 'moderation', finds: ['CometChat', 'CometChat Webhook Trigger'] },
	{ term: 'flag', finds: ['CometChat'] },
	{ term: 'chat', finds: PANEL_ENTRIES },
];

const checks = new Checks();

/** @param {string} message */
function step(message) {
	console.log(`▶ ${message}`);
}

async function findChromium() {
	const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : BROWSERS;
	const found = candidates.find((file) => fs.existsSync(file));
	if (found) return found;
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	if (!process.env.CHROMIUM_PATH && isRoot && fs.existsSync('/usr/bin/apt-get')) {
		step("Installing Debian's chromium (apt-get, ~30 s)…");
		await runCommand('apt-get update', 'apt-get', ['update'], { timeoutMs: 300_000 });
		await runCommand('apt-get install chromium', 'apt-get', ['install', '-y', 'chromium'], {
			timeoutMs: 600_000,
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
		if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
	}
	throw new Error(
		'No Chromium found. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`), ' +
			'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
	);
}

/** The Resource dropdown's entries, from the built node itself. */
function resourceNames() {
	const { CometChat } = require(path.join(REPO_DIR, 'dist', 'nodes', 'CometChat', 'CometChat.node.js'));
	const resource = new CometChat().description.properties.find((/** @type {any} */ p) => p.name === 'resource');
	return resource.options.map((/** @type {any} */ option) => option.name);
}

async function main() {
	const executablePath = await findChromium();
	const { chromium } = require('playwright-core');

	const install = await buildAndInstallN8n(step);

	step('Starting the emulator and n8n with the package and a credential…');
	const emulator = await startEmulator({ seed: 'demo', appId: APP_ID, region: REGION, proxy: true, logRequests: false });
	onCleanup('the emulator', () => emulator.close());
	const n8n = await N8n.create(install, { env: cometChatHostsEnv(emulator) });
	await n8n.prepare(emulator, []);
	await n8n.start();

	checks.section('n8n, the node types it loaded');
	const types = await (await fetch(`${n8n.rest.url}/types/nodes.json`, { headers: { cookie: n8n.rest.cookie ?? '' } })).json();
	const names = types.map((/** @type {any} */ type) => `${type.name}@${type.version}`);
	const ours = names.filter((/** @type {string} */ name) => /cometchat/i.test(name));
	checks.ok(
		'no node type from a custom folder (CUSTOM.*)',
		!names.some((/** @type {string} */ name) => name.startsWith('CUSTOM.')),
		ours.join(', '),
	);
	checks.ok('each node type of the package once', ours.length > 0 && new Set(ours).size === ours.length, ours.join(', '));

	step(`Opening the editor in ${executablePath} (headless)…`);
	const browser = await chromium.launch({
		executablePath,
		headless: true,
		args: [
			'--headless',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--disable-dev-shm-usage',
		],
	});
	onCleanup('chromium', () => browser.close());
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
	// The session cookie is bound to the browser id the REST login sent; the editor sends localStorage's.
	const cookie = /** @type {string} */ (n8n.rest.cookie);
	const [cookieName, ...cookieValue] = cookie.split('=');
	await context.addCookies([{ name: cookieName, value: cookieValue.join('='), url: n8n.url }]);
	const browserId = n8n.rest.browserId;
	await context.addInitScript((id) => localStorage.setItem('n8n-browserId', id), browserId);
	/** @type {string[]} */
	const blocked = [];
	await context.route(
		(url) => !url.href.startsWith(n8n.url),
		(route) => {
			blocked.push(route.request().url());
			return route.abort();
		},
	);

	const page = await context.newPage();
	const testId = (/** @type {string} */ id) => `[data-test-id="${id}"]`;
	await page.goto(`${n8n.url}/workflow/new`);
	await page.waitForSelector(testId('canvas-add-button'), { timeout: 60_000 });

	const search = page.locator(testId('node-creator-search-bar'));
	const itemNames = page.locator(testId('node-creator-item-name'));
	/**
	 * Searches the node panel, waits until the expected entries show, and checks each is there, and
	 * that every entry of the package shows once and is one of its nodes.
	 * @param {string} view
	 * @param {string} term
	 * @param {string[]} expected
	 */
	const searchPanel = async (view, term, expected) => {
		await search.fill(term);
		for (const name of expected) {
			await itemNames
				.filter({ hasText: new RegExp(`^\\s*${name}\\s*$`) })
				.first()
				.waitFor({ timeout: 10_000 })
				.catch(() => {});
		}
		const listed = (await itemNames.allTextContents()).map((text) => text.trim());
		const ours = listed.filter((name) => /cometchat/i.test(name));
		checks.ok(
			`${view}: "${term}" finds ${expected.join(', ')}; each entry once`,
			expected.every((name) => ours.includes(name)) &&
				new Set(ours).size === ours.length &&
				ours.every((name) => PANEL_ENTRIES.includes(name)),
			`listed: ${JSON.stringify(ours)}`,
		);
	};

	// A workflow starts with a trigger; the node creator then offers action nodes.
	await page.click(testId('canvas-add-button'));
	checks.section('n8n editor, node panel, first step');
	for (const { term, finds } of SEARCHES) await searchPanel('first step', term, finds);
	await searchPanel('first step', 'CometChat', PANEL_ENTRIES);
	fs.mkdirSync(path.dirname(PANEL_OUTPUT), { recursive: true });
	await page.screenshot({ path: PANEL_OUTPUT });
	checks.ok(`saved ${path.relative(process.cwd(), PANEL_OUTPUT) || PANEL_OUTPUT}`, fs.statSync(PANEL_OUTPUT).size > 20_000);
	await search.fill('Manual Trigger');
	await page.locator(testId('node-creator-item-name'), { hasText: /^Manual Trigger$/ }).click();
	await page.waitForSelector(testId('canvas-trigger-node'));

	await page.click(testId('node-creator-plus-button'));
	checks.section('n8n editor, node panel, next step');
	for (const { term, finds } of SEARCHES) await searchPanel('next step', term, finds);

	checks.section('n8n editor, the everyday actions on the first screen (1440 × 900)');
	for (const { term } of EVERYDAY) await searchPanel('next step', term, ['CometChat Everyday']);
	await page
		.locator(testId('node-creator-item-name'), { hasText: /^CometChat Everyday$/ })
		.first()
		.click();
	await page.locator(testId('node-creator-item-name'), { hasText: /^Update a user$/ }).waitFor({ timeout: 10_000 });
	const rows = await actionRows(page);
	for (const { action } of EVERYDAY) {
		const row = rows.find((candidate) => candidate.name === action);
		checks.ok(
			`CometChat Everyday: "${action}" shows on the first screen, nothing scrolled`,
			row !== undefined && row.bottom <= row.screenBottom && row.scrolled === 0,
			JSON.stringify(row ?? rows.map((candidate) => candidate.name)),
		);
	}
	checks.equal('… and the node offers those actions only', rows.map((row) => row.name).sort(), EVERYDAY.map(({ action }) => action).sort());
	await page.keyboard.press('Escape');
	await page.click(testId('node-creator-plus-button'));
	await search.fill('CometChat');
	await page
		.locator(testId('node-creator-item-name'), { hasText: /^CometChat$/ })
		.first()
		.click();
	// The same measure on the CometChat node, whose 219 actions bury the everyday ones: it must tell.
	await page.locator(testId('node-creator-item-name'), { hasText: /^Update a user$/ }).waitFor({ timeout: 10_000 });
	const allRows = await actionRows(page);
	const buried = EVERYDAY.filter(({ action }) => {
		const row = allRows.find((candidate) => candidate.name === action);
		return row === undefined || row.bottom > row.screenBottom;
	});
	const rowOf = (/** @type {string} */ action) => allRows.findIndex((row) => row.name === action) + 1;
	checks.ok(
		`the measure tells: in the CometChat node (${allRows.length} actions), ${buried.length} of the ${EVERYDAY.length} are below its first screen`,
		allRows.length > 100 && buried.length > 0,
		EVERYDAY.map(({ action }) => `${action}: row ${rowOf(action)}`).join('; '),
	);
	console.log(`  (in the CometChat node: ${EVERYDAY.map(({ action }) => `${action} row ${rowOf(action)}`).join(', ')})`);
	await page.locator(testId('node-creator-item-name'), { hasText: new RegExp(`^${ACTION}$`, 'i') }).click();
	await page.waitForSelector(testId('ndv'));
	const resourceField = testId('parameter-input-resource');
	await page.waitForSelector(resourceField);
	checks.section('n8n editor, CometChat node');
	const inputs = await page
		.locator(`${testId('ndv')} input`)
		.evaluateAll((els) => els.map((el) => /** @type {HTMLInputElement} */ (el).value));
	checks.ok(
		'the node opened with the credential "CometChat account" selected',
		inputs.includes('CometChat account'),
		JSON.stringify(inputs),
	);

	await page.click(`${resourceField} input`);
	const options = page.locator('.el-select-dropdown__item:visible .option-headline');
	await options.first().waitFor({ timeout: 10_000 });
	await page.waitForTimeout(400); // the dropdown's opening animation
	const shown = (await options.allTextContents()).map((text) => text.trim());
	// n8n adds "Custom API Call" to nodes with a credential (an HTTP Request with that credential).
	checks.equal(
		'the Resource dropdown lists every resource of the node',
		shown.filter((name) => name !== 'Custom API Call'),
		resourceNames(),
	);

	fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
	await page.screenshot({ path: OUTPUT });
	const size = fs.statSync(OUTPUT).size;
	checks.ok(`saved ${path.relative(process.cwd(), OUTPUT) || OUTPUT} (${Math.round(size / 1024)} KB)`, size > 20_000);

	checks.section('n8n editor, credential test: App ID and Region');
	// Saved as the editor saves one; opening a saved credential tests it. n8n reaches
	// https://<APP_ID>.api-<REGION>.cometchat.io through the emulator's proxy of CometChat's hosts.
	const right = { apiKey: emulator.apiKey, appId: APP_ID, region: REGION };
	await openCredential(page, n8n, 'CometChat App ID and Region', right, null);
	await openCredential(page, n8n, 'CometChat wrong key', { ...right, apiKey: WRONG_KEY }, WRONG_KEY_MESSAGE);
	await openCredential(page, n8n, 'CometChat unknown app', { ...right, appId: 'no-such-app' }, UNKNOWN_APP_MESSAGE);
	await openCredential(page, n8n, 'CometChat other region', { ...right, region: 'eu' }, UNKNOWN_APP_MESSAGE);

	await checkApprovalTool(context, n8n, types);

	if (blocked.length > 0) console.log(`  (${blocked.length} requests of the editor to other hosts were aborted)`);
	await cleanup();
	return checks.summary();
}

/**
 * The approval tool n8n derives from the CometChat node: a loaded node type, and listed in the node
 * panel opened from an AI Agent's Tool input, searched for "CometChat" (saved as a PNG).
 * @param {import('playwright-core').BrowserContext} context
 * @param {N8n} n8n
 * @param {any[]} types n8n's /types/nodes.json
 */
async function checkApprovalTool(context, n8n, types) {
	checks.section(`n8n ${N8N_VERSION} loads the derived approval tool`);
	const hitl = types.find((type) => type.name === HITL_TYPE);
	checks.ok(
		`${HITL_TYPE} is a loaded node type`,
		Boolean(hitl),
		`types named *cometChat*: ${types
			.filter((type) => /cometChat/i.test(type.name))
			.map((type) => type.name)
			.join(', ')}`,
	);
	checks.equal(
		'… a "Human in the Loop" tool that sends Message → Send and Wait for Response',
		[
			hitl?.codex?.subcategories?.Tools,
			hitl?.properties?.find((/** @type {any} */ p) => p.name === 'resource')?.default,
			hitl?.properties?.find((/** @type {any} */ p) => p.name === 'operation')?.default,
		],
		[['Human in the Loop'], 'message', 'sendAndWait'],
	);

	checks.section("n8n editor: the AI Agent's Tool input");
	// Saved as the editor saves a new workflow: an `n8n import:workflow` would boot n8n once more.
	const agent = await n8n.rest.call('POST', '/workflows', AGENT);
	const page = await context.newPage();
	const testId = (/** @type {string} */ id) => `[data-test-id="${id}"]`;
	await page.goto(`${n8n.url}/workflow/${agent.id}`);
	await page.waitForSelector(testId('canvas-node'), { timeout: 60_000 });
	const toolPlus = page.locator(`[data-handleid="inputs/ai_tool/0"] ${testId('canvas-handle-plus')}, [data-handleid="inputs/ai_tool/0"]`);
	await toolPlus.first().click({ timeout: 15_000 });
	const search = page.locator(testId('node-creator-search-bar'));
	await search.waitFor({ timeout: 15_000 });
	await search.fill('CometChat');
	const items = page.locator(testId('node-creator-item-name'));
	await items
		.filter({ hasText: /CometChat/ })
		.first()
		.waitFor({ timeout: 15_000 })
		.catch(() => {});
	await page.waitForTimeout(600); // the panel's list settling after the search
	const listed = (await items.allTextContents()).map((text) => text.trim());
	const panelText = await page
		.locator(testId('node-creator'))
		.innerText()
		.catch(() => '');
	checks.ok(
		'the tool panel lists a CometChat tool',
		listed.some((name) => /CometChat/.test(name)),
		`listed: ${JSON.stringify(listed)}`,
	);
	checks.ok(
		'… under "Human in the Loop" / "Request human approval for tools"',
		/Human in the Loop|Request human approval/i.test(panelText),
		panelText.slice(0, 600),
	);
	fs.mkdirSync(path.dirname(APPROVAL_TOOL_OUTPUT), { recursive: true });
	await page.screenshot({ path: APPROVAL_TOOL_OUTPUT });
	const size = fs.statSync(APPROVAL_TOOL_OUTPUT).size;
	checks.ok(
		`saved ${path.relative(process.cwd(), APPROVAL_TOOL_OUTPUT) || APPROVAL_TOOL_OUTPUT} (${Math.round(size / 1024)} KB)`,
		size > 20_000,
	);
	console.log(`  listed: ${JSON.stringify(listed)}`);
}

/**
 * The node panel's action rows as the user sees them: each row's name, its bottom edge, the bottom
 * of the screen (the window, or the panel when it ends first), and how far the list is scrolled.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<Array<{ name: string, bottom: number, screenBottom: number, scrolled: number }>>}
 */
async function actionRows(page) {
	// The rows of the node's categories (n8n 2.41 keeps the search's list in the page while it slides away).
	const rows = page.locator('[class*="_categorizedItemsRenderer_"] [data-test-id="node-creator-item-name"]');
	return await rows.evaluateAll((elements) =>
		elements.map((element) => {
			const panel = element.closest('[data-test-id="node-creator"]');
			const panelBottom = panel ? panel.getBoundingClientRect().bottom : window.innerHeight;
			let scrolled = 0;
			for (let parent = element.parentElement; parent && parent !== panel; parent = parent.parentElement) scrolled += parent.scrollTop;
			return {
				name: (element.textContent ?? '').trim(),
				bottom: Math.round(element.getBoundingClientRect().bottom),
				screenBottom: Math.round(Math.min(window.innerHeight, panelBottom)),
				scrolled,
			};
		}),
	);
}

/**
 * Saves a credential of the CometChat API as the editor does, opens it in the editor (which tests
 * it) and checks what the editor shows: success, or the test's own message (never n8n's generic
 * one, never the key).
 * @param {import('playwright-core').Page} page
 * @param {N8n} n8n
 * @param {string} name
 * @param {{ apiKey: string, appId: string, region: string }} data
 * @param {string | null} expected the message of a failed test; null: the test passes
 */
async function openCredential(page, n8n, name, data, expected) {
	const created = await n8n.rest.call('POST', '/credentials', { name, type: EXAMPLE_CREDENTIAL.type, data });
	await page.goto(`${n8n.url}/home/credentials/${created.id}`);
	const outcome = page.getByText(/Connection tested successfully|Couldn.t connect with these settings/);
	const shown = await outcome
		.first()
		.waitFor({ timeout: 30_000 })
		.then(
			() => outcome.first().innerText(),
			() => '',
		);
	if (expected === null) {
		checks.ok(
			`"${name}" (App ID ${data.appId}, Region ${data.region}): the editor says the test passed`,
			/successfully/.test(shown),
			shown,
		);
		return;
	}
	checks.ok(`"${name}": the editor says the test failed`, /connect with these settings/.test(shown), shown);
	const details = page.getByText(/More details/i);
	if (await details.count()) await details.first().click();
	const messageShown = await page
		.getByText(expected, { exact: false })
		.first()
		.waitFor({ timeout: 10_000 })
		.then(
			() => true,
			() => false,
		);
	const modalText = (await page.locator('.el-dialog:visible, [role="dialog"]:visible').allInnerTexts()).join('\n');
	checks.ok(`… with the message naming the wrong part: "${expected}…"`, messageShown, modalText.slice(0, 800));
	checks.ok(
		'… not n8n\'s generic "Authorization failed", and never the key',
		!/Authorization failed/i.test(modalText) && !modalText.includes(data.apiKey),
		modalText.slice(0, 800),
	);
}

runScript(main, checks, 'the screenshot test ran to its end');
