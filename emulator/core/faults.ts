/** Fault injection: which API requests fail, and how. */
import { validationError } from './errors';
import type { Details } from './errors';
import type { Host } from './router';
import type { Query } from './validation';
import { prng } from './util';

/** Every fault kind the emulator can inject. */
export const FAULT_KINDS = [
	'429',
	'500',
	'503',
	'reset',
	'truncated',
	'invalidJson',
	'slow',
	'stall',
	'stallBody',
	'repeatedRecord',
	'notAPageNull',
	'notAPageObject',
	'notAPageMissing',
	'notAPageError',
	'notAPageBareList',
	'shortPage',
	'emptyWithoutMeta',
	'recordWithoutId',
	'extraFields',
] as const;
/**
 * The kinds whose 200 answer to a list is not a page: `data` null, an object (the records keyed
 * "0", "1", …, as a serializer writes a list it takes for a map), missing, an error object
 * instead of the envelope, or the bare list of records without `data` and `meta`.
 */
export const NOT_A_PAGE_KINDS = ['notAPageNull', 'notAPageObject', 'notAPageMissing', 'notAPageError', 'notAPageBareList'] as const;
/**
 * The kinds the random rate picks by default: the stalls are opt-in, since they hang a client without
 * a timeout, and so are `repeatedRecord`, the not-a-page kinds, `shortPage`, `emptyWithoutMeta` (a list
 * answered `{data: []}` and nothing else, as a lost page), `recordWithoutId` (the page's first record
 * without its id fields) and `extraFields`, wrong answers rather than failures.
 */
const RANDOM_KINDS = ['429', '500', '503', 'reset', 'truncated', 'invalidJson', 'slow'] as const;
/** The kinds the random rate picks only when `kinds` names them. */
export const OPT_IN_FAULT_KINDS = FAULT_KINDS.filter((kind) => !(RANDOM_KINDS as readonly string[]).includes(kind));

export type FaultKind = (typeof FAULT_KINDS)[number];
export interface Fault {
	kind: FaultKind;
	retryAfter?: number;
	slowMs?: number;
	/** `shortPage`: how many records the page keeps (default half of them, rounded down; 0 = an empty page). */
	keep?: number;
	/** `extraFields`: fields added to a 2xx's `data` (to each record of a list), as a service that says more than asked. */
	fields?: Record<string, unknown>;
}
export interface FaultMatch {
	method?: string;
	pathPrefix?: string;
	host?: Host;
	query?: Record<string, string>;
}
export interface FaultOptions {
	rate: number;
	seed: number;
	kinds: FaultKind[];
	retryAfter: number;
	slowMs: number;
	/**
	 * Echo mode (opt-in): every API answer carries the request it answers (`withEcho`), as a service
	 * that repeats what it was sent, headers (the API key) and body (passwords) included.
	 */
	echo: boolean;
}
export type FaultCounts = Record<FaultKind | 'rateLimited', number>;

export const DEFAULT_FAULTS: Readonly<FaultOptions> = Object.freeze({
	rate: 0,
	seed: 1,
	kinds: [...RANDOM_KINDS],
	retryAfter: 1,
	slowMs: 1000,
	echo: false,
});

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

const isKind = (k: unknown): k is FaultKind => (FAULT_KINDS as readonly unknown[]).includes(k);

/**
 * Decides which requests fail, and how. Two sources: an exact queue (`injectNext`), consumed first,
 * and a seeded random rate over `kinds`. Also keeps the counts.
 */
export class Faults {
	readonly options: FaultOptions = { ...DEFAULT_FAULTS, kinds: [...DEFAULT_FAULTS.kinds] };
	readonly counts = {} as FaultCounts;
	readonly queue: { fault: Fault; match: FaultMatch }[] = [];
	private random = prng(this.options.seed);

	constructor(options: Partial<FaultOptions> = {}) {
		this.resetCounts();
		this.set(options);
	}

	resetCounts(): void {
		for (const k of FAULT_KINDS) this.counts[k] = 0;
		this.counts.rateLimited = 0;
	}

	set(options: Partial<FaultOptions>): void {
		const details: Details = {};
		if (options.rate !== undefined && (typeof options.rate !== 'number' || options.rate < 0 || options.rate > 1))
			details.rate = ['The rate must be a number from 0 to 1.'];
		if (options.kinds !== undefined && (!Array.isArray(options.kinds) || options.kinds.some((k) => !isKind(k)))) {
			details.kinds = [`The kinds must be some of ${FAULT_KINDS.join(', ')}.`];
		}
		for (const k of ['seed', 'retryAfter', 'slowMs'] as const) {
			const v = options[k];
			if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0))
				details[k] = [`The ${k} must be a non-negative number.`];
		}
		if (options.echo !== undefined && typeof options.echo !== 'boolean') details.echo = ['The echo must be true or false.'];
		if (Object.keys(details).length) throw validationError(details);
		for (const [k, v] of Object.entries(options))
			if (v !== undefined && k in this.options) (this.options as unknown as Record<string, unknown>)[k] = v;
		if (options.seed !== undefined) this.random = prng(options.seed);
	}

	/** Queue exact faults for the next matching requests (each entry is used once, in order). */
	injectNext(faults: (Fault | FaultKind)[], match: FaultMatch = {}): void {
		for (const f of faults) {
			const fault = typeof f === 'string' ? { kind: f } : f;
			if (!isKind(fault.kind)) throw validationError({ kind: [`Unknown fault kind ${fault.kind}.`] });
			if (fault.keep !== undefined && !(Number.isInteger(fault.keep) && fault.keep >= 0))
				throw validationError({ keep: ['The keep must be a whole number of at least 0.'] });
			if (fault.fields !== undefined && !isRecord(fault.fields)) throw validationError({ fields: ['The fields must be an object.'] });
			this.queue.push({ fault, match: { ...match } });
		}
	}

	clearQueue(): void {
		this.queue.length = 0;
	}

	/** The fault for this request (counted), if any. */
	pick(req: { method: string; rawPath: string; host: Host; query?: Query }): Fault | undefined {
		const i = this.queue.findIndex(
			({ match }) =>
				(match.method === undefined || match.method.toUpperCase() === req.method) &&
				(match.pathPrefix === undefined || req.rawPath.startsWith(match.pathPrefix)) &&
				(match.host === undefined || match.host === req.host) &&
				// e.g. { page: '2' }: fail one page of a list, not the first request to it
				Object.entries(match.query ?? {}).every(([k, v]) => String(req.query?.[k]) === String(v)),
		);
		let fault: Fault | undefined;
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

/** A request as echo mode copies it into the answer. */
export interface EchoedRequest {
	method: string;
	path: string;
	query: unknown;
	headers: unknown;
	body: unknown;
}

/**
 * An answer as echo mode serves it: an error's `details.echo`, a 2xx's `data.echo` (on each record
 * of a list, so it reaches every record a client puts out), or `echo` beside a `data` of another
 * kind. Copies: the store's records are left alone.
 */
export function withEcho(payload: unknown, request: EchoedRequest): unknown {
	if (!isRecord(payload)) return payload;
	const echo = { ...request };
	if (isRecord(payload.error)) {
		const details = isRecord(payload.error.details) ? payload.error.details : {};
		return { ...payload, error: { ...payload.error, details: { ...details, echo } } };
	}
	const { data } = payload;
	if (Array.isArray(data)) return { ...payload, data: data.map((record) => (isRecord(record) ? { ...record, echo } : record)) };
	if (isRecord(data)) return { ...payload, data: { ...data, echo } };
	return { ...payload, echo };
}
