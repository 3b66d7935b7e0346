/**
 * Delivery keys: what makes two deliveries one event. A key is either built from the event's own
 * ids (unique to one event, so it may be remembered long) or, for events CometChat sends without
 * an id, a digest of the payload, which only means "the same event" within CometChat's retry
 * horizon: two real events with equal payloads an hour apart are two events.
 */
import { valueAt } from '../helpers/records';

/**
 * CometChat retries a failed delivery after 10 s and again after 30 s, and expects an answer
 * within 2 s; counted from the first attempt (10 + 30 + 3 × 2), the last retry arrives by 46 s.
 * A repeat of an event without an id is recognised this long, and no longer.
 */
export const RETRY_HORIZON_MS = 50_000;

/**
 * How long a key made of the event's own id is remembered. An id never belongs to a second event,
 * so keeping it past the horizon costs only memory, and also covers a delivery repeated by hand or
 * an n8n restart that outlasts the horizon.
 */
export const ID_KEY_MEMORY_MS = 10 * 60_000;

/** A short, stable digest of a string (53-bit, two 32-bit lanes), for keys built from a whole payload. */
function digest(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let i = 0; i < text.length; i++) {
		const c = text.charCodeAt(i);
		h1 = Math.imul(h1 ^ c, 2654435761);
		h2 = Math.imul(h2 ^ c, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** JSON with object keys sorted, so two equal payloads give one text whatever their key order. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const entries = Object.keys(value as object)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** Marks a key made of a digest of the payload (an event without an id). */
const DIGEST_MARK = '#';

/**
 * The key of one delivery: the scope (webhook or bot) and the trigger, then the values at `idPaths`
 * of `data` when every one of them is there; otherwise a digest of `data`.
 */
export function deliveryKeyOf(scope: string, trigger: string, data: unknown, idPaths: readonly string[]): string {
	const values = idPaths.map((path) => valueAt(data, path));
	const identified = values.length > 0 && values.every((v) => (typeof v === 'string' && v !== '') || typeof v === 'number');
	return `${scope}|${trigger}|${identified ? values.map(String).join('/') : DIGEST_MARK + digest(canonical(data))}`;
}

/** Whether a key is made of the event's own ids (true) or of a digest of its payload (false). */
export function isIdentifiedKey(key: string): boolean {
	return !key.slice(key.lastIndexOf('|') + 1).startsWith(DIGEST_MARK);
}

/** How long a repeat of `key` is recognised: an id's key long, a digest's only within the retry horizon. */
export function rememberMsOf(key: string): number {
	return isIdentifiedKey(key) ? ID_KEY_MEMORY_MS : RETRY_HORIZON_MS;
}
