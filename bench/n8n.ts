/**
 * `npm run bench:n8n`: the real n8n CLI (the pinned n8n of e2e/n8n, installed once outside the repo)
 * with this package installed as a community package, against the emulator in its own process
 * (20 ms latency). Three cases, each run from the REST API as the editor's button does:
 *
 * - `returnAll`: CometChat → User → Get Many, Return All over 100,000 users, against n8n's HTTP
 *   Request node (typeVersion 4.2) with its pagination (alone, and with a Split Out of `data`) and a
 *   raw 4-in-flight loop in this process; served by the emulator and by a stub that serves
 *   pre-serialized pages (bench/stub-child.ts). Timed as a user's n8n sees it (bench/n8n-run.ts).
 * - `writes`: 2,000 User → Create and 2,000 Message → Send, against the HTTP Request node (default
 *   options) and a raw 8-in-flight loop; the writing node's executionTime.
 * - `limit`: 10,000 User → Create under the emulator's limit of 10,000 requests a minute, one run
 *   each of ours and the HTTP Request node.
 *
 * Rounds are interleaved (the order rotates per round) after one untimed run of each; ratios are
 * paired medians. Each case writes its own section of BENCHMARKS.md (n8n-report.ts).
 *
 *   npm run bench:n8n                          # returnAll and writes (7 and 5 rounds), then limit
 *   npm run bench:n8n -- --quick               # smaller counts, 3 rounds, no limit case; writes nothing
 *   npm run bench:n8n -- --case writes --rounds 3 --no-write
 *   npm run bench:n8n -- --case returnAll --server stub
 */
import type { UsersStub } from './common';
import { fmt, loadAverage, parseArgs, seedUsers, startBenchEmulator, startUsersStub, writeSection } from './common';
// The end-to-end tests' n8n helpers, imported statically so the type checker and the cycle check follow them.
import { N8N_VERSION } from '../e2e/lib/install';
import { N8n } from '../e2e/lib/n8n';
import { cleanup } from '../e2e/lib/processes';
/** Builds the package (unless E2E_SKIP_BUILD=1) and installs n8n if it is not yet, as the end-to-end tests do. */
import { buildAndInstallN8n } from '../e2e/lib/script';
import { limitSection, returnAllSection, writesSection } from './n8n-report';
import type { RunInfo } from './n8n-report';
import { writeRawLoopNode } from './n8n-raw-node';
import { N8nRunner } from './n8n-run';
import type { UsersServer } from './n8n-return-all';
import { returnAllRounds, serviceCost } from './n8n-return-all';
import type { LimitResult, LimitSetup } from './n8n-writes';
import { limitRun, writeRounds } from './n8n-writes';
import { CREDENTIAL, emptyWorkflow, returnAllWorkflows, STUB_CREDENTIAL, TRIGGER, writeWorkflows } from './n8n-workflows';

const argv = process.argv.slice(2);
const args = parseArgs(argv, { rounds: 7, quickRounds: 3 });
const { quick, rounds, latencyMs } = args;
const valueOf = (name: string) => {
	const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
	if (at < 0) return undefined;
	return argv[at].includes('=') ? argv[at].slice(argv[at].indexOf('=') + 1) : argv[at + 1];
};
const CASES = ['returnAll', 'writes', 'limit'] as const;
type CaseId = (typeof CASES)[number];
const asked = (valueOf('case') ?? '')
	.split(',')
	.map((s) => s.trim())
	.filter(Boolean)
	.concat(args.only);
const cases: CaseId[] = asked.length ? (asked as CaseId[]) : quick ? ['returnAll', 'writes'] : [...CASES];
const SERVERS = (valueOf('server') ?? 'both') === 'both' ? (['stub', 'emulator'] as const) : [valueOf('server') as 'stub' | 'emulator'];

const USERS = quick ? 10_000 : 100_000;
const WRITES = quick ? 200 : 2_000;
/** Rounds of the write case: each of its runs with a sequential node takes about a minute. */
const WRITE_ROUNDS = Math.min(rounds, 5);
const LIMIT: LimitSetup = quick ? { perMinute: 10_000, used: 9_500, items: 1_000 } : { perMinute: 10_000, used: 9_000, items: 10_000 };
const SERVICE_COST_RUNS = 3;

const log = (line: string) => console.log(line);

