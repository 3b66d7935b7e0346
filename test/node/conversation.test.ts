/** Conversation: every operation through n8n's engine against the emulator over real HTTP. */
import { orderKeysOf } from '../../nodes/CometChat/actions/orderKeys';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, pageQueries, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: Parameters<typeof runNode>[1], input?: Parameters<typeof runNode>[2], options = {}) =>
	runNode(credentialsFor(emulator()), { resource: 'conversation', ...parameters }, input, options);

const seed = () => {
	const store = emulator().store;
	store.setClock(1_700_000_000);
	for (const uid of ['ada', 'bob', 'cy']) store.addUser({ uid, name: uid.toUpperCase() });
	store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
	store.addMessage({ id: '1', sender: 'bob', receiver: 'ada', data: { text: 'hi' }, sentAt: 1_700_000_001 });
	store.addMessage({ id: '2', sender: 'bob', receiver: 'ada', data: { text: 'there' }, sentAt: 1_700_000_002 });
	store.addMessage({ id: '3', sender: 'bob', receiverType: 'group', receiver: 'crew', data: { text: 'team' }, sentAt: 1_700_000_003 });
};
const views = (uid: string) => emulator().store.areas.conversations.views.get(uid);
const withBob = { conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada') };
const inCrew = { conversationWith: 'group', guid: byId('crew'), onBehalfOf: byId('ada') };

describe('Conversation → Get Many', () => {
	it("lists a user's conversations, the latest first, simplified, with the published query", async () => {
		seed();
		const { items, error } = await run({ operation: 'getAll', onBehalfOf: byId('ada'), returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{
				conversationId: 'group_crew',
				conversationType: 'group',
				unreadMessageCount: '1',
				updatedAt: 1_700_000_003,
				updatedAtIso: '2023-11-14T22:13:23.000Z',
				conversationWith: { guid: 'crew', name: 'Crew' },
				lastMessage: { id: '3', sender: 'bob', type: 'text', text: 'team', sentAt: 1_700_000_003, sentAtIso: '2023-11-14T22:13:23.000Z' },
			},
			{
				conversationId: 'ada_user_bob',
				conversationType: 'user',
				unreadMessageCount: '2',
				updatedAt: 1_700_000_002,
				updatedAtIso: '2023-11-14T22:13:22.000Z',
				conversationWith: { uid: 'bob', name: 'BOB' },
				lastMessage: { id: '2', sender: 'bob', type: 'text', text: 'there', sentAt: 1_700_000_002, sentAtIso: '2023-11-14T22:13:22.000Z' },
			},
		]);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'GET', path: '/v3/conversations' });
		expect(sent.query).toEqual({ withTags: 'true', useCursoredIndex: '0', perPage: '1000', page: '1' });
		expect(sent.headers.onbehalfof).toBe('ada');
	});

	it('sends the filters as published and the service applies them; raw records on request', async () => {
		seed();
		emulator().store.addMessage({ id: '4', sender: 'cy', receiver: 'ada', data: { text: 'yo' }, sentAt: 1_700_000_004 });
		const filters = { conversationType: 'user', searchKey: 'c', unread: true, agentic: 'hide', tags: '', userTags: 'a, b' };
		const { items } = await run({ operation: 'getAll', onBehalfOf: byId('ada'), returnAll: true, filters: { ...filters, userTags: '' } });
		expect(items.map((item) => item.json.conversationId)).toEqual(['ada_user_cy']);
		emulator().clearRequests();
		await run({ operation: 'getAll', returnAll: false, limit: 3, filters, options: { simplify: false } });
		expect(apiRequests(emulator())[0].query).toEqual({
			conversationType: 'user',
			searchKey: 'c',
			userTags: 'a,b',
			unread: 'true',
			hideAgentic: 'true',
			withTags: 'true',
			useCursoredIndex: '0',
			perPage: '3',
			page: '1',
		});
		const raw = await run({ operation: 'getAll', onBehalfOf: byId('ada'), returnAll: true, options: { simplify: false } });
		expect(raw.items[0].json).toMatchObject({ conversationId: 'ada_user_cy', lastMessage: { id: '4', data: { text: 'yo' } } });
	});

	it("pages every user's conversations with Return All", async () => {
		seed();
		for (let i = 1; i <= 1200; i++) emulator().store.addUser({ uid: `u${i}`, name: `U${i}` });
		for (let i = 1; i <= 1200; i++)
			emulator().store.addMessage({ sender: `u${i}`, receiver: 'cy', data: { text: 'x' }, sentAt: 1_700_000_100 + i });
		emulator().clearRequests();
		const { items } = await run({ operation: 'getAll', onBehalfOf: byId('cy'), returnAll: true });
		expect(items).toHaveLength(1200);
		expect(items[0].json.conversationId).toBe('cy_user_u1200');
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual(
			pageQueries(1000, 2, { withTags: 'true', useCursoredIndex: '0' }),
		);
	});
});

