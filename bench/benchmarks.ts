/**
 * Benchmarks (`npm run bench`): our node, run through n8n's engine in this process, against raw axios
 * loops doing the same work, all against the emulator in a process of its own with a fixed latency
 * (20 ms) on every answer. Rounds are interleaved (each round runs every contender of a case once,
 * in an order that rotates per round) and the ratios are paired medians: the median over rounds of
 * ours / baseline within the same round. Writes its section of BENCHMARKS.md.
 *
 *   npm run bench                          # every case, 7 rounds
 *   npm run bench -- --quick               # smaller data and 3 rounds: a smoke run (writes nothing)
 *   npm run bench -- --rounds 5 --only users,thread,sends,poll,rss --latency 20 --no-write
 */
import { execFile } from 'child_process';
import { join } from 'path';
import { promisify } from 'util';

import axios from 'axios';
import type { AxiosInstance } from 'axios';
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { CometChatTrigger } from '../nodes/CometChat/CometChatTrigger.node.js';
import { ITEM_WINDOW_BOUNDS } from '../nodes/CometChat/transport/window';
import { pollContext, registerNodeType, runNode, shutdownEngine, TRIGGER_TYPE, workflowWith } from '../test/harness/engine';
import type { CredentialData } from '../test/harness/engine';
import type { BenchEmulator, Contender, RssContender, Sample } from './common';
import {
	countCell,
	expectCount,
	fmt,
	interleave,
	loadAverage,
	median,
	pairedRatios,
	parseArgs,
	ratioCell,
	readUsersInFlight,
	readUsersOneByOne,
	RSS_CONTENDERS,
	runRounds,
	seedUsers,
	startBenchEmulator,
	USERS_PER_PAGE,
	writeSection,
} from './common';

const args = parseArgs(process.argv.slice(2), { rounds: 7, quickRounds: 3 });
const { quick, rounds, latencyMs } = args;
const SIZES = quick
	? { users: 10_000, thread: 2_000, sends: 200, flagged: 10_000, rss: [1_000, 10_000] }
	: { users: 100_000, thread: 5_000, sends: 10_000, flagged: 100_000, rss: [1_000, 10_000, 100_000] };
/** The thread's largest `limit`, as published. */
const THREAD_LIMIT = 1000;
const IN_FLIGHT = 4;
const CASES = ['users', 'thread', 'sends', 'poll', 'rss'];
/** Rounds of the sends case: at most 3 (its ratio moves least: every run is the same 10,000 round trips). */
const SEND_ROUNDS = Math.min(rounds, 3);
/** The sends case's receivers (one conversation each) and its raw loop's requests in flight. */
const RECEIVERS = 100;
const SENDS_IN_FLIGHT = 8;
const RAW_SENDS = `raw POST, ${SENDS_IN_FLIGHT} in flight`;

const wanted = (id: string) => args.only.length === 0 || args.only.includes(id);
const log = (line: string) => console.log(line);
const MiB = 2 ** 20;

/** One row of the main table: ours against one baseline. */
interface Row {
	label: string;
	baseline: string;
	ours: Sample[];
	base: Sample[];
}

/** One row of the RSS table: each contender's peak RSS growths (bytes), in round order. */
interface RssRow extends Record<RssContender, number[]> {
	users: number;
}

async function main(): Promise<void> {
	const unknown = args.only.filter((id) => !CASES.includes(id));
	if (unknown.length) throw new Error(`unknown case ${unknown.join(', ')}; the cases are ${CASES.join(', ')}`);
	const loadBefore = loadAverage();
	const started = Date.now();
	log(`Benchmarks: ${rounds} rounds, ${latencyMs} ms latency${quick ? ', quick sizes' : ''}; load average ${loadBefore}`);

	const emulator = await startBenchEmulator(latencyMs);
	log(`  emulator: ${emulator.baseUrl} (pid ${emulator.pid})`);
	const credentials: CredentialData = { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl };
	// The raw contenders: axios with its default agent (no agent of our own).
	const raw = axios.create({ baseURL: `${emulator.baseUrl}/v3`, headers: { apikey: emulator.apiKey } });
	const rows: Row[] = [];
	let rss: RssRow[] = [];

	try {
		if (wanted('users')) rows.push(...(await usersCase(emulator, credentials, raw)));
		if (wanted('thread')) rows.push(await threadCase(emulator, credentials, raw));
		if (wanted('sends')) rows.push(await sendsCase(emulator, credentials, raw));
		if (wanted('poll')) rows.push(await pollCase(emulator, credentials, raw));
		if (wanted('rss')) rss = await rssCase(emulator);
	} finally {
		await emulator.stop();
		await shutdownEngine();
	}

	const loadAfter = loadAverage();
	const minutes = (Date.now() - started) / 60_000;
	const tables = render(rows, rss);
	log(`\n${tables}\n\nLoad average (1 / 5 / 15 min) before ${loadBefore}, after ${loadAfter}; ${fmt(minutes, 1)} min.`);
	if (quick || !args.write) {
		log(quick ? '(--quick: BENCHMARKS.md left as it is)' : '(--no-write: BENCHMARKS.md left as it is)');
		return;
	}
	writeSection('bench', documentOf(tables, loadBefore, loadAfter, minutes), 'first');
	log('\nWrote the bench section of BENCHMARKS.md');
}

