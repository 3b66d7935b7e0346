const http = require('http');
const { useStarted, API_KEY } = require('./helpers');
const { NOT_A_PAGE_KINDS, OPT_IN_FAULT_KINDS, startEmulator } = require('../../emulator');

const ctx = useStarted();
beforeEach(() => {
	const emu = ctx.emu;
	emu.store.reset();
	emu.setRateLimit(0);
	emu.setLatency(0);
	emu.setFaults({
		rate: 0,
		seed: 1,
		kinds: ['429', '500', '503', 'reset', 'truncated', 'invalidJson', 'slow'],
		retryAfter: 1,
		slowMs: 1000,
	});
	emu.faults.clearQueue();
	emu.resetFaultCounts();
	emu.clearRequests();
});

/** A raw HTTP GET: resolves with status/headers/body, or with the transport error. */
function rawGet(path) {
	return new Promise((resolve) => {
		const req = http.get(`${ctx.emu.baseUrl}${path}`, { headers: { apikey: API_KEY } }, (res) => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', (c) => (body += c));
			res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body, complete: res.complete }));
			res.on('error', (error) => resolve({ error, status: res.statusCode, body }));
			res.on('aborted', () => resolve({ error: new Error('aborted'), status: res.statusCode, body }));
		});
		req.on('error', (error) => resolve({ error }));
	});
}

describe('rate limit', () => {
	test('off by default: no rate headers', async () => {
		const r = await ctx.api.get('/users');
		expect(r.headers['x-rate-limit']).toBeUndefined();
	});
	test('fixed window: X-Rate-Limit headers, then 429 with Retry-After and X-Rate-Limit-Reset', async () => {
		ctx.emu.setRateLimit(3);
		const remaining = [];
		for (let i = 0; i < 3; i++) {
			const r = await ctx.api.get('/users');
			expect(r.status).toBe(200);
			expect(r.headers['x-rate-limit']).toBe('3');
			remaining.push(r.headers['x-rate-limit-remaining']);
		}
		expect(remaining).toEqual(['2', '1', '0']);
		const over = await ctx.api.get('/users');
		expect(over.status).toBe(429);
		expect(over.data.error.code).toBe('ERR_TOO_MANY_REQUESTS');
		const retryAfter = Number(over.headers['retry-after']);
		expect(retryAfter).toBeGreaterThanOrEqual(1);
		expect(retryAfter).toBeLessThanOrEqual(60);
		const reset = Number(over.headers['x-rate-limit-reset']);
		expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
		expect(reset).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 60);
		// the call host shares the limit; the control API is never limited
		expect((await ctx.callApi.get('/calls/x')).status).toBe(429);
		expect((await ctx.control.get('/faults')).status).toBe(200);
		expect(ctx.emu.faultCounts.rateLimited).toBe(2);
		expect(ctx.emu.requests.filter((r) => r.status === 429)).toHaveLength(2);
		// setRateLimit opens a new window
		ctx.emu.setRateLimit(1);
		expect((await ctx.api.get('/users')).status).toBe(200);
		expect((await ctx.api.get('/users')).status).toBe(429);
	});
});

