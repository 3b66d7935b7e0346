/**
 * The text of `npm run bench:n8n`'s sections of BENCHMARKS.md, from one run's measurements: the
 * tables and how to read them. Nothing here measures.
 */
import { countCell, fmt, median, pairedRatios, ratioCell, USERS_PER_PAGE } from './common';
import { POLL_MS } from './n8n-run';
import type { ReturnAllSample, ServiceCost } from './n8n-return-all';
import { ITEMS_ONLY_NODE, RAW_IN_FLIGHT, RAW_NODE } from './n8n-raw-node';
import type { LimitResult, LimitSetup, WriteSample } from './n8n-writes';
import { RAW_WRITES_IN_FLIGHT } from './n8n-writes';
import { HTTP, OURS, SEND_RECEIVERS, SENDER, SPLIT } from './n8n-workflows';

export interface RunInfo {
	argv: string[];
	n8nVersion: string;
	rounds: number;
	latencyMs: number;
	loadBefore: string;
	loadAfter: string;
	minutes: number;
}

function runLine(info: RunInfo, what: string): string {
	const command = `npm run bench:n8n${info.argv.length ? ` -- ${info.argv.join(' ')}` : ''}`;
	return `One run of \`${command}\` on ${new Date().toISOString().slice(0, 10)}: n8n ${info.n8nVersion} (\`n8n start\`), Node ${process.version},
${what}.
Load average (1 / 5 / 15 min) before: ${info.loadBefore}; after: ${info.loadAfter} (${fmt(info.minutes, 1)} min for this case).`;
}

/** "0.9–1.8": the 1-minute load averages at the starts of the timed runs. */
function loadRange(loads: number[]): string {
	return `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}`;
}

// ---------------------------------------------------------------- Return All

/** The bound on Return All: ours ≤ 1.2× the raw loop. The "n8n alone" table shows what room it leaves. */
const BOUND_OVER_RAW = 1.2;

