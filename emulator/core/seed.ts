/** Seed data: the demo app, a seed file, or an object. */
import * as fs from 'fs';
import * as path from 'path';
import { isObject } from './validation';
import type { Json } from './validation';

/** The demo app's seed (20 users, groups, messages, moderation records, calls, push tokens). */
export const DEMO_SEED_PATH = path.join(__dirname, '..', 'seed', 'demo.json');

/** `none` (or nothing), `demo`, a path to a JSON file, or the seed object itself. */
export type SeedOption = 'none' | 'demo' | string | Json | null;

/** Resolves a seed option into seed data (undefined for `none`). */
export function loadSeed(seed: SeedOption | undefined): Json | undefined {
	if (seed === undefined || seed === 'none' || seed === null) return undefined;
	if (isObject(seed)) return seed;
	const file = seed === 'demo' ? DEMO_SEED_PATH : path.resolve(String(seed));
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** How long before now the latest date of a seed falls once dated to now. */
const DATED_TO_NOW_MARGIN_SECONDS = 60;
/** A date of the seed: a field named `…At` holding 10-digit epoch seconds. */
const isSeedDate = (key: string, value: unknown): value is number =>
	key.endsWith('At') && typeof value === 'number' && value >= 1_000_000_000 && value < 10_000_000_000;

function latestDate(value: unknown): number {
	if (Array.isArray(value)) return Math.max(0, ...value.map(latestDate));
	if (!isObject(value)) return 0;
	return Math.max(0, ...Object.entries(value).map(([key, member]) => (isSeedDate(key, member) ? member : latestDate(member))));
}

function shiftDates(value: unknown, by: number): unknown {
	if (Array.isArray(value)) return value.map((member) => shiftDates(member, by));
	if (!isObject(value)) return value;
	return Object.fromEntries(
		Object.entries(value).map(([key, member]) => [key, isSeedDate(key, member) ? member + by : shiftDates(member, by)]),
	);
}

/**
 * The seed with every date moved by one offset, so its latest falls a minute before `nowSeconds`:
 * the demo app as if in use today (its order and spacing kept), so a report over the last day
 * finds its messages, calls and active users.
 */
export function datedToNow(seed: Json, nowSeconds: number): Json {
	const latest = latestDate(seed);
	if (latest === 0) return seed;
	return shiftDates(seed, nowSeconds - DATED_TO_NOW_MARGIN_SECONDS - latest) as Json;
}
