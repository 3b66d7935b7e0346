/**
 * Return All's sliding window of page requests (transport/window.ts) on a page-numbered list, seen
 * from the emulator: a hook holds every page 20 ms (a network's latency) and counts the pages in
 * flight. The window grows to 8 and never beyond, pages come out in order whatever order they come
 * back in, Limit asks for no page it does not need, and a 429 halves the window and stops every new
 * page until its Retry-After has passed.
 */
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { WINDOW_BOUNDS } from '../../nodes/CometChat/transport/window';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { useEmulator } from '../harness/suite';

const emulator = useEmulator();
const LATENCY_MS = 20;

interface Arrival {
	page: number;
	at: number;
	/** Pages in flight at the emulator when this one arrived, itself included. */
	inFlight: number;
}

/** Holds each users page `LATENCY_MS` (or `holdMs(page)`) at the emulator and records its arrival. */
function watchPages(holdMs: (page: number) => number = () => LATENCY_MS): { arrivals: Arrival[]; stop: () => void } {
	const arrivals: Arrival[] = [];
	let inFlight = 0;
	const stop = emulator().onRequest(async (request) => {
		if (request.path !== '/v3/users') return;
		inFlight++;
		const page = Number(request.query.page);
		arrivals.push({ page, at: Date.now(), inFlight });
		await sleep(holdMs(page));
		inFlight--;
	});
	return { arrivals, stop: () => void stop() };
}

const returnAllUsers = async () =>
	await runNode(credentialsFor(emulator()), { resource: 'user', operation: 'getAll', returnAll: true, options: { simplify: false } });

/** The uids the emulator serves, in its order. */
async function servedUids(count: number): Promise<string[]> {
	const uids: string[] = [];
	const base = `${emulator().baseUrl}/v3/users`;
	for (let page = 1; uids.length < count; page++) {
		const answer = await fetch(`${base}?perPage=1000&page=${page}`, { headers: { apikey: credentialsFor(emulator()).apiKey as string } });
		const body = (await answer.json()) as { data: IDataObject[] };
		uids.push(...body.data.map((user) => String(user.uid)));
	}
	return uids;
}

it('keeps up to 8 pages in flight, never more, and adds the pages in order', async () => {
	emulator().store.addUsers(30_000, 'win-');
	const total = emulator().store.users.size;
	const expected = await servedUids(total);
	emulator().clearRequests();
	const { arrivals, stop } = watchPages();
	const { items, error } = await returnAllUsers();
	stop();
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.uid)).toEqual(expected);
	expect(apiRequests(emulator())).toHaveLength(Math.ceil(total / 1000));
	expect(Math.max(...arrivals.map((arrival) => arrival.inFlight))).toBe(WINDOW_BOUNDS.max);
	// Page 1 alone (it gives the total), then the window opens at its initial size.
	expect(arrivals[0]).toMatchObject({ page: 1, inFlight: 1 });
	expect(arrivals.slice(1, 1 + WINDOW_BOUNDS.initial).every((arrival) => arrival.inFlight <= WINDOW_BOUNDS.initial + 1)).toBe(true);
});

it('a page that comes back late does not change the order, and the window does not stop for it', async () => {
	emulator().store.addUsers(12_000, 'late-');
	const expected = await servedUids(emulator().store.users.size);
	const { arrivals, stop } = watchPages((page) => (page === 2 ? 400 : LATENCY_MS));
	const { items, error } = await returnAllUsers();
	stop();
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.uid)).toEqual(expected);
	// While page 2 was held, later pages were still fetched (the window is not a batch).
	const page2 = arrivals.find((arrival) => arrival.page === 2)!;
	const whilePage2Held = arrivals.filter((arrival) => arrival.page > 2 && arrival.at < page2.at + 350);
	expect(whilePage2Held.length).toBeGreaterThanOrEqual(WINDOW_BOUNDS.initial);
});

it('Limit asks only for the pages it needs, however wide the window', async () => {
	emulator().store.addUsers(30_000, 'lim-');
	const { items, error } = await runNode(credentialsFor(emulator()), { resource: 'user', operation: 'getAll', returnAll: false, limit: 2_500 });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(2_500);
	expect(apiRequests(emulator()).map((request) => request.query)).toEqual([
		{ perPage: '1000', page: '1' },
		{ perPage: '1000', page: '2' },
		{ perPage: '1000', page: '3' },
	]);
});

it('a 429 halves the window, and no page starts before its Retry-After has passed', async () => {
	emulator().store.addUsers(40_000, 'slow-');
	const expected = await servedUids(emulator().store.users.size);
	// Page 16: by then the window has grown to 8.
	emulator().injectNext([{ kind: '429', retryAfter: 1 }], { method: 'GET', pathPrefix: '/v3/users', query: { page: '16' } });
	const { arrivals, stop } = watchPages();
	const { items, error } = await returnAllUsers();
	stop();
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.uid)).toEqual(expected);
	expect(emulator().faultCounts['429']).toBe(1);

	// Page 16 reached the hook only when it was asked again, after the 429's second.
	const retried = arrivals.findIndex((arrival) => arrival.page === 16);
	const retriedAt = arrivals[retried].at;
	const duringPause = arrivals.filter((arrival) => arrival.at > retriedAt - 950 && arrival.at < retriedAt - 50);
	expect(duringPause).toEqual([]);
	// After the pause the window is half what it was: the 8 in flight before became 4.
	expect(Math.max(...arrivals.slice(0, retried).map((arrival) => arrival.inFlight))).toBe(WINDOW_BOUNDS.max);
	const firstAfter = arrivals.slice(retried, retried + WINDOW_BOUNDS.max / 2 + 1);
	expect(Math.max(...firstAfter.map((arrival) => arrival.inFlight))).toBeLessThanOrEqual(WINDOW_BOUNDS.max / 2);
});

it('a page that fails for good fails the run, and no request of the list is still running after it', async () => {
	emulator().store.addUsers(20_000, 'fail-');
	// A Retry-After longer than the node waits: page 5 fails at once, with pages after it in flight.
	emulator().injectNext([{ kind: '429', retryAfter: 120 }], { method: 'GET', pathPrefix: '/v3/users', query: { page: '5' } });
	const { stop, arrivals } = watchPages(() => 60);
	const { error } = await returnAllUsers();
	const endedAt = Date.now();
	stop();
	expect(error?.message).toMatch(/rate limit was exceeded/);
	expect(arrivals.some((arrival) => arrival.page > 5)).toBe(true);
	// Every page that had started had also been answered when the node ended.
	expect(arrivals.every((arrival) => arrival.at + 60 <= endedAt + 5)).toBe(true);
});