export function returnAllSection(
	info: RunInfo & {
		users: number;
		costs: ServiceCost[];
		samples: Array<{ server: 'emulator' | 'stub'; samples: Map<string, ReturnAllSample[]> }>;
		stubBytes?: number;
	},
): string {
	const pages = Math.ceil(info.users / USERS_PER_PAGE);
	const label = (server: string) => (server === 'stub' ? 'stub (pre-serialized pages)' : 'emulator');
	const main = [
		'| served by | baseline | ours (CometChat, Return All), median | baseline, median | ours ÷ baseline, paired median (range) | requests per run, ours / baseline | records, ours / baseline |',
		'|---|---|---|---|---|---|---|',
	];
	const clocks = [
		`| served by | workflow | what a user's n8n sees (wall), median | startedAt → stoppedAt, median | node's executionTime, median | n8n's CPU time in the run, median |`,
		'|---|---|---|---|---|---|',
	];
	const floors = [
		`| served by | n8n alone (the same items, no request), median | raw ${RAW_IN_FLIGHT} in flight in the benchmark's process, median | n8n alone ÷ raw loop, paired median (range) | ${BOUND_OVER_RAW} × the raw loop less n8n alone: what is left to read ${fmt(pages)} pages |`,
		'|---|---|---|---|---|',
	];
	const loads: number[] = [];
	for (const { server, samples } of info.samples) {
		const get = (name: string) => samples.get(name)!;
		const ours = get('ours');
		const oursMs = ours.map((s) => s.ms);
		const rows: Array<[string, string, ReturnAllSample[], string]> = [
			[
				'httpSplit',
				`HTTP Request 4.2 with pagination + Split Out of \`data\``,
				get('httpSplit'),
				`${fmt(info.users)} items / ${fmt(info.users)} items`,
			],
			[
				'http',
				'HTTP Request 4.2 with pagination',
				get('http'),
				`${fmt(info.users)} items / ${fmt(pages)} items holding ${fmt(info.users)}`,
			],
			[
				'raw',
				`raw ${RAW_IN_FLIGHT} in flight, in the benchmark's process`,
				get('raw'),
				`${fmt(info.users)} items / ${fmt(info.users)} records`,
			],
			[
				'rawNode',
				`raw ${RAW_IN_FLIGHT} in flight as a bare n8n node, Simplify's fields`,
				get('rawNode'),
				`${fmt(info.users)} items / ${fmt(info.users)} items`,
			],
			[
				'itemsOnly',
				'n8n alone: that node putting out the same items, no request',
				get('itemsOnly'),
				`${fmt(info.users)} items / ${fmt(info.users)} items`,
			],
		];
		for (const [, baseline, base, records] of rows) {
			main.push(
				`| ${label(server)} | ${baseline} | ${fmt(median(oursMs))} ms | ${fmt(median(base.map((s) => s.ms)))} ms | ${ratioCell(
					pairedRatios(
						oursMs,
						base.map((s) => s.ms),
					),
				)} | ${countCell(ours.map((s) => s.requests))} / ${countCell(base.map((s) => s.requests))} | ${records} |`,
			);
		}
		const workflows: Array<[string, string, (s: ReturnAllSample) => number]> = [
			['ours', 'CometChat Return All', (s) => s.run!.executionTimes[OURS]],
			['http', 'HTTP Request', (s) => s.run!.executionTimes[HTTP]],
			['httpSplit', 'HTTP Request + Split Out', (s) => s.run!.executionTimes[HTTP] + s.run!.executionTimes[SPLIT]],
			['rawNode', 'raw loop as a node', (s) => s.run!.executionTimes[RAW_NODE]],
			['itemsOnly', 'n8n alone (the same items, no request)', (s) => s.run!.executionTimes[ITEMS_ONLY_NODE]],
			['empty', 'Manual Trigger only', () => NaN],
		];
		for (const [name, title, nodeMs] of workflows) {
			const list = get(name);
			const cell = (values: number[]) => (values.every(Number.isNaN) ? '–' : `${fmt(median(values))} ms`);
			clocks.push(
				`| ${label(server)} | ${title} | ${cell(list.map((s) => s.ms))} | ${cell(list.map((s) => s.run!.startStopMs))} | ${cell(list.map(nodeMs))} | ${cell(list.map((s) => s.run!.n8nCpuMs))} |`,
			);
		}
		const http = get('http');
		const ratio = (clock: (s: ReturnAllSample) => number) => ratioCell(pairedRatios(ours.map(clock), http.map(clock)));
		clocks.push(
			`| ${label(server)} | ours ÷ HTTP Request, paired median (range) | ${ratio((s) => s.ms)} | ${ratio((s) => s.run!.startStopMs)} | ${ratioCell(
				pairedRatios(
					ours.map((s) => s.run!.executionTimes[OURS]),
					http.map((s) => s.run!.executionTimes[HTTP]),
				),
			)} | ${ratio((s) => s.run!.n8nCpuMs)} |`,
		);
		for (const list of samples.values()) loads.push(...list.map((s) => s.load));
		const alone = get('itemsOnly').map((s) => s.ms);
		const raw = get('raw').map((s) => s.ms);
		floors.push(
			`| ${label(server)} | ${fmt(median(alone))} ms | ${fmt(median(raw))} ms | ${ratioCell(pairedRatios(alone, raw))} | ${fmt(
				BOUND_OVER_RAW * median(raw) - median(alone),
			)} ms |`,
		);
	}
	const costs = [
		`| served by | time a page beyond the ${info.latencyMs} ms latency (raw sequential read, median of runs) | the server process's CPU time a page | bytes a page |`,
		'|---|---|---|---|',
		...info.costs.map(
			(c) => `| ${label(c.server)} | ${fmt(c.msPerPageBeyondLatency, 1)} ms | ${fmt(c.cpuMsPerPage, 1)} ms | ${fmt(c.bytesPerPage)} |`,
		),
	];
	return `## \`npm run bench:n8n\`: our node against n8n's HTTP Request node, in the real n8n

${runLine(info, `${info.rounds} interleaved rounds, ${info.latencyMs} ms latency on every answer, Return All over ${fmt(info.users)} users`)}
The 1-minute load average at the start of the timed runs: ${loadRange(loads)}.

${main.join('\n')}

Where the time goes (the same runs):

${clocks.join('\n')}

What n8n alone costs for these ${fmt(info.users)} items, against the raw loop in the benchmark's process:

${floors.join('\n')}

What the service costs a page of ${fmt(USERS_PER_PAGE)} users:

${costs.join('\n')}

How to read them:
- **What is timed: what a user's n8n sees.** Each workflow (a Manual Trigger and the nodes named) runs
  in one \`n8n start\`, this package installed as a community package, from n8n's REST API as the
  editor's button does. Its time (**wall**) runs from sending \`POST /rest/workflows/<id>/run\` until
  n8n has stored the execution as finished: n8n writes its status and its run data in one
  transaction after the last node, its hooks and the serialization of the run data, the moment the
  result can first be read back. The end is read from n8n's SQLite database by this process, every
  ${POLL_MS} ms (n8n opens it in WAL mode, so the reads hold up none of its writes and cost n8n no
  work). The raw loop is timed in the benchmark's process.
- **The other clocks** show where the time goes: \`startedAt → stoppedAt\` is the execution's own span
  as n8n stores it (it stops before the run data is saved); the node's \`executionTime\`
  (\`resultData.runData[<node>][0].executionTime\`) is measured inside n8n-core's WorkflowExecute
  around the node and leaves out the execution's start, the hooks after the node and the saving of
  its items. *Manual Trigger only* is n8n's own cost of an execution. **n8n's CPU time** is what the
  n8n process used during the run (user + system, from /proc), which the machine's load moves less
  than the clocks. No editor is connected: n8n pushes no node data to a browser.
- **Served by**: the **emulator** (this project's, in its own process) and a **stub** (bench/stub-child.ts):
  a plain Node HTTP server in its own process that read every page from the emulator once at its
  start and answers \`GET /v3/users?perPage=${USERS_PER_PAGE}&page=N\` with page N's stored bytes, after the same
  ${info.latencyMs} ms; so the service's own cost a page is as small as a server's can be, and the
  ratios against the stub are the clients' own. The last table measures that cost: a raw sequential
  read of all ${fmt(pages)} pages (after a warm-up), its time a page less the latency, and the server
  process's CPU time a page.
- **Baselines**: n8n's HTTP Request node (typeVersion 4.2) on \`GET /v3/users?perPage=${USERS_PER_PAGE}\` with its
  built-in pagination (Update a Parameter in Each Request: \`page = {{ $pageCount + 1 }}\`; complete
  when \`data\` is empty or \`meta.pagination.current_page >= total_pages\`; header \`apikey\`). It
  puts out one item per page (${fmt(pages)} items of ${fmt(USERS_PER_PAGE)} users in \`data\`); with a Split Out of
  \`data\` it ends with the same ${fmt(info.users)} user records as ours. The raw loop asks for page 1
  (for \`total_pages\`) and then keeps ${RAW_IN_FLIGHT} requests in flight, with axios's default agent
  (keep-alive), keeping the records it read. **The raw loop as a node** (bench/n8n-raw-node.ts, loaded
  by n8n as a custom node) runs the same loop inside a bare node in the same n8n and puts out one
  item per user with the fields ours keeps with Simplify on (the default), one pairing shared, as
  ours: the least any node that reads this list pays in a user's n8n. What it adds to the raw loop
  is n8n's own: the execution, its checks of the items and the saving of ${fmt(info.users)} items.
- **n8n alone** is the same bare node with Keep Pages on: it reads the pages in its untimed first
  run only and keeps them in n8n's process; each timed run puts out the same ${fmt(info.users)} items from
  them (new items each run, as the raw loop as a node builds them) and sends no request. Its time is
  what n8n costs for these items whatever reads them: the execution, n8n-core's checks of the items,
  the serialization and saving of the run data. Any node that reads this list in a user's n8n takes
  that and the reading: a bound on ours of ${BOUND_OVER_RAW}× the raw loop leaves for the reading of ${fmt(pages)} pages
  only the difference in the last column, against ${fmt(pages)} round trips and the parsing of every page.
- **Checks** on every run: the counts, the uids all different, and the requests (counted in the
  server's process) ${fmt(pages)} per run (none for n8n alone after its first run). Each round runs every workflow and the raw loop once, in an
  order that rotates per round, after one untimed run of each; times are medians, and the ratio is
  the median over rounds of ours ÷ baseline within the same round (range in brackets). Under 1 means
  ours was faster. Each execution is deleted after it is read back, so n8n's database stays small.
`;
}

