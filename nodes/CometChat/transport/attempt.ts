import type { IDataObject } from 'n8n-workflow';

import { sleep } from 'n8n-workflow';

/** How much later than axios's own timeout the backstop timer of an attempt fires. */
const RACE_GRACE_MS = 250;

/** An answer as n8n's helper returns it with `returnFullResponse`, whatever its status. */
export interface RawResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export type AttemptOutcome = { response: RawResponse } | { error: unknown; timedOut?: false } | { timedOut: true };

/**
 * One attempt: `send` is the request through n8n's helper, which hands `timeout` to axios, which
 * aborts when the socket has been idle that long: no answer, or a body that stops half-way. A
 * service that sends a byte now and then would never be idle, so the attempt also has a backstop
 * at the same time (plus a little, so axios's own error, which closes the socket, usually comes
 * first).
 */
export async function attempt(send: (timeoutMs: number) => Promise<unknown>, timeoutMs: number): Promise<AttemptOutcome> {
	const answer = send(timeoutMs).then(
		(response): AttemptOutcome => ({ response: response as RawResponse }),
		(error: unknown): AttemptOutcome => ({ error }),
	);
	const backstop = startBackstop(timeoutMs + RACE_GRACE_MS);
	try {
		return await firstOf(
			answer,
			backstop.fired.then((): AttemptOutcome => ({ timedOut: true })),
		);
	} finally {
		backstop.stop();
	}
}

/** How often the backstop clock looks at the attempts' deadlines. */
const BACKSTOP_TICK_MS = 100;

/** The backstops not yet fired or stopped: one clock serves every attempt in flight. */
const backstops = new Set<{ deadline: number; fire: () => void }>();
let clockRunning = false;

/**
 * A backstop that fires after `ms` (to within a tick) unless stopped. One clock, a `sleep` loop
 * that runs while any backstop is set, serves all attempts: a timer of its own per attempt would
 * cost each request an abort (n8n 2.8's `sleepWithAbort` makes an error with its stack trace for
 * every stopped timer) or, where n8n cannot stop a timer (2.41), a timer left running 30 s.
 */
function startBackstop(ms: number): { fired: Promise<void>; stop: () => void } {
	let entry: { deadline: number; fire: () => void } | undefined;
	const fired = new Promise<void>((resolve) => {
		entry = { deadline: Date.now() + ms, fire: resolve };
	});
	backstops.add(entry!);
	if (!clockRunning) void runBackstopClock();
	return { fired, stop: () => backstops.delete(entry!) };
}

async function runBackstopClock(): Promise<void> {
	clockRunning = true;
	try {
		while (backstops.size > 0) {
			await sleep(BACKSTOP_TICK_MS);
			const now = Date.now();
			for (const backstop of backstops) {
				if (now < backstop.deadline) continue;
				backstops.delete(backstop);
				backstop.fire();
			}
		}
	} finally {
		clockRunning = false;
	}
}

/**
 * The outcome of whichever promise settles first, as `Promise.race`, but without holding on to it.
 * A race stays subscribed to a loser still pending, and through it keeps the winner's value (a
 * whole page of a list) for as long as the loser is referenced, e.g. by a timer still running. Here
 * the losers hold only a function that has already let go.
 */
export async function firstOf<T>(...candidates: Array<Promise<T>>): Promise<T> {
	let settle: { resolve(value: T): void; reject(reason: unknown): void } | undefined;
	const first = new Promise<T>((resolve, reject) => {
		settle = { resolve, reject };
	});
	for (const candidate of candidates) {
		candidate.then(
			(value) => {
				settle?.resolve(value);
				settle = undefined;
			},
			(reason: unknown) => {
				settle?.reject(reason);
				settle = undefined;
			},
		);
	}
	return await first;
}

/** An answer's body as JSON (an object or a list), or undefined when it is not: cut off, garbled, empty. */
export function parseBody(body: unknown): IDataObject | undefined {
	if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) return body as IDataObject;
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : '';
	try {
		const parsed = JSON.parse(text) as unknown;
		return parsed !== null && typeof parsed === 'object' ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}
