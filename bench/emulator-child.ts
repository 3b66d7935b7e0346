/**
 * The benchmarks' emulator, in a process of its own (started by bench/common.ts with `fork`):
 * the chat host on a free port, no seed, a fixed latency on every answer, no request log.
 *
 *   node --import tsx bench/emulator-child.ts [latencyMs]
 *
 * It prints its ports, and tells its parent over the IPC channel. Requests served are counted here,
 * in the emulator's process, by a request hook (every API request that reaches its handler, after the
 * latency; control calls under /__emulator are not counted): the parent asks with `{ type: 'count' }`.
 * `{ type: 'stats' }` answers what the store holds (StoreStats), for the write cases' checks.
 * The CLI's request log would serve too (GET /__emulator/requests), but it keeps at most 10,000
 * entries, each with its headers and body, which a 10,000-send run fills.
 */
import { startEmulator } from '../emulator';

export interface EmulatorReady {
	type: 'ready';
	baseUrl: string;
	callUrl: string;
	apiKey: string;
	latencyMs: number;
	pid: number;
}

export interface EmulatorCount {
	type: 'count';
	id: number;
	served: number;
}

/** What the write cases check after a run: what the store holds, and the 429s the rate limit answered. */
export interface StoreStats {
	served: number;
	users: number;
	messages: number;
	/** Different texts among the stored messages (each benchmark message has its own). */
	distinctTexts: number;
	/** Requests the rate limit answered with 429 since the counts were last reset. */
	rateLimited: number;
}

export interface EmulatorStats {
	type: 'stats';
	id: number;
	stats: StoreStats;
}

async function main(): Promise<void> {
	const latencyMs = Number(process.argv[2] ?? 20);
	if (!Number.isFinite(latencyMs) || latencyMs < 0) throw new Error(`latency ${process.argv[2]} is not a number of milliseconds`);
	const emulator = await startEmulator({ port: 0, callPort: 0, mgmtPort: 0, seed: 'none', latencyMs, logRequests: false });
	let served = 0;
	emulator.onRequest(() => {
		served++;
	});
	process.on('message', (message: { type?: string; id?: number }) => {
		if (message?.type === 'count') {
			const answer: EmulatorCount = { type: 'count', id: message.id ?? 0, served };
			process.send?.(answer);
		} else if (message?.type === 'stats') {
			const messages = [...emulator.store.areas.messages.byId.values()];
			const texts = new Set(messages.map((m) => JSON.stringify((m.data as { text?: unknown } | undefined)?.text)));
			const stats: StoreStats = {
				served,
				users: emulator.store.areas.users.byId.size,
				messages: messages.length,
				distinctTexts: texts.size,
				rateLimited: emulator.faultCounts.rateLimited,
			};
			const answer: EmulatorStats = { type: 'stats', id: message.id ?? 0, stats };
			process.send?.(answer);
		} else if (message?.type === 'stop') {
			void emulator.close().then(() => process.exit(0));
		}
	});
	// The parent going away ends the emulator too.
	process.on('disconnect', () => {
		void emulator.close().then(() => process.exit(0));
	});
	process.stdout.write(
		`bench emulator (pid ${process.pid}): chat ${emulator.baseUrl}, call ${emulator.callUrl}, latency ${latencyMs} ms\n`,
	);
	const ready: EmulatorReady = {
		type: 'ready',
		baseUrl: emulator.baseUrl,
		callUrl: emulator.callUrl,
		apiKey: emulator.apiKey,
		latencyMs,
		pid: process.pid,
	};
	process.send?.(ready);
}

main().catch((error) => {
	process.stderr.write(`${(error as Error)?.stack ?? error}\n`);
	process.exit(1);
});
