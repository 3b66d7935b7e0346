/**
 * Message: Send, Update and Re-Moderate, Get Thread, Get Reactions and Flag, through n8n's engine
 * against the emulator. (Send Form has its own file, form.test.ts.)
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { CURSOR_MAX_LIMIT, THREAD_MAX_LIMIT } from '../../nodes/CometChat/transport/paginate';
import { apiRequests, credentialsFor, offContract, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, nodeMuid, useEmulator } from '../harness/suite';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const emulatorMessages = require('../../emulator');

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

/** ada, bob and cy, and the group "crew" (ada owns it, bob is in it). */
function seedPeople() {
	store().addUser({ uid: 'ada', name: 'Ada' });
	store().addUser({ uid: 'bob', name: 'Bob' });
	store().addUser({ uid: 'cy', name: 'Cy' });
	store().addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
}

/** A rule that holds back (blockMessage) any text containing "badword". */
function seedBlockRule() {
	store().addRule({
		id: 'no-badword',
		name: 'No badword',
		conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['badword'] }],
		action: ['blockMessage'],
	});
}

const send = (extra: INodeParameters): INodeParameters => ({
	resource: 'message',
	operation: 'send',
	onBehalfOf: byId('ada'),
	receiverType: 'user',
	receiverUid: byId('bob'),
	...extra,
});

it('the node asks thread and reactions for the largest page the emulator serves', () => {
	expect(THREAD_MAX_LIMIT).toBe(emulatorMessages.THREAD_LIMIT_MAX);
	expect(CURSOR_MAX_LIMIT).toBe(emulatorMessages.REACTIONS_LIMIT_MAX);
});

