/**
 * Writes that are safe to send again: a send carries a muid, and a create an ID of the client's
 * choosing, so after an answer lost when the service may have applied the write, the node looks
 * for it before sending again (transport/request.ts, `findApplied`). Found: the item reports it,
 * with `appliedByEarlierAttempt`. Not found: sent again, once. Cannot tell: the honest error.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, nodeMuid, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const store = () => emulator().store;
const PASSWORD = 'Sup3rSecretBotPw';

beforeEach(() => {
	for (const uid of ['ada', 'bob', 'cy', 'helpbot']) store().addUser({ uid, name: uid.toUpperCase() });
	store().addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
	store().addBot({ uid: 'helpbot', webhookURL: 'http://127.0.0.1:9/hook' });
});

const run = async (parameters: INodeParameters, input?: IDataObject[]) => await runNode(credentialsFor(emulator()), parameters, input);

const send = (extra: INodeParameters = {}): INodeParameters => ({
	resource: 'message',
	operation: 'send',
	onBehalfOf: byId('ada'),
	receiverType: 'user',
	receiverUid: byId('bob'),
	text: 'Hello',
	...extra,
});

/** The requests the test sent, as `METHOD /path status`. */
const sent = () => apiRequests(emulator()).map((request) => `${request.method} ${request.path} ${request.status}`);

/** The stored messages with this muid. */
const storedWith = (muid: unknown) => [...store().messages.values()].filter((message) => message.muid === muid);

describe('every message carries a muid', () => {
	it("is derived from the execution, the node, its run and the item when Muid is empty, and the user's own is kept", async () => {
		const parameters = send({ additionalFields: { muid: '={{ $json.muid }}' } });
		const { items, error } = await run(parameters, [{ muid: '' }, { muid: 'order-4711' }, { muid: '' }]);
		expect(error).toBeUndefined();
		const muids = apiRequests(emulator()).map((request) => (request.body as IDataObject).muid);
		expect(muids).toEqual([nodeMuid(0), 'order-4711', nodeMuid(2)]);
		expect(items.map((item) => item.json.muid)).toEqual(muids);
		// Derived from the execution, the node, its run and the item.
		expect(muids[0]).toBe('n8n-testexecutio-cometcha-r0-0');
		// Another execution gives other muids: it cannot take an earlier execution's message for its own.
		emulator().clearRequests();
		await runNode(credentialsFor(emulator()), parameters, [{ muid: '' }], {}, { executionId: 'another-execution' });
		expect((apiRequests(emulator())[0].body as IDataObject).muid).toBe('n8n-anotherexecu-cometcha-r0-0');
	});
});

const sends: Array<[string, () => INodeParameters, string, string]> = [
	['Send', () => send(), '/v3/messages', 'ada'],
	['Send (a reply in a thread)', () => send({ additionalFields: { parentId: threadParent() } }), '/v3/messages/', 'ada'],
	[
		'Send as Bot',
		() => ({
			resource: 'message',
			operation: 'sendAsBot',
			botUid: byId('helpbot'),
			receiverType: 'user',
			receiverUid: byId('ada'),
			text: 'Hi',
		}),
		'/v3/bots/helpbot/messages',
		'helpbot',
	],
];

function threadParent(): string {
	return String(store().addMessages(1, { sender: 'bob', receiver: 'ada' })[0].id);
}

describe.each(sends)('%s: its answer lost', (_name, parameters, path, sender) => {
	it.each(['truncated', 'invalidJson'] as const)(
		'after the service applied it (%s): found by its muid, reported with appliedByEarlierAttempt, not sent again',
		async (kind) => {
			const given = parameters();
			emulator().injectNext([kind], { method: 'POST', pathPrefix: path });
			const before = Math.floor(Date.now() / 1000);
			const { items, error } = await run(given);
			const after = Date.now() / 1000;
			expect(error).toBeUndefined();
			const posts = apiRequests(emulator()).filter((request) => request.method === 'POST');
			expect(posts).toHaveLength(1);
			const { muid } = posts[0].body as IDataObject;
			expect(storedWith(muid)).toHaveLength(1);
			expect(items.map((item) => item.json)).toEqual([
				expect.objectContaining({ muid, sender, id: storedWith(muid)[0].id, appliedByEarlierAttempt: true }),
			]);
			const lookup = apiRequests(emulator()).find((request) => request.method === 'GET' && request.path === '/v3/messages');
			expect(lookup?.query).toMatchObject({ sender, limit: '1000' });
			// Since 120 s before the first attempt (a margin for the service's clock), which came
			// between the test's two readings of the clock however slow the run.
			const from = Number((lookup?.query as IDataObject)['sentAt[from]']);
			expect(from).toBeGreaterThanOrEqual(before - 120);
			expect(from).toBeLessThanOrEqual(after - 120);
		},
	);

	it.each(['500', '503', 'reset'] as const)('before the service applied it (%s): not found, sent again once', async (kind) => {
		emulator().injectNext([kind], { method: 'POST', pathPrefix: path });
		const { items, error } = await run(parameters());
		expect(error).toBeUndefined();
		const posts = apiRequests(emulator()).filter((request) => request.method === 'POST');
		expect(posts).toHaveLength(2);
		expect((posts[1].body as IDataObject).muid).toBe((posts[0].body as IDataObject).muid);
		expect(storedWith((posts[0].body as IDataObject).muid)).toHaveLength(1);
		expect(items[0].json.appliedByEarlierAttempt).toBeUndefined();
		expect(items[0].json.muid).toBe((posts[0].body as IDataObject).muid);
	});
});

