/**
 * Return All over 1,000,000 users under CometChat's rate limit of 10,000 requests a minute, in the
 * emulator. Alone, the 1,000 pages fit in one minute's requests. Then the app's other clients have
 * already used all but 300 of the minute when the walk starts: the window must keep to what the
 * service says it has left (X-Rate-Limit-Remaining), meet the limit with no more than a handful of
 * 429s, wait out the Retry-After (most of a minute), and still return every user exactly once, in
 * order.
 */
import type { Emulator } from '../harness/emulator';
import { credentialsFor, startTestEmulator } from '../harness/emulator';
import { runNode, shutdownEngine } from '../harness/engine';
import { WINDOW_BOUNDS } from '../../nodes/CometChat/transport/window';
import { report } from './report';

const USERS = 1_000_000;
const PER_MINUTE = 10_000;
/** Requests left in the minute when the second walk starts. */
const LEFT = 300;

let emulator: Emulator;
let expectedCount: number;
/** The uids as GET /users serves them, in order. */
let served: string[];

beforeAll(async () => {
	emulator = await startTestEmulator({ logRequests: false });
	emulator.store.addUsers(USERS, 'm-');
	const all = { page: 1, perPage: Number.MAX_SAFE_INTEGER, includeDeactivated: false, onlyDeactivated: false, unfiltered: true };
	served = emulator.store.pageUsers(() => true, all).items.map((user) => user.uid);
	expectedCount = served.length;
	expect(expectedCount).toBeGreaterThanOrEqual(USERS);
});

afterAll(async () => {
	await emulator.close();
	await shutdownEngine();
});

async function returnAll(name: string, usedBefore: number) {
	emulator.setRateLimit(PER_MINUTE);
	if (usedBefore > 0) emulator.spendRateLimit(usedBefore);
	const before = { ...emulator.faultCounts };
	let requests = 0;
	const off = emulator.onRequest((request) => {
		if (request.path === '/v3/users') requests++;
	});
	const started = Date.now();
	const { items, error } = await runNode(credentialsFor(emulator), { resource: 'user', operation: 'getAll', returnAll: true });
	const ms = Date.now() - started;
	off();
	emulator.setRateLimit(0);
	expect(error).toBeUndefined();

	const uids = items.map((item) => String(item.json.uid));
	const unique = new Set(uids).size;
	let outOfOrder = 0;
	for (let index = 0; index < uids.length; index++) if (uids[index] !== served[index]) outOfOrder++;
	const figures = {
		users: uids.length,
		lost: expectedCount - unique,
		duplicated: uids.length - unique,
		outOfOrder,
		answered: requests,
		rateLimited: emulator.faultCounts.rateLimited - (before.rateLimited ?? 0),
		seconds: Math.round(ms / 100) / 10,
	};
	report(`rate-limited-return-all ${name}`, figures);
	return figures;
}

it(`alone: ${USERS.toLocaleString('en')} users in 1,000 requests, no 429`, async () => {
	const figures = await returnAll('alone', 0);
	expect(figures).toMatchObject({
		users: expectedCount,
		lost: 0,
		duplicated: 0,
		outOfOrder: 0,
		answered: Math.ceil(expectedCount / 1000),
		rateLimited: 0,
	});
});

it(`with ${PER_MINUTE - LEFT} of the minute's ${PER_MINUTE.toLocaleString('en')} requests already used: a handful of 429s, every user once`, async () => {
	const figures = await returnAll('minute-nearly-used', PER_MINUTE - LEFT);
	expect(figures).toMatchObject({ users: expectedCount, lost: 0, duplicated: 0, outOfOrder: 0, answered: Math.ceil(expectedCount / 1000) });
	expect(figures.rateLimited).toBeGreaterThan(0);
	expect(figures.rateLimited).toBeLessThanOrEqual(WINDOW_BOUNDS.max);
});
