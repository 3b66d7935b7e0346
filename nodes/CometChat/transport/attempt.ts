import type { IDataObject } from 'n8n-workflow';

import { sleepUnlessAborted } from '../helpers/n8nVersions';

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
 * service that sends a byte now and then would never be idle, so the attempt is also raced against
 * the same time (plus a little, so axios's own error, which closes the socket, usually comes first).
 */
export async function attempt(send: (timeoutMs: number) => Promise<unknown>, timeoutMs: number): Promise<AttemptOutcome> {
	const stopTimer = new AbortController();
	const answer = send(timeoutMs).then(
		(response): AttemptOutcome => ({ response: response as RawResponse }),
		(error: unknown): AttemptOutcome => ({ error }),
	);
	// The backstop stops when the answer comes first where n8n can stop its timer (helpers/n8nVersions.ts).
	const timer = sleepUnlessAborted(timeoutMs + RACE_GRACE_MS, stopTimer.signal).then(
		(): AttemptOutcome => ({ timedOut: true }),
		// Stopped because the answer came first.
		(): AttemptOutcome => ({ timedOut: true }),
	);
	try {
		return await firstOf(answer, timer);
	} finally {
		stopTimer.abort();
	}
}

/**
 * The outcome of whichever promise settles first, as `Promise.race`, but without holding on to it.
 * A race stays subscribed to a loser still pending, and through it keeps the winner's value: on n8n
 * 2.41, whose `sleep` cannot be stopped, every answer (a whole page of a list) would stay in memory
 * until its backstop timer ran out, 30 s later. Here the losers hold only a function that has
 * already let go.
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