describe('the lookup of a send', () => {
	it('that cannot read the list looks again after the next backoff, and then finds the message', async () => {
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: '/v3/messages' });
		emulator().injectNext(Array(5).fill('500'), { method: 'GET', pathPrefix: '/v3/messages' });
		const { items, error } = await run(send());
		expect(error).toBeUndefined();
		expect(items[0].json.appliedByEarlierAttempt).toBe(true);
		expect(sent().filter((line) => line.startsWith('POST'))).toEqual(['POST /v3/messages 200']);
		expect(sent().filter((line) => line.startsWith('GET'))).toEqual([...Array(5).fill('GET /v3/messages 500'), 'GET /v3/messages 200']);
	});

	it('to several receivers finds the message of every receiver: one item each, with appliedByEarlierAttempt', async () => {
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: '/v3/messages' });
		const { items, error } = await run(send({ receiverType: 'multiple', receiverUids: 'bob, cy', receiverGuids: 'crew' }));
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.receiver, item.json.appliedByEarlierAttempt])).toEqual([
			['bob', true],
			['cy', true],
			['crew', true],
		]);
		expect(store().messages.size).toBe(3);
		expect(sent().filter((line) => line.startsWith('POST'))).toHaveLength(1);
	});

	it('that finds the message for some of several receivers only cannot tell: the honest error, not sent again', async () => {
		// The service refuses "ghost" and stores the two others; the answer is lost.
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: '/v3/messages' });
		const { error } = await run(send({ receiverType: 'multiple', receiverUids: 'bob, ghost', receiverGuids: 'crew' }));
		expect(error?.message).toMatch(/not valid JSON|answer was cut off/);
		expect(error?.description).toMatch(/may have been applied: check in CometChat before you run it again/);
		expect(error?.description).toContain('Looking it up could not tell: the message was found for 2 of its 3 receivers');
		expect(sent().filter((line) => line.startsWith('POST'))).toHaveLength(1);
		expect(store().messages.size).toBe(2);
	});

	it('a lookup that keeps failing ends in the honest error, naming why', async () => {
		emulator().injectNext(['invalidJson'], { method: 'POST', pathPrefix: '/v3/messages' });
		// A Retry-After above the cap fails each lookup at once.
		emulator().injectNext(Array(10).fill({ kind: '429', retryAfter: 300 }), { method: 'GET', pathPrefix: '/v3/messages' });
		const { error } = await run(send());
		expect(error?.message).toContain('CometChat sent an answer that is not valid JSON');
		expect(error?.description).toMatch(
			/may have been applied: check in CometChat before you run it again\. Looking it up could not tell: listing the messages of the sender failed/,
		);
		expect(sent().filter((line) => line.startsWith('POST'))).toHaveLength(1);
	});
});

/** Each create: its name, parameters, POST path and the ID it creates. */
const creates: Array<[string, INodeParameters, string, string]> = [
	[
		'User → Create',
		{ resource: 'user', operation: 'create', uid: 'neo', name: 'Neo', additionalFields: { metadata: '{"b": 2, "a": 1}', tags: 'x, y' } },
		'/v3/users',
		'neo',
	],
	[
		'Group → Create',
		{
			resource: 'group',
			operation: 'create',
			guid: 'club',
			name: 'Club',
			type: 'password',
			password: 'club-pass',
			onBehalfOf: byId('ada'),
		},
		'/v3/groups',
		'club',
	],
	[
		'Bot → Create',
		{
			resource: 'bot',
			operation: 'create',
			uid: byId('cy'),
			webhookURL: 'http://127.0.0.1:9/cy',
			additionalFields: { useBasicAuth: true, username: 'n8n', password: PASSWORD },
		},
		'/v3/bots',
		'cy',
	],
	[
		'Role → Create',
		{
			resource: 'role',
			operation: 'create',
			role: 'support',
			name: 'Support',
			additionalFields: { metadata: '{"b": 2, "a": 1}', listUsers: 'friendsOnly' },
		},
		'/v3/roles',
		'support',
	],
];

