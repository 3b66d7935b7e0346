/**
 * What the benchmark scripts share: the emulator in its own process, its control API, interleaved
 * rounds with paired medians, and BENCHMARKS.md's sections.
 */
import { fork } from 'child_process';
import type { ChildProcess } from 'child_process';
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { loadavg } from 'os';
import { join } from 'path';

import type { AxiosInstance } from 'axios';

import type { EmulatorCount, EmulatorReady, EmulatorStats, StoreStats } from './emulator-child';
import type { StubReady } from './stub-child';

export const REPO_DIR = join(__dirname, '..');
export const BENCHMARKS_FILE = join(REPO_DIR, 'BENCHMARKS.md');

// ---------------------------------------------------------------- command line

export interface BenchArgs {
	quick: boolean;
	rounds: number;
	latencyMs: number;
	/** Case ids to run (none = all). */
	only: string[];
	/** Whether to write BENCHMARKS.md. */
	write: boolean;
}

/** `--quick`, `--rounds N`, `--latency MS`, `--only a,b`, `--no-write`. */
export function parseArgs(argv: string[], defaults: { rounds: number; quickRounds: number }): BenchArgs {
	const quick = argv.includes('--quick');
	const valueOf = (name: string): string | undefined => {
		const at = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
		if (at < 0) return undefined;
		const a = argv[at];
		return a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[at + 1];
	};
	const positive = (name: string, fallback: number): number => {
		const raw = valueOf(name);
		if (raw === undefined) return fallback;
		const n = Number(raw);
		if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} needs a whole number, got ${raw}`);
		return n;
	};
	const only = (valueOf('only') ?? '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean);
	return {
		quick,
		rounds: Math.max(1, positive('rounds', quick ? defaults.quickRounds : defaults.rounds)),
		latencyMs: positive('latency', 20),
		only,
		write: !argv.includes('--no-write'),
	};
}

// ---------------------------------------------------------------- the emulator process

export interface BenchEmulator {
	baseUrl: string;
	callUrl: string;
	apiKey: string;
	latencyMs: number;
	pid: number;
	/** API requests the emulator has served since it started (counted in its process). */
	served(): Promise<number>;
	/** What the store holds and the 429s answered (read in the emulator's process). */
	stats(): Promise<StoreStats>;
	/** A call of the control API under /__emulator (never delayed, never counted); answers its `data`. */
	control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
	stop(): Promise<void>;
}

/** A bench server in a process of its own (forked with tsx), once it listens, asked over its IPC channel. */
interface ChildServer<R> {
	ready: R;
	/** Sends `{ type, id }` and answers the child's message with the same `id`. */
	ask<M>(type: string): Promise<M>;
	stop(): Promise<void>;
}

/** Forks `script` (in bench/) and waits for its message of type `readyType`; `name` says who failed to start. */
async function startChildServer<R extends { type: string }>(
	script: string,
	args: string[],
	readyType: R['type'],
	name: string,
): Promise<ChildServer<R>> {
	const child: ChildProcess = fork(join(__dirname, script), args, {
		execArgv: ['--import', 'tsx'],
		stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
	});
	const ready = await new Promise<R>((resolve, reject) => {
		const onMessage = (message: R) => {
			if (message?.type !== readyType) return;
			child.off('message', onMessage);
			resolve(message);
		};
		child.on('message', onMessage);
		child.once('exit', (code) => reject(new Error(`${name} exited (code ${code}) before it listened`)));
		child.once('error', reject);
	});
	let nextId = 1;
	const waiting = new Map<number, (message: unknown) => void>();
	child.on('message', (message: { id?: number }) => {
		const answer = typeof message?.id === 'number' ? waiting.get(message.id) : undefined;
		if (!answer) return;
		waiting.delete(message.id!);
		answer(message);
	});
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	return {
		ready,
		ask: <M>(type: string) =>
			new Promise<M>((resolve) => {
				const id = nextId++;
				waiting.set(id, resolve as (message: unknown) => void);
				child.send({ type, id });
			}),
		async stop() {
			if (child.exitCode !== null) return;
			child.send({ type: 'stop' });
			const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
			await exited;
			clearTimeout(timer);
		},
	};
}

/** Starts bench/emulator-child.ts in its own process and waits until it listens. */
export async function startBenchEmulator(latencyMs: number): Promise<BenchEmulator> {
	const { ready, ask, stop } = await startChildServer<EmulatorReady>(
		'emulator-child.ts',
		[String(latencyMs)],
		'ready',
		'the bench emulator',
	);
	return {
		baseUrl: ready.baseUrl,
		callUrl: ready.callUrl,
		apiKey: ready.apiKey,
		latencyMs: ready.latencyMs,
		pid: ready.pid,
		served: async () => (await ask<EmulatorCount>('count')).served,
		stats: async () => (await ask<EmulatorStats>('stats')).stats,
		async control<T>(method: string, path: string, body?: unknown): Promise<T> {
			const response = await fetch(`${ready.baseUrl}/__emulator${path}`, {
				method,
				headers: body === undefined ? {} : { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await response.text();
			if (!response.ok) throw new Error(`control ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
			return (JSON.parse(text) as { data: T }).data;
		},
		stop,
	};
}

