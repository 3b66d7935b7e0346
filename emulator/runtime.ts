/** The emulator's adjustable behaviour: faults, rate limit, latency, request log, hooks, ignored query parameters. */
import type { Socket } from 'net';
import { Deliverer } from './core/delivery';
import { validationError } from './core/errors';
import { Faults } from './core/faults';
import type { FaultOptions } from './core/faults';
import { RateLimiter } from './core/rate-limit';
import { RequestLog } from './core/request-log';
import type { Host } from './core/router';
import type { Query } from './core/validation';

export interface RuntimeOptions {
	rateLimitPerMinute?: number;
	latencyMs?: number;
	faults?: Partial<FaultOptions>;
	logRequests?: boolean;
	/** Keep at most n log entries (0 = all). */
	requestLogLimit?: number;
	/** Query parameters dropped before routing, as by a service that does not know them (e.g. `page`). */
	ignoreQueryParams?: string[];
	/** How long a webhook or bot delivery may take to be answered 200 (default 2000 ms). */
	deliveryTimeoutMs?: number;
	/** The waits before the retries of a failed delivery (default [10000, 30000]; tests shorten them). */
	deliveryRetryDelaysMs?: number[];
}

export interface RequestHookInfo {
	host: Host;
	method: string;
	path: string;
	query: Query;
}
/** Runs before an API request's handler: lets a test change the data between two page reads. */
export type RequestHook = (r: RequestHookInfo) => void | Promise<void>;

export interface Settings {
	rateLimitPerMinute: number;
	latencyMs: number;
	faults: FaultOptions;
	logRequests: boolean;
	ignoreQueryParams: string[];
}

export class Runtime {
	readonly faults: Faults;
	readonly limiter: RateLimiter;
	readonly log: RequestLog;
	latencyMs: number;
	ignoredQueryParams: Set<string>;
	readonly hooks = new Set<RequestHook>();
	/** Sockets of stalled answers, destroyed on close. */
	readonly stalledSockets = new Set<Socket>();
	/** Outgoing deliveries (webhooks, bots) and their attempts. */
	readonly deliveries: Deliverer;
	/**
	 * Limits of single endpoints of the chat host, by `METHOD /path`, on top of the app's: Data
	 * Import's 60 requests a minute on each of its four (areas/dataImport/routes.ts).
	 */
	readonly endpointLimiters = new Map<string, { limiter: RateLimiter; message: string }>();

	constructor(options: RuntimeOptions) {
		this.faults = new Faults(options.faults ?? {});
		this.limiter = new RateLimiter(options.rateLimitPerMinute ?? 0);
		this.log = new RequestLog(options.logRequests ?? true, options.requestLogLimit ?? 0);
		this.latencyMs = options.latencyMs ?? 0;
		this.ignoredQueryParams = new Set(options.ignoreQueryParams ?? []);
		this.deliveries = new Deliverer({ timeoutMs: options.deliveryTimeoutMs, retryDelaysMs: options.deliveryRetryDelaysMs });
	}

	/** Requests per minute (0 = off), and the window's length (tests may shorten it; default 60 s); opens a new window. */
	setRateLimit(n: number, windowMs = 60_000): void {
		if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
			throw validationError({ rateLimitPerMinute: ['The rate limit must be a non-negative number (0 = off).'] });
		if (typeof windowMs !== 'number' || !Number.isInteger(windowMs) || windowMs < 1000)
			throw validationError({ rateLimitWindowMs: ['The rate limit window must be a whole number of milliseconds, 1000 or more.'] });
		this.limiter.perMinute = n;
		this.limiter.windowMs = windowMs;
		this.limiter.resetWindow();
	}

	/** Limits each endpoint (`METHOD /path`) to `n` requests a window (0 = off; tests may shorten the window); opens new windows. */
	limitEndpoints(
		endpoints: readonly string[],
		n: number,
		windowMs = 60_000,
		message = 'Too many requests. Please retry after some time.',
	): void {
		if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
			throw validationError({ perMinute: ['The endpoint limit must be a non-negative number (0 = off).'] });
		if (typeof windowMs !== 'number' || !Number.isInteger(windowMs) || windowMs < 1000)
			throw validationError({ windowMs: ['The endpoint limit window must be a whole number of milliseconds, 1000 or more.'] });
		for (const endpoint of endpoints) this.endpointLimiters.set(endpoint, { limiter: new RateLimiter(n, windowMs), message });
	}

	/** Counts `n` requests as already made in the current minute (by the app's other clients). */
	spendRateLimit(n: number): void {
		if (!Number.isInteger(n) || n < 0) throw validationError({ rateLimitUsed: ['The rateLimitUsed must be a non-negative integer.'] });
		this.limiter.spend(n);
	}

	setLatency(ms: number): void {
		if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
			throw validationError({ latencyMs: ['The latency must be a non-negative number of milliseconds.'] });
		this.latencyMs = ms;
	}

	/** Query parameters to drop before routing ([] = none). */
	setIgnoredQueryParams(names: string[]): void {
		this.ignoredQueryParams = new Set(names);
	}

	/** `query` without the ignored parameters. */
	routedQuery(query: Query): Query {
		if (this.ignoredQueryParams.size === 0) return query;
		return Object.fromEntries(Object.entries(query).filter(([k]) => !this.ignoredQueryParams.has(k)));
	}

	settings(): Settings {
		return {
			rateLimitPerMinute: this.limiter.perMinute,
			latencyMs: this.latencyMs,
			faults: { ...this.faults.options },
			logRequests: this.log.enabled,
			ignoreQueryParams: [...this.ignoredQueryParams],
		};
	}
}
