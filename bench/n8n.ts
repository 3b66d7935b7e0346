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

import {
	countCell,
	fmt,
	interleave,
	loadAverage,
	median,
	pairedRatios,
	parseArgs,
	ratioCell,
	seedUsers,
	startBenchEmulator,
	USERS_PER_PAGE,
	writeSection,
} from './common';
import type { BenchEmulator } from './common';
// The end-to-end tests' n8n helpers, imported statically so the type checker and the cycle check follow them.
import { N8N_VERSION } from '../e2e/lib/install';
import { N8n } from '../e2e/lib/n8n';
import { cleanup } from '../e2e/lib/processes';
/** Builds the package (unless E2E_SKIP_BUILD=1) and installs n8n if it is not yet, as the end-to-end tests do. */
import { buildAndInstallN8n } from '../e2e/lib/script';

const args = parseArgs(process.argv.slice(2), { rounds: 7, quickRounds: 3 });
const { quick, rounds, latencyMs } = args;
const USERS = quick ? 10_000 : 100_000;
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
				queryParameters: { parameters: [{ name: 'perPage', value: String(USERS_PER_PAGE) }] },
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

/** One execution, as `N8nRest.runFromTrigger` answers it (e2e/lib/rest.js, summarizeRun). */
interface ExecutionSummary {
	id: string;
	status: string;
	error?: string;
	/** Each node's `executionTime` (ms). */
	executionTimes: Record<string, number>;
	/** The json of the items a node put out. */
	items(node: string): Array<Record<string, unknown>>;
}

interface Run {
	execution: ExecutionSummary;
	/** API requests the emulator served during the execution. */
	requests: number;
}

/** Runs a workflow from its Manual Trigger through the REST API, as the editor does, and reads its run data. */
async function execute(n8n: N8n, emulator: BenchEmulator, workflowId: string): Promise<Run> {
	const before = await emulator.served();
	const execution = await n8n.rest.runFromTrigger(workflowId, TRIGGER, 600_000);
	const requests = (await emulator.served()) - before;
	if (execution.status !== 'success' || execution.error) {
		throw new Error(`execution ${execution.id} of ${workflowId}: ${execution.status} ${execution.error ?? ''}`);
	}
	return { execution, requests };
}

/** The checks that make the comparison mean something: the same records, the pages each asked for. */
function check(which: 'ours' | 'http', run: Run): void {
	const fail = (what: string) => {
		throw new Error(`${which}: ${what}`);
	};
	if (which === 'ours') {
		const items = run.execution.items(OURS);
		if (items.length !== USERS) fail(`${items.length} items, expected ${USERS}`);
		if (new Set(items.map((json) => json.uid)).size !== USERS) fail('the uids are not all different');
	} else {
		const pages = run.execution.items(HTTP);
		const inside = pages.reduce((sum, page) => sum + ((page.data as unknown[] | undefined)?.length ?? 0), 0);
		if (inside !== USERS) fail(`the HTTP Request node's ${pages.length} items hold ${inside} records, expected ${USERS}`);
		const split = run.execution.items(SPLIT);
		if (split.length !== USERS) fail(`Split Out put out ${split.length} items, expected ${USERS}`);
		if (new Set(split.map((json) => json.uid)).size !== USERS) fail('the uids are not all different');
	}
	const pages = Math.ceil(USERS / USERS_PER_PAGE);
	if (run.requests !== pages) fail(`${run.requests} requests, expected ${pages}`);
}

async function main(): Promise<void> {
	const loadBefore = loadAverage();
	const started = Date.now();
	log(`bench:n8n: ${rounds} rounds, ${latencyMs} ms latency, ${fmt(USERS)} users; load average ${loadBefore}`);
	const install = await buildAndInstallN8n((message) => log(`  ${message}`));
	const emulator = await startBenchEmulator(latencyMs);
	try {
		await seedUsers(emulator, USERS);
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
		const runs = await interleave(
			contenders,
			rounds,
			async (contender) => {
				const run = await execute(n8n, emulator, contender.id);
				check(contender.name, run);
				return run;
			},
			{
				log,
				describe: ({ execution: { executionTimes: times }, requests }) =>
					`${times[OURS] !== undefined ? fmt(times[OURS]) : `${fmt(times[HTTP])} + ${fmt(times[SPLIT])}`} ms (${requests} req)`,
			},
		);
		const samples = { ours: runs.get('ours')!, http: runs.get('http')! };
		const oursMs = samples.ours.map((run) => run.execution.executionTimes[OURS]);
		const httpMs = samples.http.map((run) => run.execution.executionTimes[HTTP]);
		const httpSplitMs = samples.http.map((run) => run.execution.executionTimes[HTTP] + run.execution.executionTimes[SPLIT]);
		const table = [
			'| baseline | ours (CometChat, Return All), median | baseline, median | ours ÷ baseline, paired median (range) | requests per run, ours / baseline | records, ours / baseline |',
			'|---|---|---|---|---|---|',
			`| HTTP Request 4.2 with pagination | ${fmt(median(oursMs))} ms | ${fmt(median(httpMs))} ms | ${ratioCell(pairedRatios(oursMs, httpMs))} | ${countCell(samples.ours.map((r) => r.requests))} / ${countCell(samples.http.map((r) => r.requests))} | ${fmt(USERS)} items / ${fmt(USERS / USERS_PER_PAGE)} items holding ${fmt(USERS)} |`,
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
  \`GET /v3/users?perPage=${USERS_PER_PAGE}\` with its built-in pagination (Update a Parameter in Each Request:
  \`page = {{ $pageCount + 1 }}\`; complete when \`data\` is empty or
  \`meta.pagination.current_page >= total_pages\`; header \`apikey\`), followed by a Split Out of \`data\`.
- The HTTP Request node puts out one item per page (${fmt(USERS / USERS_PER_PAGE)} items, each holding ${fmt(USERS_PER_PAGE)} users in \`data\`); with the
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
