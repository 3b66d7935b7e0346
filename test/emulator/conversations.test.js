// Conversations: derived from the stored messages; tags, marks, pins and resets per user; global pins.
const { useStarted } = require('./helpers');

const ctx = useStarted();
beforeEach(() => {
	const store = ctx.emu.store;
	store.reset();
	store.setClock(1_700_000_000);
	ctx.emu.clearRequests();
	for (const uid of ['ada', 'bob', 'cy', 'dan']) store.addUser({ uid, name: uid.toUpperCase() });
	store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
	store.addMessage({ id: '1', sender: 'bob', receiver: 'ada', data: { text: 'hi' }, sentAt: 1_700_000_001 });
	store.addMessage({ id: '2', sender: 'bob', receiver: 'ada', data: { text: 'there' }, sentAt: 1_700_000_002 });
	store.addMessage({ id: '3', sender: 'ada', receiverType: 'group', receiver: 'crew', data: { text: 'team' }, sentAt: 1_700_000_003 });
	store.addMessage({ id: '4', sender: 'cy', receiver: 'bob', data: { text: 'yo' }, sentAt: 1_700_000_004 });
});

describe('GET /conversations', () => {
	test("a user's conversations, the newest first, with unread counts from the stored messages", async () => {
		const r = await ctx.as('ada').get('/conversations');
		expect(r.status).toBe(200);
		expect(r.data.data.map((c) => [c.conversationId, c.conversationType, c.unreadMessageCount])).toEqual([
			['group_crew', 'group', '0'],
			['ada_user_bob', 'user', '2'],
		]);
		expect(r.data.data[1]).toMatchObject({ createdAt: 1_700_000_001, updatedAt: 1_700_000_002, conversationWith: { uid: 'bob' } });
		expect(r.data.data[1].lastMessage).toMatchObject({ id: '2', data: { text: 'there' } });
		expect(r.data.meta.pagination).toEqual({ total: 2, count: 2, per_page: 100, current_page: 1, total_pages: 1 });
	});

	test('without onBehalfOf: every participant, by UID; filters by type, unread and search; pages', async () => {
		const all = await ctx.api.get('/conversations', { params: { perPage: 2, page: 2 } });
		expect(all.data.meta.pagination).toMatchObject({ total: 6, count: 2, current_page: 2 });
		const groups = await ctx.as('bob').get('/conversations', { params: { conversationType: 'group' } });
		expect(groups.data.data.map((c) => c.conversationId)).toEqual(['group_crew']);
		const unread = await ctx.as('bob').get('/conversations', { params: { unread: true } });
		expect(unread.data.data.map((c) => c.conversationId)).toEqual(['bob_user_cy', 'group_crew']);
		const search = await ctx.as('bob').get('/conversations', { params: { searchKey: 'cr' } });
		expect(search.data.data.map((c) => c.conversationId)).toEqual(['group_crew']);
		const bad = await ctx.as('bob').get('/conversations', { params: { conversationType: 'room' } });
		expect(bad.status).toBe(400);
	});

	test('hides conversations with users the viewer blocked unless includeBlockedUsers', async () => {
		ctx.emu.store.blockUser('ada', 'bob', 1_700_000_010);
		expect((await ctx.as('ada').get('/conversations')).data.data.map((c) => c.conversationId)).toEqual(['group_crew']);
		const shown = await ctx.as('ada').get('/conversations', { params: { includeBlockedUsers: true, withBlockedInfo: true } });
		expect(shown.data.data[1].conversationWith).toMatchObject({ uid: 'bob', blockedByMe: true });
	});
});

