/** Bot: Create, Get, Get Many, Update, Delete and Message → Send as Bot, through n8n's engine against the emulator. */
import type { INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, nodeMuid, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const PASSWORD = 'Sup3rSecretBotPw';

beforeEach(() => {
	const store = emulator().store;
	store.setClock(1_700_000_000);
	for (const uid of ['ada', 'helpbot', 'faqbot']) store.addUser({ uid, name: uid.toUpperCase() });
	store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['helpbot'] } });
});

/**
 * Whether the password shows anywhere in a run's output or error. An error carries the node's
 * definition (the parameters as the user typed them, so n8n can retry): that is left out.
 */
const leaks = (value: unknown) => JSON.stringify(value, (key, inner: unknown) => (key === 'node' ? undefined : inner)).includes(PASSWORD);

describe('Bot → Create', () => {
	it('turns a user into an enabled bot with Basic Auth; the echoed password is dropped', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'bot',
			operation: 'create',
			uid: byId('helpbot'),
			webhookURL: 'http://127.0.0.1:9/hook',
			groupChatSetting: 'mentionedMessages',
			additionalFields: { useBasicAuth: true, username: 'n8n', password: PASSWORD },
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => item.json)).toEqual([
			{
				uid: 'helpbot',
				webhookURL: 'http://127.0.0.1:9/hook',
				groupChatSetting: 'mentionedMessages',
				useBasicAuth: true,
				username: 'n8n',
				enabled: true,
				createdAt: 1_700_000_000,
				hasPassword: true,
			},
		]);
		expect(leaks(run.items)).toBe(false);
		const [sent] = apiRequests(emulator());
		expect(sent.body).toEqual({
			uid: 'helpbot',
			enabled: true,
			webhookURL: 'http://127.0.0.1:9/hook',
			groupChatSetting: 'mentionedMessages',
			useBasicAuth: true,
			username: 'n8n',
			password: PASSWORD,
		});
		expect(emulator().store.bots.get('helpbot')).toMatchObject({ enabled: true, password: PASSWORD });
	});

	it('a user that does not exist: the service error, without the password', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'bot',
			operation: 'create',
			uid: byId('nobody'),
			webhookURL: 'http://127.0.0.1:9/hook',
			additionalFields: { useBasicAuth: true, username: 'n8n', password: PASSWORD },
		});
		expectServiceError(run, 'ERR_UID_NOT_FOUND', '404');
		expect(leaks(run.error)).toBe(false);
	});

	it('the 26th bot: ERR_BOTS_LIMIT_EXCEEDED', async () => {
		for (let i = 1; i <= 25; i++) {
			emulator().store.addUser({ uid: `b${i}`, name: `B${i}` });
			emulator().store.addBot({ uid: `b${i}`, webhookURL: 'http://127.0.0.1:9/hook' });
		}
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'bot',
			operation: 'create',
			uid: byId('helpbot'),
			webhookURL: 'http://127.0.0.1:9/hook',
		});
		expectServiceError(run, 'ERR_BOTS_LIMIT_EXCEEDED', '400');
	});

	it('bad input fails before anything is sent, naming the field; a too-long password is not repeated', async () => {
		const base = { resource: 'bot', operation: 'create', uid: byId('helpbot') };
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, webhookURL: 'example.com/hook' }),
			/'Webhook URL' must be an http\(s\) URL/,
			/Enter the full address/,
		);
		const longPassword = `${PASSWORD}${'x'.repeat(50)}`;
		const tooLong = await runNode(credentialsFor(emulator()), {
			...base,
			webhookURL: 'http://127.0.0.1:9/hook',
			additionalFields: { useBasicAuth: true, username: 'n8n', password: longPassword },
		});
		expectInputError(tooLong, /'Basic Auth Password' has 66 characters/, /at most 50/);
		expect(leaks(tooLong.error)).toBe(false);
		expectInputError(
			await runNode(credentialsFor(emulator()), {
				...base,
				webhookURL: 'http://127.0.0.1:9/hook',
				additionalFields: { useBasicAuth: true },
			}),
			/Use Basic Auth is on without a username and a password/,
			/Basic Auth Username/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('a username with a colon, control characters, and credentials with Use Basic Auth off are refused before sending', async () => {
		const create = (additionalFields: INodeParameters) =>
			runNode(credentialsFor(emulator()), {
				resource: 'bot',
				operation: 'create',
				uid: byId('helpbot'),
				webhookURL: 'http://127.0.0.1:9/hook',
				additionalFields,
			});
		const colon = await create({ useBasicAuth: true, username: 'n8n:admin', password: PASSWORD });
		expectInputError(colon, /'Basic Auth Username' holds a colon \(:\), which HTTP Basic Auth cannot carry/, /username:password/);
		const lineBreak = await create({ useBasicAuth: true, username: 'n8n', password: `${PASSWORD}\r\nX: 1` });
		expectInputError(lineBreak, /'Basic Auth Password' holds control characters such as a line break/, /remove/);
		expect(leaks(lineBreak.error)).toBe(false);
		const off = await create({ useBasicAuth: false, username: 'n8n', password: PASSWORD });
		expectInputError(off, /'Basic Auth Username' and 'Basic Auth Password' are set, but Use Basic Auth is off/, /Turn 'Use Basic Auth' on/);
		expect(leaks(off.error)).toBe(false);
		// On a new bot, an unset Use Basic Auth is off: nothing turns it on.
		expectInputError(
			await create({ password: PASSWORD }),
			/'Basic Auth Password' is set, but Use Basic Auth is off/,
			/Turn 'Use Basic Auth' on/,
		);
		expect(apiRequests(emulator())).toEqual([]);
		// A password alone in an update changes the stored one; with Use Basic Auth off it is refused.
		await create({ useBasicAuth: true, username: 'n8n', password: PASSWORD });
		const update = (updateFields: INodeParameters) =>
			runNode(credentialsFor(emulator()), { resource: 'bot', operation: 'update', botUid: byId('helpbot'), updateFields });
		expect((await update({ password: 'next-password' })).error).toBeUndefined();
		expectInputError(
			await update({ useBasicAuth: false, username: 'n8n' }),
			/'Basic Auth Username' is set, but Use Basic Auth is off/,
			/Turn 'Use Basic Auth' on/,
		);
		expect(apiRequests(emulator()).map((request) => request.method)).toEqual(['POST', 'PUT']);
	});
});

