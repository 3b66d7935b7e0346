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
