/**
 * CometChat's own published example answers (test/data/published-list-examples.json, with their
 * source), replayed through every list operation that has one, in n8n's engine over real HTTP: a
 * stand-in of CometChat answers every request of the operation's path with the example, as it is.
 * Each operation gives the example's records, and no error. Several examples disagree with their
 * own `meta` (1 blocked message where `meta.current.count` says 20, 4 group members where
 * `meta.pagination.count` says 5): those are read after one retry round, with an execution hint.
 */
import type { PublishedExample, PublishedStandIn } from '../data/published-examples';
import { DISAGREEING, OPERATIONS, pathPattern, PUBLISHED, startPublishedStandIn } from '../data/published-examples';
import type { CredentialData } from '../harness/engine';
import { runNode, shutdownEngine } from '../harness/engine';

/** The example the stand-in serves now: only the operation under test is answered. */
let example: PublishedExample;
let standIn: PublishedStandIn;
let credentials: CredentialData;

beforeAll(async () => {
	standIn = await startPublishedStandIn(() => [example]);
	credentials = { apiKey: 'published-examples-key', baseUrl: standIn.url, callUrl: standIn.url };
});

afterAll(async () => {
	await standIn.close();
	await shutdownEngine();
});

test('every published list example has its operation here, and every list operation its example', () => {
	expect(PUBLISHED.map((e) => e.operationId).sort()).toEqual(Object.keys(OPERATIONS).sort());
	expect(DISAGREEING.every((id) => id in OPERATIONS)).toBe(true);
});

describe.each(PUBLISHED.map((e) => [e.operationId, e] as const))('%s, its published example answered as it is', (operationId, given) => {
	it('gives its records, no error; a count that disagrees after one retry round, with a hint', async () => {
		example = given;
		standIn.requests.length = 0;
		const run = await runNode(credentials, { ...OPERATIONS[operationId], returnAll: true });
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(given.answer.data.length);
		const requests = [...standIn.requests];
		expect(requests.every((request) => pathPattern(given.path).test(request.split(' ')[1].split('?')[0]))).toBe(true);
		if (DISAGREEING.includes(operationId)) {
			expect(run.hints).toEqual([expect.objectContaining({ type: 'warning', message: expect.stringContaining('the same on a retry') })]);
			// The first page and its one retry; a cursor list that its count calls full reads the
			// page its envelope names (the same example again: nothing new) and stops.
			expect(requests.length).toBeLessThanOrEqual(3);
		} else {
			expect(run.hints).toEqual([]);
			expect(requests).toHaveLength(1);
		}
	});
});