// ---------------------------------------------------------------- writes

export function writesSection(
	info: RunInfo & { items: number; create: Map<string, WriteSample[]>; send: Map<string, WriteSample[]> },
): string {
	const table = [
		`| operation | baseline | ours, median | baseline, median | ours ÷ baseline, paired median (range) | requests per run, ours / baseline | stored per run, ours / baseline |`,
		'|---|---|---|---|---|---|---|',
	];
	const loads: number[] = [];
	for (const [op, samples] of [
		['User → Create', info.create],
		['Message → Send', info.send],
	] as const) {
		const ours = samples.get('ours')!;
		for (const [name, label] of [
			['http', 'HTTP Request 4.2, default options'],
			['raw', `raw ${RAW_WRITES_IN_FLIGHT} in flight, in the benchmark's process`],
		] as const) {
			const base = samples.get(name)!;
			table.push(
				`| ${op} | ${label} | ${fmt(median(ours.map((s) => s.ms)))} ms | ${fmt(median(base.map((s) => s.ms)))} ms | ${ratioCell(
					pairedRatios(
						ours.map((s) => s.ms),
						base.map((s) => s.ms),
					),
				)} | ${countCell(ours.map((s) => s.requests))} / ${countCell(base.map((s) => s.requests))} | ${countCell(ours.map((s) => s.stored))} / ${countCell(base.map((s) => s.stored))} |`,
			);
		}
		for (const list of samples.values()) loads.push(...list.map((s) => s.load));
	}
	const wall = (samples: Map<string, WriteSample[]>, name: string) => fmt(median(samples.get(name)!.map((s) => s.wallMs ?? NaN)));
	return `## \`npm run bench:n8n\`: writes, ${fmt(info.items)} items, in the real n8n

${runLine(info, `${info.rounds} interleaved rounds, ${info.latencyMs} ms latency on every answer of the emulator, no rate limit, ${fmt(info.items)} items a run`)}
The 1-minute load average at the start of the timed runs: ${loadRange(loads)}.

${table.join('\n')}

How to read them:
- **The workflows**: a Manual Trigger, a Code node that makes the ${fmt(info.items)} input items, then the
  writing node. **Ours** is CometChat → User → Create (UID and Name from \`$json\`) or Message → Send (a
  text on behalf of \`${SENDER}\` to a user, item i to the i-th of ${SEND_RECEIVERS} users, as an announcement: a
  conversation per item, since the node sends the messages of one conversation in item order). The
  **HTTP Request node** (typeVersion 4.2, default options: no batching, no retry) POSTs the same bodies
  to \`/v3/users\` or \`/v3/messages\` with the \`apikey\` header (and \`onBehalfOf\` for the sends); with
  these options it starts every item's request before it awaits any (n8n-nodes-base's HttpRequestV3
  awaits them all together), so all ${fmt(info.items)} are in flight at once. The **raw
  loop** POSTs the same bodies from the benchmark's process with ${RAW_WRITES_IN_FLIGHT} requests in flight (axios,
  default agent with keep-alive).
- **Times** are the writing node's \`executionTime\` from the run data (the Code node and n8n's start and
  save of the execution left out), and the raw loop's own time. The whole execution, as a user's n8n
  sees it (see the Return All section), took in median ${wall(info.create, 'ours')} ms (ours) and
  ${wall(info.create, 'http')} ms (HTTP Request) for the creates, ${wall(info.send, 'ours')} ms and ${wall(info.send, 'http')} ms for the sends.
- **Checks** on every run: the emulator's store is reset before it (untimed; for the sends the sender
  and the receivers are added again), the requests are counted in the emulator's process and must
  be exactly ${fmt(info.items)}, the store must hold ${fmt(info.items)} new users or messages, each message text once
  (none stored twice), and the n8n contenders must put out ${fmt(info.items)} items with the execution
  successful. Rounds, medians and paired ratios as in the Return All section; under 1 means ours was faster.
`;
}

