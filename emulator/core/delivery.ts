/**
 * Outgoing webhook deliveries (bots, app webhooks), as CometChat makes them: an HTTP POST of JSON,
 * optional Basic Auth, no signature. The receiver must answer 200 within the timeout (2 s); a
 * non-200 answer or none in time is a failure, retried after each of `retryDelaysMs` (10 s, then
 * 30 s) when the delivery asks for retries. Deliveries go out only to loopback URLs, so the
 * emulator never posts to the outside world.
 */
import * as http from 'http';

export interface Delivery {
	url: string;
	body: unknown;
	basicAuth?: { username: string; password: string };
	retryOnFailure: boolean;
}

export interface DeliveryAttempt {
	url: string;
	status: number | null;
	ms: number;
	attempt: number;
	error?: string;
}

export interface DelivererOptions {
	/** How long the receiver has to answer (default 2000 ms). */
	timeoutMs?: number;
	/** Waits before each retry (default [10000, 30000]). */
	retryDelaysMs?: number[];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether `url` is an http(s) URL on this machine. */
export function isLoopbackUrl(url: string): boolean {
	try {
		const u = new URL(url);
		return (u.protocol === 'http:' || u.protocol === 'https:') && (LOOPBACK_HOSTS.has(u.hostname) || /^127\./.test(u.hostname));
	} catch {
		return false;
	}
}

export class Deliverer {
	readonly timeoutMs: number;
	readonly retryDelaysMs: number[];
	/** Every attempt, oldest first (tests and the control API read it). */
	readonly attempts: DeliveryAttempt[] = [];
	private readonly pending = new Set<Promise<unknown>>();
	private readonly timers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
	private closed = false;

	constructor(options: DelivererOptions = {}) {
		this.timeoutMs = options.timeoutMs ?? 2000;
		this.retryDelaysMs = [...(options.retryDelaysMs ?? [10000, 30000])];
	}

	/** POSTs the delivery (and its retries); answers its attempts once it succeeded or gave up. */
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

	/** Cancels pending retries (their deliveries resolve with the attempts made so far). */
	close(): void {
		this.closed = true;
		for (const t of this.timers) {
			clearTimeout(t.timer);
			t.wake();
		}
		this.timers.clear();
	}

	/** Forgets the recorded attempts. */
	clear(): void {
		this.attempts.length = 0;
	}

	private async run(delivery: Delivery): Promise<DeliveryAttempt[]> {
		const mine: DeliveryAttempt[] = [];
		const tries = delivery.retryOnFailure ? this.retryDelaysMs.length + 1 : 1;
		for (let attempt = 1; attempt <= tries && !this.closed; attempt++) {
			if (attempt > 1) {
				await this.wait(this.retryDelaysMs[attempt - 2]);
				if (this.closed) break;
			}
			const result = await this.post(delivery, attempt);
			mine.push(result);
			this.attempts.push(result);
			if (result.status === 200) break;
			if (result.error === 'not a loopback URL') break;
		}
		return mine;
	}

	private wait(ms: number): Promise<void> {
		return new Promise((resolve) => {
			const entry = {
				timer: setTimeout(() => {
					this.timers.delete(entry);
					resolve();
				}, ms),
				wake: resolve,
			};
			this.timers.add(entry);
		});
	}

	private post(delivery: Delivery, attempt: number): Promise<DeliveryAttempt> {
		const started = Date.now();
		const done = (status: number | null, error?: string): DeliveryAttempt => {
			const a: DeliveryAttempt = { url: delivery.url, status, ms: Date.now() - started, attempt };
			if (error !== undefined) a.error = error;
			return a;
		};
		if (!isLoopbackUrl(delivery.url)) return Promise.resolve(done(null, 'not a loopback URL'));
		const payload = Buffer.from(JSON.stringify(delivery.body ?? null));
		const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json', 'content-length': payload.length };
		if (delivery.basicAuth) {
			headers.authorization = `Basic ${Buffer.from(`${delivery.basicAuth.username}:${delivery.basicAuth.password}`).toString('base64')}`;
		}
		return new Promise((resolve) => {
			let settled = false;
			const finish = (status: number | null, error?: string) => {
				if (settled) return;
				settled = true;
				clearTimeout(timer);
				resolve(done(status, error));
			};
			const url = new URL(delivery.url);
			const req = http.request(
				{
					method: 'POST',
					hostname: url.hostname.replace(/^\[|\]$/g, ''),
					port: url.port || 80,
					path: `${url.pathname}${url.search}`,
					headers,
				},
				(res) => {
					res.resume();
					res.on('end', () => finish(res.statusCode ?? null, res.statusCode === 200 ? undefined : `answered ${res.statusCode}`));
					res.on('error', (err) => finish(null, err.message));
				},
			);
			const timer = setTimeout(() => {
				finish(null, `no answer within ${this.timeoutMs} ms`);
				req.destroy();
			}, this.timeoutMs);
			req.on('error', (err) => finish(null, err.message));
			req.end(payload);
		});
	}
}