describe('Conversation → Get, Update Tags, Reset', () => {
	it('gets a one-to-one and a group conversation as Act As sees it', async () => {
		seed();
		const { items } = await run({ operation: 'get', ...withBob }, [{}]);
		expect(items[0].json).toMatchObject({ conversationId: 'ada_user_bob', unreadMessageCount: '2', conversationWith: { uid: 'bob' } });
		const group = await run({ operation: 'get', ...inCrew });
		expect(group.items[0].json).toMatchObject({ conversationId: 'group_crew', conversationWith: { guid: 'crew', scope: 'admin' } });
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.path} ${request.headers.onbehalfof}`)).toEqual([
			'GET /v3/users/bob/conversation ada',
			'GET /v3/groups/crew/conversation ada',
		]);
	});

	it('a conversation the user has not is the service error; Continue On Fail goes on', async () => {
		seed();
		const parameters = { operation: 'get', conversationWith: 'user', uid: byId('={{ $json.uid }}'), onBehalfOf: byId('ada') };
		const input = [{ uid: 'cy' }, { uid: 'Bob' }, { uid: 'bob' }];
		expectServiceError(await run(parameters, input), 'ERR_CONVERSATION_NOT_FOUND', '404');
		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_CONVERSATION_NOT_FOUND');
		expectErrorItem(carriedOn.items[1], 1, /'With User' holds "Bob", which has capital letters/);
		expect(carriedOn.items[2].json.conversationId).toBe('ada_user_bob');
		expect(apiRequests(emulator())).toHaveLength(2);
	});

	it('updates the tags, which are the user’s own', async () => {
		seed();
		const { items } = await run({ operation: 'updateTags', ...inCrew, tags: 'vip, later' });
		expect(items[0].json).toMatchObject({ conversationId: 'group_crew', tags: ['vip', 'later'] });
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PUT',
			path: '/v3/groups/crew/conversation',
			body: { tags: ['vip', 'later'] },
		});
		expect(views('ada')?.get('group_crew')?.tags).toEqual(['vip', 'later']);
		expect(views('bob')?.get('group_crew')?.tags).toBeUndefined();
		const cleared = await run({ operation: 'updateTags', ...inCrew, tags: '' });
		expect(cleared.items[0].json.tags).toEqual([]);
		expectInputError(await run({ operation: 'updateTags', ...inCrew, tags: 'a, a' }), /'Tags' holds "a" more than once/, /once/);
	});

	it('resets for the user only, with the published options', async () => {
		seed();
		const { items } = await run({ operation: 'reset', ...withBob, deleteMessagesPermanently: false, preserveOrder: false });
		expect(items[0].json).toEqual({
			uid: 'bob',
			onBehalfOf: 'ada',
			success: true,
			message: 'The conversation ada_user_bob has been deleted successfully for UID ada.',
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'DELETE',
			path: '/v3/users/bob/conversation',
			body: { deleteMessagesPermanently: false, preserveOrder: false },
		});
		expectServiceError(await run({ operation: 'get', ...withBob }), 'ERR_CONVERSATION_NOT_FOUND', '404');
		expect((await run({ operation: 'get', conversationWith: 'user', uid: byId('ada'), onBehalfOf: byId('bob') })).error).toBeUndefined();
		emulator().clearRequests();
		await run({ operation: 'reset', ...inCrew, preserveOrder: true });
		expect(apiRequests(emulator())[0].body).toEqual({ preserveOrder: true });
		expect(views('ada')?.get('group_crew')?.keptPlace).toEqual({ createdAt: 1_700_000_003, updatedAt: 1_700_000_003 });
	});
});

describe('Conversation → Pin and Unpin', () => {
	it('pins and unpins; the sixth pin is the service error', async () => {
		seed();
		const { items } = await run({ operation: 'pin', ...withBob });
		expect(items[0].json).toEqual({
			uid: 'bob',
			onBehalfOf: 'ada',
			conversationId: 'ada_user_bob',
			conversationType: 'user',
			pinnedBy: 'ada',
			pinnedAt: 1_700_000_000,
		});
		expect(views('ada')?.get('ada_user_bob')?.pinnedAt).toBe(1_700_000_000);
		for (const uid of ['e1', 'e2', 'e3', 'e4', 'e5']) emulator().store.addUser({ uid, name: uid });
		const many = await run({ operation: 'pin', conversationWith: 'user', uid: byId('={{ $json.uid }}'), onBehalfOf: byId('ada') }, [
			{ uid: 'e1' },
			{ uid: 'e2' },
			{ uid: 'e3' },
			{ uid: 'e4' },
			{ uid: 'e5' },
		]);
		expectServiceError(many, 'ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED', '400', 4);
		emulator().clearRequests();
		const unpinned = await run({ operation: 'unpin', ...withBob });
		expect(unpinned.items[0].json).toMatchObject({ conversationId: 'ada_user_bob', conversationType: 'user' });
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: '/v3/users/bob/conversation/pin' });
		expect(views('ada')?.get('ada_user_bob')?.pinnedAt).toBeUndefined();
	});

	it('a globally pinned conversation cannot be unpinned by a user', async () => {
		seed();
		emulator().store.areas.conversations.replaceGlobalPins([{ type: 'group', with: 'crew' }]);
		expectServiceError(await run({ operation: 'unpin', ...inCrew }), 'ERR_SYSTEM_PINNED_CONVERSATION', '403');
	});
});

describe('Conversation → Mark as Delivered, Read and Unread', () => {
	it('marks up to a message, sent as an integer; the unread count follows', async () => {
		seed();
		const read = await run({ operation: 'markRead', ...withBob, messageId: byId('1') });
		expect(read.items[0].json).toEqual({
			uid: 'bob',
			onBehalfOf: 'ada',
			messageId: '1',
			success: true,
			Message: 'All the messages from the user bob are marked as read for the user ada.',
		});
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'POST', path: '/v3/users/bob/conversation/read', body: { messageId: 1 } });
		expect(views('ada')?.get('ada_user_bob')).toMatchObject({ readUpTo: 1, deliveredUpTo: 1 });
		await run({ operation: 'markDelivered', ...withBob, messageId: byId('2') });
		expect(views('ada')?.get('ada_user_bob')).toMatchObject({ readUpTo: 1, deliveredUpTo: 2 });
		await run({ operation: 'markRead', ...withBob, messageId: byId('2') });
		const unread = await run({ operation: 'markUnread', ...withBob, messageId: byId('1') });
		expect(unread.items[0].json.message).toBe(
			'The messages after the message id 1 from the user bob are marked as unread for the user ada.',
		);
		expect(apiRequests(emulator()).at(-1)).toMatchObject({
			method: 'DELETE',
			path: '/v3/users/bob/conversation/read',
			body: { messageId: 1 },
		});
		const got = await run({ operation: 'get', ...withBob });
		expect(got.items[0].json.unreadMessageCount).toBe('1');
		const group = await run({ operation: 'markDelivered', ...inCrew, messageId: byId('3') });
		expect(group.items[0].json).toMatchObject({ guid: 'crew', messageId: '3', success: true });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'POST', path: '/v3/groups/crew/conversation/delivered' });
	});

	it('refuses a message ID that is not a whole number before sending; a message of another conversation is the service error', async () => {
		seed();
		expectInputError(
			await run({ operation: 'markRead', ...withBob, messageId: byId('abc') }),
			/'Message' holds "abc", which is not a message ID/,
			/the message's ID/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		expectServiceError(await run({ operation: 'markRead', ...withBob, messageId: byId('3') }), 'ERR_BAD_REQUEST', '400');
	});
});

describe('Conversation: the same operations on the other kind of conversation', () => {
	it('tags a one-to-one conversation, pins a group one, marks a group one read and unread', async () => {
		seed();
		await run({ operation: 'updateTags', ...withBob, tags: 'vip' });
		await run({ operation: 'pin', ...inCrew });
		await run({ operation: 'markRead', ...inCrew, messageId: byId('3') });
		expect(views('ada')?.get('group_crew')).toMatchObject({ pinnedAt: 1_700_000_000, readUpTo: 3 });
		const unread = await run({ operation: 'markUnread', ...inCrew, messageId: byId('3') });
		expect(unread.items[0].json).toMatchObject({ guid: 'crew', messageId: '3', success: true });
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.path}`)).toEqual([
			'PUT /v3/users/bob/conversation',
			'POST /v3/groups/crew/conversation/pin',
			'POST /v3/groups/crew/conversation/read',
			'DELETE /v3/groups/crew/conversation/read',
		]);
		expect(views('ada')?.get('ada_user_bob')?.tags).toEqual(['vip']);
	});
});

