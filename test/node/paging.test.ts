/**
 * The walk over a list (transport/returnAll.ts) against an endpoint that ignores its paging
 * parameter: the emulator drops `page` (or the cursor) before routing, so every page read is the
 * first page again. Return All must stop with a clear error naming the endpoint and the parameter:
 * no endless loop, no duplicates. A list that merely moves between two reads must not trip it.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { countDisagreement, pageProblem } from '../../nodes/CometChat/transport/paginate';
import type { CometChatResponse } from '../../nodes/CometChat/transport/request';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, clearFaultQueue, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

afterEach(() => emulator().setIgnoredQueryParams([]));

function expectIgnoredParameter(error: (Error & { description?: string }) | undefined, endpoint: string, parameter: string) {
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

describe('an answer that is not a page', () => {
	// A GET is retried 4 times on an answer it cannot use: five in a row fail it.
	const ALWAYS = 5;
	afterEach(async () => await clearFaultQueue(emulator()));

	it('what each envelope can tell: no page (pageProblem), or a page that disagrees with its own count (countDisagreement)', () => {
		const numbered = (data: IDataObject[], pagination: object) => ({ data, meta: { pagination } });
		const full = { total: 2500, count: 1000, per_page: 1000, total_pages: 3 };
		const disagreement = (strategy: 'numberedPages' | 'cursor' | 'limitAndPage', body: CometChatResponse, at: IDataObject) => {
			expect(pageProblem(strategy, body, at)).toBeUndefined();
			return countDisagreement(strategy, body, at);
		};
		expect(disagreement('numberedPages', numbered([], { ...full, count: 0 }), { page: 2 })).toMatch(/short page: page 2 of 3 is empty/);
		expect(disagreement('numberedPages', numbered(Array(400).fill({}), { ...full, count: 400 }), { page: 2 })).toMatch(
			/page 2 of 3 holds 400 records, not 1000/,
		);
		// The last page may be short, as long as it holds what its meta says.
		expect(disagreement('numberedPages', numbered(Array(500).fill({}), { ...full, count: 500 }), { page: 3 })).toBeUndefined();
		expect(disagreement('numberedPages', numbered(Array(400).fill({}), { ...full, count: 500 }), { page: 3 })).toMatch(/count says 500/);
		// Past the end (the list shrank since page 1 was read): an empty page is the end.
		expect(
			disagreement('numberedPages', numbered([], { total: 900, count: 0, per_page: 1000, total_pages: 1 }), { page: 2 }),
		).toBeUndefined();
		expect(pageProblem('numberedPages', { data: [] }, { page: 1 })).toMatch(/meta.pagination.total_pages is missing/);
		// A record held twice (more than announced) is the walk's to drop, not a wrong answer.
		expect(disagreement('numberedPages', numbered(Array(1001).fill({}), full), { page: 1 })).toBeUndefined();
		for (const strategy of ['cursor', 'limitAndPage'] as const) {
			const next = strategy === 'cursor' ? { affix: 'append', id: '40' } : { page: 2 };
			expect(disagreement(strategy, { data: Array(40).fill({}), meta: { current: { limit: 100, count: 100 } } }, {})).toMatch(
				/holds 40 records, meta.current.count says 100/,
			);
			// A short page that says so is the last one.
			expect(disagreement(strategy, { data: Array(40).fill({}), meta: { current: { limit: 100, count: 40 } } }, {})).toBeUndefined();
			// An empty list is the end of it on the first page; after a full one it must say so in meta.
			expect(pageProblem(strategy, { data: [] }, {})).toBeUndefined();
			expect(pageProblem(strategy, { data: [] }, next)).toBe('is not a list page: an empty list without meta, after a full page');
			expect(pageProblem(strategy, { data: [], meta: { current: { limit: 100, count: 0 } } }, next)).toBeUndefined();
			expect(pageProblem(strategy, { data: null, meta: {} }, {})).toBe('is not a list page: data is null');
			expect(pageProblem(strategy, { data: { 0: {} } }, {})).toBe('is not a list page: data is an object');
			expect(pageProblem(strategy, { data: 'none' }, {})).toBe('is not a list page: data is a string');
			expect(pageProblem(strategy, { meta: {} }, {})).toBe('is not a list page: data is missing');
			expect(pageProblem(strategy, { error: { code: 'ERR_X', message: 'no' } }, {})).toBe(
				'is not a list page: data is missing, and it holds an error ERR_X',
			);
			expect(pageProblem(strategy, [{ id: '1' }], {})).toBe('is not a list page: a bare list, without data and meta');
		}
	});

	it('Flagged Message → Get Many (limit and page): a page of data null is read again, and the list returned whole', async () => {
		store().addFlaggedMessages(250, { reasonId: 'spam', flagger: 'cy' });
		const undisturbed = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		emulator().injectNext(['notAPageNull'], { pathPrefix: '/v3/moderation/flagged-messages', query: { page: '2' } });
		emulator().clearRequests();
		const { items, error } = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(undisturbed.items.map((item) => item.json.id));
		expect(apiRequests(emulator()).map((request) => [request.query.page, request.fault])).toEqual([
			['1', undefined],
			['2', 'notAPageNull'],
			['2', undefined],
			['3', undefined],
		]);
	});

	it("a short page every time is the service's own count: read after one retry, the list followed as its envelope says, and a hint", async () => {
		store().addFlaggedMessages(250, { reasonId: 'spam', flagger: 'cy' });
		const undisturbed = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		emulator().injectNext(Array(ALWAYS).fill({ kind: 'shortPage' }), {
			pathPrefix: '/v3/moderation/flagged-messages',
			query: { page: '2' },
		});
		emulator().clearRequests();
		const { items, error, hints } = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		// Page 2 kept half its records (the fault), and says it holds 100: it is followed to page 3.
		const ids = undisturbed.items.map((item) => item.json.id);
		expect(items.map((item) => item.json.id)).toEqual([...ids.slice(0, 150), ...ids.slice(200)]);
		expect(apiRequests(emulator()).map((request) => request.query.page)).toEqual(['1', '2', '2', '3']);
		expect(emulator().faultCounts.shortPage).toBe(2);
		expect(hints).toEqual([
			{
				type: 'warning',
				location: 'outputPane',
				message:
					"In CometChat's answer to GET /v3/moderation/flagged-messages, a page disagrees with its own count, the same on a retry " +
					'(it holds 50 records, meta.current.count says 100). The 200 records it sent are here, and the list was followed as far as ' +
					'its own paging said: it may hold records it did not send.',
			},
		]);
	});

	it('a short page that the retry answers whole: no hint, every record', async () => {
		store().addFlaggedMessages(250, { reasonId: 'spam', flagger: 'cy' });
		const undisturbed = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		emulator().injectNext([{ kind: 'shortPage' }], { pathPrefix: '/v3/moderation/flagged-messages', query: { page: '2' } });
		const { items, error, hints } = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(hints).toEqual([]);
		expect(items.map((item) => item.json.id)).toEqual(undisturbed.items.map((item) => item.json.id));
	});

	it('an empty list without meta after a full page: retried, then a clear error, never the end of the list', async () => {
		store().addFlaggedMessages(250, { reasonId: 'spam', flagger: 'cy' });
		emulator().injectNext(Array(ALWAYS).fill({ kind: 'emptyWithoutMeta' }), {
			pathPrefix: '/v3/moderation/flagged-messages',
			query: { page: '2' },
		});
		const { items, error } = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		expect(error?.message).toBe(
			'CometChat answered GET /v3/moderation/flagged-messages?limit=100&page=2 with a 200 that is not a list page: an empty list without meta, after a full page [item 0]',
		);
		expect(items).toHaveLength(0);
	});

	it("the editor's searchable list is retried the same way", async () => {
		store().addFlaggedMessages(3, { reasonId: 'spam', flagger: 'cy' });
		emulator().injectNext(['notAPageBareList'], { pathPrefix: '/v3/moderation/reasons' });
		const result = await listSearch(credentialsFor(emulator()), 'searchReasons');
		expect(result.results.length).toBeGreaterThan(0);
		expect(emulator().faultCounts.notAPageBareList).toBe(1);
	});

	it('a list that shrinks between two page reads is no short page: no error', async () => {
		store().addUsers(2500, 'member');
		let removed = false;
		const remove = emulator().onRequest((request) => {
			if (!removed && request.path === '/v3/users' && request.query.page !== '1') {
				removed = true;
				for (let i = 1; i <= 1600; i++) store().removeUser(`member${i}`);
			}
		});
		try {
			const { items, error } = await run({ resource: 'user', operation: 'getAll', returnAll: true });
			expect(error).toBeUndefined();
			expect(removed).toBe(true);
			expect(items).toHaveLength(1000);
		} finally {
			remove();
		}
	});
});