// ---------------------------------------------------------------- the cases

async function ours(credentials: CredentialData, parameters: INodeParameters, input?: IDataObject[]): Promise<number> {
	const { items, error } = await runNode(credentials, parameters, input);
	if (error) throw error;
	return items.length;
}

async function usersCase(emulator: BenchEmulator, credentials: CredentialData, raw: AxiosInstance): Promise<Row[]> {
	const n = SIZES.users;
	log(`\nUser → Get Many, Return All over ${fmt(n)} users`);
	await seedUsers(emulator, n);
	const contenders: Contender[] = [
		{
			name: 'ours',
			run: async () => expectCount('ours', await ours(credentials, { resource: 'user', operation: 'getAll', returnAll: true }), n),
		},
		{ name: 'raw sequential', run: async () => expectCount('raw sequential', (await readUsersOneByOne(raw)).length, n) },
		{ name: `raw ${IN_FLIGHT} in flight`, run: async () => expectCount('raw window', await readUsersInFlight(raw, IN_FLIGHT), n) },
	];
	for (const contender of contenders) await contender.run(-1); // warm-up, untimed
	const samples = await runRounds(emulator, contenders, rounds, { log });
	const label = `User → Get Many, Return All over ${fmt(n)} users`;
	return contenders
		.slice(1)
		.map((c) => ({ label, baseline: `${c.name} (perPage ${USERS_PER_PAGE})`, ours: samples.get('ours')!, base: samples.get(c.name)! }));
}

async function threadCase(emulator: BenchEmulator, credentials: CredentialData, raw: AxiosInstance): Promise<Row> {
	const n = SIZES.thread;
	log(`\nMessage → Get Thread, Return All over ${fmt(n)} replies`);
	await emulator.control('POST', '/reset');
	const at = 1_700_000_000;
	const parentId = '1';
	await emulator.control('POST', '/seed', {
		users: [
			{ uid: 'bench-ada', name: 'Ada' },
			{ uid: 'bench-bob', name: 'Bob' },
		],
		messages: [
			{ id: parentId, sender: 'bench-ada', receiver: 'bench-bob', receiverType: 'user', data: { text: 'The thread' }, sentAt: at },
			...Array.from({ length: n }, (_, i) => ({
				id: String(i + 2),
				parentId,
				sender: i % 2 ? 'bench-ada' : 'bench-bob',
				receiver: i % 2 ? 'bench-bob' : 'bench-ada',
				receiverType: 'user',
				data: { text: `Reply ${i + 1}` },
				sentAt: at + 1 + i,
			})),
		],
	});
	const rawCursor = async (): Promise<number> => {
		const records: unknown[] = [];
		let cursor: Record<string, unknown> = {};
		for (;;) {
			const { data } = await raw.get(`/messages/${parentId}/thread`, {
				params: { limit: THREAD_LIMIT, ...cursor },
				headers: { onBehalfOf: 'bench-bob' },
			});
			records.push(...data.data);
			const next = data.meta?.next as Record<string, unknown> | undefined;
			if (!next || Object.keys(next).length === 0) return records.length;
			cursor = next;
		}
	};
	const parameters: INodeParameters = {
		resource: 'message',
		operation: 'getThread',
		messageId: parentId,
		onBehalfOf: { __rl: true, mode: 'id', value: 'bench-bob' },
		returnAll: true,
	};
	const contenders: Contender[] = [
		{ name: 'ours', run: async () => expectCount('ours', await ours(credentials, parameters), n) },
		{ name: 'raw cursor', run: async () => expectCount('raw cursor', await rawCursor(), n) },
	];
	for (const contender of contenders) await contender.run(-1);
	const samples = await runRounds(emulator, contenders, rounds, { log });
	return {
		label: `Message → Get Thread, Return All over ${fmt(n)} replies`,
		baseline: `raw cursor loop (limit ${THREAD_LIMIT}, meta.next)`,
		ours: samples.get('ours')!,
		base: samples.get('raw cursor')!,
	};
}