describe('Conversation → Get and Set Globally Pinned', () => {
	it('replaces the global pins in order and lists them', async () => {
		seed();
		const { items } = await run({
			operation: 'setPinned',
			pinnedConversations: {
				conversation: [
					{ type: 'group', guid: 'crew' },
					{ type: 'user', uid: 'bob' },
				],
			},
		});
		expect(items.map((item) => item.json)).toEqual([
			{ conversationId: 'group_crew', guid: 'crew', conversationType: 'group', pinnedBy: 'app_system', pinnedAt: 1_700_000_000 },
			{ uid: 'bob', conversationType: 'user', pinnedBy: 'app_system', pinnedAt: 1_700_000_000 },
		]);
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PUT',
			path: '/v3/conversations/pinned',
			body: { pinnedConversations: [{ guid: 'crew' }, { uid: 'bob' }] },
		});
		const listed = await run({ operation: 'getPinned' });
		expect(listed.items.map((item) => item.json)).toEqual(items.map((item) => item.json));
		expect(emulator().store.areas.conversations.globalPins.map((pin) => pin.with)).toEqual(['crew', 'bob']);
		const cleared = await run({ operation: 'setPinned', pinnedConversations: {} });
		expect(cleared.error).toBeUndefined();
		expect(emulator().store.areas.conversations.globalPins).toEqual([]);
	});

	it('refuses more than 5, a repeated entry and an empty ID before sending', async () => {
		seed();
		const six = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((uid) => ({ type: 'user', uid }));
		expectInputError(
			await run({ operation: 'setPinned', pinnedConversations: { conversation: six } }),
			/'Conversations to Pin' has 6 conversations; CometChat pins at most 5/,
			/at most 5/,
		);
		const twice = [
			{ type: 'group', guid: 'crew' },
			{ type: 'group', guid: 'crew' },
		];
		expectInputError(await run({ operation: 'setPinned', pinnedConversations: { conversation: twice } }), /more than once/, /once/);
		expectInputError(
			await run({ operation: 'setPinned', pinnedConversations: { conversation: [{ type: 'user', uid: '' }] } }),
			/'User UID of conversation 1' is empty/,
			/Fill in/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		const unknown = await run({ operation: 'setPinned', pinnedConversations: { conversation: [{ type: 'user', uid: 'ghost' }] } });
		expectServiceError(unknown, 'ERR_UID_NOT_FOUND', '404');
	});
});

