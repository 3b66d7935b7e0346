import type { IHttpRequestMethods } from 'n8n-workflow';

import type { RawResponse } from './attempt';
import { requestLimits } from './limits';

/**
 * When a request is tried again, and after how long: read from an answer's status and headers, or
 * from the socket error of an attempt that got none. The bounds on time are in limits.ts.
 */

/** How often a 429 is waited out before the request fails. */
export const MAX_RATE_LIMIT_RETRIES = 5;
/**
 * How often a GET, PUT or DELETE (or a POST that can look for its own result, `findApplied`) is
 * retried after a 500/502/503/504, a reset, a timeout or an unreadable body.
 */
export const MAX_TRANSIENT_RETRIES = 4;

export const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
export const IDEMPOTENT_METHODS = new Set<IHttpRequestMethods>(['GET', 'PUT', 'DELETE', 'HEAD']);
/** Socket failures worth another try (a GET, PUT or DELETE, or a POST after its lookup). */
export const RETRYABLE_NETWORK_CODES = new Set([
	'ECONNRESET',
	'ECONNREFUSED',
	'ETIMEDOUT',
	'ECONNABORTED',
	'EPIPE',
	'EAI_AGAIN',
	'ERR_BAD_RESPONSE',
]);
/** Socket failures that happen before the request reaches the service: a retry after them cannot repeat work. */
export const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * The wait before retry number `retry` (from 0) when the service gives no Retry-After: 250 ms,
 * 500 ms, 1 s, ... (`firstBackoffMs` in limits.ts).
 */
export function backoffMs(retry: number): number {
	return requestLimits().firstBackoffMs * 2 ** retry;
}

/** Retry-After in seconds or as an HTTP date; a backoff when absent. */
export function retryAfterMs(headers: RawResponse['headers'], retry: number): number {
	const value = headerValue(headers, 'retry-after');
	if (value !== undefined && value.trim() !== '') {
		const seconds = Number(value);
		if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
		const date = Date.parse(value);
		if (Number.isFinite(date)) return Math.max(0, date - Date.now());
	}
	return backoffMs(retry);
}

/** X-Rate-Limit-Remaining: how many requests the service has left in its current minute. */
export function rateLimitRemainingOf(headers: RawResponse['headers']): number | undefined {
	const value = headerValue(headers, 'x-rate-limit-remaining');
	if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
	return Number(value);
}

/** A header of an answer, its first value when it came more than once. */
export function headerValue(headers: RawResponse['headers'], name: string): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return Array.isArray(value) ? value[0] : value;
}

/** n8n wraps transport failures in a NodeApiError whose httpCode is the socket's error code. */
export function networkErrorCode(error: unknown): string | undefined {
	const wrapped = error as { code?: unknown; httpCode?: unknown; cause?: { code?: unknown } };
	for (const code of [wrapped?.httpCode, wrapped?.code, wrapped?.cause?.code]) {
		if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
	}
	const message = String((error as Error)?.message ?? '');
	if (/timeout of \d+ms exceeded/i.test(message)) return 'ECONNABORTED';
	if (/socket hang up|ECONNRESET/i.test(message)) return 'ECONNRESET';
	return undefined;
}
