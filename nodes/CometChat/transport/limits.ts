/**
 * How long one CometChat request may take: the one home of these numbers (the README's
 * Reliability section states them).
 */
export interface RequestLimits {
	/** One attempt ends when the service has sent nothing for this long (no answer, or a body that stops). */
	attemptTimeoutMs: number;
	/** A Retry-After above this fails at once, saying when to try again, rather than being waited out. */
	maxRetryAfterMs: number;
	/** Everything one request may take: all attempts, timeouts and waits between them. */
	requestBudgetMs: number;
	/**
	 * The wait before the first retry when the service gives no Retry-After; each retry after it
	 * waits twice the one before (retry.ts).
	 */
	firstBackoffMs: number;
}

export const REQUEST_LIMITS: Readonly<RequestLimits> = Object.freeze({
	attemptTimeoutMs: 30_000,
	maxRetryAfterMs: 60_000,
	requestBudgetMs: 120_000,
	firstBackoffMs: 250,
});

let current: Readonly<RequestLimits> = REQUEST_LIMITS;

/** The limits in force. */
export function requestLimits(): Readonly<RequestLimits> {
	return current;
}

/**
 * Replaces some limits until the returned function is called: for tests, which shorten the
 * timeouts to keep a stalled server from costing minutes, and the backoff where a test is about
 * what the retries do, not how long they wait. Nodes never call it.
 */
export function overrideRequestLimits(limits: Partial<RequestLimits>): () => void {
	const previous = current;
	current = Object.freeze({ ...current, ...limits });
	return () => {
		current = previous;
	};
}
