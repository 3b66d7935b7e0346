/**
 * Return All's sliding window of page requests (transport/window.ts) on a page-numbered list.
 *
 * Nothing here races the clock, so the tests hold on a loaded machine:
 * - through the emulator, a gate holds each users page until the test releases it, so how many
 *   pages are in flight is decided by the test's rule, not by how fast the machine answers: the
 *   window grows to 8 and never beyond, pages come out in order whatever order they are answered
 *   in, a held page does not stop the others, and Limit asks for no page it does not need;
 * - on the window itself, with jest's clock: a 429 halves it, and no request starts before its
 *   Retry-After has passed.
 */
import type { IDataObject } from 'n8n-workflow';

import type { RequestObserver } from '../../nodes/CometChat/transport/request';
import { IMPORT_WINDOW_BOUNDS, ITEM_WINDOW_BOUNDS, RequestWindow, WINDOW_BOUNDS } from '../../nodes/CometChat/transport/window';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { useEmulator } from '../harness/suite';

const emulator = useEmulator();

interface Arrival {
	page: number;
	/** Pages held at the emulator when this one arrived, itself included. */
	held: number;
}

interface HeldPage {
	page: number;
	release: () => void;
}

/**
 * Holds each users page at the emulator until `rule` releases it. The rule runs on every arrival
 * and every release, with the pages held (oldest first). When nothing arrives or is released for
 * 10 s the gate opens for good and says so (`stalled`): a client that stops asking is a failure
 * the test reports, not a hang.
 */
class PageGate {
	readonly arrivals: Arrival[] = [];
	readonly held: HeldPage[] = [];
	released = 0;
	stalled = false;
	private open = false;
	private idle: NodeJS.Timeout | undefined;
	private readonly stop: () => void;

	constructor(private readonly rule: (gate: PageGate) => void) {
		this.stop = emulator().onRequest(async (request) => {
			if (request.path !== '/v3/users') return;
			const page = Number(request.query.page);
			await new Promise<void>((resolve) => {
				this.held.push({ page, release: resolve });
				this.arrivals.push({ page, held: this.held.length });
				this.decide();
			});
		}) as unknown as () => void;
	}

	/** Lets the oldest held page (or `page`) be answered. */
	release(page = this.held[0]?.page): void {
		const index = this.held.findIndex((entry) => entry.page === page);
		if (index < 0) return;
		const [entry] = this.held.splice(index, 1);
		this.released++;
		entry.release();
		this.decide();
	}

	close(): void {
		clearTimeout(this.idle);
		this.open = true;
		while (this.held.length > 0) this.release();
		this.stop();
	}

