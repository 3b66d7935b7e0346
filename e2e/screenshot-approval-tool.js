#!/usr/bin/env node
// @ts-check
/**
 * The AI approval tool (`npm run test:screenshot:approval-tool`): n8n derives a "human in the loop"
 * tool from every node with a `sendAndWait` operation and webhooks, and so from the CometChat node.
 * This checks the derived type is loaded (n8n's /types/nodes.json), then opens a workflow with an
 * AI Agent in n8n's editor (headless Chromium, playwright-core), opens the node panel from the
 * agent's Tool input, searches "CometChat", checks the CometChat approval tool is listed there,
 * and saves a PNG (in a scratch folder; SCREENSHOT_PATH to name it, SCREENSHOT_UPDATE_DOCS=1 for docs/).
 *
 * Env: SCREENSHOT_PATH, CHROMIUM_PATH (default /usr/bin/chromium), E2E_SKIP_BUILD=1.
 * The browser reaches nothing but the local n8n: every other request is aborted.
 */
const fs = require('node:fs');
const path = require('node:path');

const { startEmulator } = require('../emulator');
const { Checks } = require('./lib/checks');
const { N8n } = require('./lib/n8n');
const { cleanup, onCleanup } = require('./lib/processes');
const { buildAndInstallN8n, runScript, screenshotPath } = require('./lib/script');

const OUTPUT = screenshotPath('editor-approval-tool.png');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HITL_TYPE = 'n8n-nodes-cometchat.cometChatHitlTool';

const AGENT = {
	id: 'approvalToolShot1',
	name: 'Approval tool',
	active: false,
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

const checks = new Checks();
/** @param {string} message */
function step(message) {
	console.log(`▶ ${message}`);
}

async function main() {
	if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
	const { chromium } = require('playwright-core');
	const install = await buildAndInstallN8n(step);
	const emulator = await startEmulator({ seed: 'demo' });
	onCleanup('the emulator', () => emulator.close());
	const n8n = await N8n.create(install);
	await n8n.prepare(emulator, []);
	await n8n.importWorkflows([AGENT]);
	await n8n.start();

	checks.section('n8n 2.8.4 loads the derived approval tool');
	const typesResponse = await fetch(`${n8n.rest.url}/types/nodes.json`, {
		headers: { cookie: String(n8n.rest.cookie), 'browser-id': n8n.rest.browserId },
	});
	const typesText = await typesResponse.text();
	/** @type {any[]} */
	let types = [];
	try {
		const parsed = JSON.parse(typesText);
		types = Array.isArray(parsed) ? parsed : Object.values(parsed);
	} catch {
		throw new Error(`/types/nodes.json answered ${typesResponse.status}: ${typesText.slice(0, 300)}`);
	}
	const hitl = types.find((type) => type.name === HITL_TYPE);
	checks.ok(
		`${HITL_TYPE} is a loaded node type`,
		Boolean(hitl),
		`types named *cometChat*: ${types
			.filter((t) => /cometChat/i.test(t.name))
			.map((t) => t.name)
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

	step(`Opening the editor in ${CHROMIUM} (headless)…`);
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		headless: true,
		args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
	});
	onCleanup('chromium', () => browser.close());
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
	const [cookieName, ...cookieValue] = /** @type {string} */ (n8n.rest.cookie).split('=');
	await context.addCookies([{ name: cookieName, value: cookieValue.join('='), url: n8n.url }]);
	await context.addInitScript((id) => localStorage.setItem('n8n-browserId', id), n8n.rest.browserId);
	await context.route(
		(url) => !url.href.startsWith(n8n.url),
		(route) => route.abort(),
	);

	const page = await context.newPage();
	const testId = (/** @type {string} */ id) => `[data-test-id="${id}"]`;
	await page.goto(`${n8n.url}/workflow/${AGENT.id}`);
	await page.waitForSelector(testId('canvas-node'), { timeout: 60_000 });
	checks.section("n8n editor: the AI Agent's Tool input");
	const toolPlus = page.locator(`[data-handleid="inputs/ai_tool/0"] ${testId('canvas-handle-plus')}, [data-handleid="inputs/ai_tool/0"]`);
	await toolPlus.first().click({ timeout: 15_000 });
	const search = page.locator(testId('node-creator-search-bar'));
	await search.waitFor({ timeout: 15_000 });
	await search.fill('CometChat');
	const items = page.locator(testId('node-creator-item-name'));
	await items
		.first()
		.waitFor({ timeout: 15_000 })
		.catch(() => {});
	await page.waitForTimeout(600);
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
	fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
	await page.screenshot({ path: OUTPUT });
	const size = fs.statSync(OUTPUT).size;
	checks.ok(`saved ${path.relative(process.cwd(), OUTPUT) || OUTPUT} (${Math.round(size / 1024)} KB)`, size > 20_000);
	console.log(`  listed: ${JSON.stringify(listed)}`);

	await cleanup();
	return checks.summary();
}

runScript(main, checks, 'the approval-tool screenshot ran to its end');