async function sendsCase(emulator: BenchEmulator, credentials: CredentialData, raw: AxiosInstance): Promise<Row> {
	const n = SIZES.sends;
	log(`\nMessage → Send, ${fmt(n)} items to ${RECEIVERS} users in one execution`);
	const receivers = Array.from({ length: RECEIVERS }, (_, i) => ({ uid: `bench-r${i}`, name: `Receiver ${i}` }));
	const people = { users: [{ uid: 'bench-ada', name: 'Ada' }, ...receivers] };
	// A fresh store before each run: the same state for every run, whatever the ones before sent.
	const fresh = async () => {
		await emulator.control('POST', '/reset');
		await emulator.control('POST', '/seed', people);
	};
	// Item i goes to receiver i mod RECEIVERS: each conversation's messages in item order, the conversations side by side.
	const messages = (count: number, round: number) =>
		Array.from({ length: count }, (_, i) => ({ receiver: receivers[i % RECEIVERS].uid, text: `Message ${round}-${i + 1}` }));
	const parameters: INodeParameters = {
		resource: 'message',
		operation: 'send',
		onBehalfOf: { __rl: true, mode: 'id', value: 'bench-ada' },
		receiverType: 'user',
		receiverUid: { __rl: true, mode: 'id', value: '={{ $json.receiver }}' },
		text: '={{ $json.text }}',
	};
	const size = (round: number) => (round < 0 ? Math.min(20, n) : n);
	const contenders: Contender[] = [
		{
			name: 'ours',
			run: async (round) => expectCount('ours', await ours(credentials, parameters, messages(size(round), round)), size(round)),
		},
		{
			name: RAW_SENDS,
			run: async (round) => {
				// As a client that keeps order per conversation would: the next item starts when one of 8 ends.
				const queue = messages(size(round), round);
				let sent = 0;
				const worker = async () => {
					for (let next = queue.shift(); next; next = queue.shift()) {
						await raw.post(
							'/messages',
							{ receiver: next.receiver, receiverType: 'user', category: 'message', type: 'text', data: { text: next.text } },
							{ headers: { onBehalfOf: 'bench-ada' } },
						);
						sent++;
					}
				};
				await Promise.all(Array.from({ length: SENDS_IN_FLIGHT }, worker));
				return expectCount(RAW_SENDS, sent, size(round));
			},
		},
	];
	await fresh();
	for (const contender of contenders) await contender.run(-1); // warm-up with 20 items
	const samples = await runRounds(emulator, contenders, SEND_ROUNDS, { log, between: fresh });
	return {
		label: `Message → Send, ${fmt(n)} items to ${RECEIVERS} users in one execution`,
		baseline: `raw POST loop, ${SENDS_IN_FLIGHT} in flight`,
		ours: samples.get('ours')!,
		base: samples.get(RAW_SENDS)!,
	};
}

async function pollCase(emulator: BenchEmulator, credentials: CredentialData, raw: AxiosInstance): Promise<Row> {
	const n = SIZES.flagged;
	log(`\nCometChat Trigger: one poll that finds 10 new flags on top of ${fmt(n)}`);
	await emulator.control('POST', '/reset');
	let clock = 1_750_000_000;
	await emulator.control('POST', '/clock', { now: clock });
	await emulator.control('POST', '/flagged/bulk', { count: n });

	const trigger = new CometChatTrigger();
	registerNodeType(TRIGGER_TYPE, trigger);
	const node: INode = {
		id: 'trigger',
		name: 'CometChat Trigger',
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { events: ['flaggedMessage'] },
		credentials: { cometChatApi: { id: 'cred-1', name: 'bench' } },
	};
	const workflow = workflowWith(node);
	const poll = async () => (await trigger.poll!.call(pollContext(workflow, node, credentials)))?.[0].length ?? 0;
	// The first poll notes where the list stands (it emits nothing).
	expectCount('the first poll', await poll(), 0);
	// Ten flags in the ten seconds after everything seen so far, before each of our polls.
	const tenNew = async (contender: Contender) => {
		if (contender.name !== 'ours') return;
		clock += 10;
		await emulator.control('POST', '/clock', { now: clock });
		await emulator.control('POST', '/flagged/bulk', { count: 10 });
	};
	const contenders: Contender[] = [
		{ name: 'ours', run: async () => expectCount('the poll', await poll(), 10) },
		{
			name: 'raw GET',
			run: async () => {
				const { data } = await raw.get('/moderation/flagged-messages', { params: { limit: 100, page: 1 } });
				return expectCount('raw GET', (data.data as unknown[]).length, 100);
			},
		},
	];
	await tenNew(contenders[0]);
	for (const contender of contenders) await contender.run(-1);
	const samples = await runRounds(emulator, contenders, rounds, { log, between: tenNew });
	return {
		label: `Trigger poll: 10 new flags on top of ${fmt(n)}`,
		baseline: 'one raw GET (limit 100, page 1)',
		ours: samples.get('ours')!,
		base: samples.get('raw GET')!,
	};
}

