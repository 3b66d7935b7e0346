#!/usr/bin/env node
// @ts-check
/**
 * CometChat's published example answers in the real n8n CLI (`npm run test:published-examples`;
 * E2E_N8N=latest for the newest tested n8n): a stand-in of CometChat on 127.0.0.1 answers every GET
 * of each list operation's path with the operation's published example, as it is
 * (test/data/published-list-examples.json). One workflow, a Manual Trigger and one CometChat node
 * per list operation (Return All), runs with `n8n execute`:
 *
 *   1. the run succeeds, and every node outputs the example's records
 *   2. the examples whose records disagree with their own `meta` (Blocked Message, Group Member with
 *      scopes admin and moderator, Reviewed Message, Notification Log → Get Many, and the others)
 *      are read after at most one retry round, and say so in an execution hint; the others send one
 *      request and add no hint
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_N8N=latest, E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const { DISAGREEING, OPERATIONS, pathPattern, PUBLISHED, startPublishedStandIn } = require('../test/data/published-examples');
const { Checks } = require('./lib/checks');
const { EXAMPLE_CREDENTIAL, N8n } = require('./lib/n8n');
const { cleanup, onCleanup } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');

const checks = new Checks();
const progress = progressLog();

const WORKFLOW_ID = 'publishedExample';
const CREDENTIALS = { [EXAMPLE_CREDENTIAL.type]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };

/** Manual Trigger → one CometChat node per published list operation, named by its operationId. */
function workflow() {
	const nodes = PUBLISHED.map((example, index) => ({
		id: `e5000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
		name: example.operationId,
		type: 'n8n-nodes-cometchat.cometChat',
		typeVersion: 1,
		position: [300, index * 120],
		credentials: CREDENTIALS,
		parameters: { ...OPERATIONS[example.operationId], returnAll: true },
	}));
	return {
		id: WORKFLOW_ID,
		name: 'Published examples',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: { Start: { main: [nodes.map((node) => ({ node: node.name, type: 'main', index: 0 }))] } },
		nodes: [
			{
				id: 'e5000000-0000-4000-8000-000000000000',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			...nodes,
		],
	};
}

async function main() {
	const install = await buildAndInstallN8n(progress);
	progress("The stand-in: CometChat's published example answers, as they are");
	const standIn = await startPublishedStandIn();
	onCleanup('the stand-in', () => standIn.close());

	progress(`n8n ${install.version}: the package, the credential and one workflow of ${PUBLISHED.length} list operations`);
	const n8n = await N8n.create(install);
	await n8n.installPackage();
	await n8n.importCredentials([
		{ ...EXAMPLE_CREDENTIAL, data: { apiKey: 'published-examples-key', baseUrl: standIn.url, callUrl: standIn.url } },
	]);
	await n8n.importWorkflows([workflow()]);

	progress('n8n execute');
	const run = await n8n.execute(WORKFLOW_ID);
	checks.section(`${PUBLISHED.length} list operations, each fed its published example`);
	checks.equal('the run succeeded', [run.status, run.error], ['success', undefined]);
	checks.equal(
		"each node output the example's records",
		PUBLISHED.map((example) => [example.operationId, run.items(example.operationId).length]),
		PUBLISHED.map((example) => [example.operationId, example.answer.data.length]),
	);
	const requestsOf = (/** @type {import('../test/data/published-examples').PublishedExample} */ example) =>
		standIn.requests.filter((request) => pathPattern(example.path).test(request.split(' ')[1].split('?')[0])).length;
	const disagreeing = PUBLISHED.filter((example) => DISAGREEING.includes(example.operationId));
	const agreeing = PUBLISHED.filter((example) => !DISAGREEING.includes(example.operationId));
	checks.ok(
		`the ${disagreeing.length} examples whose records disagree with their meta: at most one retry round each (3 requests at most), and a hint`,
		disagreeing.every(
			(example) =>
				requestsOf(example) <= 3 &&
				(run.hints[example.operationId] ?? []).length === 1 &&
				/the same on a retry/.test(run.hints[example.operationId][0].message),
		),
		JSON.stringify(disagreeing.map((example) => [example.operationId, requestsOf(example), run.hints[example.operationId]])),
	);
	checks.ok(
		`the other ${agreeing.length}: one request each, no hint`,
		agreeing.every((example) => requestsOf(example) === 1 && (run.hints[example.operationId] ?? []).length === 0),
		JSON.stringify(agreeing.map((example) => [example.operationId, requestsOf(example), run.hints[example.operationId]])),
	);
	for (const name of [
		'chat-api-list-moderation-blocked-messages',
		'list-group-members',
		'chat-api-list-reviewed-messages',
		'notifications-logs',
	]) {
		console.log(`    ${name}: ${run.items(name).length} records, hint: ${run.hints[name]?.[0]?.message ?? 'none'}`);
	}
	await cleanup();
	console.log(`\nn8n ${install.version}, ${progress.seconds()} s in all`);
	return checks.summary();
}

runScript(main, checks, 'the test could set up n8n and the stand-in');