describe('Bot → Get, Get Many, Update, Delete', () => {
	beforeEach(() => {
		emulator().store.addBot({
			uid: 'helpbot',
			webhookURL: 'http://127.0.0.1:9/a',
			useBasicAuth: true,
			username: 'n8n',
			password: PASSWORD,
			enabled: true,
		});
		emulator().store.addBot({ uid: 'faqbot', webhookURL: 'http://127.0.0.1:9/b' });
	});

	it('Get and Get Many never output the password', async () => {
		const one = await runNode(credentialsFor(emulator()), { resource: 'bot', operation: 'get', botUid: byId('helpbot') });
		expect(one.items[0].json).toEqual(expect.objectContaining({ uid: 'helpbot', username: 'n8n', hasPassword: true }));
		expect(one.items[0].json).not.toHaveProperty('password');
		const all = await runNode(credentialsFor(emulator()), { resource: 'bot', operation: 'getAll', returnAll: true });
		expect(all.items.map((item) => [item.json.uid, item.json.hasPassword])).toEqual([
			['helpbot', true],
			['faqbot', false],
		]);
		expect(leaks([one.items, all.items])).toBe(false);
		// One request without paging parameters (none is published); Limit applies to the answer.
		emulator().clearRequests();
		const limited = await runNode(credentialsFor(emulator()), { resource: 'bot', operation: 'getAll', limit: 1 });
		expect(limited.items.map((item) => item.json.uid)).toEqual(['helpbot']);
		expect(apiRequests(emulator()).map((request) => [request.path, request.query])).toEqual([['/v3/bots', {}]]);
	});

	it('Update sends only the fields given; Delete keeps the user', async () => {
		const updated = await runNode(credentialsFor(emulator()), {
			resource: 'bot',
			operation: 'update',
			botUid: byId('helpbot'),
			updateFields: { enabled: false, groupChatSetting: 'allMessages' },
		});
		expect(apiRequests(emulator())[0].body).toEqual({ enabled: false, groupChatSetting: 'allMessages' });
		expect(updated.items[0].json).toEqual(expect.objectContaining({ uid: 'helpbot', groupChatSetting: 'allMessages', hasPassword: true }));
		expect(updated.items[0].json).not.toHaveProperty('enabled');
		expect(leaks(updated.items)).toBe(false);

		const nothing = await runNode(credentialsFor(emulator()), {
			resource: 'bot',
			operation: 'update',
			botUid: byId('helpbot'),
			updateFields: {},
		});
		expectInputError(nothing, /Nothing to update/, /Update Fields/);

		const deleted = await runNode(credentialsFor(emulator()), { resource: 'bot', operation: 'delete', botUid: byId('faqbot') });
		expect(deleted.items[0].json).toEqual({ deleted: true, uid: 'faqbot' });
		expect(emulator().store.bots.has('faqbot')).toBe(false);
		expect(emulator().store.getUser('faqbot')).toBeDefined();
	});

	it('an unknown bot: ERR_BOT_NOT_FOUND; Continue On Fail goes on', async () => {
		const run = await runNode(
			credentialsFor(emulator()),
			{ resource: 'bot', operation: 'get', botUid: byId('={{ $json.bot }}') },
			[{ bot: 'ada' }, { bot: 'helpbot' }],
			{ continueOnFail: true },
		);
		expectErrorItem(run.items[0], 0, 'ERR_BOT_NOT_FOUND');
		expect(run.items[1].json.uid).toBe('helpbot');
	});

	it('the bot list of the editor', async () => {
		const result = await listSearch(credentialsFor(emulator()), 'searchBots', 'faq');
		expect(result.results).toEqual([{ name: 'faqbot (disabled)', value: 'faqbot' }]);
	});
});

