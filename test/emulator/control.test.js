const fs = require('fs');
const os = require('os');
const path = require('path');
const { useStarted, API_KEY } = require('./helpers');
const { startEmulator, DEFAULT_API_KEY } = require('../../emulator');

const ctx = useStarted();
beforeEach(() => {
	ctx.emu.store.reset();
	ctx.emu.store.setClock(null);
	ctx.emu.clearRequests();
});

describe('control API (/__emulator, no apikey)', () => {
	test('seed + state + reset', async () => {
		const seeded = await ctx.control.post('/seed', {
			roles: [{ role: 'vip', name: 'VIP' }],
			users: [
				{ uid: 'ann', name: 'Ann', role: 'vip', deactivated: true },
				{ uid: 'bob', name: 'Bob' },
			],
			friends: [['ann', 'bob']],
			groups: [{ guid: 'g', name: 'G', owner: 'bob', banned: ['ann'] }],
			messages: [{ id: '10', sender: 'bob', receiver: 'ann', data: { text: 'hi' } }],
		});
		expect(seeded.data.data.success).toBe(true);
		const state = await ctx.control.get('/state');
		expect(state.data.data).toMatchObject({ users: 2, deactivatedUsers: 1, roles: 2, groups: 1, messages: 1, reasons: 6 });
		expect((await ctx.api.get('/users', { params: { onlyDeactivated: true } })).data.data.map((u) => u.uid)).toEqual(['ann']);
		// new messages continue after seeded ids
		const m = await ctx.api.post(
			'/messages',
			{ receiver: 'bob', receiverType: 'user', data: { text: 'x' } },
			{ headers: { onBehalfOf: 'ann' } },
		);
		expect(m.data.data.id).toBe('11');
		await ctx.control.post('/reset');
		expect((await ctx.control.get('/state')).data.data).toMatchObject({ users: 0, roles: 1, messages: 0, reasons: 6 });
	});
	test('reset with a seed, and a bad seed', async () => {
		await ctx.control.post('/reset', { seed: 'demo' });
		expect(ctx.emu.store.users.size).toBe(20);
		const bad = await ctx.control.post('/seed', { users: [{ uid: 'amelia-hart', name: 'dup' }] });
		expect(bad.status).toBe(409);
		expect(bad.data.error.code).toBe('ERR_UID_ALREADY_EXISTS');
		expect((await ctx.control.post('/seed', [1, 2])).status).toBe(400);
	});
	test('users/bulk and flagged/bulk', async () => {
		const u = await ctx.control.post('/users/bulk', { count: 250, prefix: 'load-' });
		expect(u.data.data.added).toBe(250);
		expect(ctx.emu.store.getUser('load-250').name).toBe('User 250');
		await ctx.control.post('/users/bulk', { count: 2, prefix: 'load-' });
		expect(ctx.emu.store.getUser('load-252')).toBeDefined();
		const f = await ctx.control.post('/flagged/bulk', { count: 30 });
		expect(f.data.data.added).toBe(30);
		const list = await ctx.api.get('/moderation/flagged-messages', { params: { limit: 100 } });
		expect(list.data.data).toHaveLength(30);
		expect((await ctx.control.post('/users/bulk', { count: -1 })).status).toBe(400);
	});
	test('flags, blocked, reactions, calls, push-tokens, messages', async () => {
		await ctx.control.post('/seed', {
			users: [
				{ uid: 'ann', name: 'Ann' },
				{ uid: 'bob', name: 'Bob' },
			],
			rules: [{ id: 'r', conditions: [{ operand: 'text', value: ['x'] }] }],
		});
		const msg = await ctx.control.post('/messages', { sender: 'ann', receiver: 'bob', data: { text: 'hey' }, sentAt: 100 });
		const id = msg.data.data.id;
		const flag = await ctx.control.post('/flags', { messageId: id, uid: 'bob', reasonId: 'spam', remark: 'r', flaggedAt: 123 });
		expect(flag.data.data.latest).toBe(123);
		expect((await ctx.api.get('/moderation/flagged-messages')).data.data[0].flaggedBy[0].flaggedAt).toBe(123);
		await ctx.control.post('/blocked', { messageId: id, ruleId: 'r', createdAt: 200 });
		expect((await ctx.api.get('/moderation/blocked-messages')).data.data[0].createdAt).toBe(200);
		const reaction = await ctx.control.post('/reactions', { messageId: id, uid: 'ann', reaction: '👍' });
		expect(reaction.data.data.id).toBe('1');
		const call = await ctx.control.post('/calls', { initiator: 'ann', receiver: 'bob', sessionId: 'sess-1' });
		expect(call.data.data.sessionId).toBe('sess-1');
		const push = await ctx.control.post('/push-tokens', { uid: 'ann', pushToken: 'pt' });
		expect(typeof push.data.data.authToken).toBe('string');
		expect(ctx.emu.store.findAuthToken(push.data.data.authToken).uid).toBe('ann');
		const badFlag = await ctx.control.post('/flags', { messageId: id, uid: 'bob', reasonId: 'nope' });
		expect(badFlag.data.error.code).toBe('ERR_REASON_NOT_FOUND');
	});
	test('clock: freeze and release', async () => {
		const r = await ctx.control.post('/clock', { now: 1234567890 });
		expect(r.data.data).toEqual({ now: 1234567890, frozen: true });
		const u = await ctx.api.post('/users', { uid: 'x', name: 'X' });
		expect(u.data.data.createdAt).toBe(1234567890);
		expect((await ctx.control.post('/clock', { now: null })).data.data.frozen).toBe(false);
		expect((await ctx.control.post('/clock', {})).status).toBe(400);
		expect((await ctx.control.post('/clock', { now: 'soon' })).status).toBe(400);
	});
	test('requests: list and clear', async () => {
		await ctx.api.get('/roles?a=1');
		const r = await ctx.control.get('/requests');
		expect(r.data.data).toHaveLength(1);
		expect(r.data.data[0]).toMatchObject({ host: 'chat', method: 'GET', path: '/v3/roles', query: { a: '1' }, status: 200 });
		await ctx.control.delete('/requests');
		expect(ctx.emu.requests).toHaveLength(0);
	});
	test('unknown control route → 404', async () => {
		const r = await ctx.control.get('/nope');
		expect(r.status).toBe(404);
		expect(r.data.error.code).toBe('ERR_ROUTE_NOT_FOUND');
	});
});

