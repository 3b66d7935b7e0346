/**
 * Data Import at scale: 10,000 messages (200 requests of 50) at 20 ms latency against an emulator
 * that allows each Data Import endpoint 60 requests a window, as CometChat allows 60 a minute. The
 * window is shortened to 6 s (the emulator's `setDataImportRateLimit(60, 6000)`), so the run
 * crosses four windows in seconds instead of minutes: the node learns the window's length from the
 * first 429 (transport/window.ts, `learnsRateWindow`) and the same code paces a minute under
 * CometChat. The promise (RELIABILITY.md):
 * - the run takes at most 1.25 times what the limit allows for its 200 requests (200 / 60 windows);
 * - no answer of 429 beyond the first; none lost (each item imported, in place); none stored twice;
 * - run again, nothing new: every item already imported;
 * - answers lost mid-import (a body cut short after the work was done, a 500) store nothing twice.
 */
import type { IDataObject } from 'n8n-workflow';

import type { Emulator } from '../harness/emulator';
import { credentialsFor, startTestEmulator } from '../harness/emulator';
import { runNode, shutdownEngine } from '../harness/engine';
import { overrideRequestLimits } from '../../nodes/CometChat/transport/limits';
import { report } from './report';

const MESSAGES = 10_000;
const PER_WINDOW = 60;
const WINDOW_MS = 6_000;
const REQUESTS = MESSAGES / 50;
/** What the limit allows: 60 requests a window, so 200 requests take 200 / 60 windows. */
const ALLOWED_MS = (REQUESTS / PER_WINDOW) * WINDOW_MS;

let emulator: Emulator;
let restoreLimits = () => {};

beforeAll(async () => {
	emulator = await startTestEmulator({ logRequests: false });
	emulator.store.addUser({ uid: 'ada', name: 'Ada' });
	emulator.store.addUser({ uid: 'bob', name: 'Bob' });
	restoreLimits = overrideRequestLimits({ firstBackoffMs: 20 });
});

afterAll(async () => {
	restoreLimits();
	await emulator.close();
	await shutdownEngine();
});

const parameters = {
	resource: 'dataImport',
	operation: 'importMessages',
	muid: '={{ $json.muid }}',
	sender: 'ada',
	receiverType: 'user',
	receiver: 'bob',
	sentAt: '={{ $json.sentAt }}',
	additionalFields: { text: '={{ $json.text }}' },
};

const input = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, index) => ({ muid: `${prefix}${index}`, sentAt: 1_600_000_000 + index, text: `Message ${index}` }));

/** Runs the import, counting what reached the endpoint: requests served, 429s, and messages stored by muid. */
async function importRun(items: IDataObject[]) {
	let served = 0;
	const off = emulator.onRequest((request) => {
		if (request.path === '/v3/data_import/messages') served++;
	});
	const rateLimitedBefore = emulator.faultCounts.rateLimited;
	const started = Date.now();
	const result = await runNode(credentialsFor(emulator), parameters, items);
	const ms = Date.now() - started;
	off();
	const outcomes = new Map<string, number>();
	for (const item of result.items) outcomes.set(String(item.json.outcome), (outcomes.get(String(item.json.outcome)) ?? 0) + 1);
	const inPlace = result.items.filter(
		(item, index) => item.json.key === items[index].muid && (item.pairedItem as { item: number }).item === index,
	).length;
	return { result, ms, served, rateLimited: emulator.faultCounts.rateLimited - rateLimitedBefore, outcomes, inPlace };
}

/** Messages stored per muid of `prefix`: each must be 1. */
function storedCounts(prefix: string) {
	const counts = new Map<string, number>();
	for (const message of emulator.store.areas.messages.list()) {
		if (message.muid?.startsWith(prefix)) counts.set(message.muid, (counts.get(message.muid) ?? 0) + 1);
	}
	return { distinct: counts.size, twice: [...counts.values()].filter((count) => count > 1).length };
}

it(`${MESSAGES.toLocaleString('en')} messages under ${PER_WINDOW} requests a window: within 1.25× the limit's time, one 429 at most, each stored once; again: 0 new`, async () => {
	emulator.setLatency(20);
	emulator.setDataImportRateLimit(PER_WINDOW, WINDOW_MS);
	const items = input('m', MESSAGES);
	const first = await importRun(items);
	expect(first.result.error).toBeUndefined();
	const stored = storedCounts('m');
	const figures = {
		items: first.result.items.length,
		imported: first.outcomes.get('imported') ?? 0,
		inPlace: first.inPlace,
		requests: first.served,
		rateLimited: first.rateLimited,
		stored: stored.distinct,
		storedTwice: stored.twice,
		seconds: Math.round(first.ms / 100) / 10,
		allowedSeconds: ALLOWED_MS / 1000,
		ratio: Math.round((first.ms / ALLOWED_MS) * 100) / 100,
	};
	report('data-import', figures);
	expect(figures).toMatchObject({
		items: MESSAGES,
		imported: MESSAGES,
		inPlace: MESSAGES,
		requests: REQUESTS,
		stored: MESSAGES,
		storedTwice: 0,
	});
	expect(first.rateLimited).toBeLessThanOrEqual(1);
	expect(first.ms).toBeLessThanOrEqual(1.25 * ALLOWED_MS);

	// Run again without the limit, to keep the file's time short: what is promised is nothing new.
	emulator.setDataImportRateLimit(0);
	const again = await importRun(items);
	const afterRerun = storedCounts('m');
	const rerun = {
		alreadyImported: again.outcomes.get('alreadyImported') ?? 0,
		stored: afterRerun.distinct,
		storedTwice: afterRerun.twice,
		seconds: Math.round(again.ms / 100) / 10,
	};
	report('data-import-rerun', rerun);
	expect(again.result.error).toBeUndefined();
	expect(rerun).toMatchObject({ alreadyImported: MESSAGES, stored: MESSAGES, storedTwice: 0 });
}, 120_000);

it('answers lost mid-import (a body cut short after the import, a 500) store nothing twice and lose nothing', async () => {
	emulator.setLatency(0);
	emulator.setDataImportRateLimit(0);
	const items = input('f', 500);
	let seen = 0;
	const off = emulator.onRequest((request) => {
		if (request.path !== '/v3/data_import/messages') return;
		seen++;
		// Picked for the next request: the 4th request's answer is cut short after its messages are stored, the 8th is a 500.
		if (seen === 3) emulator.injectNext(['truncated'], { pathPrefix: '/v3/data_import/messages' });
		if (seen === 7) emulator.injectNext(['500'], { pathPrefix: '/v3/data_import/messages' });
	});
	const run = await importRun(items);
	off();
	const stored = storedCounts('f');
	const figures = {
		items: run.result.items.length,
		imported: run.outcomes.get('imported') ?? 0,
		alreadyImported: run.outcomes.get('alreadyImported') ?? 0,
		inPlace: run.inPlace,
		requests: seen,
		stored: stored.distinct,
		storedTwice: stored.twice,
	};
	report('data-import-lost-answers', figures);
	expect(run.result.error).toBeUndefined();
	// The batch whose answer was lost was sent again: its 50 were there already, and are told so. The
	// requests that reached the import: the 10 batches and the one sent again after its cut answer (a
	// 500 is answered before the import, like a 429: its repeat is the batch's one request here).
	expect(figures).toMatchObject({
		items: 500,
		imported: 450,
		alreadyImported: 50,
		inPlace: 500,
		requests: 11,
		stored: 500,
		storedTwice: 0,
	});
});