describe('Message → Send as Bot', () => {
	beforeEach(() => {
		emulator().store.addBot({ uid: 'helpbot', webhookURL: 'http://127.0.0.1:9/a' });
	});

	it("POSTs Send's body to /bots/{uid}/messages, without onBehalfOf; the message is from the bot", async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'message',
			operation: 'sendAsBot',
			botUid: byId('helpbot'),
			receiverType: 'user',
			receiverUid: byId('ada'),
			text: 'Hi Ada, how can I help?',
			additionalFields: { tags: 'support', metadata: '{"ticket": 7}' },
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual(
			expect.objectContaining({ sender: 'helpbot', receiver: 'ada', receiverType: 'user', tags: ['support'] }),
		);
		const [sent] = apiRequests(emulator());
		expect(`${sent.method} ${sent.path}`).toBe('POST /v3/bots/helpbot/messages');
		expect(sent.headers.onbehalfof).toBeUndefined();
		expect(sent.body).toEqual({
			receiver: 'ada',
			receiverType: 'user',
			category: 'message',
			type: 'text',
			data: { text: 'Hi Ada, how can I help?', metadata: { ticket: 7 } },
			tags: ['support'],
			muid: nodeMuid(),
		});
	});

	it('a custom message to a group, and the input checks of Send', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'message',
			operation: 'sendAsBot',
			botUid: byId('helpbot'),
			receiverType: 'group',
			receiverGuid: byId('crew'),
			category: 'custom',
			customType: 'poll',
			customData: '{"question": "Lunch?"}',
		});
		expect(run.items[0].json).toEqual(expect.objectContaining({ sender: 'helpbot', receiver: 'crew', category: 'custom', type: 'poll' }));
		const empty = await runNode(credentialsFor(emulator()), {
			resource: 'message',
			operation: 'sendAsBot',
			botUid: byId('helpbot'),
			receiverUid: byId('ada'),
			text: '',
		});
		expectInputError(empty, /'Text'/, /Enter the message/);
		const noBot = await runNode(credentialsFor(emulator()), {
			resource: 'message',
			operation: 'sendAsBot',
			botUid: byId('ada'),
			receiverUid: byId('helpbot'),
			text: 'x',
		});
		expectServiceError(noBot, 'ERR_BOT_NOT_FOUND', '404');
		expect(noBot.error?.message).toMatch(/\('Bot' field\) \[item 0\]$/);
	});

	it("Simplify on: the bot's message in short", async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'message',
			operation: 'sendAsBot',
			botUid: byId('helpbot'),
			receiverUid: byId('ada'),
			text: 'Hi Ada',
			simplify: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual({
			id: expect.any(String),
			sender: 'helpbot',
			receiverType: 'user',
			receiver: 'ada',
			category: 'message',
			type: 'text',
			text: 'Hi Ada',
			status: 'approved',
			sentAt: expect.any(Number),
			sentAtIso: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
		});
		expect(new Date(run.items[0].json.sentAtIso as string).getTime()).toBe((run.items[0].json.sentAt as number) * 1000);
	});
});