describe('Message → Send', () => {
	beforeEach(seedPeople);

	it('sends a text on behalf of a user, with metadata, muid, tags and a quoted message', async () => {
		const quoted = store().addMessage({ sender: 'bob', receiver: 'ada', data: { text: 'Lunch?' } });
		const { items, error } = await run(
			send({
				text: 'Hello Bob',
				additionalFields: {
					metadata: '{"orderId": 42}',
					muid: 'order-42',
					tags: 'shipping, vip',
					quotedMessageId: quoted.id,
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({
			muid: 'order-42',
			sender: 'ada',
			receiver: 'bob',
			receiverType: 'user',
			category: 'message',
			type: 'text',
			tags: ['shipping', 'vip'],
			quotedMessageId: quoted.id,
			quotedMessage: { id: quoted.id, data: { text: 'Lunch?' } },
			data: { text: 'Hello Bob', metadata: { orderId: 42 }, moderation: { status: 'approved' } },
		});

		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/messages' });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(sent.headers.onbehalfof).toBe('ada');
		expect(sent.body).toEqual({
			receiver: 'bob',
			receiverType: 'user',
			category: 'message',
			type: 'text',
			data: { text: 'Hello Bob', metadata: { orderId: 42 } },
			muid: 'order-42',
			quotedMessageId: quoted.id,
			tags: ['shipping', 'vip'],
		});
	});

	it('sends to a group', async () => {
		const { items } = await run(send({ receiverType: 'group', receiverGuid: byId('crew'), text: 'Hi all' }));
		expect(items[0].json).toMatchObject({ receiver: 'crew', receiverType: 'group', conversationId: 'group_crew' });
		expect(apiRequests(emulator())[0].body).toMatchObject({ receiver: 'crew', receiverType: 'group' });
	});

	it('sends an image with a URL and attachments, in the published attachment shape', async () => {
		const { items, error } = await run(
			send({
				messageType: 'image',
				url: 'https://example.com/cat.jpg',
				attachments: {
					attachment: [{ name: 'cat.jpg', extension: 'jpg', size: 2048, mimeType: 'image/jpeg', url: 'https://example.com/cat.jpg' }],
				},
			}),
		);
		expect(error).toBeUndefined();
		// The published schema: no data.url, and an attachment's size is a string.
		const data = {
			attachments: [{ name: 'cat.jpg', extension: 'jpg', size: '2048', mimeType: 'image/jpeg', url: 'https://example.com/cat.jpg' }],
		};
		expect(apiRequests(emulator())[0].body).toEqual({
			receiver: 'bob',
			receiverType: 'user',
			category: 'message',
			type: 'image',
			data,
			muid: nodeMuid(),
		});
		expect(items[0].json).toMatchObject({ type: 'image', data });
	});

	it('sends a custom message with its custom data', async () => {
		const { items } = await run(send({ category: 'custom', customType: 'location', customData: '{"lat": 52.5, "lon": 13.4}' }));
		expect(apiRequests(emulator())[0].body).toEqual({
			receiver: 'bob',
			receiverType: 'user',
			category: 'custom',
			type: 'location',
			data: { customData: { lat: 52.5, lon: 13.4 } },
			muid: nodeMuid(),
		});
		expect(items[0].json).toMatchObject({ category: 'custom', type: 'location', data: { customData: { lat: 52.5 } } });
	});

	it('sends any data as is in Data (JSON) mode', async () => {
		const data = { text: 'From JSON', metadata: { a: [1, 2], deep: { nested: true } } };
		const { items } = await run(send({ dataMode: 'json', data: JSON.stringify(data) }));
		expect(apiRequests(emulator())[0].body).toEqual({
			receiver: 'bob',
			receiverType: 'user',
			category: 'message',
			type: 'text',
			data,
			muid: nodeMuid(),
		});
		expect(items[0].json).toMatchObject({ data });
	});

	it('sends Data (JSON) as written even with an undeclared field, and reports the refusal naming it', async () => {
		const data = { text: 'From JSON', extra: { deep: true } };
		const stopped = await offContract(
			emulator(),
			'Data (JSON) is sent as written; this one holds an undeclared field on purpose',
			async () => await run(send({ dataMode: 'json', data: JSON.stringify(data) })),
		);
		expect(apiRequests(emulator())[0].body).toEqual({
			receiver: 'bob',
			receiverType: 'user',
			category: 'message',
			type: 'text',
			data,
			muid: nodeMuid(),
		});
		expectServiceError(stopped, 'ERR_BAD_REQUEST', '400');
		expect(stopped.error?.description).toContain('data.extra');
	});

	it('sends to several users and groups: one item per receiver, a refused receiver as an error entry', async () => {
		const { items, error } = await run(
			send({ receiverType: 'multiple', receiverUids: 'bob, ghost', receiverGuids: 'crew', text: 'Announcement' }),
		);
		expect(error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toEqual({
			multipleReceivers: { uids: ['bob', 'ghost'], guids: ['crew'] },
			category: 'message',
			type: 'text',
			data: { text: 'Announcement' },
			muid: nodeMuid(),
		});
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		expect(items[0].json).toMatchObject({ receiver: 'bob', receiverType: 'user', data: { text: 'Announcement' } });
		expect(items[1].json).toEqual({
			receiverType: 'user',
			receiver: 'ghost',
			error: expect.objectContaining({ code: 'ERR_UID_NOT_FOUND' }),
		});
		expect(items[2].json).toMatchObject({ receiver: 'crew', receiverType: 'group' });
	});

	it('a message that matches a block rule comes back pending', async () => {
		seedBlockRule();
		const { items } = await run(send({ text: 'you badword' }));
		expect(items[0].json).toMatchObject({ data: { text: 'you badword', moderation: { status: 'pending' } } });
		expect(store().blockedMessages.has(String(items[0].json.id))).toBe(true);
	});

	it('fails for an unknown receiver with the service code; Continue On Fail goes on', async () => {
		const parameters = send({ receiverUid: byId('={{ $json.to }}'), text: 'Hi' });
		const input = [{ to: 'bob' }, { to: 'nobody' }, { to: 'cy' }];
		const stopped = await run(parameters, input);
		expectServiceError(stopped, 'ERR_UID_NOT_FOUND', '404', 1);

		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expect(carriedOn.error).toBeUndefined();
		expect(carriedOn.items).toHaveLength(3);
		expect(carriedOn.items[0].json.receiver).toBe('bob');
		expectErrorItem(carriedOn.items[1], 1, 'ERR_UID_NOT_FOUND');
		expect(carriedOn.items[2].json.receiver).toBe('cy');
	});

	it.each([
		[
			'no sender',
			{ onBehalfOf: byId('={{ $json.nobody }}'), text: 'Hi' },
			/'Sender' is empty/,
			/Choose the user who sends the message in 'Sender'/,
		],
		['an empty text', { text: '  ' }, /'Text' is blank/, /Enter the message in 'Text'/],
		['media without a URL or attachments', { messageType: 'video' }, /The video message has no media/, /Media URL/],
		['invalid Data (JSON)', { dataMode: 'json', data: '{"text": ' }, /Data \(JSON\) is not valid JSON/, /Fix the JSON/],
		['no receivers in multiple mode', { receiverType: 'multiple', text: 'Hi' }, /No receivers were given/, /Receiver UIDs/],
		['an empty custom type', { category: 'custom', customType: ' ' }, /'Custom Type' is blank/, /Custom Type/],
	])('refuses %s before any request', async (_case, extra, message, howToFix) => {
		const result = await run(send(extra as INodeParameters));
		expectInputError(result, message, howToFix);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('Message → Send: Simplify', () => {
	beforeEach(seedPeople);
	const T = 1_760_000_000;
	const at = { sentAt: T, sentAtIso: '2025-10-09T08:53:20.000Z' };

	it('off by default: the message as CometChat answers it, as workflows saved before Simplify get it', async () => {
		const { items, error } = await run(send({ text: 'Hello Bob' }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ conversationId: 'ada_user_bob', data: { text: 'Hello Bob', entities: expect.any(Object) } });
		expect(items[0].json.sentAtIso).toBeUndefined();
	});

	it('on: who sent what to whom, its status and time, the time also in ISO 8601', async () => {
		store().setClock(T);
		const { items, error } = await run(send({ text: 'Hello Bob', simplify: true }));
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			id: expect.any(String),
			sender: 'ada',
			receiverType: 'user',
			receiver: 'bob',
			category: 'message',
			type: 'text',
			text: 'Hello Bob',
			status: 'approved',
			...at,
		});
	});

	it('on: the attachments of a media message, the data of a custom one, the parent of a thread reply', async () => {
		store().setClock(T);
		const parent = store().addMessage({ sender: 'bob', receiver: 'ada', data: { text: 'Lunch?' } });
		const image = await run(send({ messageType: 'image', url: 'https://example.com/cat.jpg', simplify: true }));
		expect(image.items[0].json).toMatchObject({ type: 'image', attachments: [{ url: 'https://example.com/cat.jpg' }], ...at });
		expect(image.items[0].json).not.toHaveProperty('data');
		const custom = await run(send({ category: 'custom', customType: 'location', customData: '{"lat": 52.5}', simplify: true }));
		expect(custom.items[0].json).toMatchObject({ category: 'custom', type: 'location', customData: { lat: 52.5 } });
		const reply = await run(send({ text: 'Yes', additionalFields: { parentId: parent.id }, simplify: true }));
		expect(reply.items[0].json).toMatchObject({ parentId: parent.id, text: 'Yes', ...at });
	});

	it('on, to several receivers: each message in short, a refused receiver as its error entry', async () => {
		const { items } = await run(send({ receiverType: 'multiple', receiverUids: 'bob, ghost', text: 'Hi', simplify: true }));
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ receiver: 'bob', text: 'Hi', sentAtIso: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/) }),
			{ receiverType: 'user', receiver: 'ghost', error: expect.objectContaining({ code: 'ERR_UID_NOT_FOUND' }) },
		]);
		expect(items[0].json).not.toHaveProperty('data');
	});

	it('a Simplify that is not a boolean names the field before anything is sent', async () => {
		const result = await run(send({ text: 'Hi', simplify: '={{ $json.short }}' }), [{ short: 'yes' }]);
		expectInputError(result, /'Simplify'/, /.+/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('Message → Update and Re-Moderate', () => {
	beforeEach(seedPeople);

	const update = (extra: INodeParameters): INodeParameters => ({
		resource: 'message',
		operation: 'update',
		...extra,
	});

	it('a pending message edited to clean text comes back approved, with editedAt and editedBy', async () => {
		seedBlockRule();
		const sent = await run(send({ text: 'you badword' }));
		const id = sent.items[0].json.id as string;
		expect(sent.items[0].json).toMatchObject({ data: { moderation: { status: 'pending' } } });
		store().setClock(1_800_000_000);
		emulator().clearRequests();

		const { items, error } = await run(update({ messageId: id, text: 'you are kind', onBehalfOf: byId('cy') }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			id,
			editedAt: 1_800_000_000,
			editedBy: 'cy',
			data: { text: 'you are kind', moderation: { status: 'approved' } },
		});
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'PUT', path: `/v3/moderation/messages/${id}`, body: { data: { text: 'you are kind' } } });
		expect(request.headers.onbehalfof).toBe('cy');
		expect(store().blockedMessages.has(id)).toBe(false);

		// And back: an edit that matches the rule again is held again.
		const again = await run(update({ messageId: id, text: 'badword again' }));
		expect(again.items[0].json).toMatchObject({ editedBy: 'app_system', data: { moderation: { status: 'pending' } } });
		expect(apiRequests(emulator()).at(-1)?.headers.onbehalfof).toBeUndefined();
	});

	it('sends custom data and metadata from the fields, and any data in JSON mode', async () => {
		const message = store().addMessage({
			sender: 'ada',
			receiver: 'bob',
			category: 'custom',
			type: 'poll',
			data: { customData: { q: 1 } },
		});
		await run(update({ messageId: message.id, changes: { customData: '{"q": 2}', metadata: '{"edited": true}' } }));
		expect(apiRequests(emulator())[0].body).toEqual({ data: { customData: { q: 2 }, metadata: { edited: true } } });

		const { items } = await run(
			update({ messageId: message.id, specifyData: 'json', changesJson: '{"customData": {"q": 3}, "note": "x"}' }),
		);
		expect(apiRequests(emulator())[1].body).toEqual({ data: { customData: { q: 3 }, note: 'x' } });
		expect(items[0].json).toMatchObject({ data: { customData: { q: 3 }, note: 'x', metadata: { edited: true } } });
	});

	it('refuses an edit with nothing to change, and an empty message ID, before any request', async () => {
		expectInputError(await run(update({ messageId: '5' })), /nothing to change/, /Update Fields/);
		expectInputError(await run(update({ messageId: ' ', text: 'x' })), /'Message' is empty/, /\$json\.id/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('fails for an unknown message with ERR_MESSAGE_ID_NOT_FOUND', async () => {
		expectServiceError(await run(update({ messageId: '999', text: 'x' })), 'ERR_MESSAGE_ID_NOT_FOUND', '404');
	});
});

describe('Message → Get Thread', () => {
	beforeEach(seedPeople);

	/** A parent message with `count` replies, alternating senders, one second apart. */
	function seedThread(count: number): string {
		const parent = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'Thread start' }, sentAt: 1_700_000_000 });
		for (let i = 1; i <= count; i++) {
			store().addMessage({
				sender: i % 2 ? 'bob' : 'ada',
				receiver: i % 2 ? 'ada' : 'bob',
				parentId: parent.id,
				data: { text: `Reply ${i}` },
				sentAt: 1_700_000_000 + i,
			});
		}
		return parent.id as string;
	}

	const getThread = (messageId: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'message',
		operation: 'getThread',
		messageId,
		onBehalfOf: byId('bob'),
		...extra,
	});

	it('Return All over a thread of 2,500 replies returns each reply exactly once, in order', async () => {
		const parentId = seedThread(2_500);
		const { items, error } = await run(getThread(parentId, { returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2_500);
		expect(items.map((item) => item.json.text)).toEqual(Array.from({ length: 2_500 }, (_, i) => `Reply ${i + 1}`));
		expect(new Set(items.map((item) => item.json.id)).size).toBe(2_500);
		expect(items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
		expect(items[0].json).toEqual({
			id: items[0].json.id,
			parentId,
			sender: 'bob',
			receiverType: 'user',
			receiver: 'ada',
			type: 'text',
			text: 'Reply 1',
			status: 'approved',
			sentAt: 1_700_000_001,
			sentAtIso: '2023-11-14T22:13:21.000Z',
		});

		const sent = apiRequests(emulator());
		expect(sent).toHaveLength(3);
		expect(sent.every((request) => request.path === `/v3/messages/${parentId}/thread`)).toBe(true);
		expect(sent.every((request) => request.headers.onbehalfof === 'bob')).toBe(true);
		// The published largest page, 1000.
		expect(sent[0].query).toEqual({ limit: '1000' });
		// The next pages send back the cursor of meta.next: the first reply not yet returned.
		expect(sent[1].query).toEqual({ limit: '1000', affix: 'append', sentAt: '1700001001', id: String(items[1000].json.id) });
		expect(sent[2].query).toEqual({ limit: '1000', affix: 'append', sentAt: '1700002001', id: String(items[2000].json.id) });
	});

	it('Limit 30 makes one request; Simplify off gives the raw messages', async () => {
		const parentId = seedThread(50);
		const { items } = await run(getThread(parentId, { limit: 30, options: { simplify: false } }));
		expect(items).toHaveLength(30);
		expect(items[29].json).toMatchObject({ parentId, data: { text: 'Reply 30', entities: expect.any(Object) } });
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual([{ limit: '30' }]);
	});

	it('fails for an unknown message, and without Act As', async () => {
		expectServiceError(await run(getThread('404404')), 'ERR_MESSAGE_ID_NOT_FOUND', '404');
		// An expression that comes out empty (an empty field in the UI is stopped by n8n itself).
		const noUser = await run(getThread('1', { onBehalfOf: byId('={{ $json.uid }}') }), [{ uid: '' }]);
		expectInputError(noUser, /'Act As' is empty/, /Choose/);
	});
});

describe('Message → Get Reactions', () => {
	beforeEach(seedPeople);

	const getReactions = (messageId: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'message',
		operation: 'getReactions',
		messageId,
		onBehalfOf: byId('ada'),
		...extra,
	});

	it('Return All over 130 reactions returns each once, in two cursor pages', async () => {
		const message = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'React!' } });
		for (let i = 0; i < 130; i++) {
			store().addReaction({ messageId: message.id, uid: ['ada', 'bob', 'cy'][i % 3], reaction: `:r${i}:`, reactedAt: 1_700_000_000 + i });
		}
		const { items, error } = await run(getReactions(message.id, { returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(130);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(130);
		expect(items[0].json).toMatchObject({ messageId: message.id, reaction: ':r0:', uid: 'ada', reactedAt: 1_700_000_000 });
		expect(items[0].json.reactedBy).toMatchObject({ uid: 'ada', name: 'Ada' });
		const sent = apiRequests(emulator());
		expect(sent.map((request) => request.query)).toEqual([
			{ limit: '100' },
			{ limit: '100', affix: 'append', id: String(items[100].json.id) },
		]);
		expect(sent.every((request) => request.headers.onbehalfof === 'ada')).toBe(true);
	});

	it('Limit 2 returns two reactions; an unknown message fails with its code', async () => {
		const message = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'x' } });
		store().addReaction({ messageId: message.id, uid: 'bob', reaction: '👍' });
		store().addReaction({ messageId: message.id, uid: 'cy', reaction: '🎉' });
		store().addReaction({ messageId: message.id, uid: 'ada', reaction: '❤️' });
		const { items } = await run(getReactions(message.id, { limit: 2 }));
		expect(items.map((item) => item.json.reaction)).toEqual(['👍', '🎉']);
		expect(apiRequests(emulator())[0].query).toEqual({ limit: '2' });
		expectServiceError(await run(getReactions('777')), 'ERR_MESSAGE_ID_NOT_FOUND', '404');
	});
});

describe('Message → Flag', () => {
	beforeEach(seedPeople);

	const flag = (messageId: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'message',
		operation: 'flag',
		messageId,
		onBehalfOf: byId('cy'),
		reasonId: { __rl: true, mode: 'list', value: 'harassment' },
		remark: 'Rude',
		...extra,
	});

	it('flags a message on behalf of a user; it then shows in the flagged list', async () => {
		const message = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'rude words' } });
		const { items, error } = await run(flag(message.id));
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{ json: expect.objectContaining({ id: message.id, reasonId: 'harassment', success: true }), pairedItem: { item: 0 } },
		]);
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({
			method: 'POST',
			path: `/v3/messages/${message.id}/flagged`,
			body: { id: 'harassment', reasonId: 'harassment', remark: 'Rude' },
		});
		expect(request.headers.onbehalfof).toBe('cy');
		expect(store().flagged.get(message.id)?.flaggedBy).toEqual([
			expect.objectContaining({ uid: 'cy', reasonId: 'harassment', remark: 'Rude' }),
		]);
	});

	it('leaves out an empty remark, and fails for an unknown reason with ERR_REASON_NOT_FOUND', async () => {
		const message = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'x' } });
		await run(flag(message.id, { remark: '' }));
		expect(apiRequests(emulator())[0].body).toEqual({ id: 'harassment', reasonId: 'harassment' });
		expectServiceError(await run(flag(message.id, { reasonId: byId('made-up') })), 'ERR_REASON_NOT_FOUND', '404');
	});
});
