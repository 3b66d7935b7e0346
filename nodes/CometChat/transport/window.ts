import { sleep } from 'n8n-workflow';

import type { RequestObserver, RetryReason } from './request';

/** How many requests a window keeps in flight: where it starts, and between which bounds it moves. */
export interface WindowBounds {
	initial: number;
	max: number;
	min: number;
}

/**
 * Return All on a page-numbered list (docs/cometchat-api.md, Return All): 16 pages in flight at
 * first, up to 32. Answers reach n8n in waves: it reads a burst of them, then waits about a round
 * trip for the next (seen in a profile of n8n during `npm run bench:n8n`); the wider the wave, the
 * less of the walk is waiting. 32 pages (about 4.8 MB) are what it holds at most.
 */
export const WINDOW_BOUNDS: Readonly<WindowBounds> = Object.freeze({ initial: 16, max: 32, min: 1 });

/**
 * The items of one node run (docs/cometchat-api.md, Items in flight): 16 at first, up to 256. An
 * item's request is small, so the bound is not memory but the pace of the two ends: n8n itself is
 * the bound of a run against a fast service (it spends well over half a millisecond of CPU an
 * item), and 256 in flight keep it busy while answers are on their way, as the HTTP Request node's
 * every item at once does. Against CometChat (100 to 200 ms from a user's n8n, 10,000 requests a
 * minute) the rate limit headers hold a long run back long before the window does.
 */
export const ITEM_WINDOW_BOUNDS: Readonly<WindowBounds> = Object.freeze({ initial: 16, max: 256, min: 1 });

/**
 * Data Import's batches (docs/cometchat-api.md, Data Import): one request at a time, so the batches
 * reach CometChat in item order (messages in the order they were sent), and at 60 requests a minute
 * more in flight would not end a run sooner.
 */
export const IMPORT_WINDOW_BOUNDS: Readonly<WindowBounds> = Object.freeze({ initial: 1, max: 1, min: 1 });

/**
 * What a window may learn of the service's rate limit beyond its headers. `learnsRateWindow`: the
 * length of the service's rate-limit window, from a 429 (its Retry-After, from the request that
 * opened the window); after it, a window whose requests are spent waits for the next one to open
 * instead of asking with a request that would be answered 429. For an endpoint with a small limit
 * (Data Import: 60 a minute), where asking would cost a 429 every minute.
 */
export interface WindowPolicy {
	learnsRateWindow?: boolean;
}

/** Slack on a learned rate window: the service's window opens when the first request arrives, not when it is sent. */
const RATE_WINDOW_SLACK = 0.02;

/**
 * A window of work in flight: pages of one Return All, or the items of one node run. It grows by
 * one for each piece of work that ends with no slowdown since it started, and halves (once per
 * slowdown, however many pieces met it) on a 429 or a transient failure. Besides its size, two
 * signals from the service hold work back: after a 429 nothing starts until its Retry-After has
 * passed, and nothing starts when the requests the service said it has left in its minute
 * (X-Rate-Limit-Remaining) are already taken by the work in flight.
 */
export class RequestWindow {
	private size: number;
	private inFlight = 0;
	/**
	 * Requests the service has left in its minute, as far as this window can tell: the latest
	 * answer's X-Rate-Limit-Remaining, less what was in flight when it came (not counted by it, as
	 * far as the window knows) and less what started since. Undefined until an answer says.
	 */
	private budget: number | undefined;
	/** Nothing starts before this time (ms since the epoch): the end of the latest Retry-After. */
	private pausedUntil = 0;
	/** One slowdown halves the window once, however many requests in flight met it. */
	private halvedUntil = 0;
	/** Counts slowdowns: only work started since the latest one may grow the window. */
	private slowdowns = 0;
	/** Who waits for work to end (`waitForRoom`). */
	private waiting: Array<() => void> = [];
	/** When the latest request was sent (a piece of work started, or a retry was sent after its wait). */
	private lastSentAt = 0;
	/** The latest X-Rate-Limit-Remaining: one that rises says a new rate window opened. */
	private lastRemaining: number | undefined;
	/** When the request that opened the service's current rate window was sent (`learnsRateWindow`). */
	private rateWindowOpenedAt: number | undefined;
	/** The length of the service's rate window, once a 429 has told it (`learnsRateWindow`). */
	private rateWindowMs: number | undefined;