describe('one conversation: get, tags, marks, reset', () => {
	test('get, and 404 for a conversation the user has not', async () => {
		const r = await ctx.as('ada').get('/users/bob/conversation');
		expect(r.data.data).toMatchObject({ conversationId: 'ada_user_bob', unreadMessageCount: '2' });
		const none = await ctx.as('ada').get('/users/cy/conversation');
		expect(none.status).toBe(404);
		expect(none.data.error.code).toBe('ERR_CONVERSATION_NOT_FOUND');
		const noUser = await ctx.as('ada').get('/users/ghost/conversation');
		expect(noUser.data.error.code).toBe('ERR_UID_NOT_FOUND');
		const noHeader = await ctx.api.get('/users/bob/conversation');
		expect(noHeader.status).toBe(400);
	});

	test('tags are the user’s own and are listed and filtered', async () => {
		const r = await ctx.as('ada').put('/groups/crew/conversation', { tags: ['vip'] });
		expect(r.data.data).toMatchObject({ conversationId: 'group_crew', tags: ['vip'] });
		const listed = await ctx.as('ada').get('/conversations', { params: { tags: 'vip' } });
		expect(listed.data.data.map((c) => c.conversationId)).toEqual(['group_crew']);
		expect((await ctx.as('bob').get('/groups/crew/conversation')).data.data.tags).toBeUndefined();
		const wrong = await ctx.as('ada').put('/groups/crew/conversation', { tags: 'vip' });
		expect(wrong.status).toBe(400);
	});

	test('read, delivered and unread marks move the unread count', async () => {
		const read = await ctx.as('ada').post('/users/bob/conversation/read', { messageId: 1 });
		expect(read.data.data).toEqual({ success: true, Message: 'All the messages from the user bob are marked as read for the user ada.' });
		const conversationOf = async () => (await ctx.as('ada').get('/users/bob/conversation')).data.data;
		expect((await conversationOf()).unreadMessageCount).toBe('1');
		await ctx.as('ada').post('/users/bob/conversation/read', { messageId: 2 });
		expect((await conversationOf()).unreadMessageCount).toBe('0');
		await ctx.as('ada').delete('/users/bob/conversation/read', { data: { messageId: 1 } });
		expect((await conversationOf()).unreadMessageCount).toBe('1');
		const views = ctx.emu.store.areas.conversations.views.get('ada');
		expect(views.get('ada_user_bob')).toMatchObject({ readUpTo: 1, deliveredUpTo: 2 });
		await ctx.as('bob').post('/groups/crew/conversation/delivered', { messageId: 3 });
		expect(ctx.emu.store.areas.conversations.views.get('bob').get('group_crew')).toEqual({ deliveredUpTo: 3 });
		const elsewhere = await ctx.as('ada').post('/users/bob/conversation/read', { messageId: 3 });
		expect(elsewhere.status).toBe(400);
		const missing = await ctx.as('ada').post('/users/bob/conversation/read', { messageId: 99 });
		expect(missing.data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
		const text = await ctx.as('ada').post('/users/bob/conversation/read', { messageId: '1' });
		expect(text.status).toBe(400);
	});

	test('reset clears the conversation for the user only; preserveOrder keeps its place; permanent deletes the messages', async () => {
		const r = await ctx.as('ada').delete('/users/bob/conversation', { data: {} });
		expect(r.data.data).toEqual({ success: true, message: 'The conversation ada_user_bob has been deleted successfully for UID ada.' });
		expect((await ctx.as('ada').get('/users/bob/conversation')).status).toBe(404);
		expect((await ctx.as('bob').get('/users/ada/conversation')).status).toBe(200);
		ctx.emu.store.addMessage({ id: '5', sender: 'bob', receiver: 'ada', data: { text: 'again' }, sentAt: 1_700_000_005 });
		const back = (await ctx.as('ada').get('/users/bob/conversation')).data.data;
		expect(back).toMatchObject({ unreadMessageCount: '1', createdAt: 1_700_000_005 });
		await ctx.as('ada').delete('/groups/crew/conversation', { data: { preserveOrder: true } });
		const kept = (await ctx.as('ada').get('/groups/crew/conversation')).data.data;
		expect(kept).toMatchObject({ conversationId: 'group_crew', updatedAt: 1_700_000_003, unreadMessageCount: '0' });
		expect(kept.lastMessage).toBeUndefined();
		await ctx.as('bob').delete('/users/cy/conversation', { data: { deleteMessagesPermanently: true } });
		expect(ctx.emu.store.messages.has('4')).toBe(false);
	});

	test('the deprecated routes by conversation id', async () => {
		const r = await ctx.as('bob').get('/conversations/ada_user_bob');
		expect(r.data.data).toMatchObject({ conversationId: 'ada_user_bob', conversationWith: { uid: 'ada' } });
		expect((await ctx.as('cy').get('/conversations/ada_user_bob')).data.error.code).toBe('ERR_CONVERSATION_NOT_FOUND');
		const deleted = await ctx.as('bob').delete('/conversations/group_crew');
		expect(deleted.data.data.success).toBe(true);
		expect((await ctx.as('bob').get('/groups/crew/conversation')).status).toBe(404);
	});
});

describe('pins', () => {
	test('a user pins up to 5, idempotently; unpinning drops the pin', async () => {
		const r = await ctx.as('ada').post('/users/bob/conversation/pin');
		expect(r.data.data).toEqual({ conversationId: 'ada_user_bob', conversationType: 'user', pinnedBy: 'ada', pinnedAt: 1_700_000_000 });
		ctx.emu.store.setClock(1_700_000_100);
		expect((await ctx.as('ada').post('/users/bob/conversation/pin')).data.data.pinnedAt).toBe(1_700_000_000);
		expect((await ctx.as('ada').get('/users/bob/conversation')).data.data).toMatchObject({ pinnedBy: 'ada', pinnedAt: 1_700_000_000 });
		for (const uid of ['e1', 'e2', 'e3', 'e4', 'e5']) ctx.emu.store.addUser({ uid, name: uid });
		for (const uid of ['e1', 'e2', 'e3', 'e4']) expect((await ctx.as('ada').post(`/users/${uid}/conversation/pin`)).status).toBe(200);
		const over = await ctx.as('ada').post('/users/e5/conversation/pin');
		expect(over.status).toBe(400);
		expect(over.data.error.code).toBe('ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED');
		const unpinned = await ctx.as('ada').delete('/users/bob/conversation/pin');
		expect(unpinned.data.data).toEqual({ conversationId: 'ada_user_bob', conversationType: 'user' });
		expect((await ctx.as('ada').get('/users/bob/conversation')).data.data.pinnedAt).toBeUndefined();
	});

	test('the app replaces its global pins (at most 5); a globally pinned conversation cannot be pinned by a user', async () => {
		const r = await ctx.api.put('/conversations/pinned', { pinnedConversations: [{ guid: 'crew' }, { uid: 'bob' }, { guid: 'crew' }] });
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual([
			{ conversationId: 'group_crew', guid: 'crew', conversationType: 'group', pinnedBy: 'app_system', pinnedAt: 1_700_000_000 },
			{ uid: 'bob', conversationType: 'user', pinnedBy: 'app_system', pinnedAt: 1_700_000_000 },
		]);
		expect((await ctx.api.get('/conversations/pinned')).data.data).toEqual(r.data.data);
		const refused = await ctx.as('ada').post('/groups/crew/conversation/pin');
		expect(refused.status).toBe(403);
		expect(refused.data.error.code).toBe('ERR_SYSTEM_PINNED_CONVERSATION');
		expect((await ctx.as('ada').delete('/users/bob/conversation/pin')).status).toBe(403);
		expect((await ctx.as('ada').get('/users/bob/conversation')).data.data.pinnedBy).toBe('app_system');
		const six = ['ada', 'bob', 'cy', 'dan'].map((uid) => ({ uid })).concat([{ guid: 'crew' }, { uid: 'e9' }]);
		const over = await ctx.api.put('/conversations/pinned', { pinnedConversations: six });
		expect(over.data.error.code).toBe('ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED');
		const both = await ctx.api.put('/conversations/pinned', { pinnedConversations: [{ uid: 'bob', guid: 'crew' }] });
		expect(both.status).toBe(400);
		const unknown = await ctx.api.put('/conversations/pinned', { pinnedConversations: [{ uid: 'ghost' }] });
		expect(unknown.data.error.code).toBe('ERR_UID_NOT_FOUND');
		expect((await ctx.api.put('/conversations/pinned', { pinnedConversations: [] })).data.data).toEqual([]);
		expect((await ctx.api.put('/conversations/pinned', {})).status).toBe(400);
	});
});
