/**
 * `npm run bench:n8n`'s write cases: User → Create and Message → Send over many input items, ours
 * against n8n's HTTP Request node and a raw 8-in-flight loop (the `writes` case), and User → Create
 * under the emulator's rate limit (the `limit` case). See bench/n8n.ts for the tables.
 */
import { loadavg } from 'os';

import type { AxiosInstance } from 'axios';

import type { BenchEmulator } from './common';
import type { StoreStats } from './emulator-child';
import { fmt, interleave } from './common';
import type { N8nRunner, TimedRun } from './n8n-run';
import { rawClient } from './n8n-return-all';
import { HTTP, messageOf, newUserOf, OURS, SENDER, SEND_RECEIVERS } from './n8n-workflows';

export const RAW_WRITES_IN_FLIGHT = 8;

export type WriteOp = 'create' | 'send';
export type WriteContender = 'ours' | 'http' | 'raw';

export interface WriteSample {
	/** The writing node's executionTime, or the raw loop's time. */
	ms: number;
	/** The execution's wall time (see n8n-run.ts), for the n8n contenders. */
	wallMs?: number;
	/** The CPU time the n8n process used in the run (see n8n-run.ts), for the n8n contenders. */
	n8nCpuMs?: number;
	requests: number;
	stored: number;
	load: number;
}

/** Empties the store; for sends, adds the sender and its receivers (bench-1, then the receivers). Untimed. */
export async function resetStore(emulator: BenchEmulator, op: WriteOp): Promise<void> {
	await emulator.control('POST', '/reset');
	if (op === 'send') await emulator.control('POST', '/users/bulk', { count: 1 + SEND_RECEIVERS, prefix: 'bench-' });
}

/** Users or messages the run stored, checked for duplicates (each item has its own uid or text). */
function stored(op: WriteOp, before: StoreStats, after: StoreStats): { stored: number; duplicated: number } {
	if (op === 'create') return { stored: after.users - before.users, duplicated: 0 };
	const added = after.messages - before.messages;
	return { stored: added, duplicated: after.messages - after.distinctTexts };
}

/** The raw loop: `inFlight` workers POST the items' bodies, each taking the next item. */
async function rawWrites(raw: AxiosInstance, op: WriteOp, count: number, inFlight: number): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < count) {
			const i = next++;
			if (op === 'create') await raw.post('/users', newUserOf(i));
			else {
				const { receiver, text } = messageOf(i);
				await raw.post(
					'/messages',
					{ receiver, receiverType: 'user', category: 'message', type: 'text', data: { text } },
					{ headers: { onBehalfOf: SENDER } },
				);
			}
		}
	};
	await Promise.all(Array.from({ length: inFlight }, worker));
}

/** Interleaved rounds of one write operation: ours, the HTTP Request node, the raw loop; the store reset before each run. */
export async function writeRounds(
	emulator: BenchEmulator,
	runner: N8nRunner,
	op: WriteOp,
	workflows: { ours: string; http: string },
	count: number,
	rounds: number,
	log: (line: string) => void,
): Promise<Map<string, WriteSample[]>> {
	const raw = rawClient(emulator.baseUrl, emulator.apiKey);
	const contenders: Array<{ name: WriteContender }> = [{ name: 'ours' }, { name: 'http' }, { name: 'raw' }];
	const measure = async ({ name }: { name: WriteContender }): Promise<WriteSample> => {
		const fail = (what: string) => {
			throw new Error(`${op}, ${name}: ${what}`);
		};
		const load = loadavg()[0];
		const before = await emulator.stats();
		let ms: number;
		let run: TimedRun | undefined;
		if (name === 'raw') {
			const start = process.hrtime.bigint();
			await rawWrites(raw, op, count, RAW_WRITES_IN_FLIGHT);
			ms = Number(process.hrtime.bigint() - start) / 1e6;
		} else {
			run = await runner.run(name === 'ours' ? workflows.ours : workflows.http);
			if (run.status !== 'success' || run.error) fail(`execution ${run.id}: ${run.status} ${run.error ?? ''}`);
			const writer = name === 'ours' ? OURS : HTTP;
			if (run.items(writer).length !== count) fail(`${run.items(writer).length} output items, expected ${count}`);
			ms = run.executionTimes[writer];
		}
		const after = await emulator.stats();
		const requests = after.served - before.served;
		const result = stored(op, before, after);
		if (requests !== count) fail(`${requests} requests, expected ${count}`);
		if (result.stored !== count) fail(`${result.stored} ${op === 'create' ? 'users' : 'messages'} stored, expected ${count}`);
		if (result.duplicated !== 0) fail(`${result.duplicated} messages stored twice`);
		return { ms, wallMs: run?.wallMs, n8nCpuMs: run?.n8nCpuMs, requests, stored: result.stored, load };
	};
	const between = () => resetStore(emulator, op);
	for (const contender of contenders) {
		await between();
		await measure(contender);
	}
	return await interleave(contenders, rounds, measure, {
		between,
		log: (line) => log(`  ${op}:${line}`),
		describe: (sample) =>
			`${fmt(sample.ms)} ms${sample.n8nCpuMs === undefined ? '' : ` (wall ${fmt(sample.wallMs ?? 0)} ms, n8n CPU ${fmt(sample.n8nCpuMs)} ms)`}`,
	});
}

