// Scale: 100,000 users and 100,000 flagged messages, read through the API page by page.
// No timing assertions: these tests check that every item arrives exactly once, in order.
const { start } = require('./helpers');

let ctx;
beforeAll(async () => {
	ctx = await start({ logRequests: false });
});
afterAll(() => ctx.emu.close());

test('100,000 users, read through GET /v3/users perPage=1000: each exactly once, newest first', async () => {
	const store = ctx.emu.store;
	store.reset();
	store.setClock(1700000000);
	expect(store.addUsers(100000, 'u')).toBe(100000);
	const seen = new Set();
	const problems = [];
	let requests = 0;
	let previousSeq = Infinity;
	for (let page = 1; ; page++) {
		const r = await ctx.api.get('/users', { params: { perPage: 1000, page } });
		requests++;
		const p = r.data.meta.pagination;
		if (
			r.status !== 200 ||
			p.total !== 100000 ||
			p.per_page !== 1000 ||
			p.current_page !== page ||
			p.total_pages !== 100 ||
			p.count !== r.data.data.length
		)
			problems.push(`page ${page}: ${r.status} ${JSON.stringify(p)}`);
		for (const u of r.data.data) {
			if (seen.has(u.uid)) problems.push(`duplicate ${u.uid}`);
			seen.add(u.uid);
			const seq = Number(u.uid.slice(1));
			if (!(seq < previousSeq)) problems.push(`order: ${u.uid} after u${previousSeq}`); // same second: later insertion first
			previousSeq = seq;
		}
		if (page >= p.total_pages) break;
	}
	expect(problems).toEqual([]);
	expect(requests).toBe(100);
	expect(seen.size).toBe(100000);
	expect((await ctx.api.get('/users', { params: { perPage: 1000, page: 101 } })).data.data).toEqual([]);
	// a filtered listing still answers correctly over the big set
	const filtered = await ctx.api.get('/users', { params: { searchKey: 'u9999', perPage: 1000 } });
	expect(filtered.data.data.map((u) => u.uid)).toEqual([
		'u99999',
		'u99998',
		'u99997',
		'u99996',
		'u99995',
		'u99994',
		'u99993',
		'u99992',
		'u99991',
		'u99990',
		'u9999',
	]);
});

test('100,000 flagged messages, read with limit 100: latest flaggedAt first, each exactly once', async () => {
	const store = ctx.emu.store;
	store.reset();
	store.setClock(1700000000);
	store.addFlaggedMessages(100000);
	const seen = new Set();
	const problems = [];
	let last = { at: Infinity, id: Infinity };
	let page = 1;
	for (; ; page++) {
		const r = await ctx.api.get('/moderation/flagged-messages', { params: { limit: 100, page } });
		const items = r.data.data;
		if (r.data.meta.current.count !== items.length || r.data.meta.current.limit !== 100)
			problems.push(`page ${page}: ${JSON.stringify(r.data.meta)}`);
		for (const f of items) {
			const at = Math.max(...f.flaggedBy.map((x) => x.flaggedAt));
			const id = Number(f.id);
			if (!(at < last.at || (at === last.at && id < last.id))) problems.push(`order: ${f.id}@${at} after ${last.id}@${last.at}`);
			last = { at, id };
			if (seen.has(f.id)) problems.push(`duplicate ${f.id}`);
			seen.add(f.id);
		}
		if (items.length < 100) break;
	}
	expect(problems).toEqual([]);
	expect(seen.size).toBe(100000);
	expect(page).toBe(1001); // the last page is empty (a short page ends the walk)
});
