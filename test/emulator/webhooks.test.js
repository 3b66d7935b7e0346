// The management host (app webhooks) and the deliveries of events to them.
const http = require('node:http');
const axios = require('axios');
const { start } = require('./helpers');
const { DEFAULT_MGMT_KEY, DEFAULT_MGMT_SECRET, WEBHOOK_LIMIT } = require('../../emulator');
const { WEBHOOK_EVENT_NAMES } = require('../../nodes/CometChat/webhookTrigger/events');

/** A receiver on a free port: records each request; `answer` decides the status (or 'stall'). */
async function receiver() {
	const got = [];
	const state = { answer: () => 200 };
	const server = http.createServer((req, res) => {
		let text = '';
		req.on('data', (c) => (text += c));
		req.on('end', () => {
			got.push({ headers: req.headers, body: JSON.parse(text), at: Date.now() });
			const status = state.answer(got.length);
			if (status === 'stall') return;
			res.writeHead(status).end('ok');
		});
	});
	await new Promise((r) => server.listen(0, '127.0.0.1', r));
	const url = `http://127.0.0.1:${server.address().port}/hook`;
	return {
		got,
		state,
		url,
		close: () =>
			new Promise((r) => {
				server.closeAllConnections();
				server.close(r);
			}),
	};
}

const HEADERS = { key: DEFAULT_MGMT_KEY, secret: DEFAULT_MGMT_SECRET, 'X-Webhook-Version': '2' };

