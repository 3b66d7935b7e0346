/**
 * Message: Get, Get Many (all conversations, one-to-one, group), Delete, Send's Reply in Thread To,
 * and the message list search, through n8n's engine against the emulator.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { MESSAGES_MAX_LIMIT } from '../../nodes/CometChat/transport/paginate';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const emulatorMessages = require('../../emulator');

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);
const ids = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json.id);

/**
 * ada, bob, cy; the group "crew" (ada owns it, bob is in it); messages 1–6:
 * 1 ada→bob "Hello Bob", 2 bob→ada "Refund please" (tag billing), 3 bob→crew "Crew news",
 * 4 cy→bob custom location, 5 ada→bob reply to 1 "Thread reply", 6 ada→bob "See you".
 */
function seed() {
	store().setClock(10_000);
	store().addUser({ uid: 'ada', name: 'Ada' });
	store().addUser({ uid: 'bob', name: 'Bob' });
	store().addUser({ uid: 'cy', name: 'Cy' });
	store().addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
	store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'Hello Bob' }, sentAt: 1000 });
	store().addMessage({ sender: 'bob', receiver: 'ada', data: { text: 'Refund please' }, tags: ['billing'], sentAt: 2000 });
	store().addMessage({ sender: 'bob', receiver: 'crew', receiverType: 'group', data: { text: 'Crew news' }, sentAt: 3000 });
	store().addMessage({
		sender: 'cy',
		receiver: 'bob',
		category: 'custom',
		type: 'location',
		data: { customData: { lat: 1 } },
		sentAt: 4000,
	});
	store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'Thread reply' }, parentId: '1', sentAt: 5000 });
	store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'See you' }, sentAt: 6000 });
}
beforeEach(seed);

it('the node never asks the message lists for more than the emulator serves', () => {
	expect(MESSAGES_MAX_LIMIT).toBe(emulatorMessages.MESSAGES_LIMIT_MAX);
});

describe('Message → Get', () => {
	const get = (extra: INodeParameters = {}): INodeParameters => ({ resource: 'message', operation: 'get', messageId: byId('2'), ...extra });

	it('gets one message by ID, as the app or on behalf of a user', async () => {
		const { items, error } = await run(get());
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: '2',
			sender: 'bob',
			receiver: 'ada',
			tags: ['billing'],
			data: { text: 'Refund please', moderation: { status: 'approved' } },
		});
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'GET', path: '/v3/messages/2' });
		expect(request.headers.onbehalfof).toBeUndefined();
		emulator().clearRequests();
		await run(get({ onBehalfOf: byId('ada') }));
		expect(apiRequests(emulator())[0].headers.onbehalfof).toBe('ada');
	});

	it('shows a soft-deleted message with deletedAt and deletedBy', async () => {
		await run({ resource: 'message', operation: 'delete', messageId: byId('2') });
		const { items } = await run(get());
		expect(items[0].json).toMatchObject({ id: '2', deletedAt: 10_000, deletedBy: 'app_system' });
	});

	it('a message that does not exist: ERR_MESSAGE_ID_NOT_FOUND', async () => {
		expectServiceError(await run(get({ messageId: byId('999') })), 'ERR_MESSAGE_ID_NOT_FOUND', '404');
	});

	it('an empty Message is refused before any request; Continue On Fail carries on', async () => {
		expectInputError(await run(get({ messageId: byId(' ') })), /'Message' is empty/, /\$json\.id/);
		expect(apiRequests(emulator())).toHaveLength(0);
		const { items } = await run(get({ messageId: '={{ $json.id }}' }), [{ id: '999' }, { id: '1' }], { onError: 'continueRegularOutput' });
		expect(items).toHaveLength(2);
		expectErrorItem(items[0], 0, 'ERR_MESSAGE_ID_NOT_FOUND');
		expect(items[1].json).toMatchObject({ id: '1', data: { text: 'Hello Bob' } });
	});
});