// ---------------------------------------------------------------- the users every Return All case reads

/** The users list's page size in every benchmark: its published maximum (100,000 users are 100 pages). */
export const USERS_PER_PAGE = 1000;

/** Empties the emulator's store and adds `count` users (`bench-1`, `bench-2`, …). */
export async function seedUsers(emulator: BenchEmulator, count: number): Promise<void> {
	await emulator.control('POST', '/reset');
	await emulator.control('POST', '/users/bulk', { count, prefix: 'bench-' });
}

/** The raw sequential loop: page 1, 2, … one at a time until `total_pages`; keeps the records, as a client would. */
export async function readUsersOneByOne(raw: AxiosInstance): Promise<unknown[]> {
	const records: unknown[] = [];
	for (let page = 1; ; page++) {
		const { data } = await raw.get('/users', { params: { perPage: USERS_PER_PAGE, page } });
		records.push(...data.data);
		if (page >= data.meta.pagination.total_pages) return records;
	}
}

/** Page 1 first (for total_pages), then the rest with a sliding window of `inFlight` requests; answers the records read. */
export async function readUsersInFlight(raw: AxiosInstance, inFlight: number): Promise<number> {
	const first = (await raw.get('/users', { params: { perPage: USERS_PER_PAGE, page: 1 } })).data;
	const totalPages: number = first.meta.pagination.total_pages;
	const pages: unknown[][] = [first.data];
	let next = 2;
	const worker = async () => {
		while (next <= totalPages) {
			const page = next++;
			pages[page - 1] = (await raw.get('/users', { params: { perPage: USERS_PER_PAGE, page } })).data.data;
		}
	};
	await Promise.all(Array.from({ length: inFlight }, worker));
	return pages.reduce((sum, page) => sum + page.length, 0);
}

/** A users list served by bench/stub-child.ts: pre-serialized pages, the same latency. */
export interface UsersStub {
	baseUrl: string;
	pages: number;
	bytes: number;
	pid: number;
	served(): Promise<number>;
	stop(): Promise<void>;
}

/** Starts bench/stub-child.ts, which reads every page of the users list from `emulator` once and then serves them. */
export async function startUsersStub(emulator: BenchEmulator, latencyMs: number): Promise<UsersStub> {
	const { ready, ask, stop } = await startChildServer<StubReady>(
		'stub-child.ts',
		[String(latencyMs), emulator.baseUrl, emulator.apiKey, String(USERS_PER_PAGE)],
		'stub-ready',
		'the users stub',
	);
	return {
		baseUrl: ready.baseUrl,
		pages: ready.pages,
		bytes: ready.bytes,
		pid: ready.pid,
		served: async () => (await ask<EmulatorCount>('count')).served,
		stop,
	};
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function cpuMs(pid: number): number {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		// utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks (100 a second).
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
	} catch {
		return NaN;
	}
}

/**
 * The peak RSS case's contenders (bench/rss-child.ts): our node with Simplify off (`whole`) and on
 * (`simplified`), the raw loop, and the raw loop as a bare n8n node (`rawNode`).
 */
export const RSS_CONTENDERS = ['whole', 'simplified', 'raw', 'rawNode'] as const;
export type RssContender = (typeof RSS_CONTENDERS)[number];

// ---------------------------------------------------------------- rounds and statistics

export interface Sample {
	ms: number;
	/** API requests the emulator served during the run. */
	requests: number;
	/** Records the run produced (checked against the expected count). */
	items: number;
}