describe.each(creates)('%s: its answer lost', (_name, parameters, path, id) => {
	// The two runs compare whole records, timestamps included: the store's clock stands still, so
	// a second boundary between them cannot fail the test.
	beforeEach(() => store().setClock(1_800_000_000));
	afterEach(() => store().setClock(null));

	it('after the service applied it: found by its ID with the fields sent, the record output with appliedByEarlierAttempt', async () => {
		const plain = await run(parameters);
		expect(plain.error).toBeUndefined();
		const expected = plain.items[0].json;
		store().reset();
		for (const uid of ['ada', 'bob', 'cy']) store().addUser({ uid, name: uid.toUpperCase() });
		emulator().clearRequests();

		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: path });
		const { items, error } = await run(parameters);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ ...expected, appliedByEarlierAttempt: true }]);
		expect(sent()).toEqual([`POST ${path} 200`, `GET ${path}/${id} 200`]);
		expect(JSON.stringify(items)).not.toContain(PASSWORD);
		expect(JSON.stringify(items)).not.toContain('club-pass');
	});

	it('before the service applied it (503): not found, sent again once', async () => {
		emulator().injectNext(['503'], { method: 'POST', pathPrefix: path });
		const { items, error } = await run(parameters);
		expect(error).toBeUndefined();
		expect(items[0].json.appliedByEarlierAttempt).toBeUndefined();
		expect(sent().filter((line) => line.startsWith('POST'))).toEqual([`POST ${path} 503`, `POST ${path} 200`]);
	});
});

describe('a create whose ID another client took', () => {
	it('found with other fields after a lost answer: the item fails saying so, and nothing is changed', async () => {
		store().addUser({ uid: 'neo', name: 'Someone else' });
		emulator().injectNext(['500'], { method: 'POST', pathPrefix: '/v3/users' });
		const { error } = await run({ resource: 'user', operation: 'create', uid: 'neo', name: 'Neo', additionalFields: {} });
		expect(error?.message).toBe('A user with the ID "neo" already exists, but it is not the one this item sent: its name differs [item 0]');
		expect(error?.description).toContain('another client created it. Nothing was changed.');
		expect(sent()).toEqual(['POST /v3/users 500', 'GET /v3/users/neo 200']);
		expect(store().users.get('neo')?.name).toBe('Someone else');
	});

	it('a bot found with another password says which field differs, never the password', async () => {
		store().addBot({
			uid: 'cy',
			webhookURL: 'http://127.0.0.1:9/cy',
			enabled: true,
			useBasicAuth: true,
			username: 'n8n',
			password: 'other-password',
		});
		emulator().injectNext(['reset'], { method: 'POST', pathPrefix: '/v3/bots' });
		const [, parameters] = creates[2];
		const { error } = await run(parameters);
		expect(error?.message).toContain('A bot with the ID "cy" already exists, but it is not the one this item sent: its password differs');
		expect(JSON.stringify({ message: error?.message, description: error?.description })).not.toMatch(/Sup3rSecretBotPw|other-password/);
	});

	it('the resend answered "already exists" after a lost answer is looked up: the fields sent are the work of the earlier attempt', async () => {
		emulator().injectNext(['500'], { method: 'POST', pathPrefix: '/v3/users' });
		// The earlier attempt lands late: after the lookup found nothing, before the resend.
		// (A faulted request does not reach the hooks: this is the resend.)
		const stop = emulator().onRequest((request) => {
			if (request.method === 'POST' && request.path === '/v3/users' && !store().users.has('neo'))
				store().addUser({ uid: 'neo', name: 'Neo' });
		});
		try {
			const { items, error } = await run({ resource: 'user', operation: 'create', uid: 'neo', name: 'Neo', additionalFields: {} });
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ uid: 'neo', name: 'Neo', appliedByEarlierAttempt: true });
			expect(sent()).toEqual(['POST /v3/users 500', 'GET /v3/users/neo 404', 'POST /v3/users 409', 'GET /v3/users/neo 200']);
		} finally {
			stop();
		}
	});

	it('"already exists" on a first attempt stays the error of the item', async () => {
		store().addUser({ uid: 'neo', name: 'Neo' });
		const { error } = await run({ resource: 'user', operation: 'create', uid: 'neo', name: 'Neo', additionalFields: {} });
		expect(error?.description).toContain('ERR_UID_ALREADY_EXISTS');
		expect(sent()).toEqual(['POST /v3/users 409']);
	});
});