	private decide(): void {
		clearTimeout(this.idle);
		if (this.open) {
			while (this.held.length > 0) this.release();
			return;
		}
		this.rule(this);
		// The rule may have released pages, and so run decide() again: one idle timer at a time.
		clearTimeout(this.idle);
		this.idle = setTimeout(() => {
			this.stalled = true;
			this.open = true;
			while (this.held.length > 0) this.release();
		}, 10_000);
	}
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

it(`keeps up to ${WINDOW_BOUNDS.max} pages in flight, never more, and adds the pages in order`, async () => {
	// Twice as many pages as the window's largest size: enough to grow it to the top and keep it there.
	emulator().store.addUsers(2 * WINDOW_BOUNDS.max * 1000, 'win-');
	const total = emulator().store.users.size;
	const pages = Math.ceil(total / 1000);
	const expected = await servedUids(total);
	emulator().clearRequests();
	// Page 1 alone (it gives the total); then a page is answered only once as many are held as the
	// window has room for at least: it opens at its initial size and grows by one for each page
	// answered at its first try. The rule counts one fewer than that, so it never waits for a page
	// the client cannot send; once the window is at its largest, it waits for that many.
	const gate = new PageGate((g) => {
		const arrived = g.arrivals.length;
		if (arrived === pages || g.released === 0) return g.release();
		const room = Math.min(WINDOW_BOUNDS.max, WINDOW_BOUNDS.initial - 1 + (g.released - 1));
		if (g.held.length >= room) g.release();
	});
	const { items, error } = await returnAllUsers();
	gate.close();
	expect(error).toBeUndefined();
	expect(gate.stalled).toBe(false);
	expect(items.map((item) => item.json.uid)).toEqual(expected);
	expect(apiRequests(emulator())).toHaveLength(pages);
	expect(gate.arrivals[0]).toMatchObject({ page: 1, held: 1 });
	expect(Math.max(...gate.arrivals.map((arrival) => arrival.held))).toBe(WINDOW_BOUNDS.max);
	// While page 1 was alone, and right after it, the window had only its initial size.
	expect(gate.arrivals.slice(1, 1 + WINDOW_BOUNDS.initial).every((arrival) => arrival.held <= WINDOW_BOUNDS.initial)).toBe(true);
});

it('a page answered last does not change the order, and the window does not stop for it', async () => {
	emulator().store.addUsers(12_000, 'late-');
	const pages = Math.ceil(emulator().store.users.size / 1000);
	const expected = await servedUids(emulator().store.users.size);
	// Page 2 is held until every other page has been asked for and answered.
	const gate = new PageGate((g) => {
		for (const entry of [...g.held]) if (entry.page !== 2) g.release(entry.page);
		if (g.arrivals.length === pages) g.release(2);
	});
	const { items, error } = await returnAllUsers();
	gate.close();
	expect(error).toBeUndefined();
	expect(gate.stalled).toBe(false);
	expect(items.map((item) => item.json.uid)).toEqual(expected);
	expect(gate.arrivals.at(-1)?.page).not.toBe(2);
});

it('Limit asks only for the pages it needs, however wide the window', async () => {
	emulator().store.addUsers(30_000, 'lim-');
	const { items, error } = await runNode(credentialsFor(emulator()), {
		resource: 'user',
		operation: 'getAll',
		returnAll: false,
		limit: 2_500,
	});
	expect(error).toBeUndefined();
	expect(items).toHaveLength(2_500);
	expect(apiRequests(emulator()).map((request) => request.query)).toEqual([
		{ perPage: '1000', page: '1' },
		{ perPage: '1000', page: '2' },
		{ perPage: '1000', page: '3' },
	]);
});

it('a 429 in the middle of a list: the page is asked again after its Retry-After, and the list is whole and in order', async () => {
	emulator().store.addUsers(40_000, 'slow-');
	const expected = await servedUids(emulator().store.users.size);
	emulator().clearRequests();
	const refusedBefore = emulator().faultCounts['429'];
	emulator().injectNext([{ kind: '429', retryAfter: 1 }], { method: 'GET', pathPrefix: '/v3/users', query: { page: '16' } });
	const { items, error } = await returnAllUsers();
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json.uid)).toEqual(expected);
	expect(emulator().faultCounts['429'] - refusedBefore).toBe(1);
	expect(apiRequests(emulator()).filter((request) => request.query.page === '16')).toHaveLength(2);
});

it('a page that fails for good fails the run, and no request of the list is still running after it', async () => {
	emulator().store.addUsers(20_000, 'fail-');
	// A Retry-After longer than the node waits: page 5 fails at once, while pages 2 to 4 are held.
	emulator().injectNext([{ kind: '429', retryAfter: 120 }], { method: 'GET', pathPrefix: '/v3/users', query: { page: '5' } });
	const gate = new PageGate((g) => {
		if (g.released === 0) g.release();
	});
	// Once page 5 was refused, the held pages are answered one by one: the run may end only after.
	let heldAtFailure: number[] | undefined;
	const refusedBefore = emulator().faultCounts['429'];
	const watcher = setInterval(() => {
		if (heldAtFailure === undefined && emulator().faultCounts['429'] > refusedBefore) heldAtFailure = gate.held.map((entry) => entry.page);
		if (heldAtFailure !== undefined) gate.release();
	}, 20);
	const { error } = await returnAllUsers();
	const heldWhenTheRunEnded = gate.held.map((entry) => entry.page);
	clearInterval(watcher);
	gate.close();
	expect(error?.message).toMatch(/rate limit was exceeded/);
	expect(gate.stalled).toBe(false);
	expect(heldAtFailure?.length).toBeGreaterThan(0);
	expect(heldWhenTheRunEnded).toEqual([]);
});

