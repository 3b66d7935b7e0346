/**
 * Writes in flight under the rate limit: 1,000 User → Create items against an emulator that allows
 * 200 requests a window. The window is shortened to 2 s (the emulator's `windowMs`) so the run
 * crosses five of them in seconds instead of minutes; the node reads the same headers as under
 * CometChat's minute (X-Rate-Limit-Remaining, Retry-After). With up to 64 items in flight, the node
 * must keep to what the service says is left, so the limit is met by at most one 429 a window (the
 * one request that asks whether the window has turned), and every user is created exactly once,
 * each output in its input's place.
 */
import type { Emulator } from '../harness/emulator';
import { credentialsFor, startTestEmulator } from '../harness/emulator';
import { runNode, shutdownEngine } from '../harness/engine';
import { report } from './report';

const ITEMS = 1_000;
const PER_WINDOW = 200;
const WINDOW_MS = 2_000;

let emulator: Emulator;

beforeAll(async () => {
	emulator = await startTestEmulator({ logRequests: false });
});

afterAll(async () => {
	await emulator.close();
	await shutdownEngine();
});

it(`${ITEMS.toLocaleString('en')} creates under ${PER_WINDOW} requests a window: one 429 a window at most, every user once`, async () => {
	emulator.setRateLimit(PER_WINDOW, WINDOW_MS);
	// The app's other clients have used half of the first window.
	emulator.spendRateLimit(PER_WINDOW / 2);
	const before = emulator.faultCounts.rateLimited;
	let created = 0;
	const off = emulator.onRequest((request) => {
		if (request.method === 'POST' && request.path === '/v3/users') created++;
	});
	const input = Array.from({ length: ITEMS }, (_, index) => ({ uid: `w${index}`, name: `Writer ${index}` }));
	const started = Date.now();
	const { items, error } = await runNode(
		credentialsFor(emulator),
		{ resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}' },
		input,
		{ onError: 'continueRegularOutput' },
	);
	const ms = Date.now() - started;
	off();
	emulator.setRateLimit(0);
	expect(error).toBeUndefined();

	const stored = input.filter(({ uid }) => emulator.store.users.has(uid)).length;
	const failed = items.filter((item) => item.json.error !== undefined).length;
	const inPlace = items.filter(
		(item, index) => item.json.uid === input[index].uid && (item.pairedItem as { item: number }).item === index,
	).length;
	const rateLimited = emulator.faultCounts.rateLimited - before;
	// The windows the run touched: the half-used first one, then one per 200 requests.
	const windows = Math.ceil((ITEMS + PER_WINDOW / 2) / PER_WINDOW);
	const figures = {
		items: items.length,
		stored,
		failed,
		inPlace,
		requestsServed: created,
		rateLimited,
		windows,
		seconds: Math.round(ms / 100) / 10,
	};
	report('rate-limited-writes', figures);
	expect(figures).toMatchObject({ items: ITEMS, stored: ITEMS, failed: 0, inPlace: ITEMS, requestsServed: ITEMS });
	expect(rateLimited).toBeLessThanOrEqual(windows);
});
