/**
 * Outgoing deliveries (webhooks, bots): an HTTP POST of JSON, answered 200 within `timeoutMs` or
 * failed; with `retryOnFailure`, tried again after each of `retryDelaysMs` (CometChat: 10 s, 30 s).
 * Only loopback URLs are delivered to: the emulator never calls out of the machine.
 */

export interface Delivery {
	url: string;
	body: unknown;
	basicAuth?: { username: string; password: string };
	retryOnFailure: boolean;
}

export interface DeliveryAttempt {
	url: string;
	/** The answer's status, or null when none came in time (or the connection failed). */
	status: number | null;
	ms: number;
	/** 1 for the first try, 2 and 3 for the retries. */
	attempt: number;
	error?: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export class Deliverer {
	readonly attempts: DeliveryAttempt[] = [];
	readonly timeoutMs: number;
	readonly retryDelaysMs: number[];
	private readonly pending = new Set<Promise<unknown>>();
	private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
	private closed = false;

	constructor(options: { timeoutMs?: number; retryDelaysMs?: number[] } = {}) {
		this.timeoutMs = options.timeoutMs ?? 2000;
		this.retryDelaysMs = options.retryDelaysMs ?? [10_000, 30_000];
	}

	/** POSTs the delivery (and its retries); answers every attempt made for it. */
	deliver(delivery: Delivery): Promise<DeliveryAttempt[]> {
		const run = this.run(delivery);
		this.pending.add(run);
		void run.finally(() => this.pending.delete(run));
		return run;
	}

	/** Resolves when no delivery is pending. */
	async idle(): Promise<void> {
		while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
	}

	/** Cancels the retries not yet made. */
	close(): void {
		this.closed = true;
		for (const t of this.timers) {
			clearTimeout(t.timer);
			t.resolve();
		}
		this.timers.clear();
	}

	private async run(delivery: Delivery): Promise<DeliveryAttempt[]> {
		const made: DeliveryAttempt[] = [];
		const tries = delivery.retryOnFailure ? this.retryDelaysMs.length + 1 : 1;
		for (let i = 0; i < tries && !this.closed; i++) {
			if (i > 0) await this.wait(this.retryDelaysMs[i - 1]);
			if (this.closed) break;
			const attempt = await this.attempt(delivery, i + 1);
			made.push(attempt);
			this.attempts.push(attempt);
			if (attempt.status === 200) break;
		}
		return made;
	}

	private wait(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const entry = {
				timer: setTimeout(() => {
					this.timers.delete(entry);
					resolve();
				}, ms),
				resolve,
			};
			this.timers.add(entry);
		});
	}

	private async attempt(delivery: Delivery, attempt: number): Promise<DeliveryAttempt> {
		const started = Date.now();
		const done = (status: number | null, error?: string): DeliveryAttempt => ({
			url: delivery.url, status, ms: Date.now() - started, attempt, ...(error !== undefined ? { error } : {}),
		});
		let url: URL;
		try {
			url = new URL(delivery.url);
		} catch {
			return done(null, 'not a URL');
		}
		if (!LOOPBACK.has(url.hostname)) return done(null, 'only loopback URLs are delivered to');
		const headers: Record<string, string> = { 'content-type': 'application/json' };
		if (delivery.basicAuth) {
			headers.authorization = `Basic ${Buffer.from(`${delivery.basicAuth.username}:${delivery.basicAuth.password}`).toString('base64')}`;
		}
		try {
			const response = await fetch(url, {
				method: 'POST',
				headers,
				body: JSON.stringify(delivery.body),
				signal: AbortSignal.timeout(this.timeoutMs),
			});
			await response.arrayBuffer().catch(() => undefined);
			return done(response.status, response.status === 200 ? undefined : `answered ${response.status}`);
		} catch (err) {
			const e = err as Error;
			return done(null, e.name === 'TimeoutError' ? `no answer within ${this.timeoutMs} ms` : String(e.message ?? e));
		}
	}
}