// ---------------------------------------------------------------- under a rate limit

export interface LimitSetup {
	/** The emulator's limit, requests a minute (fixed one-minute windows). */
	perMinute: number;
	/** Requests counted as already made in the window that opens just before the run ("the app's other clients"). */
	used: number;
	items: number;
}

export interface LimitResult {
	contender: 'ours' | 'http';
	status: string;
	error?: string;
	/** Users stored. */
	completed: number;
	/** Output items that carry an error (Continue on Fail; 0 with the default settings). */
	failedItems: number;
	/** Items neither stored nor in the output as failed, when the execution succeeded. */
	lost: number;
	/** Items not written because the execution failed. */
	notWritten: number;
	/** Requests that passed the limit but stored nothing (for distinct uids: a uid sent again). */
	duplicated: number;
	rateLimited: number;
	/** Requests that passed the limit (answered by the handler). */
	served: number;
	/** The writing node's executionTime. */
	nodeMs: number;
	/** From the opening of the window to the execution's end (stored as finished). */
	windowToEndMs: number;
	/** What the limit allows from the window's opening to the end: (perMinute − used) + perMinute × ⌈max(0, T − 60 s) / 60 s⌉. */
	capacity: number;
}

/** The requests the limit allows a client that sends without pause for `ms` from the opening of a window with `used` spent. */
export function limitCapacity(setup: LimitSetup, ms: number): number {
	return setup.perMinute - setup.used + setup.perMinute * Math.ceil(Math.max(0, ms - 60_000) / 60_000);
}

/** One run of a workflow under the limit: a fresh store, a fresh window with `used` spent, then the run. */
export async function limitRun(
	emulator: BenchEmulator,
	runner: N8nRunner,
	contender: 'ours' | 'http',
	workflowId: string,
	setup: LimitSetup,
): Promise<LimitResult> {
	await resetStore(emulator, 'create');
	await emulator.control('POST', '/faults', { rateLimitPerMinute: setup.perMinute, resetCounts: true });
	const before = await emulator.stats();
	const windowOpened = Date.now();
	await emulator.control('POST', '/faults', { rateLimitUsed: setup.used });
	let run: TimedRun;
	try {
		run = await runner.run(workflowId, 1_800_000);
	} finally {
		await emulator.control('POST', '/faults', { rateLimitPerMinute: 0 });
	}
	const after = await emulator.stats();
	const writer = contender === 'ours' ? OURS : HTTP;
	const output = run.items(writer);
	const failedItems = output.filter((json) => json.error !== undefined).length;
	const completed = after.users - before.users;
	const served = after.served - before.served;
	const succeeded = run.status === 'success' && !run.error;
	const windowToEndMs = run.sentAt + run.wallMs - windowOpened;
	return {
		contender,
		status: run.status,
		error: run.error,
		completed,
		failedItems,
		lost: succeeded ? Math.max(0, setup.items - completed - failedItems) : 0,
		notWritten: succeeded ? 0 : setup.items - completed - failedItems,
		duplicated: served - completed,
		rateLimited: after.rateLimited - before.rateLimited,
		served,
		nodeMs: run.executionTimes[writer] ?? NaN,
		windowToEndMs,
		capacity: limitCapacity(setup, windowToEndMs),
	};
}
