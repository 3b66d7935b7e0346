/**
 * `npm run bench:n8n`: the real n8n CLI (the pinned n8n of e2e/n8n, installed once outside the repo)
 * with this package installed as a community package, against the emulator in its own process
 * (20 ms latency, 100,000 users). Two workflows, each a Manual Trigger and one list:
 *
 * - ours: CometChat → User → Get Many, Return All;
 * - n8n's HTTP Request node (typeVersion 4.2) with its built-in pagination ("Update a Parameter in
 *   Each Request": page = {{ $pageCount + 1 }}, perPage = 1000), then a Split Out of `data` so that
 *   both workflows end with the same 100,000 user records.
 *
 * They run in one `n8n start` from the REST API, as the editor's button does, in interleaved rounds
 * (the order rotates per round). Each node's `executionTime` is read from the execution's run data;
 * the ratios are paired medians. Writes its own section of BENCHMARKS.md.
 *
 *   npm run bench:n8n                 # 7 rounds, 100,000 users
 *   npm run bench:n8n -- --quick      # 3 rounds, 10,000 users (writes nothing)
 *   npm run bench:n8n -- --rounds 5 --no-write
 */
import { join } from 'path';

import { fmt, loadAverage, median, pairedRatios, parseArgs, ratioCell, rotation, startBenchEmulator, writeSection, countCell } from './common';
import type { BenchEmulator } from './common';

/**
 * The e2e's n8n helpers (plain JavaScript with `@ts-check` for their own tsconfig): loaded at run
 * time, typed here by what this script uses, so this tsconfig does not check them under its settings.
 */
interface N8nRest {
	call(method: string, route: string, body?: unknown): Promise<any>;
	getWorkflow(id: string): Promise<unknown>;
	flatted(): { parse(text: string): unknown };
}
interface N8nInstance {
	rest: N8nRest;
	prepare(emulator: { baseUrl: string; callUrl: string; apiKey: string }, examples: string[]): Promise<void>;
	importWorkflows(workflows: Array<{ id: string }>): Promise<void>;
	start(): Promise<void>;
}
interface N8nInstall {
	bin: string;
	node: string;
	dir: string;
}
const e2eLib = join(__dirname, '..', 'e2e', 'lib');
const loadLib = (name: string): unknown => require(join(e2eLib, name));
const { N8n, N8N_VERSION } = loadLib('n8n.js') as {
	N8n: { create(install: N8nInstall): Promise<N8nInstance> };
	N8N_VERSION: string;
};
const { cleanup } = loadLib('processes.js') as { cleanup(): Promise<void> };
/** Builds the package (unless E2E_SKIP_BUILD=1) and installs n8n if it is not yet, as the end-to-end tests do. */
const { buildAndInstallN8n } = loadLib('script.js') as {
	buildAndInstallN8n(progress: (message: string) => void): Promise<N8nInstall>;
};

const args = parseArgs(process.argv.slice(2), { rounds: 7, quickRounds: 3 });
const { quick, rounds, latencyMs } = args;
const USERS = quick ? 10_000 : 100_000;
const PER_PAGE = 1000;
const log = (line: string) => console.log(line);

const CREDENTIAL = { id: 'cometChatCred001', name: 'CometChat account' };
const TRIGGER = 'Manual Trigger';
const OURS = 'CometChat';
const HTTP = 'HTTP Request';
const SPLIT = 'Split Out';

function workflow(id: string, name: string, nodes: Array<Record<string, unknown> & { name: string }>) {
	const all: Array<Record<string, unknown> & { name: string }> = [
		{ id: `${id}-trigger`, name: TRIGGER, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...nodes.map((node, index) => ({ id: `${id}-${index}`, position: [220 * (index + 1), 0], ...node })),
	];
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < all.length; i++) {
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	}
	return { id, name, active: false, nodes: all, connections, settings: { executionOrder: 'v1' }, pinData: {} };
}

function workflows(emulator: BenchEmulator) {
	const ours = workflow('benchOurs0000001', 'Bench: CometChat Return All', [
		{
			name: OURS,
			type: 'n8n-nodes-cometchat.cometChat',
			typeVersion: 1,
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
			credentials: { cometChatApi: CREDENTIAL },
		},
	]);
	const http = workflow('benchHttpReq0001', 'Bench: HTTP Request pagination', [
		{
			name: HTTP,
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				method: 'GET',
				url: `${emulator.baseUrl}/v3/users`,
				sendQuery: true,
				queryParameters: { parameters: [{ name: 'perPage', value: String(PER_PAGE) }] },
				sendHeaders: true,
				headerParameters: { parameters: [{ name: 'apikey', value: emulator.apiKey }] },
				options: {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
							paginationCompleteWhen: 'other',
							completeExpression:
								'={{ $response.body.data.length === 0 || $response.body.meta.pagination.current_page >= $response.body.meta.pagination.total_pages }}',
						},
					},
				},
			},
		},
		{ name: SPLIT, type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'data', include: 'noOtherFields' } },
	]);
	return { ours, http };
}

