/** Small helpers without a better home: copies, ids, random data. */
import type { Json } from './validation';
import { isObject } from './validation';

/** Deep copy of plain JSON data. */
export function clone<T>(v: T): T {
	return v === undefined ? v : structuredClone(v);
}

/** `into` with `from` merged in, as a settings update merges: objects key by key, anything else replaced (copied). */
export function mergedJson(into: Json, from: Json): Json {
	const result: Json = { ...into };
	for (const [key, value] of Object.entries(from)) {
		result[key] = isObject(value) && isObject(result[key]) ? mergedJson(result[key], value) : clone(value);
	}
	return result;
}

/** Numeric part of an id, for ordering (non-numeric ids sort first). */
export function idNum(id: string): number {
	const n = Number(id);
	return Number.isFinite(n) ? n : -1;
}

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return function next() {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** `n` random hex digits. */
export function hex(n: number): string {
	let s = '';
	while (s.length < n)
		s += Math.floor(Math.random() * 0x100000000)
			.toString(16)
			.padStart(8, '0');
	return s.slice(0, n);
}

export function uuid(): string {
	const h = hex(32);
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
