const http = require('http');
const { useStarted, enc } = require('./helpers');

// Short retry delays so a retry is seen within the test; the 2 s timeout is the service's.
const ctx = useStarted({ deliveryRetryDelaysMs: [100, 200] });
const s = () => ctx.emu.store;

/** A webhook receiver on a free port: records each POST and answers per `answer` (status, or 'stall'). */
function receiver() {
	const got = [];
	let answers = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (c) => (raw += c));
		req.on('end', () => {
			got.push({ headers: req.headers, body: JSON.parse(raw), at: Date.now() });
			const a = answers.length ? answers.shift() : 200;
			if (a === 'stall') return; // never answers
			res.writeHead(a, { 'content-type': 'application/json' });
			res.end('{}');
		});
	});
	return {
		got,
		answerNext(list) {
			answers = [...list];
		},
		async listen() {
			await new Promise((r) => server.listen(0, '127.0.0.1', r));
			return `http://127.0.0.1:${server.address().port}/hook`;
		},
		close() {
			server.closeAllConnections();
			return new Promise((r) => server.close(r));
		},
	};
}

let hook;
let url;
beforeEach(async () => {
	s().reset();
	ctx.emu.deliveries.clear();
	s().setClock(1700000000);
	s().addUser({ uid: 'ann', name: 'Ann' });
	s().addUser({ uid: 'helpbot', name: 'Help Bot' });
	s().addGroup({ guid: 'team', name: 'Team', members: { participants: ['ann', 'helpbot'] } });
	hook = receiver();
	url = await hook.listen();
});
afterEach(async () => {
	await ctx.emu.deliveries.idle();
	await hook.close();
});

const botBody = (extra = {}) => ({
	uid: 'helpbot',
	webhookURL: url,
	enabled: true,
	useBasicAuth: true,
	username: 'n8n',
	password: 'pw1234',
	...extra,
});
const sendText = (to, text, receiverType = 'user') =>
	ctx.as('ann').post('/messages', { receiver: to, receiverType, category: 'message', type: 'text', data: { text } });

describe('/v3/bots', () => {
	test('create, get, list, update, delete; the password is echoed, empty and false properties left out', async () => {
		const c = await ctx.api.post('/bots', botBody({ uid: 'HelpBot', groupChatSetting: 'mentionedMessages' }));
		expect(c.status).toBe(200);
		expect(c.data.data).toEqual({
			uid: 'helpbot',
			webhookURL: url,
			groupChatSetting: 'mentionedMessages',
			useBasicAuth: true,
			username: 'n8n',
			password: 'pw1234',
			enabled: true,
			createdAt: 1700000000,
		});
		expect((await ctx.api.get('/bots/helpbot')).data.data.password).toBe('pw1234');
		const list = await ctx.api.get('/bots');
		expect(list.data.data.map((b) => b.uid)).toEqual(['helpbot']);
		expect(list.data.meta.pagination).toMatchObject({ total: 1, count: 1, current_page: 1, total_pages: 1 });
		const u = await ctx.api.put('/bots/helpbot', { enabled: false, useBasicAuth: false });
		expect(u.data.data).toMatchObject({ uid: 'helpbot', username: 'n8n', password: 'pw1234', updatedAt: 1700000000 });
		expect(u.data.data).not.toHaveProperty('enabled');
		expect(u.data.data).not.toHaveProperty('useBasicAuth');
		const d = await ctx.api.delete('/bots/helpbot');
		expect(d.data.data.success).toBe(true);
		expect((await ctx.api.get('/bots/helpbot')).data.error.code).toBe('ERR_BOT_NOT_FOUND');
		expect(s().getUser('helpbot')).toBeDefined(); // the user stays
	});

	test('without useBasicAuth the credentials are dropped; enabled defaults to false', async () => {
		const c = await ctx.api.post('/bots', { uid: 'helpbot', webhookURL: url, username: 'x', password: 'y' });
		expect(c.data.data).toEqual({ uid: 'helpbot', webhookURL: url, groupChatSetting: 'none', createdAt: 1700000000 });
	});

	test('errors: no such user, a second bot for a uid, bad fields, unknown bot', async () => {
		expect((await ctx.api.post('/bots', botBody({ uid: 'nobody' }))).data.error.code).toBe('ERR_UID_NOT_FOUND');
		await ctx.api.post('/bots', botBody());
		const again = await ctx.api.post('/bots', botBody());
		expect([again.status, again.data.error.code]).toEqual([409, 'ERR_BOT_ALREADY_EXISTS']);
		const badEnum = await ctx.api.post('/bots', { uid: 'ann', webhookURL: url, groupChatSetting: 'sometimes' });
		expect([badEnum.status, Object.keys(badEnum.data.error.details)]).toEqual([400, ['groupChatSetting']]);
		const bad = await ctx.api.post('/bots', { uid: 'ann', webhookURL: 'not a url', useBasicAuth: true, password: 'p'.repeat(51) });
		expect([bad.status, Object.keys(bad.data.error.details).sort()]).toEqual([400, ['password', 'webhookURL']]);
		expect((await ctx.api.put('/bots/ann', { enabled: true })).data.error.code).toBe('ERR_BOT_NOT_FOUND');
		expect((await ctx.api.delete('/bots/ann')).status).toBe(404);
	});

	test('at most 25 bots: the 26th is refused with ERR_BOTS_LIMIT_EXCEEDED', async () => {
		for (let i = 1; i <= 26; i++) s().addUser({ uid: `b${i}`, name: `B${i}` });
		for (let i = 1; i <= 25; i++) expect((await ctx.api.post('/bots', { uid: `b${i}`, webhookURL: url })).status).toBe(200);
		const r = await ctx.api.post('/bots', { uid: 'b26', webhookURL: url });
		expect([r.status, r.data.error.code]).toEqual([400, 'ERR_BOTS_LIMIT_EXCEEDED']);
		expect((await ctx.api.get('/bots')).data.data).toHaveLength(25);
	});

	test('POST /bots/{uid}/messages sends a message from the bot user; an unknown bot is refused', async () => {
		await ctx.api.post('/bots', botBody({ enabled: false }));
		const r = await ctx.api.post(`/bots/${enc('helpbot')}/messages`, {
			receiver: 'ann',
			receiverType: 'user',
			type: 'text',
			data: { text: 'Hi Ann' },
		});
		expect(r.status).toBe(200);
		expect(r.data.data).toMatchObject({ sender: 'helpbot', receiver: 'ann', data: { text: 'Hi Ann' } });
		expect(
			(await ctx.api.post('/bots/ann/messages', { receiver: 'helpbot', receiverType: 'user', type: 'text', data: { text: 'x' } })).data
				.error.code,
		).toBe('ERR_BOT_NOT_FOUND');
		const bad = await ctx.api.post('/bots/helpbot/messages', {
			receiver: 'ann',
			receiverType: 'user',
			type: 'text',
			data: { text: 'x' },
			bogus: 1,
		});
		expect(bad.status).toBe(400);
	});
});