// ---------------------------------------------------------------- under a rate limit

export function limitSection(info: RunInfo & { setup: LimitSetup; results: LimitResult[] }): string {
	const { setup } = info;
	const table = [
		"| contender | execution | stored | items failed (in the output) | not written (the execution failed) | lost | duplicated | 429 answers | requests served | node's executionTime | window opened → execution stored | the limit allowed in that time | served ÷ allowed |",
		'|---|---|---|---|---|---|---|---|---|---|---|---|---|',
		...info.results.map(
			(r) =>
				`| ${r.contender === 'ours' ? 'ours (CometChat → User → Create)' : 'HTTP Request 4.2, default options'} | ${r.status}${r.error ? `: ${r.error.replace(/\|/g, '/').slice(0, 120)}` : ''} | ${fmt(r.completed)} | ${fmt(r.failedItems)} | ${fmt(r.notWritten)} | ${fmt(r.lost)} | ${fmt(r.duplicated)} | ${fmt(r.rateLimited)} | ${fmt(r.served)} | ${fmt(r.nodeMs / 1000, 1)} s | ${fmt(r.windowToEndMs / 1000, 1)} s | ${fmt(r.capacity)} | ${fmt(r.served / r.capacity, 2)} |`,
		),
	];
	return `## \`npm run bench:n8n\`: ${fmt(setup.items)} writes under a rate limit, in the real n8n

${runLine(info, `one run of each (not rounds: each takes minutes), ${info.latencyMs} ms latency, the emulator's limit ${fmt(setup.perMinute)} requests a minute`)}

${table.join('\n')}

How to read it:
- **The setup**: the emulator enforces ${fmt(setup.perMinute)} requests a minute in fixed one-minute windows (a window
  opens with the first request after the last one closed; over the limit it answers 429 with
  \`Retry-After\` up to the window's end, \`X-Rate-Limit\` and \`X-Rate-Limit-Remaining\`). Just before each
  run a fresh window opens with ${fmt(setup.used)} requests already spent by "the app's other clients", so only
  ${fmt(setup.perMinute - setup.used)} are left in it and no client can write the ${fmt(setup.items)} users before the next
  window opens, 60 s later. The HTTP Request node starts all its requests at once (see the writes
  section). The workflows are the write case's User → Create (a Code node making
  ${fmt(setup.items)} items, then the writer); the store is empty before each run.
- **stored**: users in the store after the run. **items failed**: output items carrying an error
  (Continue on Fail; none with the default settings used here). **not written**: when the execution
  failed, the items it left unwritten. **lost**: when the execution succeeded, items neither stored
  nor failed. **duplicated**: requests that passed the limit but stored no user (every item has its
  own uid, so such a request sent a uid again, or failed otherwise). **429 answers** and **requests
  served** (those that passed the limit) are counted in the emulator's process.
- **served ÷ allowed**: the requests served over what the limit allows a client that sends without
  pause from the window's opening to the execution's end (T): (${fmt(setup.perMinute)} − ${fmt(setup.used)}) +
  ${fmt(setup.perMinute)} × ⌈max(0, T − 60 s) ÷ 60 s⌉ (each window the run reaches counts whole). 1 would use every request
  the limit allows; a client that ends early in its last window scores lower, which is the cost of
  that window's unused part. T includes the Code node and n8n's saving of the execution.
`;
}