describe('the window on a controlled clock', () => {
	beforeEach(() => jest.useFakeTimers({ now: 1_700_000_000_000 }));
	afterEach(() => jest.useRealTimers());

	/** Starts requests while the window has room; each stays in flight until the test answers it. */
	function fill(window: RequestWindow, inFlight: Array<{ answer: () => void; observer: RequestObserver }>): number {
		let started = 0;
		while (window.hasRoom()) {
			started++;
			void window.run(async (observer) => await new Promise<void>((answer) => inFlight.push({ answer, observer })));
		}
		return started;
	}
	const settle = async () => await jest.advanceTimersByTimeAsync(0);

	it('a 429 halves the window, and nothing starts until its Retry-After has passed', async () => {
		const window = new RequestWindow();
		const inFlight: Array<{ answer: () => void; observer: RequestObserver }> = [];
		expect(fill(window, inFlight)).toBe(WINDOW_BOUNDS.initial);
		// Four answers at their first try grow it to 8.
		for (const request of inFlight.splice(0)) request.answer();
		await settle();
		expect(fill(window, inFlight)).toBe(WINDOW_BOUNDS.max);

		// One request meets a 429 with Retry-After 1 s; the others are answered.
		inFlight[0].observer.onRetry?.('rateLimit', 1000);
		for (const request of inFlight.splice(1)) request.answer();
		await settle();
		expect(window.hasRoom()).toBe(false);
		await jest.advanceTimersByTimeAsync(999);
		expect(window.hasRoom()).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		// The retried request is still in flight: 3 more fit in the halved window of 4.
		expect(fill(window, inFlight)).toBe(WINDOW_BOUNDS.max / 2 - 1);
	});

	it('answers that left before a slowdown do not grow the window again', async () => {
		const window = new RequestWindow();
		const inFlight: Array<{ answer: () => void; observer: RequestObserver }> = [];
		fill(window, inFlight);
		inFlight[0].observer.onRetry?.('transient', 250);
		for (const request of inFlight.splice(0)) request.answer();
		await settle();
		// Halved to 2 by the failure; the three answers started before it add nothing, the retried one neither.
		await jest.advanceTimersByTimeAsync(250);
		expect(fill(window, inFlight)).toBe(WINDOW_BOUNDS.initial / 2);
	});
	it('keeps within the requests the service says are left in its minute, and asks once when none are', async () => {
		const window = new RequestWindow(ITEM_WINDOW_BOUNDS);
		const inFlight: Array<{ answer: () => void; observer: RequestObserver }> = [];
		expect(fill(window, inFlight)).toBe(ITEM_WINDOW_BOUNDS.initial);
		// The first answer says 2 are left, with 3 others in flight that it may not count: none may start.
		const first = inFlight.shift()!;
		first.observer.onAnswer?.(2);
		first.answer();
		await settle();
		expect(fill(window, inFlight)).toBe(0);
		for (const [index, request] of inFlight.splice(0).entries()) {
			request.observer.onAnswer?.(Math.max(0, 1 - index));
			request.answer();
		}
		await settle();
		// Nothing in flight and nothing left: one request asks whether the minute has turned.
		expect(fill(window, inFlight)).toBe(1);
		// It meets a 429 with Retry-After 1 s: nothing starts until then, and the window is halved.
		inFlight[0].observer.onRetry?.('rateLimit', 1000);
		expect(window.hasRoom()).toBe(false);
		await jest.advanceTimersByTimeAsync(1000);
		expect(fill(window, inFlight)).toBe(ITEM_WINDOW_BOUNDS.initial / 2 - 1);
	});

	it("learnsRateWindow: the first 429 tells the window's length; after it, a spent window waits for the next, without a 429", async () => {
		// A service of 3 requests a 10 s window, opened by the first request.
		const window = new RequestWindow(IMPORT_WINDOW_BOUNDS, { learnsRateWindow: true });
		const inFlight: Array<{ answer: () => void; observer: RequestObserver }> = [];
		const answerNext = async (remaining: number) => {
			expect(fill(window, inFlight)).toBe(1);
			const request = inFlight.shift()!;
			request.observer.onAnswer?.(remaining);
			request.answer();
			await jest.advanceTimersByTimeAsync(100);
		};
		for (const remaining of [2, 1, 0]) await answerNext(remaining);
		// Spent, its length unknown: one request asks, and meets a 429 until the window's end (9.7 s on).
		expect(fill(window, inFlight)).toBe(1);
		const asking = inFlight.shift()!;
		asking.observer.onRetry?.('rateLimit', 9_700);
		await jest.advanceTimersByTimeAsync(9_700);
		// Its repeat opens the next window.
		asking.observer.onAnswer?.(2);
		asking.answer();
		await jest.advanceTimersByTimeAsync(100);
		for (const remaining of [1, 0]) await answerNext(remaining);
		// Spent again: nothing asks until the window opened by the repeat has passed (10 s and 2 % slack).
		expect(window.hasRoom()).toBe(false);
		await jest.advanceTimersByTimeAsync(10_200 - 300 - 1);
		expect(window.hasRoom()).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		expect(fill(window, inFlight)).toBe(1);
	});
});
