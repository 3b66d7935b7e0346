import { sleep } from 'n8n-workflow';

import type { RequestObserver, RetryReason } from './request';

/**
 * The bounds of the sliding window of page requests that Return All keeps in flight on a
 * page-numbered list (docs/cometchat-api.md, Return All): it starts at 4, grows by one for each
 * page answered at its first try, up to 8, and halves (to 1 at least) on a 429 or a transient
 * failure.
 */
export const WINDOW_BOUNDS = Object.freeze({ initial: 4, max: 8, min: 1 });

/**
 * One Return All's window of requests in flight. Besides its size, two signals from the service
 * hold requests back: after a 429 no request starts until its Retry-After has passed, and no more
 * requests are in flight than the service said it has left in its minute (X-Rate-Limit-Remaining).
 */
export class RequestWindow {
	private size: number = WINDOW_BOUNDS.initial;
	private inFlight = 0;
	/** Requests left in the service's current minute, from the latest answer that said. */
	private remaining: number | undefined;
	/** No request starts before this time (ms since the epoch): the end of the latest Retry-After. */
	private pausedUntil = 0;
	/** One slowdown halves the window once, however many requests in flight met it. */
	private halvedUntil = 0;
	/** Counts slowdowns: only a request started since the latest one may grow the window. */
	private slowdowns = 0;
	/** Who waits for a request to end (`waitForRoom`). */
	private waiting: Array<() => void> = [];

	/** Whether one more request may start now. */
	hasRoom(): boolean {
		if (Date.now() < this.pausedUntil) return false;
		const left = this.remaining === undefined ? this.size : Math.max(WINDOW_BOUNDS.min, this.remaining);
		return this.inFlight < Math.min(this.size, left);
	}

	/** Resolves when the window may have room again: the pause is over, or a request ended. */
	async waitForRoom(): Promise<void> {
		const pause = this.pausedUntil - Date.now();
		if (pause > 0) return await sleep(pause);
		if (this.inFlight === 0) return;
		await new Promise<void>((resolve) => this.waiting.push(resolve));
	}

	/** Runs one request in the window (the caller checked `hasRoom`), with an observer that feeds the window. */
	async run<T>(request: (observer: RequestObserver) => Promise<T>): Promise<T> {
		this.inFlight++;
		const slowdownsAtStart = this.slowdowns;
		let retried = false;
		const observer: RequestObserver = {
			onAnswer: (remaining) => {
				if (remaining !== undefined) this.remaining = remaining;
			},
			onRetry: (reason, waitMs) => {
				retried = true;
				this.slowDown(reason, waitMs);
			},
		};
		try {
			return await request(observer);
		} finally {
			this.inFlight--;
			// An answer that left before the latest slowdown says nothing about the service since.
			if (!retried && this.slowdowns === slowdownsAtStart) this.size = Math.min(WINDOW_BOUNDS.max, this.size + 1);
			const waiting = this.waiting;
			this.waiting = [];
			for (const wake of waiting) wake();
		}
	}

	private slowDown(reason: RetryReason, waitMs: number): void {
		const now = Date.now();
		this.slowdowns++;
		if (reason === 'rateLimit') {
			this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
			// The count said before the 429 is stale: the next answer says it again.
			this.remaining = undefined;
		}
		if (now >= this.halvedUntil) {
			this.size = Math.max(WINDOW_BOUNDS.min, Math.floor(this.size / 2));
			this.halvedUntil = now + waitMs;
		}
	}
}