async function main(): Promise<void> {
	const unknown = cases.filter((id) => !CASES.includes(id));
	if (unknown.length) throw new Error(`unknown case ${unknown.join(', ')}; the cases are ${CASES.join(', ')}`);
	if (SERVERS.some((s) => s !== 'stub' && s !== 'emulator')) throw new Error('--server is stub, emulator or both');
	const started = Date.now();
	log(`bench:n8n: cases ${cases.join(', ')}; ${rounds} rounds, ${latencyMs} ms latency; load average ${loadAverage()}`);
	const install = await buildAndInstallN8n((message) => log(`  ${message}`));
	const emulator = await startBenchEmulator(latencyMs);
	let stub: UsersStub | undefined;
	let runner: N8nRunner | undefined;
	let removeRawNode: (() => void) | undefined;
	try {
		await seedUsers(emulator, USERS);
		if (cases.includes('returnAll') && SERVERS.includes('stub')) stub = await startUsersStub(emulator, latencyMs);
		const rawNode = writeRawLoopNode();
		removeRawNode = rawNode.remove;
		const n8n = await N8n.create(install, { env: { N8N_CUSTOM_EXTENSIONS: rawNode.dir } });
		await n8n.prepare(emulator, []);
		if (stub) {
			await n8n.importCredentials([
				{ ...STUB_CREDENTIAL, type: 'cometChatApi', data: { apiKey: emulator.apiKey, baseUrl: stub.baseUrl, callUrl: emulator.callUrl } },
			]);
		}
		const onEmulator = returnAllWorkflows({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey, credential: CREDENTIAL }, 'Emulator0');
		const onStub = stub && returnAllWorkflows({ baseUrl: stub.baseUrl, apiKey: emulator.apiKey, credential: STUB_CREDENTIAL }, 'StubPages');
		const writes = writeWorkflows(emulator, WRITES, WRITES, LIMIT.items);
		const empty = emptyWorkflow();
		await n8n.importWorkflows([...Object.values(onEmulator), ...(onStub ? Object.values(onStub) : []), ...Object.values(writes), empty]);
		log(`  n8n ${N8N_VERSION}: starting`);
		await n8n.start();
		runner = new N8nRunner(n8n, TRIGGER);
		const info = (caseStarted: number, loadBefore: string): RunInfo => ({
			argv,
			n8nVersion: N8N_VERSION,
			rounds,
			latencyMs,
			loadBefore,
			loadAfter: loadAverage(),
			minutes: (Date.now() - caseStarted) / 60_000,
		});
		const write = !quick && args.write;

		if (cases.includes('returnAll')) {
			const caseStarted = Date.now();
			const loadBefore = loadAverage();
			const servers: UsersServer[] = SERVERS.map((name) =>
				name === 'stub'
					? { name, baseUrl: stub!.baseUrl, apiKey: emulator.apiKey, pid: stub!.pid, served: () => stub!.served(), workflows: ids(onStub!) }
					: {
							name,
							baseUrl: emulator.baseUrl,
							apiKey: emulator.apiKey,
							pid: emulator.pid,
							served: () => emulator.served(),
							workflows: ids(onEmulator),
						},
			);
			log(`  Return All over ${fmt(USERS)} users: the service's cost per page`);
			const costs = [];
			for (const server of servers) costs.push(await serviceCost(server, USERS, latencyMs, SERVICE_COST_RUNS));
			for (const cost of costs)
				log(
					`    ${cost.server}: ${fmt(cost.msPerPageBeyondLatency, 1)} ms a page beyond the latency, ${fmt(cost.cpuMsPerPage, 1)} ms CPU a page`,
				);
			const samples = [];
			for (const server of servers)
				samples.push({ server: server.name, samples: await returnAllRounds(server, runner, empty.id, USERS, rounds, log) });
			const text = returnAllSection({ ...info(caseStarted, loadBefore), users: USERS, costs, samples, stubBytes: stub?.bytes });
			log(`\n${text}`);
			if (write) writeOut('bench:n8n', text);
		}

		if (cases.includes('writes')) {
			const caseStarted = Date.now();
			const loadBefore = loadAverage();
			log(`  ${fmt(WRITES)} writes: User → Create, then Message → Send`);
			const create = await writeRounds(
				emulator,
				runner,
				'create',
				{ ours: writes.oursCreate.id, http: writes.httpCreate.id },
				WRITES,
				WRITE_ROUNDS,
				log,
			);
			const send = await writeRounds(
				emulator,
				runner,
				'send',
				{ ours: writes.oursSend.id, http: writes.httpSend.id },
				WRITES,
				WRITE_ROUNDS,
				log,
			);
			const text = writesSection({ ...info(caseStarted, loadBefore), rounds: WRITE_ROUNDS, items: WRITES, create, send });
			log(`\n${text}`);
			if (write) writeOut('bench:n8n writes', text);
		}

		if (cases.includes('limit')) {
			const caseStarted = Date.now();
			const loadBefore = loadAverage();
			const results: LimitResult[] = [];
			for (const contender of ['ours', 'http'] as const) {
				log(`  ${fmt(LIMIT.items)} creates under ${fmt(LIMIT.perMinute)} requests a minute (${fmt(LIMIT.used)} spent): ${contender}…`);
				const result = await limitRun(emulator, runner, contender, contender === 'ours' ? writes.oursLimit.id : writes.httpLimit.id, LIMIT);
				log(`    ${JSON.stringify(result)}`);
				results.push(result);
			}
			const text = limitSection({ ...info(caseStarted, loadBefore), rounds: 1, setup: LIMIT, results });
			log(`\n${text}`);
			if (write) writeOut('bench:n8n limit', text);
		}
		log(`\nbench:n8n: ${fmt((Date.now() - started) / 60_000, 1)} min in all; load average ${loadAverage()}`);
		if (!write) log(quick ? '(--quick: BENCHMARKS.md left as it is)' : '(--no-write: BENCHMARKS.md left as it is)');
	} finally {
		runner?.close();
		await cleanup();
		await stub?.stop();
		await emulator.stop();
		removeRawNode?.();
	}
}

function ids(workflows: ReturnType<typeof returnAllWorkflows>): UsersServer['workflows'] {
	return Object.fromEntries(Object.entries(workflows).map(([name, workflow]) => [name, workflow.id])) as UsersServer['workflows'];
}

function writeOut(name: string, text: string): void {
	writeSection(name, text, 'last');
	log(`\nWrote the ${name} section of BENCHMARKS.md`);
}

main().catch(async (error) => {
	console.error(error);
	await cleanup();
	process.exit(1);
});