describe('fault kinds (each counted)', () => {
	const inject = (kind, extra = {}) => ctx.emu.injectNext([{ kind, ...extra }]);

	test('429 with Retry-After 1 by default, configurable per fault and globally', async () => {
		inject('429');
		const a = await ctx.api.get('/users');
		expect(a.status).toBe(429);
		expect(a.headers['retry-after']).toBe('1');
		expect(a.headers['x-rate-limit-reset']).toMatch(/^\d+$/);
		expect(a.data.error.code).toBe('ERR_TOO_MANY_REQUESTS');
		inject('429', { retryAfter: 7 });
		expect((await ctx.api.get('/users')).headers['retry-after']).toBe('7');
		ctx.emu.setFaults({ retryAfter: 3 });
		inject('429');
		expect((await ctx.api.get('/users')).headers['retry-after']).toBe('3');
		expect(ctx.emu.faultCounts['429']).toBe(3);
		expect((await ctx.api.get('/users')).status).toBe(200); // queue used up
	});
	test('500 and 503 in the error shape; the request is not executed', async () => {
		ctx.emu.injectNext(['500', '503']);
		const a = await ctx.api.post('/users', { uid: 'u1', name: 'U' });
		expect(a.status).toBe(500);
		expect(a.data.error.code).toBe('ERR_INTERNAL_SERVER_ERROR');
		const b = await ctx.api.post('/users', { uid: 'u1', name: 'U' });
		expect(b.status).toBe(503);
		expect(b.data.error.code).toBe('ERR_SERVICE_UNAVAILABLE');
		expect(ctx.emu.store.users.size).toBe(0);
		expect(ctx.emu.faultCounts).toMatchObject({ 500: 1, 503: 1 });
	});
	test('reset destroys the connection', async () => {
		inject('reset');
		const r = await rawGet('/v3/users');
		expect(r.error).toBeDefined();
		expect(ctx.emu.faultCounts.reset).toBe(1);
		expect((await ctx.api.get('/users')).status).toBe(200);
		expect(ctx.emu.requests[0]).toMatchObject({ fault: 'reset', status: null });
	});
	test('truncated: full Content-Length declared, half the body sent, connection dropped', async () => {
		ctx.emu.store.addUsers(20);
		inject('truncated');
		const r = await rawGet('/v3/users');
		expect(r.error).toBeDefined();
		expect(r.status).toBe(200);
		expect(() => JSON.parse(r.body)).toThrow();
		expect(ctx.emu.faultCounts.truncated).toBe(1);
		ctx.emu.injectNext(['truncated']);
		await expect(ctx.api.get('/users')).rejects.toBeDefined();
		expect(ctx.emu.faultCounts.truncated).toBe(2);
	});
	test('invalidJson: a complete 200 answer whose body does not parse', async () => {
		inject('invalidJson');
		const r = await rawGet('/v3/users');
		expect(r.status).toBe(200);
		expect(r.complete).toBe(true);
		expect(r.headers['content-type']).toMatch(/application\/json/);
		expect(() => JSON.parse(r.body)).toThrow();
		expect(ctx.emu.faultCounts.invalidJson).toBe(1);
	});
	test('slow: the answer is delayed (slowMs) but correct', async () => {
		ctx.emu.setFaults({ slowMs: 30 });
		inject('slow');
		const r = await ctx.api.get('/users');
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual([]);
		expect(ctx.emu.faultCounts.slow).toBe(1);
		expect(ctx.emu.requests[0].fault).toBe('slow');
	});
	test('truncated/invalidJson/slow run the handler (the action happens)', async () => {
		inject('invalidJson');
		await ctx.api.post('/users', { uid: 'kept', name: 'K' });
		expect(ctx.emu.store.users.has('kept')).toBe(true);
	});
	test('the not-a-page kinds: a 200 whose body is no list page, meta as served', async () => {
		ctx.emu.store.addUsers(4);
		const shapes = {};
		for (const kind of NOT_A_PAGE_KINDS) {
			inject(kind);
			const r = await rawGet('/v3/users?perPage=2&page=1');
			expect(r.status).toBe(200);
			shapes[kind] = JSON.parse(r.body);
			expect(ctx.emu.faultCounts[kind]).toBe(1);
		}
		const meta = { pagination: { total: 4, count: 2, per_page: 2, current_page: 1, total_pages: 2 } };
		expect(shapes.notAPageNull).toMatchObject({ data: null, meta });
		expect(Object.keys(shapes.notAPageObject.data)).toEqual(['0', '1']);
		expect(shapes.notAPageObject.meta).toEqual(meta);
		expect(shapes.notAPageMissing).toMatchObject({ meta });
		expect('data' in shapes.notAPageMissing).toBe(false);
		expect(shapes.notAPageError.error.code).toBe('ERR_INTERNAL_SERVER_ERROR');
		expect(shapes.notAPageError.data).toBeUndefined();
		expect(Array.isArray(shapes.notAPageBareList)).toBe(true);
		expect(shapes.notAPageBareList).toHaveLength(2);
	});
	test('shortPage: half the records (or `keep` of them) under the meta of the full page', async () => {
		ctx.emu.store.addUsers(10);
		inject('shortPage');
		const half = await ctx.api.get('/users?perPage=4&page=1');
		expect(half.data.data).toHaveLength(2);
		expect(half.data.meta.pagination).toMatchObject({ total: 10, count: 4, per_page: 4, total_pages: 3 });
		inject('shortPage', { keep: 0 });
		const empty = await ctx.api.get('/users?perPage=4&page=2');
		expect(empty.data.data).toEqual([]);
		expect(empty.data.meta.pagination).toMatchObject({ count: 4, current_page: 2 });
		expect(ctx.emu.faultCounts.shortPage).toBe(2);
		expect(() => ctx.emu.injectNext([{ kind: 'shortPage', keep: -1 }])).toThrow();
	});
	test('emptyWithoutMeta: `{"data": []}` and nothing else; recordWithoutId: the first record without its id fields', async () => {
		ctx.emu.store.addUsers(4);
		inject('emptyWithoutMeta');
		const empty = await rawGet('/v3/users?perPage=2&page=2');
		expect([empty.status, JSON.parse(empty.body)]).toEqual([200, { data: [] }]);
		inject('recordWithoutId');
		const anonymous = await ctx.api.get('/users?perPage=2&page=1');
		expect(anonymous.data.data).toHaveLength(2);
		expect('uid' in anonymous.data.data[0]).toBe(false);
		expect(anonymous.data.data[0].name).toEqual(expect.any(String));
		expect(anonymous.data.data[1].uid).toEqual(expect.any(String));
		expect([ctx.emu.faultCounts.emptyWithoutMeta, ctx.emu.faultCounts.recordWithoutId]).toEqual([1, 1]);
	});
	test('the list faults leave error answers alone, and the random rate picks them only when named', async () => {
		inject('notAPageNull');
		const missing = await ctx.api.get('/users/nobody');
		expect(missing.status).toBe(404);
		expect(missing.data.error.code).toBe('ERR_UID_NOT_FOUND');
		expect(OPT_IN_FAULT_KINDS).toEqual(
			expect.arrayContaining(['repeatedRecord', 'shortPage', 'emptyWithoutMeta', 'recordWithoutId', ...NOT_A_PAGE_KINDS]),
		);
		expect(ctx.emu.getSettings().faults.kinds).not.toEqual(expect.arrayContaining(['shortPage']));
	});
	test('unknown kinds are refused', () => {
		expect(() => ctx.emu.injectNext(['teapot'])).toThrow();
		expect(() => ctx.emu.setFaults({ kinds: ['teapot'] })).toThrow();
		expect(() => ctx.emu.setFaults({ rate: 2 })).toThrow();
	});
});