	/** What every request of the window's work tells it (transport/request.ts calls it). */
	readonly observer: RequestObserver = {
		onAnswer: (remaining) => {
			// The answering request is still counted in flight.
			if (remaining !== undefined) this.budget = remaining - (this.inFlight - 1);
			if (remaining !== undefined && this.policy.learnsRateWindow) this.noteRemaining(remaining);
		},
		onRetry: (reason, waitMs) => {
			if (reason === 'rateLimit' && this.policy.learnsRateWindow) this.learnRateWindow(waitMs);
			this.slowDown(reason, waitMs);
			this.lastSentAt = Date.now() + waitMs;
		},
	};

	constructor(
		private readonly bounds: Readonly<WindowBounds> = WINDOW_BOUNDS,
		private readonly policy: Readonly<WindowPolicy> = {},
	) {
		this.size = bounds.initial;
	}

	/** Whether one more piece of work may start now. */
	hasRoom(): boolean {
		if (Date.now() < this.pausedUntil) return false;
		if (this.inFlight >= this.size) return false;
		if (this.waitsForNextRateWindow()) return false;
		// With nothing in flight one request may ask: its answer tells the count again, or its 429 how long to wait.
		return this.budget === undefined || this.budget > 0 || this.inFlight === 0;
	}

	/** Resolves when the window may have room again: the pause is over, or some work ended. */
	async waitForRoom(): Promise<void> {
		const pause = this.pausedUntil - Date.now();
		if (pause > 0) return await sleep(pause);
		if (this.inFlight === 0) return;
		await new Promise<void>((resolve) => this.waiting.push(resolve));
	}

	/** Runs one piece of work in the window (the caller checked `hasRoom`); its requests report to `observer`. */
	async run<T>(work: (observer: RequestObserver) => Promise<T>): Promise<T> {
		this.inFlight++;
		this.lastSentAt = Date.now();
		if (this.budget !== undefined) this.budget--;
		const slowdownsAtStart = this.slowdowns;
		try {
			return await work(this.observer);
		} finally {
			this.inFlight--;
			// Work that started before the latest slowdown says nothing about the service since; and
			// with the minute's requests running out there is nothing to grow into.
			const roomInTheMinute = this.budget === undefined || this.budget > this.size;
			if (this.slowdowns === slowdownsAtStart && roomInTheMinute) this.size = Math.min(this.bounds.max, this.size + 1);
			const waiting = this.waiting;
			this.waiting = [];
			for (const wake of waiting) wake();
		}
	}

	/** A remaining count above the one before (or the first one seen): the latest request opened a new rate window. */
	private noteRemaining(remaining: number): void {
		if (this.lastRemaining === undefined || remaining > this.lastRemaining) this.rateWindowOpenedAt = this.lastSentAt;
		this.lastRemaining = remaining;
	}

	/**
	 * A 429 says when the current rate window ends: its length is from the request that opened it to
	 * then. The longest one seen is kept: a run that starts in a window opened before it (by another
	 * client, or its previous run) takes its first request for the opening one and learns too short a
	 * length, which the next 429, in a window it opened, corrects.
	 */
	private learnRateWindow(waitMs: number): void {
		if (this.rateWindowOpenedAt !== undefined) {
			this.rateWindowMs = Math.max(this.rateWindowMs ?? 0, Date.now() + waitMs - this.rateWindowOpenedAt);
		}
		// The request after the wait opens the next window.
		this.lastRemaining = undefined;
	}

	/** With the window's requests spent and its length known: pauses until the next one opens rather than ask. */
	private waitsForNextRateWindow(): boolean {
		if (this.rateWindowMs === undefined || this.rateWindowOpenedAt === undefined) return false;
		if (this.budget === undefined || this.budget > 0) return false;
		const nextOpens = this.rateWindowOpenedAt + this.rateWindowMs * (1 + RATE_WINDOW_SLACK);
		if (Date.now() >= nextOpens) return false;
		this.pausedUntil = Math.max(this.pausedUntil, nextOpens);
		return true;
	}

	private slowDown(reason: RetryReason, waitMs: number): void {
		const now = Date.now();
		this.slowdowns++;
		if (reason === 'rateLimit') {
			this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
			// The count said before the 429 is stale: the next answer says it again.
			this.budget = undefined;
		}
		if (now >= this.halvedUntil) {
			this.size = Math.max(this.bounds.min, Math.floor(this.size / 2));
			this.halvedUntil = now + waitMs;
		}
	}
}