describe('relaying messages to the bot webhook', () => {
	test('a one-to-one message is POSTed with Basic Auth as {trigger, data: message}', async () => {
		await ctx.api.post('/bots', botBody());
		const sent = await sendText('helpbot', 'hello bot');
		await ctx.emu.deliveries.idle();
		expect(hook.got).toHaveLength(1);
		const [d] = hook.got;
		expect(d.headers.authorization).toBe(`Basic ${Buffer.from('n8n:pw1234').toString('base64')}`);
		expect(d.headers['content-type']).toBe('application/json');
		expect(d.body).toMatchObject({
			trigger: 'after_message',
			appId: 'test-app',
			data: { id: sent.data.data.id, sender: 'ann', receiver: 'helpbot', receiverType: 'user', data: { text: 'hello bot' } },
		});
		expect(ctx.emu.deliveries.attempts).toEqual([expect.objectContaining({ url, status: 200, attempt: 1 })]);
		expect((await ctx.control.get('/deliveries')).data.data).toHaveLength(1);
	});

	test('a message added through the control API is relayed too; without useBasicAuth no Authorization', async () => {
		await ctx.api.post('/bots', { uid: 'helpbot', webhookURL: url, enabled: true });
		await ctx.control.post('/messages', { sender: 'ann', receiver: 'helpbot', data: { text: 'via control' } });
		await ctx.emu.deliveries.idle();
		expect(hook.got.map((g) => g.body.data.data.text)).toEqual(['via control']);
		expect(hook.got[0].headers.authorization).toBeUndefined();
	});

	test('nothing while disabled, nothing the bot sends itself, group messages per groupChatSetting', async () => {
		await ctx.api.post('/bots', botBody({ enabled: false }));
		await sendText('helpbot', 'ignored');
		await ctx.api.put('/bots/helpbot', { enabled: true, groupChatSetting: 'none' });
		await ctx.api.post('/bots/helpbot/messages', { receiver: 'ann', receiverType: 'user', type: 'text', data: { text: 'from the bot' } });
		await sendText('team', 'group, setting none', 'group');
		await ctx.api.put('/bots/helpbot', { groupChatSetting: 'mentionedMessages' });
		await sendText('team', 'no mention', 'group');
		await sendText('team', 'hey <@uid:helpbot> help', 'group');
		await ctx.api.put('/bots/helpbot', { groupChatSetting: 'slashedMessages' });
		await sendText('team', '/help me', 'group');
		await sendText('team', 'plain', 'group');
		await ctx.api.put('/bots/helpbot', { groupChatSetting: 'allMessages' });
		await sendText('team', 'anything', 'group');
		await ctx.emu.deliveries.idle();
		expect(hook.got.map((g) => g.body.data.data.text)).toEqual(['hey <@uid:helpbot> help', '/help me', 'anything']);
	});

	test('a 500 is retried after the retry delays until a 200', async () => {
		await ctx.api.post('/bots', botBody());
		hook.answerNext([500, 500]);
		await sendText('helpbot', 'retry me');
		await ctx.emu.deliveries.idle();
		expect(hook.got).toHaveLength(3);
		expect(ctx.emu.deliveries.attempts.map((a) => [a.attempt, a.status])).toEqual([
			[1, 500],
			[2, 500],
			[3, 200],
		]);
		expect(hook.got[1].at - hook.got[0].at).toBeGreaterThanOrEqual(90);
		expect(hook.got[2].at - hook.got[1].at).toBeGreaterThanOrEqual(190);
	});

	test('no answer within 2 s is a failure (then retried)', async () => {
		await ctx.api.post('/bots', botBody());
		hook.answerNext(['stall']);
		await sendText('helpbot', 'slow receiver');
		await ctx.emu.deliveries.idle();
		const [first, second] = ctx.emu.deliveries.attempts;
		expect(first.status).toBeNull();
		expect(first.error).toMatch(/2000 ms/);
		expect(first.ms).toBeGreaterThanOrEqual(1990);
		expect(first.ms).toBeLessThan(3000);
		expect(second).toMatchObject({ attempt: 2, status: 200 });
	}, 10000);

	test('only loopback URLs are posted to', async () => {
		await ctx.api.post('/bots', botBody({ webhookURL: 'https://example.com/hook' }));
		await sendText('helpbot', 'nowhere');
		await ctx.emu.deliveries.idle();
		expect(ctx.emu.deliveries.attempts).toEqual([expect.objectContaining({ status: null, error: 'not a loopback URL', attempt: 1 })]);
	});
});