describe('injectNext matching', () => {
	test('method + pathPrefix: only matching requests consume the queue, in order', async () => {
		ctx.emu.injectNext([{ kind: '429' }, { kind: '503' }], { method: 'GET', pathPrefix: '/v3/users' });
		expect((await ctx.api.get('/roles')).status).toBe(200);
		expect((await ctx.api.post('/users', { uid: 'a', name: 'A' })).status).toBe(200);
		expect((await ctx.api.get('/users')).status).toBe(429);
		expect((await ctx.api.get('/users/a')).status).toBe(503);
		expect((await ctx.api.get('/users')).status).toBe(200);
	});
	test('query match: only the page asked for fails', async () => {
		ctx.emu.injectNext(['500'], { pathPrefix: '/v3/users', query: { page: '2' } });
		expect((await ctx.api.get('/users?page=1')).status).toBe(200);
		expect((await ctx.api.get('/users?page=2')).status).toBe(500);
		expect((await ctx.api.get('/users?page=2')).status).toBe(200);
	});
	test('host match', async () => {
		ctx.emu.injectNext(['500'], { host: 'call' });
		expect((await ctx.api.get('/users')).status).toBe(200);
		expect((await ctx.callApi.get('/calls/x')).status).toBe(500);
	});
	test('the control API is never faulted', async () => {
		ctx.emu.setFaults({ rate: 1, kinds: ['500'] });
		expect((await ctx.control.get('/faults')).status).toBe(200);
		expect((await ctx.control.post('/reset')).status).toBe(200);
		expect((await ctx.api.get('/users')).status).toBe(500);
	});
});