const execFileAsync = promisify(execFile);

/** One run in a fresh process (bench/rss-child.ts); answers its peak RSS growth in bytes. */
async function rssChild(emulator: BenchEmulator, contender: RssContender, users: number): Promise<number> {
	const { stdout } = await execFileAsync(
		process.execPath,
		['--expose-gc', '--import', 'tsx', join(__dirname, 'rss-child.ts'), contender, String(users), emulator.baseUrl, emulator.apiKey],
		{ maxBuffer: 16 * 2 ** 20, timeout: 600_000 },
	);
	const last = stdout.trim().split('\n').pop() ?? '';
	const result = JSON.parse(last) as { growth: number; items: number };
	expectCount(`${contender} (rss child)`, result.items, users);
	return result.growth;
}

async function rssCase(emulator: BenchEmulator): Promise<RssRow[]> {
	const out: RssRow[] = [];
	for (const users of SIZES.rss) {
		log(`\nPeak RSS growth, Return All over ${fmt(users)} users, each run in a fresh process`);
		await seedUsers(emulator, users);
		const contenders = RSS_CONTENDERS.map((name) => ({ name }));
		const growths = await interleave(contenders, rounds, async ({ name }) => await rssChild(emulator, name, users), {
			log,
			describe: (growth) => `${fmt(growth / MiB, 1)} MiB`,
		});
		const row = { users } as RssRow;
		for (const name of RSS_CONTENDERS) row[name] = growths.get(name)!;
		out.push(row);
	}
	return out;
}

// ---------------------------------------------------------------- the report

function render(rows: Row[], rss: RssRow[]): string {
	const parts: string[] = [];
	if (rows.length > 0) {
		parts.push(
			[
				'| case | baseline | ours, median | baseline, median | ours ÷ baseline, paired median (range) | requests per run, ours / baseline | records, ours / baseline |',
				'|---|---|---|---|---|---|---|',
				...rows.map(({ label, baseline, ours: o, base: b }) =>
					[
						label,
						baseline,
						`${fmt(median(o.map((s) => s.ms)))} ms`,
						`${fmt(median(b.map((s) => s.ms)))} ms`,
						ratioCell(
							pairedRatios(
								o.map((s) => s.ms),
								b.map((s) => s.ms),
							),
						),
						`${countCell(o.map((s) => s.requests))} / ${countCell(b.map((s) => s.requests))}`,
						`${countCell(o.map((s) => s.items))} / ${countCell(b.map((s) => s.items))}`,
					]
						.join(' | ')
						.replace(/^/, '| ')
						.replace(/$/, ' |'),
				),
			].join('\n'),
		);
	}
	if (rss.length > 0) {
		parts.push(
			[
				'| peak RSS growth, Return All over | raw loop, median | raw loop as an n8n node, median | ours, whole records (Simplify off), median | ÷ raw loop, paired median (range) | ÷ raw loop as a node | ours, Simplify on, median | ÷ raw loop | ÷ raw loop as a node |',
				'|---|---|---|---|---|---|---|---|---|',
				...rss.map(({ users, whole, simplified, raw, rawNode }) =>
					[
						`${fmt(users)} users`,
						`${fmt(median(raw) / MiB, 1)} MiB`,
						`${fmt(median(rawNode) / MiB, 1)} MiB`,
						`${fmt(median(whole) / MiB, 1)} MiB`,
						ratioCell(pairedRatios(whole, raw)),
						ratioCell(pairedRatios(whole, rawNode)),
						`${fmt(median(simplified) / MiB, 1)} MiB`,
						ratioCell(pairedRatios(simplified, raw)),
						ratioCell(pairedRatios(simplified, rawNode)),
					]
						.join(' | ')
						.replace(/^/, '| ')
						.replace(/$/, ' |'),
				),
			].join('\n'),
		);
	}
	return parts.join('\n\n');
}