export interface Contender {
	name: string;
	/** One run; answers how many records it produced. */
	run(round: number): Promise<number>;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Times one run of a contender and counts the requests it made. */
export async function timeRun(emulator: BenchEmulator, run: () => Promise<number>): Promise<Sample> {
	gc?.();
	const before = await emulator.served();
	const start = process.hrtime.bigint();
	const items = await run();
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	const requests = (await emulator.served()) - before;
	return { ms, requests, items };
}

/** The order of round `round`: every contender once, starting one further along each round. */
export function rotation<T>(list: T[], round: number): T[] {
	const at = round % list.length;
	return [...list.slice(at), ...list.slice(0, at)];
}

/**
 * Interleaved rounds: each round measures every contender once, in an order that rotates per round.
 * `between` runs before each measured run (unmeasured), e.g. to reset the emulator's state;
 * `describe` gives a measurement's words in the round's log line.
 * Answers the measurements by contender name, in round order.
 */
export async function interleave<C extends { name: string }, M>(
	contenders: C[],
	rounds: number,
	measure: (contender: C, round: number) => Promise<M>,
	options: { between?: (contender: C, round: number) => Promise<void>; log?: (line: string) => void; describe: (measured: M) => string },
): Promise<Map<string, M[]>> {
	const measured = new Map<string, M[]>(contenders.map((c) => [c.name, []]));
	for (let round = 0; round < rounds; round++) {
		const line: string[] = [];
		for (const contender of rotation(contenders, round)) {
			await options.between?.(contender, round);
			const value = await measure(contender, round);
			measured.get(contender.name)!.push(value);
			line.push(`${contender.name} ${options.describe(value)}`);
		}
		options.log?.(`    round ${round + 1}/${rounds}: ${line.join(', ')}`);
	}
	return measured;
}

/** Interleaved rounds of timed runs (`timeRun`): the time and the requests of each. */
export async function runRounds(
	emulator: BenchEmulator,
	contenders: Contender[],
	rounds: number,
	options: { between?: (contender: Contender, round: number) => Promise<void>; log?: (line: string) => void } = {},
): Promise<Map<string, Sample[]>> {
	return await interleave(contenders, rounds, async (contender, round) => await timeRun(emulator, () => contender.run(round)), {
		...options,
		describe: (sample) => `${fmt(sample.ms)} ms/${sample.requests} req`,
	});
}

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The ratios ours / baseline within each round (same round index). */
export function pairedRatios(ours: number[], baseline: number[]): number[] {
	return ours.map((value, round) => value / baseline[round]);
}

/** "1.23× (1.10–1.40)": the paired median and the range over rounds. */
export function ratioCell(ratios: number[]): string {
	const finite = ratios.filter(Number.isFinite);
	if (finite.length === 0) return 'n/a';
	return `${fmt(median(finite), 2)}× (${fmt(Math.min(...finite), 2)}–${fmt(Math.max(...finite), 2)})`;
}

/** One value when every round agreed, else "min–max". */
export function countCell(values: number[]): string {
	const min = Math.min(...values);
	const max = Math.max(...values);
	return min === max ? fmt(min) : `${fmt(min)}–${fmt(max)}`;
}

export function fmt(n: number, digits = 0): string {
	return n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function loadAverage(): string {
	return loadavg()
		.map((n) => n.toFixed(2))
		.join(' / ');
}

/** The expected count, or an error naming the contender: a benchmark that lost records means nothing. */
export function expectCount(name: string, got: number, expected: number): number {
	if (got !== expected) throw new Error(`${name} produced ${got} records, expected ${expected}`);
	return got;
}

// ---------------------------------------------------------------- BENCHMARKS.md

/** What BENCHMARKS.md says before its sections (rewritten by each script). */
const HEADER = `# Benchmarks

Two scripts write this file, each its own sections, from one run's measurements (no number here is
typed by hand): \`npm run bench\` (our node in n8n's engine against raw HTTP loops) and
\`npm run bench:n8n\` (our node against n8n's HTTP Request node and raw loops, in the real n8n:
Return All, writes, and writes under a rate limit, a section each). Each run replaces only the
sections of what it ran. Compare ratios, not absolute times: the machine is shared.
`;

/**
 * Replaces the section between `<!-- begin NAME -->` and `<!-- end NAME -->` in BENCHMARKS.md
 * (when absent: before the other sections, or after them), leaving the other sections as they are;
 * the text before the first section is the HEADER. An older document without sections is replaced.
 */
export function writeSection(name: string, content: string, place: 'first' | 'last'): void {
	const begin = `<!-- begin ${name} (written by the script; do not edit by hand) -->`;
	const end = `<!-- end ${name} -->`;
	const block = `${begin}\n${content.trim()}\n${end}`;
	const old = existsSync(BENCHMARKS_FILE) ? readFileSync(BENCHMARKS_FILE, 'utf8') : '';
	const first = old.indexOf('<!-- begin ');
	let sections = first >= 0 ? old.slice(first) : '';
	const from = sections.indexOf(begin);
	const to = sections.indexOf(end);
	if (from >= 0 && to > from) sections = sections.slice(0, from) + block + sections.slice(to + end.length);
	else if (sections === '') sections = block;
	else sections = place === 'first' ? `${block}\n\n${sections}` : `${sections.trimEnd()}\n\n${block}`;
	writeFileSync(BENCHMARKS_FILE, `${HEADER}\n${sections.trimEnd()}\n`);
}
