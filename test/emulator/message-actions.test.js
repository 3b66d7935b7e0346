/** The message actions over HTTP: edit, reactions by emoji, pins, saves, interactions, thread subscriptions and the thread list. */
const { useStarted, enc } = require('./helpers');

const ctx = useStarted();
let id;
beforeEach(() => {
	const s = ctx.emu.store;
	s.reset();
	s.setClock(5000);
	s.addUser({ uid: 'ann', name: 'Ann' });
	s.addUser({ uid: 'bob', name: 'Bob' });
	s.addUser({ uid: 'cat', name: 'Cat' });
	s.addGroup({ guid: 'team', name: 'Team', owner: 'ann', members: { participants: ['bob'] } });
	id = s.addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'hello', metadata: { a: 1 } }, tags: ['x'] }).id;
});
const marks = () => ctx.emu.store.areas.messages.marks;

describe('PUT /messages/:id', () => {
	test('edits text, metadata and tags; answers the edited action whose `on` is the message', async () => {
		const r = await ctx.as('ann').put(`/messages/${id}`, { data: { text: 'hi', metadata: { b: 2 } }, tags: ['y'] });
		expect(r.status).toBe(200);
		expect(r.data.data).toMatchObject({ category: 'action', type: 'message', data: { action: 'edited' } });
		expect(r.data.data.data.entities.on.entity).toMatchObject({
			id,
			data: { text: 'hi', metadata: { b: 2 } },
			tags: ['y'],
			editedBy: 'ann',
			editedAt: 5000,
		});
		const got = await ctx.api.get(`/messages/${id}`);
		expect(got.data.data).toMatchObject({ data: { text: 'hi', metadata: { b: 2 } }, tags: ['y'], editedBy: 'ann' });
	});
	test('without onBehalfOf the app edits; another user may not; a member outside the published data is refused', async () => {
		const byApp = await ctx.api.put(`/messages/${id}`, { data: { text: 'by app' } });
		expect(byApp.data.data.data.entities.on.entity.editedBy).toBe('app_system');
		const byOther = await ctx.as('cat').put(`/messages/${id}`, { data: { text: 'nope' } });
		expect(byOther.status).toBe(403);
		expect(byOther.data.error.code).toBe('AUTH_ERR_NO_ACCESS');
		const extra = await ctx.api.put(`/messages/${id}`, { data: { text: 'x', customData: {} } });
		expect(extra.status).toBe(400);
		expect(ctx.emu.store.areas.messages.byId.get(id).data.text).toBe('by app');
	});
	test('an empty body and an unknown message are refused', async () => {
		expect((await ctx.api.put(`/messages/${id}`, {})).status).toBe(400);
		expect((await ctx.api.put('/messages/404', { data: { text: 'x' } })).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
	});
});

describe('reactions of one emoji; add and remove', () => {
	test('a reaction added is listed by both lists, once per user, and removable', async () => {
		await ctx.as('bob').post(`/messages/${id}/reactions/${enc('👍')}`);
		await ctx.as('bob').post(`/messages/${id}/reactions/${enc('👍')}`);
		await ctx.as('cat').post(`/messages/${id}/reactions/${enc('👍')}`);
		await ctx.as('cat').post(`/messages/${id}/reactions/${enc('🎉')}`);
		const thumbs = await ctx.api.get(`/messages/${id}/reactions/${enc('👍')}`);
		expect(thumbs.data.data.map((r) => r.uid)).toEqual(['bob', 'cat']);
		expect(thumbs.data.meta).toEqual({ current: { limit: 100, count: 2 } });
		const all = await ctx.as('ann').get(`/messages/${id}/reactions`);
		expect(all.data.data.map((r) => `${r.uid}:${r.reaction}`)).toEqual(['bob:👍', 'cat:👍', 'cat:🎉']);
		const removed = await ctx.as('bob').delete(`/messages/${id}/reactions/${enc('👍')}`);
		expect(removed.data.data.data.reactions).toEqual([
			{ reaction: '👍', count: 1 },
			{ reaction: '🎉', count: 1 },
		]);
		expect((await ctx.api.get(`/messages/${id}/reactions/${enc('👍')}`)).data.data.map((r) => r.uid)).toEqual(['cat']);
		// Removing a reaction the user did not add changes nothing.
		const again = await ctx.as('bob').delete(`/messages/${id}/reactions/${enc('👍')}`);
		expect(again.status).toBe(200);
		expect(ctx.emu.store.areas.messages.reactions.get(id)).toHaveLength(2);
	});
	test('cursor: limit, then meta.next {affix, id}', async () => {
		for (const uid of ['ann', 'bob', 'cat']) await ctx.as(uid).post(`/messages/${id}/reactions/ok`);
		const first = await ctx.api.get(`/messages/${id}/reactions/ok`, { params: { limit: 2 } });
		expect(first.data.meta.next).toEqual({ affix: 'append', id: '3' });
		const second = await ctx.api.get(`/messages/${id}/reactions/ok`, { params: { limit: 2, ...first.data.meta.next } });
		expect(second.data.data.map((r) => r.uid)).toEqual(['cat']);
		expect(second.data.meta.next).toBeUndefined();
	});
	test('adding and removing need onBehalfOf; an unknown message is 404', async () => {
		expect((await ctx.api.post(`/messages/${id}/reactions/ok`)).status).toBe(400);
		expect((await ctx.api.delete(`/messages/${id}/reactions/ok`)).status).toBe(400);
		expect((await ctx.api.get('/messages/404/reactions/ok')).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
	});
});

describe('pins', () => {
	test('pinned with its pinner (app_system without onBehalfOf); a second pin keeps the first; unpin is idempotent', async () => {
		ctx.emu.store.setClock(6000);
		const pinned = await ctx.api.post(`/messages/${id}/pin`);
		expect(pinned.data.data).toMatchObject({ id, pinnedBy: 'app_system', pinnedAt: 6000 });
		const again = await ctx.as('bob').post(`/messages/${id}/pin`);
		expect(again.data.data).toMatchObject({ pinnedBy: 'app_system', pinnedAt: 6000 });
		expect((await ctx.api.get(`/messages/${id}`)).data.data.pinnedBy).toBe('app_system');
		const unpinned = await ctx.as('bob').delete(`/messages/${id}/pin`);
		expect(unpinned.data.data.pinnedBy).toBeUndefined();
		expect(marks().pins.has(id)).toBe(false);
		expect((await ctx.as('bob').delete(`/messages/${id}/pin`)).status).toBe(200);
		const byBob = await ctx.as('bob').post(`/messages/${id}/pin`);
		expect(byBob.data.data.pinnedBy).toBe('bob');
	});
	test('a conversation holds 100 pinned messages; the 101st is ERR_PINNED_MESSAGES_LIMIT_EXCEEDED; another conversation is not counted', async () => {
		const s = ctx.emu.store;
		const ids = s.addMessages(101, { sender: 'ann', receiver: 'bob' }).map((m) => m.id);
		for (const m of ids.slice(0, 100)) marks().pins.set(m, { pinnedBy: 'ann', pinnedAt: 1 });
		const over = await ctx.api.post(`/messages/${ids[100]}/pin`);
		expect(over.status).toBe(400);
		expect(over.data.error.code).toBe('ERR_PINNED_MESSAGES_LIMIT_EXCEEDED');
		const elsewhere = s.addMessage({ sender: 'ann', receiver: 'team', receiverType: 'group', data: { text: 'g' } }).id;
		expect((await ctx.api.post(`/messages/${elsewhere}/pin`)).status).toBe(200);
	});
});

describe('saves', () => {
	test('saved per user with savedAt, idempotent; unsave removes it; 100 per user', async () => {
		const saved = await ctx.as('bob').post(`/messages/${id}/save`);
		expect(saved.data.data).toMatchObject({ id, savedAt: 5000 });
		ctx.emu.store.setClock(7000);
		expect((await ctx.as('bob').post(`/messages/${id}/save`)).data.data.savedAt).toBe(5000);
		expect([...marks().saves.get('bob').keys()]).toEqual([id]);
		expect(marks().saves.get('ann')).toBeUndefined();
		const unsaved = await ctx.as('bob').delete(`/messages/${id}/save`);
		expect(unsaved.data.data.savedAt).toBeUndefined();
		expect(marks().saves.get('bob').size).toBe(0);
		const ids = ctx.emu.store.addMessages(101, { sender: 'ann', receiver: 'bob' }).map((m) => m.id);
		for (const m of ids.slice(0, 100)) marks().saves.get('bob').set(m, 1);
		const over = await ctx.as('bob').post(`/messages/${ids[100]}/save`);
		expect(over.status).toBe(400);
		expect(over.data.error.code).toBe('ERR_SAVED_MESSAGES_LIMIT_EXCEEDED');
		expect((await ctx.as('ann').post(`/messages/${ids[100]}/save`)).status).toBe(200);
	});
	test('needs onBehalfOf', async () => {
		expect((await ctx.api.post(`/messages/${id}/save`)).status).toBe(400);
		expect((await ctx.api.delete(`/messages/${id}/save`)).status).toBe(400);
	});
});

describe('PATCH /messages/:id/interacted', () => {
	const form = () =>
		ctx.emu.store.addMessage({
			sender: 'ann',
			receiver: 'bob',
			category: 'interactive',
			type: 'form',
			data: { interactiveData: { formFields: [{ elementId: 'email' }], submitElement: { elementId: 'submit' } } },
		}).id;
	test('records the declared elements per user, keeping the first time', async () => {
		const formId = form();
		const r = await ctx.as('bob').patch(`/messages/${formId}/interacted`, { interactions: ['submit'] });
		expect(r.data.data).toEqual({ success: true, message: `The message id ${formId} has been marked as interacted for the user bob.` });
		ctx.emu.store.setClock(8000);
		await ctx.as('bob').patch(`/messages/${formId}/interacted`, { interactions: ['submit', 'email'] });
		expect(Object.fromEntries(marks().interactions.get(formId).get('bob'))).toEqual({ submit: 5000, email: 8000 });
	});
	test('refuses an undeclared element, a message that is not interactive, a body without interactions, no onBehalfOf', async () => {
		const formId = form();
		const unknown = await ctx.as('bob').patch(`/messages/${formId}/interacted`, { interactions: ['nope'] });
		expect(unknown.status).toBe(400);
		expect(unknown.data.error.details.interactions).toBeDefined();
		expect((await ctx.as('bob').patch(`/messages/${id}/interacted`, { interactions: ['submit'] })).status).toBe(400);
		expect((await ctx.as('bob').patch(`/messages/${formId}/interacted`, {})).status).toBe(400);
		expect((await ctx.api.patch(`/messages/${formId}/interacted`, { interactions: ['submit'] })).status).toBe(400);
		expect(marks().interactions.size).toBe(0);
	});
});

describe('thread subscriptions', () => {
	test('per user; unsubscribe removes only that user', async () => {
		expect((await ctx.as('bob').post(`/messages/${id}/thread/subscription`)).data.data).toEqual({ success: true });
		await ctx.as('ann').post(`/messages/${id}/thread/subscription`);
		await ctx.as('bob').delete(`/messages/${id}/thread/subscription`);
		expect([...marks().subscriptions.get(id)]).toEqual(['ann']);
		expect((await ctx.api.post(`/messages/${id}/thread/subscription`)).status).toBe(400);
		expect((await ctx.as('bob').post('/messages/404/thread/subscription')).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
	});
});

describe('GET /threads', () => {
	const reply = (parentId, sender, receiver, sentAt, text = 'r') =>
		ctx.emu.store.addMessage({ sender, receiver, parentId, data: { text }, sentAt });
	beforeEach(() => {
		const s = ctx.emu.store;
		const p1 = s.addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'p1' }, sentAt: 100 }).id;
		const p2 = s.addMessage({ sender: 'bob', receiver: 'cat', data: { text: 'p2' }, sentAt: 110 }).id;
		s.addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'no replies' }, sentAt: 120 });
		reply(p1, 'bob', 'ann', 300, 'hey <@uid:ann>');
		reply(p2, 'cat', 'bob', 200);
	});
	test('the messages with replies, least recently updated first, with replyCount and lastReply', async () => {
		const r = await ctx.api.get('/threads');
		expect(r.data.data.map((t) => [t.data.text, t.replyCount, t.updatedAt, t.lastReply.sentAt])).toEqual([
			['p2', 1, 200, 200],
			['p1', 1, 300, 300],
		]);
		expect(r.data.meta).toEqual({ current: { limit: 100, count: 2 } });
	});
	test('onBehalfOf: the user’s conversations; participatedByMe, unread replies and mentions', async () => {
		const ann = await ctx.as('ann').get('/threads', { params: { withUnreadReplyCount: true, withMentionCount: true } });
		expect(ann.data.data.map((t) => [t.data.text, t.unreadReplyCount, t.mentionCount])).toEqual([['p1', 1, 1]]);
		const cat = await ctx.as('cat').get('/threads', { params: { participatedByMe: true } });
		expect(cat.data.data.map((t) => t.data.text)).toEqual(['p2']);
		expect((await ctx.api.get('/threads', { params: { participatedByMe: true } })).status).toBe(400);
	});
	test('cursor: limit, then meta.next {affix, updatedAt}; prepend pages back from the newest', async () => {
		const first = await ctx.api.get('/threads', { params: { limit: 1 } });
		expect(first.data.data.map((t) => t.data.text)).toEqual(['p2']);
		expect(first.data.meta.next).toEqual({ affix: 'append', updatedAt: 300 });
		const second = await ctx.api.get('/threads', { params: { limit: 1, ...first.data.meta.next } });
		expect(second.data.data.map((t) => t.data.text)).toEqual(['p1']);
		expect(second.data.meta.next).toBeUndefined();
		const newest = await ctx.api.get('/threads', { params: { limit: 1, affix: 'prepend' } });
		expect(newest.data.data.map((t) => t.data.text)).toEqual(['p1']);
		expect(newest.data.meta.next).toEqual({ affix: 'prepend', updatedAt: 300 });
		expect((await ctx.api.get('/threads', { params: { limit: 'x' } })).status).toBe(400);
	});
	test("a limit above the published 1000 is lowered to it; one emoji's reactions to 100, as all reactions", async () => {
		expect((await ctx.api.get('/threads', { params: { limit: 5000 } })).data.meta.current.limit).toBe(1000);
		const reactions = await ctx.api.get(`/messages/${id}/reactions/ok`, { params: { limit: 5000 } });
		expect(reactions.data.meta.current.limit).toBe(100);
	});
});
