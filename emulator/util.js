// @ts-check
'use strict';

const { validationError } = require('./errors');

/** @param {unknown} v @returns {v is Record<string, any>} */
function isObject(v) {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** @param {unknown} v @returns {v is string[]} */
function isStringArray(v) {
	return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/**
 * Reads a query value that may be repeated (`?a=1&a=2`), a comma list (`?a=1,2`) or bracketed
 * (`?a[]=1`). Returns undefined when absent.
 * @param {Record<string, string | string[]>} query
 * @param {string} name
 * @returns {string[] | undefined}
 */
function queryList(query, name) {
	const raw = query[name] ?? query[`${name}[]`];
	if (raw === undefined) return undefined;
	const arr = Array.isArray(raw) ? raw : [raw];
	return arr.flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * @param {Record<string, string | string[]>} query
 * @param {string} name
 * @returns {string | undefined} the last value of a (possibly repeated) query parameter
 */
function queryOne(query, name) {
	const raw = query[name];
	if (raw === undefined) return undefined;
	return Array.isArray(raw) ? raw[raw.length - 1] : raw;
}

/** @param {Record<string, string | string[]>} query @param {string} name */
function queryBool(query, name) {
	const v = queryOne(query, name);
	if (v === undefined) return false;
	return v === '' || v === '1' || v.toLowerCase() === 'true';
}

/**
 * Reads a positive integer query parameter; absent → default; above max → max; not a positive
 * integer → 400 ERR_BAD_REQUEST.
 * @param {Record<string, string | string[]>} query
 * @param {string} name
 * @param {number} def
 * @param {number} [max]
 */
function queryInt(query, name, def, max) {
	const v = queryOne(query, name);
	if (v === undefined || v === '') return def;
	if (!/^\d+$/.test(v) || Number(v) < 1) {
		throw validationError({ [name]: [`The ${name} must be an integer of at least 1.`] });
	}
	const n = Number(v);
	return max !== undefined && n > max ? max : n;
}

/** @param {Record<string, string | string[] | undefined>} headers @param {string} name lower-case */
function header(headers, name) {
	const v = headers[name];
	if (Array.isArray(v)) return v[0];
	return v === undefined || v === '' ? undefined : v;
}

/** Deep copy of plain JSON data. @template T @param {T} v @returns {T} */
function clone(v) {
	return v === undefined ? v : structuredClone(v);
}

/**
 * Binary search: first index in `arr` whose element is not "less than" `item` under `less`.
 * @template T
 * @param {T[]} arr
 * @param {T} item
 * @param {(a: T, b: T) => boolean} less
 */
function lowerBound(arr, item, less) {
	let lo = 0;
	let hi = arr.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (less(arr[mid], item)) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** Deterministic PRNG (mulberry32). @param {number} seed */
function prng(seed) {
	let a = seed >>> 0;
	return function next() {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** @param {number} n */
function hex(n) {
	let s = '';
	while (s.length < n) s += Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0');
	return s.slice(0, n);
}

module.exports = { isObject, isStringArray, queryList, queryOne, queryBool, queryInt, header, clone, lowerBound, prng, hex };