describe('random faults', () => {
	test('rate 1 → every /v3 request fails with one of the kinds', async () => {
		ctx.emu.setFaults({ rate: 1, kinds: ['500', '503'] });
		const statuses = [];
		for (let i = 0; i < 10; i++) statuses.push((await ctx.api.get('/users')).status);
		expect(statuses.every((x) => x === 500 || x === 503)).toBe(true);
		expect(ctx.emu.faultCounts['500'] + ctx.emu.faultCounts['503']).toBe(10);
	});
	test('seeded: the same seed gives the same sequence', async () => {
		const run = async () => {
			const emu = await startEmulator({ apiKey: API_KEY, faults: { rate: 0.5, seed: 42, kinds: ['500', '503', '429'] } });
			const out = [];
			for (let i = 0; i < 20; i++) {
				const r = await fetch(`${emu.baseUrl}/v3/roles`, { headers: { apikey: API_KEY } });
				out.push(r.status);
				await r.arrayBuffer();
			}
			const counts = { ...emu.faultCounts };
			await emu.close();
			return { out, counts };
		};
		const a = await run();
		const b = await run();
		expect(a.out).toEqual(b.out);
		expect(a.out.some((x) => x === 200)).toBe(true);
		expect(a.out.some((x) => x !== 200)).toBe(true);
		expect(a.counts['500'] + a.counts['503'] + a.counts['429']).toBe(a.out.filter((x) => x !== 200).length);
	});
});

describe('latency', () => {
	test('setLatency keeps answers correct; bad values refused', async () => {
		ctx.emu.setLatency(5);
		expect((await ctx.api.get('/users')).status).toBe(200);
		expect(() => ctx.emu.setLatency(-1)).toThrow();
		expect(() => ctx.emu.setRateLimit(-1)).toThrow();
	});
});

describe('faults over the control API', () => {
	test('POST /__emulator/faults sets options, queues faults, reports counts', async () => {
		const set = await ctx.control.post('/faults', { retryAfter: 2, injectNext: [{ kind: '429' }], match: { pathPrefix: '/v3/roles' } });
		expect(set.data.data.queued).toBe(1);
		const r = await ctx.api.get('/roles');
		expect(r.status).toBe(429);
		expect(r.headers['retry-after']).toBe('2');
		const got = await ctx.control.get('/faults');
		expect(got.data.data.counts['429']).toBe(1);
		expect(got.data.data.settings.faults.retryAfter).toBe(2);
		await ctx.control.post('/faults', { rateLimitPerMinute: 1, latencyMs: 0 });
		expect(ctx.emu.getSettings().rateLimitPerMinute).toBe(1);
		expect((await ctx.control.post('/faults', { rate: 5 })).status).toBe(400);
		await ctx.control.post('/faults', { resetCounts: true, rateLimitPerMinute: 0 });
		expect(ctx.emu.faultCounts['429']).toBe(0);
	});
});

describe('echo mode and extra fields', () => {
	afterEach(async () => {
		await ctx.control.post('/faults', { echo: false });
	});

	test('echo copies the request into a 200 (each record of a list) and into an error, and leaves the store alone', async () => {
		ctx.emu.store.addUser({ uid: 'ada', name: 'Ada' });
		expect((await ctx.control.post('/faults', { echo: true })).status).toBe(200);
		const one = await ctx.api.put('/users/ada', { name: 'Ada L' });
		expect(one.status).toBe(200);
		expect(one.data.data.echo).toMatchObject({
			method: 'PUT',
			path: '/v3/users/ada',
			headers: { apikey: API_KEY },
			body: { name: 'Ada L' },
		});
		const list = await ctx.api.get('/users?perPage=5');
		expect(list.data.data[0].echo).toMatchObject({ method: 'GET', query: { perPage: '5' }, headers: { apikey: API_KEY } });
		const missing = await ctx.api.get('/users/nobody');
		expect(missing.status).toBe(404);
		expect(missing.data.error.details.echo).toMatchObject({ path: '/v3/users/nobody', headers: { apikey: API_KEY } });
		ctx.emu.faults.injectNext(['500']);
		expect((await ctx.api.get('/users')).data.error.details.echo.headers.apikey).toBe(API_KEY);
		expect(ctx.emu.store.getUser('ada')).not.toHaveProperty('echo');
		expect((await ctx.control.post('/faults', { echo: 'yes' })).status).toBe(400);
	});

	test('extraFields adds its fields to a 200 data', async () => {
		ctx.emu.store.addUser({ uid: 'ada', name: 'Ada' });
		ctx.emu.injectNext([{ kind: 'extraFields', fields: { authToken: 'sent-anyway' } }]);
		expect((await ctx.api.get('/users/ada')).data.data).toMatchObject({ uid: 'ada', authToken: 'sent-anyway' });
		expect(() => ctx.emu.injectNext([{ kind: 'extraFields', fields: 'x' }])).toThrow();
	});
});
