/**
 * `npm run bench:n8n`'s Return All case: User → Get Many over the users list, ours against n8n's HTTP
 * Request node (with and without a Split Out) and a raw 4-in-flight loop, in the benchmark's process
 * and as a bare n8n node (bench/n8n-raw-node.ts), and that node putting out the same items with no
 * request (n8n's own cost for them),
 * served by the emulator and by a stub of pre-serialized pages (bench/stub-child.ts). Besides the
 * timed rounds it measures what the service costs per page (emulator and stub) and the clocks n8n
 * offers (wall, startedAt → stoppedAt, the node's executionTime). See bench/n8n.ts for the tables.
 */
import { loadavg } from 'os';

import axios from 'axios';
import type { AxiosInstance } from 'axios';

import { cpuMs, fmt, interleave, readUsersInFlight, readUsersOneByOne, USERS_PER_PAGE } from './common';
import { ITEMS_ONLY_NODE, RAW_IN_FLIGHT, RAW_NODE } from './n8n-raw-node';
import type { N8nRunner, TimedRun } from './n8n-run';
import { HTTP, OURS, SPLIT } from './n8n-workflows';
import type { returnAllWorkflows } from './n8n-workflows';

/** Where the users list is served from. */
export interface UsersServer {
	name: 'emulator' | 'stub';
	baseUrl: string;
	apiKey: string;
	pid: number;
	served(): Promise<number>;
	/** Workflow ids of this server's Return All workflows, by name (`returnAllWorkflows`). */
	workflows: Record<keyof ReturnType<typeof returnAllWorkflows>, string>;
}

export type ReturnAllContender = 'ours' | 'http' | 'httpSplit' | 'raw' | 'rawNode' | 'itemsOnly' | 'empty';

export interface ReturnAllSample {
	/** The time a user's n8n sees (wallMs), or the raw loop's time. */
	ms: number;
	run?: TimedRun;
	requests: number;
	/** The 1-minute load average when the run started. */
	load: number;
}

export interface ServiceCost {
	server: 'emulator' | 'stub';
	/** A raw sequential read's time per page, less the latency (median of the runs). */
	msPerPageBeyondLatency: number;
	/** The server process's CPU time per page (median of the runs). */
	cpuMsPerPage: number;
	bytesPerPage: number;
}

export function rawClient(baseUrl: string, apiKey: string): AxiosInstance {
	return axios.create({ baseURL: `${baseUrl}/v3`, headers: { apikey: apiKey } });
}

/** (a) The service's own cost per page: raw sequential reads of every page (after a warm-up), timed and the server's CPU counted. */
export async function serviceCost(server: UsersServer, users: number, latencyMs: number, runs: number): Promise<ServiceCost> {
	const raw = rawClient(server.baseUrl, server.apiKey);
	const pages = Math.ceil(users / USERS_PER_PAGE);
	await readUsersOneByOne(raw);
	const perPage: number[] = [];
	const cpu: number[] = [];
	let bytes = 0;
	for (let i = 0; i < runs; i++) {
		const cpuBefore = cpuMs(server.pid);
		const start = process.hrtime.bigint();
		const records = await readUsersOneByOne(raw);
		const ms = Number(process.hrtime.bigint() - start) / 1e6;
		cpu.push((cpuMs(server.pid) - cpuBefore) / pages);
		if (records.length !== users) throw new Error(`${server.name}: a raw read gave ${records.length} users, expected ${users}`);
		perPage.push(ms / pages - latencyMs);
		bytes = JSON.stringify(records).length / pages;
	}
	const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
	return { server: server.name, msPerPageBeyondLatency: mid(perPage), cpuMsPerPage: mid(cpu), bytesPerPage: bytes };
}

/**
 * Checks one run. `firstRun`: the contender's untimed first run, where the items-only node reads the
 * pages it keeps (afterwards it sends no request).
 */
function check(
	server: UsersServer,
	which: ReturnAllContender,
	users: number,
	sample: ReturnAllSample,
	firstRun: boolean,
	raw?: number,
): void {
	const fail = (what: string) => {
		throw new Error(`${server.name}, ${which}: ${what}`);
	};
	const run = sample.run;
	if (run && (run.status !== 'success' || run.error)) fail(`execution ${run.id}: ${run.status} ${run.error ?? ''}`);
	const distinct = (items: Array<Record<string, unknown>>) => new Set(items.map((json) => json.uid)).size;
	if (which === 'ours' || which === 'rawNode' || which === 'itemsOnly') {
		const items = run!.items({ ours: OURS, rawNode: RAW_NODE, itemsOnly: ITEMS_ONLY_NODE }[which]);
		if (items.length !== users || distinct(items) !== users) fail(`${items.length} items (${distinct(items)} uids), expected ${users}`);
	} else if (which === 'http' || which === 'httpSplit') {
		const inside = run!.items(HTTP).reduce((sum, page) => sum + ((page.data as unknown[] | undefined)?.length ?? 0), 0);
		if (inside !== users) fail(`the HTTP Request node's items hold ${inside} records, expected ${users}`);
		if (which === 'httpSplit') {
			const split = run!.items(SPLIT);
			if (split.length !== users || distinct(split) !== users) fail(`Split Out put out ${split.length} items, expected ${users}`);
		}
	} else if (which === 'raw' && raw !== users) fail(`${raw} records, expected ${users}`);
	const sendsNone = which === 'empty' || (which === 'itemsOnly' && !firstRun);
	const pages = sendsNone ? 0 : Math.ceil(users / USERS_PER_PAGE);
	if (sample.requests !== pages) fail(`${sample.requests} requests, expected ${pages}`);
}

/** Interleaved rounds of every contender against one server, after one untimed run of each. */
export async function returnAllRounds(
	server: UsersServer,
	runner: N8nRunner,
	emptyWorkflowId: string,
	users: number,
	rounds: number,
	log: (line: string) => void,
): Promise<Map<string, ReturnAllSample[]>> {
	const raw = rawClient(server.baseUrl, server.apiKey);
	const ids: Record<Exclude<ReturnAllContender, 'raw'>, string> = { ...server.workflows, empty: emptyWorkflowId };
	const contenders: Array<{ name: ReturnAllContender }> = [
		{ name: 'ours' },
		{ name: 'http' },
		{ name: 'httpSplit' },
		{ name: 'raw' },
		{ name: 'rawNode' },
		{ name: 'itemsOnly' },
		{ name: 'empty' },
	];
	const measure = async ({ name }: { name: ReturnAllContender }, firstRun = false): Promise<ReturnAllSample> => {
		const load = loadavg()[0];
		const before = await server.served();
		if (name === 'raw') {
			const start = process.hrtime.bigint();
			const records = await readUsersInFlight(raw, RAW_IN_FLIGHT);
			const ms = Number(process.hrtime.bigint() - start) / 1e6;
			const sample = { ms, requests: (await server.served()) - before, load };
			check(server, name, users, sample, firstRun, records);
			return sample;
		}
		const run = await runner.run(ids[name]);
		const sample = { ms: run.wallMs, run, requests: (await server.served()) - before, load };
		check(server, name, users, sample, firstRun);
		return sample;
	};
	for (const contender of contenders) await measure(contender, true);
	return await interleave(contenders, rounds, async (contender) => await measure(contender), {
		log: (line) => log(`  ${server.name}:${line}`),
		describe: (sample) => `${fmt(sample.ms)} ms`,
	});
}