describe('emulator: app webhooks', () => {
	let ctx;
	let mgmt;
	let rx;
	beforeAll(async () => {
		ctx = await start({ seed: 'demo', deliveryTimeoutMs: 300, deliveryRetryDelaysMs: [100, 200] });
		mgmt = axios.create({ baseURL: `${ctx.emu.mgmtUrl}/apps/${ctx.emu.appId}`, headers: HEADERS, validateStatus: () => true });
		rx = await receiver();
	});
	afterAll(async () => {
		await rx.close();
		await ctx.emu.close();
	});
	beforeEach(async () => {
		await ctx.control.post('/reset', { seed: 'demo' });
		rx.got.length = 0;
		rx.state.answer = () => 200;
	});

	const create = (id, extra = {}) => mgmt.post('/webhooks', { id, name: `Hook ${id}`, webhookURL: rx.url, enabled: true, ...extra });

	test('the host wants key, secret and X-Webhook-Version: 2', async () => {
		const url = `${ctx.emu.mgmtUrl}/apps/${ctx.emu.appId}/webhooks`;
		const noKey = await axios.get(url, { headers: { secret: DEFAULT_MGMT_SECRET, 'X-Webhook-Version': '2' }, validateStatus: () => true });
		expect(noKey.status).toBe(401);
		expect(noKey.data.error.code).toBe('AUTH_ERR_MANAGEMENT_KEY');
		const badSecret = await axios.get(url, { headers: { ...HEADERS, secret: 'wrong' }, validateStatus: () => true });
		expect(badSecret.status).toBe(401);
		const noVersion = await axios.get(url, { headers: { key: DEFAULT_MGMT_KEY, secret: DEFAULT_MGMT_SECRET }, validateStatus: () => true });
		expect(noVersion.status).toBe(400);
		expect(noVersion.data.error.code).toBe('ERR_WEBHOOK_VERSION');
		// The REST API key is not a management key.
		const restKey = await axios.get(url, { headers: { apikey: ctx.emu.apiKey, 'X-Webhook-Version': '2' }, validateStatus: () => true });
		expect(restKey.status).toBe(401);
		expect((await mgmt.get('/webhooks')).status).toBe(200);
		const otherApp = await axios.get(`${ctx.emu.mgmtUrl}/apps/other-app/webhooks`, { headers: HEADERS, validateStatus: () => true });
		expect(otherApp.status).toBe(404);
	});

	test('create, list, get, update and delete; the password is never answered', async () => {
		const made = await create('hookOne', { useBasicAuth: true, username: 'n8n', password: 'Secret123', retryOnFailure: true });
		expect(made.status).toBe(200);
		expect(made.data.data).toMatchObject({
			id: 'hookOne',
			name: 'Hook hookOne',
			webhookURL: rx.url,
			enabled: true,
			useBasicAuth: true,
			username: 'n8n',
			retryOnFailure: true,
		});
		expect(JSON.stringify(made.data)).not.toContain('Secret123');
		expect((await create('hookOne')).status).toBe(409);
		const list = await mgmt.get('/webhooks', { params: { searchKey: 'hookOne' } });
		expect(list.data.data.map((w) => w.id)).toEqual(['hookOne']);
		expect((await mgmt.get('/webhooks', { params: { searchKey: 'nothing' } })).data.data).toEqual([]);
		const got = await mgmt.get('/webhooks/hookOne');
		expect(got.data.data.id).toBe('hookOne');
		expect(JSON.stringify(got.data)).not.toContain('Secret123');
		const upd = await mgmt.put('/webhooks/hookOne', { name: 'Renamed', enabled: false });
		expect(upd.data.data).toMatchObject({ name: 'Renamed', enabled: false, webhookURL: rx.url });
		expect((await mgmt.delete('/webhooks/hookOne')).data.data.success).toBe(true);
		expect((await mgmt.get('/webhooks/hookOne')).status).toBe(404);
		expect((await mgmt.delete('/webhooks/hookOne')).status).toBe(404);
	});

	test('bad fields are refused with the field named', async () => {
		const bad = await mgmt.post('/webhooks', { id: 'has space', name: 'x', webhookURL: 'ftp://x' });
		expect(bad.status).toBe(400);
		expect(Object.keys(bad.data.error.details).sort()).toEqual(['id', 'webhookURL']);
		const noAuth = await create('hookAuth', { useBasicAuth: true });
		expect(noAuth.status).toBe(400);
		expect(noAuth.data.error.details.useBasicAuth).toBeDefined();
		expect((await mgmt.post('/webhooks', { name: 'x' })).status).toBe(400);
	});

	test('the published operations check the management requests: a property or query value they do not declare is refused', async () => {
		const undeclared = await create('hookExtra', { color: 'red' });
		expect(undeclared.status).toBe(400);
		expect(undeclared.data.error).toMatchObject({ code: 'ERR_BAD_REQUEST', details: { color: [expect.stringMatching(/not declared/)] } });
		const triggers = await mgmt.post('/webhooks/hookExtra/triggers', { triggerIds: 'message_sent' });
		expect(triggers.status).toBe(400);
		const perPage = await mgmt.get('/webhooks', { params: { perPage: 'ten' } });
		expect(perPage.status).toBe(400);
		expect(perPage.data.error.details.perPage).toBeDefined();
	});

	test(`at most ${WEBHOOK_LIMIT} webhooks`, async () => {
		for (let i = 1; i <= WEBHOOK_LIMIT; i++) expect((await create(`h${i}`)).status).toBe(200);
		const over = await create('oneTooMany');
		expect(over.status).toBe(403);
		expect(over.data.error.code).toBe('ERR_WEBHOOK_LIMIT_REACHED');
		await mgmt.delete('/webhooks/h1');
		expect((await create('oneTooMany')).status).toBe(200);
	});

	test('triggers: add, list, remove; unknown names are refused', async () => {
		await create('hookT');
		const add = await mgmt.post('/webhooks/hookT/triggers', { triggerIds: ['message_sent', 'group_member_added'] });
		expect(add.data.data.message_sent.success).toBe(true);
		expect((await mgmt.get('/webhooks/hookT/triggers')).data.data.map((t) => t.id).sort()).toEqual(['group_member_added', 'message_sent']);
		const unknown = await mgmt.post('/webhooks/hookT/triggers', { triggerIds: ['message_flagged'] });
		expect(unknown.status).toBe(400);
		await mgmt.delete('/webhooks/hookT/triggers', { data: { triggerIds: ['message_sent'] } });
		expect((await mgmt.get('/webhooks/hookT/triggers')).data.data.map((t) => t.id)).toEqual(['group_member_added']);
		expect(WEBHOOK_EVENT_NAMES.length).toBeGreaterThanOrEqual(46);
	});

	/** Registers a webhook for `triggers`, with Basic Auth. */
	async function hookFor(id, triggers, extra = {}) {
		expect((await create(id, { useBasicAuth: true, username: 'n8n', password: 'Pass123', ...extra })).status).toBe(200);
		expect((await mgmt.post(`/webhooks/${id}/triggers`, { triggerIds: triggers })).status).toBe(200);
	}

	test('a message sent through the API is delivered as message_sent, with Basic Auth, to that webhook only', async () => {
		await hookFor('hookMsg', ['message_sent']);
		await hookFor('hookOther', ['group_created']);
		const sent = await ctx
			.as('amelia-hart')
			.post('/messages', { receiver: 'ben-okafor', receiverType: 'user', category: 'message', type: 'text', data: { text: 'hello hook' } });
		expect(sent.status).toBe(200);
		await ctx.emu.deliveries.idle();
		expect(rx.got).toHaveLength(1);
		const [{ headers, body }] = rx.got;
		expect(headers.authorization).toBe(`Basic ${Buffer.from('n8n:Pass123').toString('base64')}`);
		expect(body).toMatchObject({ trigger: 'message_sent', appId: ctx.emu.appId, region: 'us', webhook: 'hookMsg' });
		expect(body.data.message).toMatchObject({
			id: sent.data.data.id,
			sender: 'amelia-hart',
			receiver: 'ben-okafor',
			data: { text: 'hello hook' },
		});
		const attempts = (await ctx.control.get('/deliveries')).data.data;
		expect(attempts.at(-1)).toMatchObject({ url: rx.url, status: 200, attempt: 1 });
	});

	test('edits, deletes, reactions, blocks and group changes are delivered under their triggers', async () => {
		const triggers = [
			'message_edited',
			'message_deleted',
			'message_reaction_added',
			'user_blocked',
			'group_created',
			'group_member_added',
			'group_member_kicked',
			'group_member_banned',
			'group_member_scope_changed',
			'message_sent',
		];
		await hookFor('hookAll', triggers);
		const ben = ctx.as('ben-okafor');
		const sent = (
			await ctx.control.post('/messages', {
				sender: 'ben-okafor',
				receiver: 'amelia-hart',
				receiverType: 'user',
				data: { text: 'control' },
			})
		).data.data;
		await ctx.api.put(`/moderation/messages/${sent.id}`, { data: { text: 'edited' } });
		await ben.post(`/messages/${sent.id}/reactions/thumbsup`);
		await ctx.api.delete(`/messages/${sent.id}`, { data: {} });
		await ctx.api.post('/users/ben-okafor/blockedusers', { blockedUids: ['chloe-martin'] });
		await ctx.api.post('/groups', { guid: 'hooked', name: 'Hooked', type: 'public', owner: 'amelia-hart' });
		await ctx.api.post('/groups/hooked/members', { participants: ['ben-okafor', 'chloe-martin'] });
		await ctx.api.put('/groups/hooked/members/ben-okafor', { scope: 'moderator' });
		await ctx.api.delete('/groups/hooked/members/ben-okafor');
		await ctx.api.post('/groups/hooked/bannedusers/chloe-martin');
		await ctx.emu.deliveries.idle();
		const byTrigger = Object.fromEntries(rx.got.map((r) => [r.body.trigger, r.body.data]));
		expect(rx.got.map((r) => r.body.trigger)).toEqual([
			'message_sent',
			'message_edited',
			'message_reaction_added',
			'message_deleted',
			'user_blocked',
			'group_created',
			'group_member_added',
			'group_member_scope_changed',
			'group_member_kicked',
			'group_member_banned',
		]);
		expect(byTrigger.message_sent.message.id).toBe(sent.id);
		expect(byTrigger.message_edited.message.data).toMatchObject({
			action: 'edited',
			entities: { on: { entity: { id: sent.id, data: { text: 'edited' } } } },
		});
		expect(byTrigger.message_deleted.message.data.action).toBe('deleted');
		expect(byTrigger.message_reaction_added.reaction).toMatchObject({
			messageId: sent.id,
			reaction: 'thumbsup',
			uid: 'ben-okafor',
			reactedBy: { uid: 'ben-okafor' },
		});
		expect(Object.keys(byTrigger.user_blocked.users)).toEqual(['chloe-martin']);
		expect(byTrigger.user_blocked.by.uid).toBe('ben-okafor');
		expect(byTrigger.group_created.group.guid).toBe('hooked');
		expect(Object.keys(byTrigger.group_member_added.members).sort()).toEqual(['ben-okafor', 'chloe-martin']);
		expect(byTrigger.group_member_scope_changed.members['ben-okafor']).toMatchObject({ scope: 'moderator', oldScope: 'participant' });
	});

	test('the moderation engine: a blocked message is moderation_engine_blocked, its approval moderation_manual_approved', async () => {
		await hookFor('hookMod', ['moderation_engine_blocked', 'moderation_manual_approved', 'message_sent']);
		const blocked = (await ctx.api.get('/moderation/blocked-messages')).data.data[0];
		expect(blocked).toBeDefined();
		await ctx.control.post('/blocked', { messageId: '1', ruleId: blocked.ruleId ?? blocked.rule?.id });
		await ctx.api.patch('/moderation/blocked-messages/1', { status: 'approved', reviewed: true });
		await ctx.emu.deliveries.idle();
		expect(rx.got.map((r) => [r.body.trigger, r.body.data.message.id])).toEqual([
			['moderation_engine_blocked', '1'],
			['moderation_manual_approved', '1'],
		]);
	});

	test('a disabled webhook gets nothing; seeding raises no event', async () => {
		await hookFor('hookOff', ['message_sent', 'group_created'], { enabled: false });
		await hookFor('hookOn', ['group_created']);
		await ctx.control.post('/messages', { sender: 'ben-okafor', receiver: 'amelia-hart', receiverType: 'user', data: { text: 'x' } });
		await ctx.control.post('/seed', { groups: [{ guid: 'seeded', name: 'Seeded', type: 'public' }] });
		await ctx.emu.deliveries.idle();
		expect(rx.got).toEqual([]);
	});

	test('a failed delivery is retried after each delay when retryOnFailure; not otherwise', async () => {
		await hookFor('hookRetry', ['message_sent'], { retryOnFailure: true });
		rx.state.answer = (n) => (n === 1 ? 500 : n === 2 ? 'stall' : 200);
		await ctx.control.post('/messages', {
			sender: 'ben-okafor',
			receiver: 'amelia-hart',
			receiverType: 'user',
			data: { text: 'retry me' },
		});
		await ctx.emu.deliveries.idle();
		expect(rx.got).toHaveLength(3);
		expect(rx.got[1].at - rx.got[0].at).toBeGreaterThanOrEqual(95);
		expect(rx.got[2].at - rx.got[1].at).toBeGreaterThanOrEqual(195 + 290);
		const attempts = ctx.emu.deliveries.attempts.slice(-3);
		expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, 500],
			[2, null],
			[3, 200],
		]);
		expect(attempts[1].error).toMatch(/no answer within 300 ms/);
		expect(rx.got.map((r) => JSON.stringify(r.body))).toEqual(Array(3).fill(JSON.stringify(rx.got[0].body)));

		await mgmt.put('/webhooks/hookRetry', { retryOnFailure: false });
		rx.got.length = 0;
		rx.state.answer = () => 503;
		await ctx.control.post('/messages', { sender: 'ben-okafor', receiver: 'amelia-hart', receiverType: 'user', data: { text: 'once' } });
		await ctx.emu.deliveries.idle();
		expect(rx.got).toHaveLength(1);
	});

	test('the control API redelivers the last delivery with the same body, and lists what was sent', async () => {
		await hookFor('hookDup', ['message_sent']);
		await ctx.control.post('/messages', { sender: 'ben-okafor', receiver: 'amelia-hart', receiverType: 'user', data: { text: 'twice' } });
		await ctx.emu.deliveries.idle();
		const again = await ctx.control.post('/webhooks/redeliver');
		expect(again.data.data).toMatchObject({ webhook: 'hookDup', trigger: 'message_sent' });
		expect(JSON.stringify(again.data)).not.toContain('Pass123');
		await ctx.emu.deliveries.idle();
		expect(rx.got).toHaveLength(2);
		expect(rx.got[1].body).toEqual(rx.got[0].body);
		const sent = (await ctx.control.get('/webhooks/deliveries')).data.data;
		expect(sent.map((d) => d.trigger)).toEqual(['message_sent', 'message_sent']);
		const hooks = (await ctx.control.get('/webhooks')).data.data;
		expect(hooks).toEqual([expect.objectContaining({ id: 'hookDup', triggers: ['message_sent'] })]);
	});

	test('any event can be raised through the control API; unknown ones are refused', async () => {
		await hookFor('hookCall', ['call_ended']);
		expect((await ctx.control.post('/events', { trigger: 'call_ended', data: { sessionId: 'v1.us.x' } })).status).toBe(200);
		expect((await ctx.control.post('/events', { trigger: 'nope', data: {} })).status).toBe(400);
		await ctx.emu.deliveries.idle();
		expect(rx.got.map((r) => r.body)).toEqual([
			expect.objectContaining({ trigger: 'call_ended', data: { sessionId: 'v1.us.x' }, webhook: 'hookCall' }),
		]);
	});

	test('deliveries go only to loopback URLs', async () => {
		await mgmt.post('/webhooks', { id: 'hookFar', name: 'far', webhookURL: 'https://example.com/hook' });
		await mgmt.post('/webhooks/hookFar/triggers', { triggerIds: ['message_sent'] });
		await ctx.control.post('/messages', { sender: 'ben-okafor', receiver: 'amelia-hart', receiverType: 'user', data: { text: 'far' } });
		await ctx.emu.deliveries.idle();
		expect(ctx.emu.deliveries.attempts.at(-1)).toMatchObject({
			url: 'https://example.com/hook',
			status: null,
			error: 'not a loopback URL',
		});
	});
});
