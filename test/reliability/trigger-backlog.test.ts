/**
 * CometChat Trigger over a large backlog: Include Existing on First Poll with 200,000 flagged
 * messages waiting completes, emits each once, and saves a bounded state; the next poll emits only
 * what is new. Prints the time, the requests, peak RSS and heap growth during the poll (the
 * emulator runs in the same process: its store is in the heap before the poll starts).
 */
import type { Emulator } from '../harness/emulator';
import { useEmulator } from '../harness/suite';
import { readsToReach } from '../harness/listWindows';
import { MAX_KEPT_KEYS } from '../../nodes/CometChat/pollingTrigger/seenWindow';
import { report } from './report';
import { keyOfItem, triggerWatcher } from './trigger-watcher';

const currentEmulator = useEmulator();
const T0 = 1_790_000_000;
const BACKLOG = 200_000;

describe('CometChat Trigger over a backlog', () => {
	let emulator: Emulator;
	beforeEach(() => {
		emulator = currentEmulator();
		emulator.store.setClock(T0);
		for (const uid of ['alice', 'bob']) emulator.store.addUser({ uid, name: uid });
	});

	it(`Include Existing over ${BACKLOG.toLocaleString('en')} flagged messages completes, then only new ones`, async () => {
		emulator.store.addFlaggedMessages(BACKLOG);
		const w = triggerWatcher(emulator, { events: ['flaggedMessage'], options: { includeExisting: true } });

		const heapBefore = process.memoryUsage().heapUsed;
		const rssBefore = process.memoryUsage().rss;
		let heapPeak = heapBefore;
		const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 20);
		emulator.clearRequests();
		const started = Date.now();
		const first = await w.poll();
		const pollMs = Date.now() - started;
		clearInterval(sampler);
		heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
		const requests = emulator.requests.length;

		expect(first.succeeded).toBe(true);
		expect(first.items).toHaveLength(BACKLOG);
		const keys = new Set(first.items.map((item) => keyOfItem(item).key));
		expect(keys.size).toBe(BACKLOG);
		// Oldest first.
		expect(first.items[0].json.flaggedAt).toBe(T0 - BACKLOG + 1);
		expect(first.items[BACKLOG - 1].json.flaggedAt).toBe(T0);
		const state = JSON.stringify(w.staticData());
		const seen = (w.staticData() as { events: { flaggedMessage: { seen: Record<string, string[]> } } }).events.flaggedMessage.seen;
		const kept = Object.values(seen).reduce((sum, ids) => sum + ids.length, 0);
		expect(kept).toBeLessThanOrEqual(MAX_KEPT_KEYS);

		emulator.store.setClock(T0 + 5);
		const fresh = [1, 2, 3].map((n) => {
			const id = emulator.store.addMessage({ sender: 'alice', receiver: 'bob', data: { text: `new ${n}` } }).id as string;
			emulator.store.addFlag({ messageId: id, uid: 'bob', reasonId: 'spam', flaggedAt: T0 + n });
			return id;
		});
		emulator.clearRequests();
		const nextStarted = Date.now();
		const next = await w.poll();
		const nextMs = Date.now() - nextStarted;
		expect(next.items.map((item) => item.json.id)).toEqual(fresh);
		const nextRequests = emulator.requests.length;
		expect(nextRequests).toBeLessThanOrEqual(readsToReach(MAX_KEPT_KEYS) + 1);
		emulator.clearRequests();
		expect((await w.poll()).items).toEqual([]);
		expect((await w.poll()).items).toEqual([]);
		const steadyRequests = emulator.requests.length;
		emulator.clearRequests();
		expect((await w.poll()).items).toEqual([]);
		expect(emulator.requests).toHaveLength(1);

		report('trigger-backlog', {
			backlog: BACKLOG,
			firstPollMs: pollMs,
			firstPollRequests: requests,
			itemsEmitted: first.items.length,
			rssBeforePollMB: Math.round(rssBefore / 2 ** 20),
			peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
			heapBeforePollMB: Math.round(heapBefore / 2 ** 20),
			heapGrowthDuringPollMB: Math.round((heapPeak - heapBefore) / 2 ** 20),
			savedStateKB: Math.round(state.length / 1024),
			keysKept: kept,
			nextPollMs: nextMs,
			nextPollRequests: nextRequests,
			twoFollowingPollsRequests: steadyRequests,
		});
	});
});