describe('Conversation → Get by ID and Delete by ID (deprecated)', () => {
	it('gets and deletes by conversation ID for Act As', async () => {
		seed();
		const { items } = await run({ operation: 'getById', conversationId: 'ada_user_bob', onBehalfOf: byId('bob') });
		expect(items[0].json).toMatchObject({ conversationId: 'ada_user_bob', conversationWith: { uid: 'ada' } });
		const deleted = await run({ operation: 'deleteById', conversationId: 'group_crew', onBehalfOf: byId('bob') });
		expect(deleted.items[0].json).toMatchObject({ success: true });
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /v3/conversations/ada_user_bob',
			'DELETE /v3/conversations/group_crew',
		]);
		expectServiceError(
			await run({ operation: 'getById', conversationId: 'group_crew', onBehalfOf: byId('bob') }),
			'ERR_CONVERSATION_NOT_FOUND',
			'404',
		);
		expectInputError(
			await run({ operation: 'deleteById', conversationId: ' ', onBehalfOf: byId('bob') }),
			/'Conversation ID' is empty/,
			/conversationId/,
		);
	});
});

describe('Conversation: items in flight', () => {
	const keysOf = (operation: string, parameters: Record<string, unknown>) =>
		orderKeysOf((name) => parameters[name], operation.split(':')[0], operation.split(':')[1]);

	it('an operation on a conversation keeps the key of the messages sent to it', () => {
		const sent = keysOf('message:send', { onBehalfOf: byId('bob'), receiverType: 'user', receiverUid: byId('Ada') });
		expect(sent).toEqual(['conversation:users:ada:bob']);
		expect(keysOf('conversation:markRead', { conversationWith: 'user', uid: byId('bob'), onBehalfOf: byId('ada') })).toEqual(sent);
		expect(keysOf('conversation:deleteById', { conversationId: 'bob_user_ada' })).toEqual(sent);
		const group = keysOf('message:send', { onBehalfOf: byId('bob'), receiverType: 'group', receiverGuid: byId('crew') });
		expect(keysOf('conversation:pin', { conversationWith: 'group', guid: byId('crew'), onBehalfOf: byId('ada') })).toEqual(group);
		expect(keysOf('conversation:getById', { conversationId: 'group_crew' })).toEqual(group);
		expect(keysOf('conversation:setPinned', {})).toEqual(['conversations:pinned']);
		expect(keysOf('conversation:getAll', {})).toBeUndefined();
	});
});
