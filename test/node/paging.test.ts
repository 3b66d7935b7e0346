/**
 * The walk over a list (transport/paginate.ts) against an endpoint that ignores its paging
 * parameter: the emulator drops `page` (or the cursor) before routing, so every page read is the
 * first page again. Return All must stop with a clear error naming the endpoint and the parameter:
 * no endless loop, no duplicates. A list that merely moves between two reads must not trip it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

afterEach(() => emulator().setIgnoredQueryParams([]));

function expectIgnoredParameter(error: Error & { description?: string } | undefined, endpoint: string, parameter: string) {
	expect(error?.name).toBe('NodeOperationError');
	expect(error?.message).toContain(`CometChat ignored the paging parameter "${parameter}" of ${endpoint}`);
	expect(error?.description).toMatch(/held only records already read/);
}

describe('an endpoint that ignores `page`', () => {
	it('Flagged Message → Get Many, Return All: stops after the repeated page with an error naming the endpoint and `page`', async () => {
		store().addFlaggedMessages(150, { reasonId: 'spam', flagger: 'cy' });
		emulator().setIgnoredQueryParams(['page']);
		const { items, error } = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		expectIgnoredParameter(error, 'GET /v3/moderation/flagged-messages', 'page');
		expect(error?.message).toContain('[item 0]');
		expect(items).toHaveLength(0);
		// Page 1, then page "2" (served as page 1 again): two requests, not one more.
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual([
			{ limit: '100', page: '1' },
			{ limit: '100', page: '2' },
		]);
	});

	it('with Continue On Fail, the item gets the error and the next item is still read', async () => {
		store().addFlaggedMessages(150, { reasonId: 'spam', flagger: 'cy' });
		emulator().setIgnoredQueryParams(['page']);
		const { items, error } = await run(
			{ resource: 'flaggedMessage', operation: 'getAll', returnAll: '={{ $json.all }}', limit: 20 },
			[{ all: true }, { all: false }],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items[0].json.error).toMatch(/ignored the paging parameter "page" of GET \/v3\/moderation\/flagged-messages/);
		expect(items.slice(1)).toHaveLength(20);
		expect(new Set(items.slice(1).map((item) => item.json.id)).size).toBe(20);
	});

	it('User → Get Many, Return All over 1001 users: stops after the repeated page, naming GET /v3/users and `page`', async () => {
		store().addUsers(1001, 'member');
		emulator().setIgnoredQueryParams(['page']);
		const { items, error } = await run({ resource: 'user', operation: 'getAll', returnAll: true });
		expectIgnoredParameter(error, 'GET /v3/users', 'page');
		expect(items).toHaveLength(0);
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual([
			{ perPage: '1000', page: '1' },
			{ perPage: '1000', page: '2' },
		]);
	});

	it('a list that fits on one page is read once and returned whole, `page` ignored or not', async () => {
		store().addFlaggedMessages(30, { reasonId: 'spam', flagger: 'cy' });
		emulator().setIgnoredQueryParams(['page']);
		const { items, error } = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(new Set(items.map((item) => item.json.id)).size).toBe(30);
		expect(items).toHaveLength(30);
		expect(apiRequests(emulator())).toHaveLength(1);
	});
});

describe('an endpoint that ignores its cursor', () => {
	it('Message → Get Thread, Return All: stops after the repeated page with an error naming the endpoint and the cursor', async () => {
		store().addUser({ uid: 'ada', name: 'Ada' });
		store().addUser({ uid: 'bob', name: 'Bob' });
		const parent = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'Thread start' }, sentAt: 1_700_000_000 });
		// More than one page at the thread's largest page (1000).
		for (let i = 1; i <= 1050; i++) {
			store().addMessage({ sender: 'bob', receiver: 'ada', parentId: parent.id, data: { text: `Reply ${i}` }, sentAt: 1_700_000_000 + i });
		}
		emulator().setIgnoredQueryParams(['affix', 'sentAt', 'id']);
		const { items, error } = await run({
			resource: 'message',
			operation: 'getThread',
			messageId: parent.id,
			onBehalfOf: byId('bob'),
			returnAll: true,
		});
		expectIgnoredParameter(error, `GET /v3/messages/${parent.id as string}/thread`, 'cursor (the fields of meta.next)');
		expect(items).toHaveLength(0);
		expect(apiRequests(emulator())).toHaveLength(2);
	});
});

describe('a list that moves between two page reads', () => {
	it('a record added before page 2 shifts the list by one: no error, and each record once', async () => {
		store().addFlaggedMessages(150, { reasonId: 'spam', flagger: 'cy' });
		let added = false;
		const remove = emulator().onRequest((request) => {
			if (!added && request.path === '/v3/moderation/flagged-messages' && request.query.page === '2') {
				added = true;
				store().addFlaggedMessages(1, { reasonId: 'spam', flagger: 'cy' });
			}
		});
		try {
			const { items, error } = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
			expect(error).toBeUndefined();
			expect(added).toBe(true);
			// Page 2 began with the last record of page 1: it is dropped, not returned twice.
			const ids = items.map((item) => item.json.id);
			expect(new Set(ids).size).toBe(ids.length);
			expect(ids).toHaveLength(150);
		} finally {
			remove();
		}
	});

	it('a page that holds a record twice (its first again at its end): each record once, no error', async () => {
		store().addUsers(2500, 'member');
		emulator().injectNext([{ kind: 'repeatedRecord' }], { pathPrefix: '/v3/users', query: { page: '2' } });
		const { items, error } = await run({ resource: 'user', operation: 'getAll', returnAll: true, options: { simplify: false } });
		expect(error).toBeUndefined();
		expect(emulator().faultCounts.repeatedRecord).toBe(1);
		const uids = items.map((item) => item.json.uid);
		expect(uids).toHaveLength(2500);
		expect(new Set(uids).size).toBe(2500);
		// In the order of an undisturbed read.
		const undisturbed = await run({ resource: 'user', operation: 'getAll', returnAll: true, options: { simplify: false } });
		expect(uids).toEqual(undisturbed.items.map((item) => item.json.uid));
	});
});
