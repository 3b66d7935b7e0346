/** Checks of request bodies, query parameters and headers, shared by every area's routes. */
import { validationError } from './errors';
import type { Details } from './errors';

/** A parsed query: repeated keys become arrays. */
export type Query = Record<string, string | string[]>;
export type Headers = Record<string, string | string[] | undefined>;
/** Untyped JSON from a request body or a seed file. */
export type Json = Record<string, any>;

export function isObject(v: unknown): v is Json {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isStringArray(v: unknown): v is string[] {
	return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/** The body as an object ({} when there is none); anything else is a 400. */
export function requireBodyObject(body: unknown): Json {
	if (body === undefined) return {};
	if (!isObject(body)) throw validationError({ body: ['The request body must be a JSON object.'] });
	return body;
}

/** Checks optional typed fields of a body; collects messages in `details`. */
export function checkTypes(body: Json, spec: Record<string, 'string' | 'object' | 'string[]' | 'boolean'>, details: Details): void {
	for (const [k, t] of Object.entries(spec)) {
		const v = body[k];
		if (v === undefined) continue;
		const ok =
			t === 'string' ? typeof v === 'string' : t === 'object' ? isObject(v) : t === 'boolean' ? typeof v === 'boolean' : isStringArray(v);
		if (!ok)
			(details[k] ??= []).push(`The ${k} must be ${t === 'string[]' ? 'an array of strings' : t === 'object' ? 'an object' : `a ${t}`}.`);
	}
}

/**
 * Reads a query value that may be repeated (`?a=1&a=2`), a comma list (`?a=1,2`) or bracketed
 * (`?a[]=1`). Returns undefined when absent.
 */
export function queryList(query: Query, name: string): string[] | undefined {
	const raw = query[name] ?? query[`${name}[]`];
	if (raw === undefined) return undefined;
	const arr = Array.isArray(raw) ? raw : [raw];
	return arr
		.flatMap((s) => String(s).split(','))
		.map((s) => s.trim())
		.filter((s) => s !== '');
}

/** The last value of a (possibly repeated) query parameter. */
export function queryOne(query: Query, name: string): string | undefined {
	const raw = query[name];
	if (raw === undefined) return undefined;
	return Array.isArray(raw) ? raw[raw.length - 1] : raw;
}

export function queryBool(query: Query, name: string): boolean {
	const v = queryOne(query, name);
	if (v === undefined) return false;
	return v === '' || v === '1' || v.toLowerCase() === 'true';
}

/**
 * Reads a positive integer query parameter; absent → default; above max → max; not a positive
 * integer → 400 ERR_BAD_REQUEST.
 */
export function queryInt(query: Query, name: string, def: number, max?: number): number {
	const v = queryOne(query, name);
	if (v === undefined || v === '') return def;
	if (!/^\d+$/.test(v) || Number(v) < 1) {
		throw validationError({ [name]: [`The ${name} must be an integer of at least 1.`] });
	}
	const n = Number(v);
	return max !== undefined && n > max ? max : n;
}

/** A header's value (`name` lower-case); an empty one counts as absent. */
export function header(headers: Headers, name: string): string | undefined {
	const v = headers[name];
	if (Array.isArray(v)) return v[0];
	return v === undefined || v === '' ? undefined : v;
}