describe('Message → Get Many', () => {
	const getMany = (extra: INodeParameters = {}): INodeParameters => ({ resource: 'message', operation: 'getAll', ...extra });

	it('all conversations, newest first: Limit keeps the newest, read backwards with affix=prepend, simplified', async () => {
		const { items, error } = await run(getMany({ limit: 3 }));
		expect(error).toBeUndefined();
		expect(ids(items)).toEqual(['6', '5', '4']);
		expect(items[0].json).toEqual({
			id: '6',
			sender: 'ada',
			receiverType: 'user',
			receiver: 'bob',
			type: 'text',
			text: 'See you',
			status: 'approved',
			sentAt: 6000,
			sentAtIso: '1970-01-01T01:40:00.000Z',
		});
		expect(items[1].json.parentId).toBe('1');
		const requests = apiRequests(emulator());
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/v3/messages', query: { limit: '3', affix: 'prepend' } });
	});

	it('Return All reads every page of up to 1000, newest first, each message once', async () => {
		store().addMessages(2400, { sender: 'ada', receiver: 'bob' });
		const { items, error } = await run(getMany({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2406);
		expect(new Set(ids(items)).size).toBe(2406);
		const numbers = ids(items).map(Number);
		expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
		const requests = apiRequests(emulator());
		expect(requests).toHaveLength(3);
		expect(requests.map((request) => request.query.limit)).toEqual(['1000', '1000', '1000']);
		expect(requests[1].query).toMatchObject({ affix: 'prepend', id: expect.any(String), sentAt: expect.any(String) });
	});

	it('oldest first: from the start of the history, no affix sent; raw records with Simplify off', async () => {
		const { items } = await run(getMany({ order: 'oldest', limit: 2, options: { simplify: false } }));
		expect(ids(items)).toEqual(['1', '2']);
		expect((items[0].json.data as IDataObject).entities).toBeDefined();
		expect(apiRequests(emulator())[0].query).toEqual({ limit: '2' });
	});

	it('the app-wide filters become the published query parameters', async () => {
		store().addMessage({ sender: 'bob', receiver: 'ada', data: { text: 'Refund now' }, tags: ['billing', 'vip'], sentAt: 7000 });
		const { items } = await run(
			getMany({
				returnAll: true,
				filters: {
					searchKey: 'refund',
					category: 'message',
					type: 'text',
					sender: 'bob',
					receiverType: 'user',
					tags: 'billing, vip',
					hideReplies: true,
					deleted: 'hide',
					sentFrom: '1970-01-01T00:30:00Z',
					sentUntil: '1970-01-01T01:40:00Z',
				},
			}),
		);
		expect(ids(items)).toEqual(['2']);
		expect(apiRequests(emulator())[0].query).toEqual({
			limit: '1000',
			affix: 'prepend',
			searchKey: 'refund',
			category: 'message',
			type: 'text',
			sender: 'bob',
			receiverType: 'user',
			tags: 'billing,vip',
			hideReplies: 'true',
			hideDeleted: 'true',
			'sentAt[from]': '1800',
			'sentAt[to]': '6000',
		});
	});

	it('Sent From from an expression such as $now.minus(...) is sent as epoch seconds', async () => {
		const before = Math.floor(Date.now() / 1000) - 3600;
		const { error } = await run(getMany({ filters: { sentFrom: '={{ $now.minus({ hours: 1 }) }}', sentUntil: '={{ new Date() }}' } }));
		expect(error).toBeUndefined();
		const query = apiRequests(emulator())[0].query;
		expect(Number(query['sentAt[from]'])).toBeGreaterThanOrEqual(before);
		expect(Number(query['sentAt[from]'])).toBeLessThanOrEqual(before + 60);
		expect(Number(query['sentAt[to]']) - Number(query['sentAt[from]'])).toBeGreaterThanOrEqual(3599);
	});

	it('deleted messages: only the deleted ones, or all with deletedAt', async () => {
		await run({ resource: 'message', operation: 'delete', messageId: byId('3') });
		const only = await run(getMany({ filters: { deleted: 'only' } }));
		expect(only.items.map((item) => [item.json.id, item.json.deletedAt])).toEqual([['3', 10_000]]);
		const all = await run(getMany({ returnAll: true }));
		expect(ids(all.items)).toEqual(['6', '5', '4', '3', '2', '1']);
	});

	it("all conversations on behalf of a user: only that user's conversations", async () => {
		const { items } = await run(getMany({ onBehalfOf: byId('cy'), returnAll: true }));
		expect(ids(items)).toEqual(['4']);
		expect(apiRequests(emulator())[0].headers.onbehalfof).toBe('cy');
	});

	it('one-to-one: the conversation of Act As with a user; tags repeated', async () => {
		const { items, error } = await run(
			getMany({
				conversation: 'user',
				onBehalfOf: byId('bob'),
				withUid: byId('ada'),
				returnAll: true,
				filters: { tags: 'billing, x', hideReplies: true },
			}),
		);
		expect(error).toBeUndefined();
		expect(ids(items)).toEqual(['2']);
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({
			path: '/v3/users/ada/messages',
			query: { tags: ['billing', 'x'], hideReplies: 'true', affix: 'prepend' },
		});
		expect(request.headers.onbehalfof).toBe('bob');
		const whole = await run(
			getMany({ conversation: 'user', onBehalfOf: byId('bob'), withUid: byId('ada'), order: 'oldest', returnAll: true }),
		);
		expect(ids(whole.items)).toEqual(['1', '2', '5', '6']);
	});

	it('app-wide filters hidden for a group or one-to-one list are not applied (n8n leaves hidden options out)', async () => {
		const { items, error } = await run(
			getMany({
				conversation: 'group',
				groupGuid: byId('crew'),
				filters: { deleted: 'only', sentFrom: '2030-01-01T00:00:00Z', searchKey: 'news' },
			}),
		);
		expect(error).toBeUndefined();
		expect(ids(items)).toEqual(['3']);
		expect(apiRequests(emulator())[0].query).toEqual({ limit: '50', affix: 'prepend', searchKey: 'news' });
	});

	it('one-to-one and group Return All past one page send back the cursor their operations declare (affix, id), not sentAt', async () => {
		store().addMessages(1100, { sender: 'ada', receiver: 'bob' });
		const { items } = await run(getMany({ conversation: 'user', onBehalfOf: byId('ada'), withUid: byId('bob'), returnAll: true }));
		expect(items).toHaveLength(1104);
		const requests = apiRequests(emulator());
		expect(requests).toHaveLength(2);
		expect(requests[1].query).toEqual({ limit: '1000', affix: 'prepend', id: expect.any(String) });

		emulator().clearRequests();
		for (let n = 0; n < 1100; n++)
			store().addMessage({ sender: 'ada', receiver: 'crew', receiverType: 'group', data: { text: `Crew ${n}` } });
		const group = await run(getMany({ conversation: 'group', groupGuid: byId('crew'), returnAll: true }));
		expect(group.items).toHaveLength(1101);
		expect(new Set(ids(group.items)).size).toBe(1101);
		const groupRequests = apiRequests(emulator());
		expect(groupRequests).toHaveLength(2);
		expect(groupRequests[1]).toMatchObject({ path: '/v3/groups/crew/messages' });
		expect(groupRequests[1].query).toEqual({ limit: '1000', affix: 'prepend', id: expect.any(String) });
	});

	it('group: the messages of one group, as the app', async () => {
		const { items } = await run(getMany({ conversation: 'group', groupGuid: byId('crew'), returnAll: true }));
		expect(ids(items)).toEqual(['3']);
		expect(apiRequests(emulator())[0]).toMatchObject({ path: '/v3/groups/crew/messages' });
		expectServiceError(await run(getMany({ conversation: 'group', groupGuid: byId('nope') })), 'ERR_GUID_NOT_FOUND', '404');
	});

	it('Sent From and Sent Until: milliseconds, bare small numbers and dates that do not exist are refused with the accepted forms', async () => {
		const sentFrom = (value: unknown) => getMany({ filters: { sentFrom: `={{ ${JSON.stringify(value)} }}` } });
		const forms =
			/it takes a date and time in ISO 8601 \(2024-01-31 or 2024-01-31T12:00:00Z\), a date from an expression .*, or whole epoch seconds \(10 digits/;
		const refused: Array<[unknown, RegExp]> = [
			[1_700_000_000_000, /'Sent From' is the number 1700000000000, which looks like milliseconds \(divide by 1000\)/],
			['1700000000000', /'Sent From' is the text "1700000000000", which looks like milliseconds/],
			['0', /'Sent From' is the text "0", which is not 10-digit epoch seconds/],
			['12', /'Sent From' is the text "12", which is not 10-digit epoch seconds/],
			[12, /'Sent From' is the number 12, which is not 10-digit epoch seconds/],
			['2024-02-30', /'Sent From' holds "2024-02-30", which is a date that does not exist/],
			['2023-02-29T10:00:00Z', /which is a date that does not exist/],
			['2024-01-31T24:30:00Z', /which is a time that does not exist/],
			['31/01/2024', /'Sent From' holds "31\/01\/2024", which is not in a form this field takes/],
		];
		for (const [value, message] of refused) {
			const result = await run(sentFrom(value));
			expectInputError(result, message, /Pick a date in 'Sent From'/);
			expect(result.error?.message).toMatch(forms);
		}
		expectInputError(
			await run(getMany({ filters: { sentUntil: '2024-04-31' } })),
			/'Sent Until' holds "2024-04-31", which is a date that does not exist/,
			/Pick a date/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);

		// The accepted forms, each sent as epoch seconds.
		const taken: Array<[unknown, string]> = [
			[1_700_000_000, '1700000000'],
			['1700000000', '1700000000'],
			['2024-02-29', String(Date.UTC(2024, 1, 29) / 1000)],
			['2023-11-14T22:13:20Z', '1700000000'],
			['2023-11-14T23:13:20.500+01:00', '1700000000'],
		];
		for (const [value, seconds] of taken) {
			emulator().clearRequests();
			const result = await run(sentFrom(value));
			expect(result.error).toBeUndefined();
			expect(apiRequests(emulator())[0].query).toMatchObject({ 'sentAt[from]': seconds });
		}
	});

	it('bad input is refused before any request', async () => {
		expectInputError(await run(getMany({ conversation: 'user', withUid: byId('ada') })), /'Act As' is empty/, /Choose the user/);
		expectInputError(
			await run(getMany({ conversation: 'user', onBehalfOf: byId('bob') })),
			/'With User' is empty/,
			/other user of the conversation/,
		);
		expectInputError(
			await run(getMany({ filters: { sentFrom: 'last tuesday' } })),
			/'Sent From' holds "last tuesday", which is not in a form/,
			/Pick a date in 'Sent From'/,
		);
		expectInputError(await run(getMany({ filters: { sender: 'Bob' } })), /'Sender UID' holds "Bob"/, /bob/);
		expectInputError(await run(getMany({ filters: { category: 'spam' } })), /'Category'/, /action|custom|message/i);
		expectInputError(await run(getMany({ conversation: 'everything' })), /'Conversation'/, /all|group|user/i);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('Message → Delete', () => {
	const del = (extra: INodeParameters = {}): INodeParameters => ({
		resource: 'message',
		operation: 'delete',
		messageId: byId('1'),
		...extra,
	});

	it('soft by default: answers {deleted, id, permanent}; the message stays, marked deleted', async () => {
		const { items, error } = await run(del());
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: '1', permanent: false }]);
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: '/v3/messages/1', body: { permanent: false } });
		expect(store().messages.get('1')).toMatchObject({ deletedAt: 10_000, deletedBy: 'app_system' });
	});

	it('permanently: the message is gone', async () => {
		const { items } = await run(del({ permanent: true, onBehalfOf: byId('ada') }));
		expect(items[0].json).toEqual({ deleted: true, id: '1', permanent: true });
		expect(apiRequests(emulator())[0].body).toEqual({ permanent: true });
		expect(store().messages.has('1')).toBe(false);
		expectServiceError(await run({ resource: 'message', operation: 'get', messageId: byId('1') }), 'ERR_MESSAGE_ID_NOT_FOUND', '404');
	});

	it('on behalf of a user who may not delete it: the service refuses; Continue On Fail carries on', async () => {
		const refused = await run(del({ onBehalfOf: byId('cy') }));
		expectServiceError(refused, 'AUTH_ERR_NO_ACCESS', '403');
		expect(store().messages.get('1')?.deletedAt).toBeUndefined();
		const { items } = await run(del({ messageId: '={{ $json.id }}' }), [{ id: '999' }, { id: '2' }], { onError: 'continueRegularOutput' });
		expectErrorItem(items[0], 0, 'ERR_MESSAGE_ID_NOT_FOUND');
		expect(items[1].json).toEqual({ deleted: true, id: '2', permanent: false });
	});

	it('bad input is refused before any request', async () => {
		expectInputError(await run(del({ messageId: byId(' ') })), /'Message' is empty/, /\$json\.id/);
		expectInputError(await run(del({ permanent: '={{ "yes" }}' })), /'Delete Permanently' must be true or false/, /Turn/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('Message → Send, Reply in Thread To', () => {
	const reply = (extra: IDataObject = {}): INodeParameters => ({
		resource: 'message',
		operation: 'send',
		onBehalfOf: byId('bob'),
		receiverType: 'user',
		receiverUid: byId('ada'),
		text: 'Thanks!',
		additionalFields: { parentId: '1', ...extra },
	});

	it('sends the message as a reply in the thread of the given message', async () => {
		const { items, error } = await run(reply({ tags: 'thanks' }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ parentId: '1', sender: 'bob', receiver: 'ada', data: { text: 'Thanks!' }, tags: ['thanks'] });
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: '/v3/messages/1/thread',
			body: { receiver: 'ada', receiverType: 'user', category: 'message', type: 'text', data: { text: 'Thanks!' }, tags: ['thanks'] },
		});
		const thread = await run({
			resource: 'message',
			operation: 'getThread',
			messageId: byId('1'),
			onBehalfOf: byId('ada'),
			returnAll: true,
		});
		expect(thread.items.map((item) => item.json.text)).toEqual(['Thread reply', 'Thanks!']);
	});

	it("a reply keeps Send's muid and quoted message", async () => {
		const { items } = await run(reply({ muid: 'thanks-1', quotedMessageId: '2' }));
		expect(items[0].json).toMatchObject({ parentId: '1', muid: 'thanks-1', quotedMessageId: '2', quotedMessage: { id: '2' } });
	});

	it('a custom reply keeps its own type', async () => {
		const { items } = await run({ ...reply(), category: 'custom', customType: 'location', customData: '{"lat": 2}' });
		expect(items[0].json).toMatchObject({ parentId: '1', category: 'custom', type: 'location', data: { customData: { lat: 2 } } });
	});

	it('a parent that does not exist: ERR_MESSAGE_ID_NOT_FOUND; a list as parent is refused first', async () => {
		expectServiceError(await run(reply({ parentId: '999' })), 'ERR_MESSAGE_ID_NOT_FOUND', '404');
		emulator().clearRequests();
		expectInputError(await run(reply({ parentId: '={{ [1, 2] }}' })), /'Reply in Thread To' must be one ID/, /one item per ID/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('the message list (resource locator)', () => {
	it("shows the app's most recent messages, newest first, in one request", async () => {
		const result = await listSearch(credentialsFor(emulator()), 'searchMessages');
		expect(result.results.map((entry) => entry.value)).toEqual(['6', '5', '4', '3', '2', '1']);
		expect(result.results[0].name).toBe('ada: See you (6)');
		expect(result.results[2].name).toBe('cy: custom/location (4)');
		expect(result.paginationToken).toBeUndefined();
		expect(apiRequests(emulator())).toHaveLength(1);
		expect(apiRequests(emulator())[0]).toMatchObject({ path: '/v3/messages', query: { affix: 'prepend', limit: '50' } });
	});

	it('is searched by the service', async () => {
		const result = await listSearch(credentialsFor(emulator()), 'searchMessages', 'refund');
		expect(result.results).toEqual([{ name: 'bob: Refund please (2)', value: '2' }]);
		expect(apiRequests(emulator())[0].query).toMatchObject({ searchKey: 'refund' });
	});
});
