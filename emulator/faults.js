// @ts-check
'use strict';

const { prng } = require('./util');
const { validationError } = require('./errors');

/** Every fault kind the emulator can inject. */
const FAULT_KINDS = /** @type {const} */ (['429', '500', '503', 'reset', 'truncated', 'invalidJson', 'slow', 'stall', 'stallBody']);
/** The kinds the random rate picks by default: the stalls are opt-in, since they hang a client without a timeout. */
const RANDOM_KINDS = /** @type {const} */ (['429', '500', '503', 'reset', 'truncated', 'invalidJson', 'slow']);

/**
 * @typedef {typeof FAULT_KINDS[number]} FaultKind
 * @typedef {{ kind: FaultKind, retryAfter?: number, slowMs?: number }} Fault
 * @typedef {{ method?: string, pathPrefix?: string, host?: 'chat' | 'call', query?: Record<string, string> }} FaultMatch
 * @typedef {{ rate: number, seed: number, kinds: FaultKind[], retryAfter: number, slowMs: number }} FaultOptions
 */

const DEFAULT_FAULTS = Object.freeze({ rate: 0, seed: 1, kinds: /** @type {FaultKind[]} */ ([...RANDOM_KINDS]), retryAfter: 1, slowMs: 1000 });

/**
 * Decides which requests fail, and how. Two sources: an exact queue (`injectNext`), consumed first,
 * and a seeded random rate over `kinds`. Also keeps the counts.
 */
class Faults {
	/** @param {Partial<FaultOptions>} [options] */
	constructor(options = {}) {
		/** @type {FaultOptions} */
		this.options = { ...DEFAULT_FAULTS, kinds: [...DEFAULT_FAULTS.kinds] };
		/** @type {Record<string, number>} */
		this.counts = {};
		this.resetCounts();
		/** @type {{ fault: Fault, match: FaultMatch }[]} */
		this.queue = [];
		this.random = prng(this.options.seed);
		this.set(options);
	}

	resetCounts() {
		for (const k of FAULT_KINDS) this.counts[k] = 0;
		this.counts.rateLimited = 0;
	}

	/** @param {Partial<FaultOptions>} options */
	set(options) {
		/** @type {Record<string, string[]>} */
		const details = {};
		if (options.rate !== undefined && (typeof options.rate !== 'number' || options.rate < 0 || options.rate > 1)) details.rate = ['The rate must be a number from 0 to 1.'];
		if (options.kinds !== undefined && (!Array.isArray(options.kinds) || options.kinds.some((k) => !FAULT_KINDS.includes(k)))) {
			details.kinds = [`The kinds must be some of ${FAULT_KINDS.join(', ')}.`];
		}
		for (const k of /** @type {const} */ (['seed', 'retryAfter', 'slowMs'])) {
			if (options[k] !== undefined && (typeof options[k] !== 'number' || !Number.isFinite(options[k]) || options[k] < 0)) details[k] = [`The ${k} must be a non-negative number.`];
		}
		if (Object.keys(details).length) throw validationError(details);
		for (const [k, v] of Object.entries(options)) if (v !== undefined && k in this.options) /** @type {any} */ (this.options)[k] = v;
		if (options.seed !== undefined) this.random = prng(options.seed);
	}

	/**
	 * Queue exact faults for the next matching requests (each entry is used once, in order).
	 * @param {(Fault | FaultKind)[]} faults
	 * @param {FaultMatch} [match]
	 */
	injectNext(faults, match = {}) {
		for (const f of faults) {
			const fault = typeof f === 'string' ? { kind: f } : f;
			if (!FAULT_KINDS.includes(fault.kind)) throw validationError({ kind: [`Unknown fault kind ${fault.kind}.`] });
			this.queue.push({ fault, match: { ...match } });
		}
	}

	clearQueue() {
		this.queue.length = 0;
	}

	/**
	 * @param {{ method: string, rawPath: string, host: 'chat' | 'call', query?: Record<string, string | string[]> }} req
	 * @returns {Fault | undefined} the fault for this request, counted
	 */
	pick(req) {
		const i = this.queue.findIndex(({ match }) =>
			(match.method === undefined || match.method.toUpperCase() === req.method) &&
			(match.pathPrefix === undefined || req.rawPath.startsWith(match.pathPrefix)) &&
			(match.host === undefined || match.host === req.host) &&
			// e.g. { page: '2' }: fail one page of a list, not the first request to it
			Object.entries(match.query ?? {}).every(([k, v]) => String(req.query?.[k]) === String(v)));
		/** @type {Fault | undefined} */
		let fault;
		if (i >= 0) {
			fault = this.queue[i].fault;
			this.queue.splice(i, 1);
		} else if (this.options.rate > 0 && this.options.kinds.length > 0 && this.random() < this.options.rate) {
			fault = { kind: this.options.kinds[Math.floor(this.random() * this.options.kinds.length)] };
		}
		if (fault) this.counts[fault.kind]++;
		return fault;
	}
}

/**
 * Fixed one-minute windows shared by both hosts: a window opens with the first request after the
 * previous one closed and lasts 60 s. 0 = off. Requests answered 429 do not count.
 */
class RateLimiter {
	/** @param {number} perMinute */
	constructor(perMinute) {
		this.perMinute = perMinute;
		this.windowEndMs = 0;
		this.used = 0;
	}

	/** Closes the current window (the next request opens a new one). */
	resetWindow() {
		this.windowEndMs = 0;
		this.used = 0;
	}

	/** @returns {{ allowed: boolean, headers: Record<string, string> }} */
	take() {
		if (!this.perMinute) return { allowed: true, headers: {} };
		const nowMs = Date.now();
		if (nowMs >= this.windowEndMs) {
			this.windowEndMs = nowMs + 60000;
			this.used = 0;
		}
		const reset = String(Math.ceil(this.windowEndMs / 1000));
		if (this.used >= this.perMinute) {
			return {
				allowed: false,
				headers: {
					'retry-after': String(Math.max(1, Math.ceil((this.windowEndMs - nowMs) / 1000))),
					'x-rate-limit-reset': reset,
					'x-rate-limit': String(this.perMinute),
					'x-rate-limit-remaining': '0',
				},
			};
		}
		this.used++;
		return {
			allowed: true,
			headers: { 'x-rate-limit': String(this.perMinute), 'x-rate-limit-remaining': String(this.perMinute - this.used) },
		};
	}
}

module.exports = { Faults, RateLimiter, FAULT_KINDS, DEFAULT_FAULTS };