function documentOf(tables: string, loadBefore: string, loadAfter: string, minutes: number): string {
	const ran = CASES.filter(wanted);
	return `## \`npm run bench\`: our node in n8n's engine against raw HTTP loops

One run of \`npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version},
${rounds} interleaved rounds, ${latencyMs} ms latency on every answer of the emulator, cases ${ran.join(', ')}.
Load average (1 / 5 / 15 min) before: ${loadBefore}; after: ${loadAfter} (${fmt(minutes, 1)} min in all).

${tables}

How to read them:
- **The setup.** The emulator runs in its own process (bench/emulator-child.ts, which calls
  \`startEmulator\`) and waits ${latencyMs} ms before every answer, as a real service's round trip would.
  "Ours" is our node run through n8n-core's \`WorkflowExecute\` in the benchmark's process (the trigger:
  its \`poll()\` in n8n-core's \`PollContext\`), as the tests run it. The raw contenders are plain axios
  loops in the same process, on axios's default agent: Node's global HTTP agent, which keeps
  connections alive on Node 20 (no agent of their own, no other keep-alive setting).
- **Rounds and ratios.** Each round runs every contender of a case once, in an order that rotates per
  round, after one untimed warm-up run of each. The ratio is the median over rounds of ours ÷
  baseline within the same round (paired), with the range over rounds in brackets; times are
  medians too. A ratio under 1 means ours was faster. Absolute times move with the machine's load
  (2 shared cores); paired ratios much less.
- **Requests per run** are counted in the emulator's process (a request hook; control calls are not
  counted), as the difference before and after each run; one number means every round agreed.
  **Records** are checked: a run that returns another count than expected stops the benchmark.
- **Return All over users** pages with \`perPage=${USERS_PER_PAGE}\`: ${fmt(SIZES.users / USERS_PER_PAGE)} pages. The raw sequential loop asks
  for page 1, 2, … one at a time; the raw ${IN_FLIGHT}-in-flight loop asks for page 1 (to learn
  \`total_pages\`) and then keeps ${IN_FLIGHT} requests in flight.
- **Get Thread** is compared with a raw cursor loop at \`limit=${THREAD_LIMIT}\` (the published maximum) that sends
  \`meta.next\`'s fields back as query parameters until there is no \`meta.next\`. Ours returns the
  simplified replies (the operation's default).
- **Send** runs ${fmt(SIZES.sends)} input items in one execution, item i to receiver i mod ${RECEIVERS} (${RECEIVERS}
  conversations; ours keeps each conversation's messages in item order and sends the conversations
  side by side, up to ${ITEM_WINDOW_BOUNDS.max} items in flight); the raw loop POSTs the same bodies with ${SENDS_IN_FLIGHT} requests in
  flight. The emulator's store is reset (untimed) before each run. It has ${SEND_ROUNDS} rounds.
- **Trigger poll**: the first poll (untimed) notes where the list of ${fmt(SIZES.flagged)} flagged messages stands;
  before each timed poll, 10 new flags arrive (untimed). The baseline is one raw GET of the first page.
- **Peak RSS growth** runs each Return All in a fresh process (bench/rss-child.ts): all load n8n's
  engine and axios and make one small warm-up request, then \`rssBefore = process.memoryUsage().rss\`
  (after a GC), then the run; the growth is \`process.resourceUsage().maxRSS × 1024 − rssBefore\`. It
  includes the records the run holds at its end: the raw loop keeps the whole records it read, as a
  client would. Ours is measured twice: with Simplify off it returns the same whole records (the
  like-for-like comparison), with Simplify on (the operation's default) it returns short records,
  which are new objects made from the whole ones.
- **The raw loop as an n8n node** runs the same raw loop as the body of a bare node in the same
  engine as ours, returning the leanest items n8n allows (\`{ json, pairedItem }\`, one pairing shared,
  as ours does). Any node's output pays what it adds to the raw loop: an item wrapper per record, and
  n8n-core's own passes over the items after the node returns (\`WorkflowExecute\` gives each item its
  pairing and checks it for errors, allocating short-lived objects per item). Against it, the ratio
  is what our node costs beyond what n8n costs for any node's items.
- **The raw loops keep what they read** (the records in an array), as ours returns them.
`;
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