interface NodeRun {
	executionTime: number;
	items: Array<{ json: Record<string, unknown> }>;
}

interface Run {
	/** The nodes' run data by name. */
	nodes: Record<string, NodeRun>;
	/** API requests the emulator served during the execution. */
	requests: number;
	wallMs: number;
}

/** Runs a workflow from its Manual Trigger through the REST API and reads its run data. */
async function execute(n8n: N8nInstance, emulator: BenchEmulator, workflowId: string): Promise<Run> {
	const rest = n8n.rest;
	const workflowData = await rest.getWorkflow(workflowId);
	const before = await emulator.served();
	const started = Date.now();
	const answer = await rest.call('POST', `/workflows/${workflowId}/run`, { workflowData, triggerToStartFrom: { name: TRIGGER } });
	const executionId = answer?.executionId;
	if (!executionId) throw new Error(`n8n did not start ${workflowId}: ${JSON.stringify(answer)}`);
	let execution: { status: string; data: unknown };
	for (;;) {
		execution = await rest.call('GET', `/executions/${executionId}`);
		if (execution && !['running', 'new', 'waiting'].includes(execution.status)) break;
		if (Date.now() - started > 600_000) throw new Error(`execution ${executionId} did not finish in 10 min`);
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	const wallMs = Date.now() - started;
	const requests = (await emulator.served()) - before;
	const data = (typeof execution.data === 'string' ? rest.flatted().parse(execution.data) : execution.data) as {
		resultData: { error?: { message: string }; runData: Record<string, Array<{ executionTime: number; data?: { main?: Array<NodeRun['items'] | null> } }>> };
	};
	if (execution.status !== 'success' || data.resultData.error) {
		throw new Error(`execution ${executionId} of ${workflowId}: ${execution.status} ${data.resultData.error?.message ?? ''}`);
	}
	const nodes: Record<string, NodeRun> = {};
	for (const [name, runs] of Object.entries(data.resultData.runData)) {
		nodes[name] = { executionTime: runs[0].executionTime, items: runs[0].data?.main?.[0] ?? [] };
	}
	return { nodes, requests, wallMs };
}

/** The checks that make the comparison mean something: the same records, the pages each asked for. */
function check(which: 'ours' | 'http', run: Run): void {
	const fail = (what: string) => {
		throw new Error(`${which}: ${what}`);
	};
	if (which === 'ours') {
		const items = run.nodes[OURS]?.items ?? [];
		if (items.length !== USERS) fail(`${items.length} items, expected ${USERS}`);
		if (new Set(items.map((item) => item.json.uid)).size !== USERS) fail('the uids are not all different');
	} else {
		const pages = run.nodes[HTTP]?.items ?? [];
		const inside = pages.reduce((sum, page) => sum + ((page.json.data as unknown[] | undefined)?.length ?? 0), 0);
		if (inside !== USERS) fail(`the HTTP Request node's ${pages.length} items hold ${inside} records, expected ${USERS}`);
		const split = run.nodes[SPLIT]?.items ?? [];
		if (split.length !== USERS) fail(`Split Out put out ${split.length} items, expected ${USERS}`);
		if (new Set(split.map((item) => item.json.uid)).size !== USERS) fail('the uids are not all different');
	}
	const pages = Math.ceil(USERS / PER_PAGE);
	if (run.requests !== pages) fail(`${run.requests} requests, expected ${pages}`);
}

async function main(): Promise<void> {
	const loadBefore = loadAverage();
	const started = Date.now();
	log(`bench:n8n: ${rounds} rounds, ${latencyMs} ms latency, ${fmt(USERS)} users; load average ${loadBefore}`);
	const install = await buildAndInstallN8n((message) => log(`  ${message}`));
	const emulator = await startBenchEmulator(latencyMs);
	try {
		await emulator.control('POST', '/reset');
		await emulator.control('POST', '/users/bulk', { count: USERS, prefix: 'bench-' });
		const n8n = await N8n.create(install);
		await n8n.prepare(emulator, []);
		const { ours, http } = workflows(emulator);
		await n8n.importWorkflows([ours, http]);
		log(`  n8n ${N8N_VERSION}: starting`);
		await n8n.start();

		const contenders = [
			{ name: 'ours' as const, id: ours.id },
			{ name: 'http' as const, id: http.id },
		];
		// One untimed run of each: loads the node types and warms the process.
		for (const contender of contenders) check(contender.name, await execute(n8n, emulator, contender.id));
		const samples: Record<'ours' | 'http', Run[]> = { ours: [], http: [] };
		for (let round = 0; round < rounds; round++) {
			const line: string[] = [];
			for (const contender of rotation(contenders, round)) {
				const run = await execute(n8n, emulator, contender.id);
				check(contender.name, run);
				samples[contender.name].push(run);
				const times =
					contender.name === 'ours'
						? `${fmt(run.nodes[OURS].executionTime)} ms`
						: `${fmt(run.nodes[HTTP].executionTime)} + ${fmt(run.nodes[SPLIT].executionTime)} ms`;
				line.push(`${contender.name} ${times} (${run.requests} req)`);
			}
			log(`    round ${round + 1}/${rounds}: ${line.join(', ')}`);
		}

		const oursMs = samples.ours.map((run) => run.nodes[OURS].executionTime);
		const httpMs = samples.http.map((run) => run.nodes[HTTP].executionTime);
		const httpSplitMs = samples.http.map((run) => run.nodes[HTTP].executionTime + run.nodes[SPLIT].executionTime);
		const table = [
			'| baseline | ours (CometChat, Return All), median | baseline, median | ours ÷ baseline, paired median (range) | requests per run, ours / baseline | records, ours / baseline |',
			'|---|---|---|---|---|---|',
			`| HTTP Request 4.2 with pagination | ${fmt(median(oursMs))} ms | ${fmt(median(httpMs))} ms | ${ratioCell(pairedRatios(oursMs, httpMs))} | ${countCell(samples.ours.map((r) => r.requests))} / ${countCell(samples.http.map((r) => r.requests))} | ${fmt(USERS)} items / ${fmt(USERS / PER_PAGE)} items holding ${fmt(USERS)} |`,
			`| HTTP Request 4.2 + Split Out of \`data\` | ${fmt(median(oursMs))} ms | ${fmt(median(httpSplitMs))} ms | ${ratioCell(pairedRatios(oursMs, httpSplitMs))} | ${countCell(samples.ours.map((r) => r.requests))} / ${countCell(samples.http.map((r) => r.requests))} | ${fmt(USERS)} items / ${fmt(USERS)} items |`,
		].join('\n');
		const loadAfter = loadAverage();
		const minutes = (Date.now() - started) / 60_000;
		log(`\n${table}\n\nLoad average (1 / 5 / 15 min) before ${loadBefore}, after ${loadAfter}; ${fmt(minutes, 1)} min.`);
		if (quick || !args.write) {
			log(quick ? '(--quick: BENCHMARKS.md left as it is)' : '(--no-write: BENCHMARKS.md left as it is)');
			return;
		}
		writeSection(
			'bench:n8n',
			`## \`npm run bench:n8n\`: our node against n8n's HTTP Request node, in the real n8n

One run of \`npm run bench:n8n${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` on ${new Date().toISOString().slice(0, 10)}: n8n ${N8N_VERSION} (\`n8n start\`), Node ${process.version},
${rounds} interleaved rounds, ${latencyMs} ms latency on every answer of the emulator, ${fmt(USERS)} users.
Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${loadAfter} (${fmt(minutes, 1)} min in all, with the build and n8n's start).

${table}

How to read them:
- Two workflows in one running n8n, this package installed as a community package, run from their
  Manual Trigger through n8n's REST API as the editor's button does: **ours** is CometChat → User →
  Get Many with Return All; the **baseline** is n8n's HTTP Request node (typeVersion 4.2) on
  \`GET /v3/users?perPage=${PER_PAGE}\` with its built-in pagination (Update a Parameter in Each Request:
  \`page = {{ $pageCount + 1 }}\`; complete when \`data\` is empty or
  \`meta.pagination.current_page >= total_pages\`; header \`apikey\`), followed by a Split Out of \`data\`.
- The HTTP Request node puts out one item per page (${fmt(USERS / PER_PAGE)} items, each holding ${fmt(PER_PAGE)} users in \`data\`); with the
  Split Out it ends with the same ${fmt(USERS)} user records as ours. Both counts, the uids and the
  requests (counted in the emulator's process) are checked on every run. The first row compares
  with the HTTP Request node alone, the second with the HTTP Request node plus the Split Out.
- Times are each node's \`executionTime\` from the execution's run data
  (\`resultData.runData[<node>][0].executionTime\`), so n8n's start of the execution and the saving
  of its data are left out for both. Each round runs both workflows once, in an order that rotates
  per round, after one untimed run of each; the ratio is the median over rounds of ours ÷ baseline
  within the same round, with the range over rounds in brackets.
`,
			'last',
		);
		log('\nWrote the bench:n8n section of BENCHMARKS.md');
	} finally {
		await cleanup();
		await emulator.stop();
	}
}

main().catch(async (error) => {
	console.error(error);
	await cleanup();
	process.exit(1);
});