describe('startEmulator options', () => {
	test('defaults: demo API key, seed none, 127.0.0.1, two ports', async () => {
		const emu = await startEmulator();
		try {
			expect(emu.apiKey).toBe(DEFAULT_API_KEY);
			expect(emu.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			expect(emu.callUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			expect(emu.callUrl).not.toBe(emu.baseUrl);
			expect(emu.store.users.size).toBe(0);
			const r = await fetch(`${emu.baseUrl}/v3/roles`, { headers: { apikey: DEFAULT_API_KEY } });
			expect(r.status).toBe(200);
		} finally {
			await emu.close();
		}
	});
	test('seed from a file path and from an object; logRequests false', async () => {
		const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'emu-seed-')), 'seed.json');
		fs.writeFileSync(file, JSON.stringify({ users: [{ uid: 'from-file', name: 'F' }] }));
		const a = await startEmulator({ seed: file, apiKey: API_KEY, logRequests: false });
		const b = await startEmulator({ seed: { users: [{ uid: 'from-object', name: 'O' }] }, apiKey: API_KEY });
		try {
			expect(a.store.getUser('from-file')).toBeDefined();
			expect(b.store.getUser('from-object')).toBeDefined();
			await fetch(`${a.baseUrl}/v3/users`, { headers: { apikey: API_KEY } });
			expect(a.requests).toHaveLength(0);
		} finally {
			await a.close();
			await b.close();
		}
	});
	test('the demo seed reads like an app and is consistent with its own rules', async () => {
		const emu = await startEmulator({ seed: 'demo', apiKey: API_KEY });
		try {
			const get = async (p, h = {}) => (await fetch(`${emu.baseUrl}/v3${p}`, { headers: { apikey: API_KEY, ...h } })).json();
			expect((await get('/users?perPage=100')).meta.pagination.total).toBe(19); // one is deactivated
			expect((await get('/moderation/flagged-messages')).data.length).toBeGreaterThanOrEqual(15);
			expect((await get('/moderation/blocked-messages')).data.length).toBe(8);
			const rules = (await get('/moderation/rules')).data;
			expect(rules.length).toBeGreaterThanOrEqual(3);
			expect(rules.some((r) => r.conditions.some((c) => c.category === 'pattern'))).toBe(true);
			expect(rules.some((r) => r.conditions.some((c) => c.isKeywordsReferencePresent))).toBe(true);
			expect((await get('/moderation/rules/profanity-filter/revisions')).data.map((r) => r.active)).toEqual([true, false]);
			expect((await get('/groups/support/bannedusers')).data.length).toBe(2);
			expect((await get('/users/daniel-kim/friends')).data.length).toBe(3);
			const threadParent = emu.store.messages.get([...emu.store.threads.keys()][0]);
			const thread = await get(`/messages/${threadParent.id}/thread`, { onBehalfOf: 'ben-okafor' });
			expect(thread.data.length).toBe(5);
			expect((await get(`/messages/${threadParent.id}/reactions`, { onBehalfOf: 'ben-okafor' })).data.length).toBe(3);
			const call = [...emu.store.calls.values()][0];
			const c = await (
				await fetch(`${emu.callUrl}/v3/calls/${encodeURIComponent(call.sessionId)}`, {
					headers: { apikey: API_KEY, onBehalfOf: 'daniel-kim' },
				})
			).json();
			expect(c.data.status).toBe('ended');
			expect(c.data.totalDuration).toMatch(/^\d\d:\d\d:\d\d$/);
			// a clean message is approved, a listed term is blocked, a scam phrase from a customer is dropped
			const send = async (uid, t) =>
				(
					await (
						await fetch(`${emu.baseUrl}/v3/messages`, {
							method: 'POST',
							headers: { apikey: API_KEY, onBehalfOf: uid, 'content-type': 'application/json' },
							body: JSON.stringify({ receiver: 'support', receiverType: 'group', data: { text: t } }),
						})
					).json()
				).data.data.moderation.status;
			expect(await send('daniel-kim', 'hello there')).toBe('approved');
			expect(await send('daniel-kim', 'what a blocked-term-4')).toBe('pending');
			expect(await send('daniel-kim', 'guaranteed profits here')).toBe('disapproved');
			expect(await send('amelia-hart', 'guaranteed profits here')).toBe('approved'); // the filter spares admins
		} finally {
			await emu.close();
		}
	});
});
