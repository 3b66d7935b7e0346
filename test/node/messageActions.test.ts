/**
 * Message actions: Edit, Add / Remove Reaction, Get Reactions by Emoji, Pin / Unpin, Save / Unsave,
 * Mark as Interacted, Subscribe to / Unsubscribe From Thread and Get Threads, through n8n's engine
 * against the emulator: the request sent, the output, the emulator's state after, the service's
 * errors and the input checks.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const store = () => emulator().store;
const marks = () => store().areas.messages.marks;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);
const CONTINUE = { onError: 'continueRegularOutput' as const };

/** ada, bob and cy, the group "crew" (ada owns it, bob is in it), and a message from ada to bob. */
let messageId: string;
beforeEach(() => {
	store().addUser({ uid: 'ada', name: 'Ada' });
	store().addUser({ uid: 'bob', name: 'Bob' });
	store().addUser({ uid: 'cy', name: 'Cy' });
	store().addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
	messageId = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'Hello', metadata: { n: 1 } }, tags: ['old'] }).id;
});

/** An operation of the message in `messageId`, unless the parameters pick another. */
const action = (parameters: INodeParameters): INodeParameters => ({
	resource: 'message',
	messageId: byId(messageId),
	...parameters,
});

describe('Message → Edit', () => {
	it('sends the new text, metadata and tags on behalf of the sender and outputs the edited message', async () => {
		store().setClock(1_700_000_500);
		const { items, error } = await run(
			action({ operation: 'edit', text: 'Hello, edited', changes: { metadata: '{"n": 2}', tags: 'a, b' }, onBehalfOf: byId('ada') }),
		);
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/v3/messages/${messageId}`,
			body: { data: { text: 'Hello, edited', metadata: { n: 2 } }, tags: ['a', 'b'] },
		});
		expect(request.headers).toMatchObject({ apikey: TEST_API_KEY, onbehalfof: 'ada' });
		expect(items).toEqual([
			{
				json: expect.objectContaining({
					id: messageId,
					data: expect.objectContaining({ text: 'Hello, edited', metadata: { n: 2 } }),
					tags: ['a', 'b'],
					editedBy: 'ada',
					editedAt: 1_700_000_500,
				}),
				pairedItem: { item: 0 },
			},
		]);
		expect(store().areas.messages.byId.get(messageId)).toMatchObject({ data: { text: 'Hello, edited' }, tags: ['a', 'b'] });
	});

	it('sends only what was given: tags alone leave out data, and no header without Act As', async () => {
		await run(action({ operation: 'edit', changes: { tags: ['x'] } }));
		const [request] = apiRequests(emulator());
		expect(request.body).toEqual({ tags: ['x'] });
		expect(request.headers.onbehalfof).toBeUndefined();
		expect(store().areas.messages.byId.get(messageId)?.editedBy).toBe('app_system');
	});

	it('refuses an edit with nothing in it, before any request; Continue On Fail goes on after a refusal by CometChat', async () => {
		expectInputError(await run(action({ operation: 'edit' })), /nothing to change/, /Text/);
		expect(apiRequests(emulator())).toEqual([]);
		const carriedOn = await run(
			action({ operation: 'edit', messageId: byId('={{ $json.id }}'), text: 'x', onBehalfOf: byId('={{ $json.by }}') }),
			[
				{ id: messageId, by: 'cy' },
				{ id: messageId, by: 'ada' },
			],
			CONTINUE,
		);
		expectErrorItem(carriedOn.items[0], 0, 'AUTH_ERR_NO_ACCESS');
		expect(carriedOn.items[1].json).toMatchObject({ id: messageId, editedBy: 'ada' });
	});
});

describe('Message → Add Reaction and Remove Reaction', () => {
	it('adds a reaction once per user, in the path, encoded; both lists show it; removing takes it away', async () => {
		const added = await run(action({ operation: 'addReaction', reaction: '👍', onBehalfOf: byId('bob') }));
		expect(added.error).toBeUndefined();
		expect(added.items[0].json).toMatchObject({ id: messageId, data: { reactions: [{ reaction: '👍', count: 1, reactedByMe: true }] } });
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'POST', path: `/v3/messages/${messageId}/reactions/%F0%9F%91%8D` });
		expect(request.headers.onbehalfof).toBe('bob');
		await run(action({ operation: 'addReaction', reaction: '👍', onBehalfOf: byId('bob') }));
		expect(store().areas.messages.reactions.get(messageId)).toEqual([expect.objectContaining({ uid: 'bob', reaction: '👍' })]);

		const listed = await run(action({ operation: 'getReactionsByEmoji', reaction: '👍', returnAll: true }));
		expect(listed.items.map((item) => item.json.uid)).toEqual(['bob']);
		const all = await run(action({ operation: 'getReactions', onBehalfOf: byId('ada'), returnAll: true }));
		expect(all.items.map((item) => item.json.reaction)).toEqual(['👍']);

		emulator().clearRequests();
		const removed = await run(action({ operation: 'removeReaction', reaction: '👍', onBehalfOf: byId('bob') }));
		expect(removed.items[0].json).toMatchObject({ id: messageId });
		expect((removed.items[0].json.data as IDataObject).reactions).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: `/v3/messages/${messageId}/reactions/%F0%9F%91%8D` });
		expect(store().areas.messages.reactions.get(messageId)).toEqual([]);
	});

	it('checks the reaction and Act As before sending; an unknown message fails with its code', async () => {
		const blank = await run(action({ operation: 'addReaction', reaction: '={{ $json.r }}', onBehalfOf: byId('bob') }), [{ r: '  ' }]);
		expectInputError(blank, /'Reaction' is blank/, /emoji/);
		const noUser = await run(action({ operation: 'removeReaction', reaction: 'x', onBehalfOf: byId('={{ $json.uid }}') }), [{ uid: '' }]);
		expectInputError(noUser, /'Act As' is empty/, /Choose/);
		expect(apiRequests(emulator())).toEqual([]);
		expectServiceError(
			await run(action({ operation: 'addReaction', messageId: byId('777'), reaction: 'x', onBehalfOf: byId('bob') })),
			'ERR_MESSAGE_ID_NOT_FOUND',
			'404',
		);
	});
});

describe('Message → Get Reactions by Emoji', () => {
	it('Return All over 130 reactions of one emoji returns each once, in two cursor pages, and no other emoji', async () => {
		for (let i = 0; i < 130; i++) {
			store().addUser({ uid: `u${i}`, name: `U${i}` });
			store().addReaction({ messageId, uid: `u${i}`, reaction: ':ok:', reactedAt: 1_700_000_000 + i });
		}
		store().addReaction({ messageId, uid: 'ada', reaction: '🎉' });
		const { items, error } = await run(action({ operation: 'getReactionsByEmoji', reaction: ':ok:', returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(130);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(130);
		expect(items.every((item) => item.json.reaction === ':ok:')).toBe(true);
		expect(items[0].json).toMatchObject({ messageId, uid: 'u0', reactedAt: 1_700_000_000, reactedBy: { uid: 'u0', name: 'U0' } });
		const sent = apiRequests(emulator());
		expect(sent.map((request) => request.path)).toEqual(Array(2).fill(`/v3/messages/${messageId}/reactions/%3Aok%3A`));
		expect(sent.map((request) => request.query)).toEqual([
			{ limit: '100' },
			{ limit: '100', affix: 'append', id: String(items[100].json.id) },
		]);
	});

	it('Limit 2 makes one request with the viewer; an unknown message fails with its code', async () => {
		for (const uid of ['ada', 'bob', 'cy']) store().addReaction({ messageId, uid, reaction: '👍' });
		const { items } = await run(action({ operation: 'getReactionsByEmoji', reaction: '👍', limit: 2, onBehalfOf: byId('cy') }));
		expect(items.map((item) => item.json.uid)).toEqual(['ada', 'bob']);
		expect(apiRequests(emulator())[0]).toMatchObject({ query: { limit: '2' }, headers: { onbehalfof: 'cy' } });
		expectServiceError(
			await run(action({ operation: 'getReactionsByEmoji', messageId: byId('777'), reaction: '👍' })),
			'ERR_MESSAGE_ID_NOT_FOUND',
			'404',
		);
	});
});

describe('Message → Pin and Unpin', () => {
	it('pins as the app without Act As, shows the pinner, and unpins', async () => {
		store().setClock(1_700_000_900);
		const pinned = await run(action({ operation: 'pin' }));
		expect(pinned.items).toEqual([
			{ json: expect.objectContaining({ id: messageId, pinnedBy: 'app_system', pinnedAt: 1_700_000_900 }), pairedItem: { item: 0 } },
		]);
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'POST', path: `/v3/messages/${messageId}/pin` });
		expect(request.headers.onbehalfof).toBeUndefined();
		expect(marks().pins.get(messageId)).toEqual({ pinnedBy: 'app_system', pinnedAt: 1_700_000_900 });

		const unpinned = await run(action({ operation: 'unpin', onBehalfOf: byId('bob') }));
		expect(unpinned.items[0].json.pinnedBy).toBeUndefined();
		expect(apiRequests(emulator())[1]).toMatchObject({
			method: 'DELETE',
			path: `/v3/messages/${messageId}/pin`,
			headers: { onbehalfof: 'bob' },
		});
		expect(marks().pins.has(messageId)).toBe(false);

		await run(action({ operation: 'pin', onBehalfOf: byId('bob') }));
		expect(marks().pins.get(messageId)?.pinnedBy).toBe('bob');
	});

	it('the 101st pin of a conversation fails with ERR_PINNED_MESSAGES_LIMIT_EXCEEDED; Continue On Fail goes on', async () => {
		const ids = store()
			.addMessages(101, { sender: 'ada', receiver: 'bob' })
			.map((m) => m.id);
		for (const id of ids.slice(0, 100)) marks().pins.set(id, { pinnedBy: 'ada', pinnedAt: 1 });
		const group = store().addMessage({ sender: 'ada', receiver: 'crew', receiverType: 'group', data: { text: 'g' } }).id;
		const result = await run(action({ operation: 'pin', messageId: byId('={{ $json.id }}') }), [{ id: ids[100] }, { id: group }], CONTINUE);
		expectErrorItem(result.items[0], 0, 'ERR_PINNED_MESSAGES_LIMIT_EXCEEDED');
		expect(result.items[0].error?.description).toContain('unpin one first (Message → Unpin)');
		expect(result.items[1].json).toMatchObject({ id: group, pinnedBy: 'app_system' });
		expect(marks().pins.has(ids[100])).toBe(false);
	});
});

describe('Message → Save and Unsave', () => {
	it("saves for one user with savedAt, and unsaves; another user's saves stay apart", async () => {
		store().setClock(1_700_001_000);
		const saved = await run(action({ operation: 'save', onBehalfOf: byId('bob') }));
		expect(saved.items[0].json).toMatchObject({ id: messageId, savedAt: 1_700_001_000 });
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: `/v3/messages/${messageId}/save`,
			headers: { onbehalfof: 'bob' },
		});
		expect([...(marks().saves.get('bob')?.keys() ?? [])]).toEqual([messageId]);
		expect(marks().saves.get('ada')).toBeUndefined();

		const unsaved = await run(action({ operation: 'unsave', onBehalfOf: byId('bob') }));
		expect(unsaved.items[0].json.savedAt).toBeUndefined();
		expect(apiRequests(emulator())[1]).toMatchObject({ method: 'DELETE', path: `/v3/messages/${messageId}/save` });
		expect(marks().saves.get('bob')?.size).toBe(0);
	});

	it('the 101st save of a user fails with ERR_SAVED_MESSAGES_LIMIT_EXCEEDED; Act As is required', async () => {
		const ids = store()
			.addMessages(101, { sender: 'ada', receiver: 'bob' })
			.map((m) => m.id);
		marks().saves.set('bob', new Map(ids.slice(0, 100).map((id) => [id, 1])));
		const over = await run(action({ operation: 'save', messageId: byId(ids[100]), onBehalfOf: byId('bob') }));
		expectServiceError(over, 'ERR_SAVED_MESSAGES_LIMIT_EXCEEDED', '400');
		expect(over.error?.description).toContain('unsave one first (Message → Unsave)');
		const noUser = await run(action({ operation: 'save', onBehalfOf: byId('={{ $json.uid }}') }), [{ uid: '' }]);
		expectInputError(noUser, /'Act As' is empty/, /Choose/);
	});
});

describe('Message → Mark as Interacted', () => {
	let formId: string;
	beforeEach(() => {
		formId = store().addMessage({
			sender: 'ada',
			receiver: 'bob',
			category: 'interactive',
			type: 'form',
			data: { interactiveData: { formFields: [{ elementId: 'email' }], submitElement: { elementId: 'submit' } } },
		}).id;
	});

	it('sends the element IDs as interactions and records them for the user', async () => {
		store().setClock(1_700_002_000);
		const { items, error } = await run(
			action({ operation: 'markInteracted', messageId: byId(formId), elementIds: 'submit, email', onBehalfOf: byId('bob') }),
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({
			id: formId,
			success: true,
			message: `The message id ${formId} has been marked as interacted for the user bob.`,
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PATCH',
			path: `/v3/messages/${formId}/interacted`,
			body: { interactions: ['submit', 'email'] },
			headers: { onbehalfof: 'bob' },
		});
		expect(Object.fromEntries(marks().interactions.get(formId)?.get('bob') ?? [])).toEqual({ submit: 1_700_002_000, email: 1_700_002_000 });
	});

	it('refuses no element IDs before sending; an element the message does not declare is refused by CometChat', async () => {
		const empty = await run(
			action({ operation: 'markInteracted', messageId: byId(formId), elementIds: '={{ $json.ids }}', onBehalfOf: byId('bob') }),
			[{ ids: [] }],
		);
		expectInputError(empty, /'Element IDs' is empty/, /Element IDs/);
		expect(apiRequests(emulator())).toEqual([]);
		expectServiceError(
			await run(action({ operation: 'markInteracted', messageId: byId(formId), elementIds: 'nope', onBehalfOf: byId('bob') })),
			'ERR_BAD_REQUEST',
			'400',
		);
		expect(marks().interactions.size).toBe(0);
	});
});

describe('Message → Subscribe to Thread and Unsubscribe From Thread', () => {
	it('subscribes and unsubscribes one user', async () => {
		const subscribed = await run(action({ operation: 'subscribeThread', onBehalfOf: byId('bob') }));
		expect(subscribed.items[0].json).toEqual({ id: messageId, subscribed: true, success: true });
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: `/v3/messages/${messageId}/thread/subscription`,
			headers: { onbehalfof: 'bob' },
		});
		await run(action({ operation: 'subscribeThread', onBehalfOf: byId('ada') }));
		expect([...(marks().subscriptions.get(messageId) ?? [])]).toEqual(['bob', 'ada']);

		const unsubscribed = await run(action({ operation: 'unsubscribeThread', onBehalfOf: byId('bob') }));
		expect(unsubscribed.items[0].json).toEqual({ id: messageId, subscribed: false, success: true });
		expect(apiRequests(emulator())[2]).toMatchObject({ method: 'DELETE', path: `/v3/messages/${messageId}/thread/subscription` });
		expect([...(marks().subscriptions.get(messageId) ?? [])]).toEqual(['ada']);
		expectServiceError(
			await run(action({ operation: 'unsubscribeThread', messageId: byId('777'), onBehalfOf: byId('bob') })),
			'ERR_MESSAGE_ID_NOT_FOUND',
			'404',
		);
	});
});

describe('Message → Get Threads', () => {
	/** `count` threads between ada and bob, thread i updated at 1_700_000_000 + i by its one reply. */
	const seedThreads = (count: number) => {
		for (let i = 1; i <= count; i++) {
			const parent = store().addMessage({ sender: 'ada', receiver: 'bob', data: { text: `Thread ${i}` }, sentAt: 1_600_000_000 + i });
			store().addMessage({ sender: 'bob', receiver: 'ada', parentId: parent.id, data: { text: `Reply ${i}` }, sentAt: 1_700_000_000 + i });
		}
	};

	it('Return All over 1,100 threads returns each once, in two cursor pages of 1000, simplified', async () => {
		seedThreads(1100);
		const { items, error } = await run({ resource: 'message', operation: 'getThreads', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1100);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(1100);
		expect(items[0].json).toEqual({
			id: items[0].json.id,
			sender: 'ada',
			receiverType: 'user',
			receiver: 'bob',
			text: 'Thread 1',
			sentAt: 1_600_000_001,
			sentAtIso: '2020-09-13T12:26:41.000Z',
			replyCount: 1,
			lastReplyAt: 1_700_000_001,
			lastReplyAtIso: '2023-11-14T22:13:21.000Z',
		});
		const sent = apiRequests(emulator());
		expect(sent.map((request) => request.path)).toEqual(['/v3/threads', '/v3/threads']);
		expect(sent.map((request) => request.query)).toEqual([{ limit: '1000' }, { limit: '1000', affix: 'append', updatedAt: '1700001001' }]);
	});

	it('filters as a user: participatedByMe, unread replies and mentions; Simplify off gives the raw thread', async () => {
		seedThreads(2);
		const other = store().addMessage({ sender: 'bob', receiver: 'cy', data: { text: 'Bob and Cy' } });
		store().addMessage({ sender: 'cy', receiver: 'bob', parentId: other.id, data: { text: 'hi <@uid:bob>' } });
		const { items } = await run({
			resource: 'message',
			operation: 'getThreads',
			limit: 10,
			onBehalfOf: byId('cy'),
			filters: { participatedByMe: true, withUnreadReplyCount: true, withMentionCount: true },
			options: { simplify: false },
		});
		expect(items.map((item) => item.json.id)).toEqual([other.id]);
		expect(items[0].json).toMatchObject({
			replyCount: 1,
			unreadReplyCount: 0,
			mentionCount: 0,
			lastReply: { data: { text: 'hi <@uid:bob>' } },
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			query: { limit: '10', participatedByMe: 'true', withUnreadReplyCount: 'true', withMentionCount: 'true' },
			headers: { onbehalfof: 'cy' },
		});
		const bob = await run({
			resource: 'message',
			operation: 'getThreads',
			limit: 10,
			onBehalfOf: byId('bob'),
			filters: { withMentionCount: true },
		});
		expect(bob.items.map((item) => item.json.mentionCount)).toEqual([0, 0, 1]);
	});

	it('refuses the user filters without Act As, before any request', async () => {
		const result = await run({ resource: 'message', operation: 'getThreads', limit: 5, filters: { participatedByMe: true } });
		expectInputError(result, /'Act As' is empty/, /Choose the user/);
		expect(apiRequests(emulator())).toEqual([]);
	});
});
