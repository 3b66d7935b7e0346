const { useStarted, enc } = require('./helpers');

const ctx = useStarted();
beforeEach(() => {
	const s = ctx.emu.store;
	s.reset();
	s.setClock(5000);
	s.addUser({ uid: 'ann', name: 'Ann', avatar: 'https://a' });
	s.addUser({ uid: 'bob', name: 'Bob' });
	s.addUser({ uid: 'cat', name: 'Cat' });
	s.addGroup({ guid: 'team', name: 'Team', owner: 'ann', members: { participants: ['bob'] } });
});
const text = (t, extra = {}) => ({ receiver: 'bob', receiverType: 'user', category: 'message', type: 'text', data: { text: t }, ...extra });

describe('POST /messages', () => {
	test('sends a text message: id, conversationId, entities, moderation, timestamps', async () => {
		const r = await ctx
			.as('ann')
			.post('/messages', text('hello', { muid: 'm-1', tags: ['x'], data: { text: 'hello', metadata: { k: 'v' } } }));
		expect(r.status).toBe(200);
		const m = r.data.data;
		expect(m).toMatchObject({
			id: '1',
			muid: 'm-1',
			conversationId: 'ann_user_bob',
			sender: 'ann',
			receiverType: 'user',
			receiver: 'bob',
			category: 'message',
			type: 'text',
			tags: ['x'],
			sentAt: 5000,
			updatedAt: 5000,
		});
		expect(m.data.text).toBe('hello');
		expect(m.data.metadata).toEqual({ k: 'v' });
		expect(m.data.entities.sender).toEqual({
			entity: { uid: 'ann', name: 'Ann', avatar: 'https://a', status: 'offline', role: 'default', createdAt: 5000 },
			entityType: 'user',
		});
		expect(m.data.entities.receiver.entity).toMatchObject({ uid: 'bob', conversationId: 'ann_user_bob' });
		expect(m.data.moderation).toEqual({ status: 'approved' });
		const second = await ctx.as('bob').post('/messages', text('again', { receiver: 'ann' }));
		expect(second.data.data.id).toBe('2');
		expect(second.data.data.conversationId).toBe('ann_user_bob');
	});
	test('group message: conversationId group_<guid>, receiver entity is the group', async () => {
		const r = await ctx.as('bob').post('/messages', { receiver: 'team', receiverType: 'group', data: { text: 'hi team' } });
		expect(r.data.data.conversationId).toBe('group_team');
		expect(r.data.data.data.entities.receiver).toMatchObject({
			entityType: 'group',
			entity: { guid: 'team', scope: 'participant', hasJoined: true },
		});
	});
	test('custom message', async () => {
		const r = await ctx
			.as('ann')
			.post('/messages', { receiver: 'bob', receiverType: 'user', category: 'custom', type: 'location', data: { customData: { lat: 1 } } });
		expect(r.data.data).toMatchObject({ category: 'custom', type: 'location', data: { customData: { lat: 1 } } });
	});
	test('onBehalfOf is required and must exist', async () => {
		const missing = await ctx.api.post('/messages', text('x'));
		expect(missing.status).toBe(400);
		expect(missing.data.error.code).toBe('ERR_BAD_REQUEST');
		expect(missing.data.error.details.onBehalfOf).toBeDefined();
		const unknown = await ctx.as('zed').post('/messages', text('x'));
		expect(unknown.status).toBe(404);
		expect(unknown.data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
	test('receiver must exist', async () => {
		expect((await ctx.as('ann').post('/messages', text('x', { receiver: 'zed' }))).data.error.code).toBe('ERR_UID_NOT_FOUND');
		expect((await ctx.as('ann').post('/messages', { receiver: 'nope', receiverType: 'group', data: { text: 'x' } })).data.error.code).toBe(
			'ERR_GUID_NOT_FOUND',
		);
	});
	test('validation: receiverType, category, type, data', async () => {
		const unknownCategory = await ctx.as('ann').post('/messages', { receiver: 'bob', receiverType: 'room', category: 'note', data: 'x' });
		expect(unknownCategory.status).toBe(400);
		expect(Object.keys(unknownCategory.data.error.details)).toEqual(['category']);
		const r = await ctx.as('ann').post('/messages', { receiver: 'bob', receiverType: 'room', category: 'message', data: 'x' });
		expect(r.status).toBe(400);
		expect(Object.keys(r.data.error.details).sort()).toEqual(['data', 'receiverType']);
		expect((await ctx.as('ann').post('/messages', text('x', { type: 'sticker' }))).data.error.details.type).toBeDefined();
		expect((await ctx.as('ann').post('/messages', text('', {}))).data.error.details['data.text']).toBeDefined();
		expect(
			(await ctx.as('ann').post('/messages', { receiver: 'bob', receiverType: 'user', category: 'custom', data: {} })).data.error.details
				.type,
		).toBeDefined();
		expect((await ctx.as('ann').post('/messages', text('x', { tags: 'x' }))).data.error.details.tags).toBeDefined();
	});
	test('quotedMessageId → quotedMessage in the answer; unknown → 404', async () => {
		const q = await ctx.as('bob').post('/messages', text('quote me', { receiver: 'ann' }));
		const r = await ctx.as('ann').post('/messages', text('replying', { quotedMessageId: q.data.data.id }));
		expect(r.data.data.quotedMessageId).toBe(q.data.data.id);
		expect(r.data.data.quotedMessage).toMatchObject({ id: q.data.data.id, data: { text: 'quote me' } });
		const bad = await ctx.as('ann').post('/messages', text('x', { quotedMessageId: '999' }));
		expect(bad.status).toBe(404);
		expect(bad.data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
	});
	test('multipleReceivers: one message per receiver, answered per uid/guid, errors per receiver', async () => {
		const r = await ctx.as('ann').post('/messages', {
			category: 'message',
			type: 'text',
			data: { text: 'broadcast' },
			multipleReceivers: { uids: ['bob', 'cat', 'zed'], guids: ['team'] },
		});
		expect(r.status).toBe(200);
		const d = r.data.data;
		expect(Object.keys(d.uids)).toEqual(['bob', 'cat', 'zed']);
		expect(d.uids.bob).toMatchObject({ receiver: 'bob', receiverType: 'user', data: { text: 'broadcast' } });
		expect(d.uids.cat.id).not.toBe(d.uids.bob.id);
		expect(d.uids.zed.error.code).toBe('ERR_UID_NOT_FOUND');
		expect(d.guids.team).toMatchObject({ receiver: 'team', conversationId: 'group_team' });
		expect(ctx.emu.store.messages.size).toBe(3);
	});
	test('multipleReceivers plus receiver: the receiver is one more target', async () => {
		const r = await ctx.as('ann').post('/messages', { ...text('b'), multipleReceivers: { uids: ['cat'] } });
		expect(Object.keys(r.data.data.uids)).toEqual(['bob', 'cat']);
		expect((await ctx.as('ann').post('/messages', { data: { text: 'x' }, multipleReceivers: { uids: 'bob' } })).status).toBe(400);
	});
	test('interactive form: accepted when well-formed, 400 on bad elements', async () => {
		const form = {
			receiver: 'bob',
			receiverType: 'user',
			category: 'interactive',
			type: 'form',
			data: {
				interactionGoal: { type: 'allOf', elementIds: ['name'] },
				allowSenderInteraction: true,
				interactiveData: {
					title: 'Survey',
					formFields: [
						{
							elementType: 'textInput',
							elementId: 'name',
							label: 'Name',
							optional: false,
							maxLines: 1,
							placeholder: { text: 'Your name' },
						},
						{
							elementType: 'dropdown',
							elementId: 'size',
							label: 'Size',
							optional: true,
							options: [{ value: 's', label: 'S' }],
							defaultValue: 's',
						},
						{
							elementType: 'checkbox',
							elementId: 'tags',
							label: 'Tags',
							optional: true,
							options: [{ value: 'a', label: 'A' }],
							defaultValue: ['a'],
						},
						{
							elementType: 'dateTime',
							elementId: 'when',
							label: 'When',
							optional: true,
							mode: 'date',
							dateTimeFormat: 'yyyy-MM-dd',
							timezoneCode: 'UTC',
						},
					],
					submitElement: {
						elementType: 'button',
						elementId: 'submit',
						buttonText: 'Send',
						disableAfterInteracted: true,
						action: { actionType: 'urlNavigation', url: 'https://x' },
					},
				},
			},
		};
		const ok = await ctx.as('ann').post('/messages', form);
		expect(ok.status).toBe(200);
		expect(ok.data.data.data.interactiveData.title).toBe('Survey');
		const bad = structuredClone(form);
		bad.data.interactiveData.formFields.push({ elementType: 'slider', elementId: 'name' });
		const r = await ctx.as('ann').post('/messages', bad);
		expect(r.status).toBe(400);
		expect(Object.keys(r.data.error.details)).toEqual([
			'data.interactiveData.formFields[4].elementType',
			'data.interactiveData.formFields[4].elementId',
		]);
	});
	test('GET /messages/:id', async () => {
		const m = await ctx.as('ann').post('/messages', text('x'));
		expect((await ctx.api.get(`/messages/${m.data.data.id}`)).data.data.data.text).toBe('x');
		expect((await ctx.api.get('/messages/77')).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
	});
});

describe('threads', () => {
	let parentId;
	beforeEach(async () => {
		const p = await ctx.as('ann').post('/messages', { receiver: 'team', receiverType: 'group', data: { text: 'root' } });
		parentId = p.data.data.id;
		for (let i = 1; i <= 5; i++) {
			ctx.emu.store.setClock(5000 + i);
			const r = await ctx
				.as(i % 2 ? 'bob' : 'ann')
				.post(`/messages/${parentId}/thread`, { receiver: 'team', receiverType: 'group', data: { text: `reply ${i}` } });
			expect(r.data.data.parentId).toBe(parentId);
		}
	});
	const texts = (r) => r.data.data.map((m) => m.data.text);

	test('oldest first; default limit 10; no meta.next when nothing remains', async () => {
		const r = await ctx.as('cat').get(`/messages/${parentId}/thread`);
		expect(texts(r)).toEqual(['reply 1', 'reply 2', 'reply 3', 'reply 4', 'reply 5']);
		expect(r.data.meta).toEqual({ current: { limit: 10, count: 5 } });
		expect(ctx.emu.store.messages.get(parentId).replyCount).toBe(5);
	});
	test('append cursor walks the whole thread exactly once', async () => {
		const seen = [];
		let params = { limit: 2 };
		for (let guard = 0; guard < 10; guard++) {
			const r = await ctx.as('cat').get(`/messages/${parentId}/thread`, { params });
			seen.push(...texts(r));
			expect(r.data.meta.current).toEqual({ limit: 2, count: r.data.data.length });
			if (!r.data.meta.next) break;
			expect(r.data.meta.next.affix).toBe('append');
			expect(typeof r.data.meta.next.sentAt).toBe('number');
			expect(typeof r.data.meta.next.id).toBe('string');
			params = { limit: 2, ...r.data.meta.next };
		}
		expect(seen).toEqual(['reply 1', 'reply 2', 'reply 3', 'reply 4', 'reply 5']);
	});
	test('prepend returns the newest before the cursor', async () => {
		const r = await ctx.as('cat').get(`/messages/${parentId}/thread`, { params: { affix: 'prepend', limit: 2 } });
		expect(texts(r)).toEqual(['reply 4', 'reply 5']);
		const r2 = await ctx.as('cat').get(`/messages/${parentId}/thread`, { params: { limit: 2, ...r.data.meta.next } });
		expect(texts(r2)).toEqual(['reply 2', 'reply 3']);
	});
	test('limit is capped at 1000; perPage is accepted as an alias; bad cursor → 400', async () => {
		expect((await ctx.as('cat').get(`/messages/${parentId}/thread`, { params: { limit: 5000 } })).data.meta.current.limit).toBe(1000);
		expect((await ctx.as('cat').get(`/messages/${parentId}/thread`, { params: { perPage: 3 } })).data.meta.current.limit).toBe(3);
		expect((await ctx.as('cat').get(`/messages/${parentId}/thread`, { params: { affix: 'sideways' } })).status).toBe(400);
		expect((await ctx.as('cat').get(`/messages/${parentId}/thread`, { params: { id: 'abc' } })).status).toBe(400);
	});
	test('onBehalfOf required; unknown parent → 404', async () => {
		expect((await ctx.api.get(`/messages/${parentId}/thread`)).status).toBe(400);
		expect((await ctx.as('cat').get('/messages/999/thread')).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
		expect((await ctx.as('cat').post('/messages/999/thread', text('x'))).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
		// The published send body has no parentId: a reply goes to POST /messages/:id/thread.
		expect((await ctx.as('cat').post('/messages', { ...text('x'), parentId: parentId })).data.error.details.parentId).toEqual([
			'parentId is not declared.',
		]);
	});
	test('POST /messages/:id/thread sends a reply', async () => {
		const r = await ctx
			.as('cat')
			.post(`/messages/${parentId}/thread`, { receiver: 'team', receiverType: 'group', data: { text: 'reply 6' } });
		expect(r.data.data.parentId).toBe(parentId);
		const list = await ctx.as('cat').get(`/messages/${parentId}/thread`);
		expect(texts(list).at(-1)).toBe('reply 6');
	});
});

describe('reactions', () => {
	let id;
	beforeEach(() => {
		const s = ctx.emu.store;
		id = s.addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'react' } }).id;
		s.addReaction({ messageId: id, uid: 'ann', reaction: '👍', reactedAt: 10 });
		s.addReaction({ messageId: id, uid: 'bob', reaction: ':heart:', reactedAt: 11 });
		s.addReaction({ messageId: id, uid: 'cat', reaction: '😅', reactedAt: 12 });
	});
	test('lists with reactedBy; conversationId relative to onBehalfOf', async () => {
		const r = await ctx.as('ann').get(`/messages/${id}/reactions`);
		expect(r.data.data.map((x) => [x.id, x.reaction, x.uid])).toEqual([
			['1', '👍', 'ann'],
			['2', ':heart:', 'bob'],
			['3', '😅', 'cat'],
		]);
		expect(r.data.data[1]).toMatchObject({
			messageId: id,
			reactedAt: 11,
			reactedBy: { uid: 'bob', name: 'Bob', conversationId: 'ann_user_bob' },
		});
		expect(r.data.data[0].reactedBy.conversationId).toBeUndefined();
		expect(r.data.meta).toEqual({ current: { limit: 100, count: 3 } });
	});
	test('cursor: affix + id, next only while more remain', async () => {
		const a = await ctx.as('ann').get(`/messages/${id}/reactions`, { params: { limit: 2 } });
		expect(a.data.meta.next).toEqual({ affix: 'append', id: '3' });
		const b = await ctx.as('ann').get(`/messages/${id}/reactions`, { params: { limit: 2, ...a.data.meta.next } });
		expect(b.data.data.map((x) => x.id)).toEqual(['3']);
		expect(b.data.meta.next).toBeUndefined();
	});
	test('POST /messages/:id/reactions/:reaction answers the message with its reaction counts', async () => {
		const r = await ctx.as('bob').post(`/messages/${id}/reactions/${enc('🎉')}`);
		expect(r.data.data).toMatchObject({ id, sender: 'ann' });
		expect(r.data.data.data.reactions).toEqual([
			{ reaction: '👍', count: 1 },
			{ reaction: ':heart:', count: 1, reactedByMe: true },
			{ reaction: '😅', count: 1 },
			{ reaction: '🎉', count: 1, reactedByMe: true },
		]);
	});
	test('onBehalfOf required; unknown message → 404', async () => {
		expect((await ctx.api.get(`/messages/${id}/reactions`)).status).toBe(400);
		expect((await ctx.as('ann').get('/messages/404/reactions')).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
	});
});

describe('POST /messages/:id/flagged', () => {
	let id;
	beforeEach(() => {
		id = ctx.emu.store.addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'rude' } }).id;
	});
	test('creates a flagged record; a second user adds to flaggedBy; same user again replaces their entry', async () => {
		const r = await ctx.as('bob').post(`/messages/${id}/flagged`, { id: 'spam', remark: 'ads' });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({ success: true, message: `Message with id ${id} has been flagged successfully.` });
		ctx.emu.store.setClock(5100);
		expect((await ctx.as('cat').post(`/messages/${id}/flagged`, { id: 'harassment' })).status).toBe(200);
		ctx.emu.store.setClock(5200);
		expect(
			(await ctx.as('bob').post(`/messages/${id}/flagged`, { id: 'other', reasonId: 'other', remark: 'changed my mind' })).status,
		).toBe(200);
		const list = await ctx.api.get('/moderation/flagged-messages');
		expect(list.data.data).toHaveLength(1);
		const f = list.data.data[0];
		expect(f).toMatchObject({ appId: 'test-app', id, sender: 'ann', receiver: 'bob', flaggedCount: 2 });
		expect(f.flaggedBy).toEqual([
			{
				uid: 'cat',
				name: 'Cat',
				role: 'default',
				reasonId: 'harassment',
				reasonName: 'Harassment',
				description: expect.any(String),
				remark: '',
				flaggedAt: 5100,
			},
			{
				uid: 'bob',
				name: 'Bob',
				role: 'default',
				reasonId: 'other',
				reasonName: 'Other',
				description: expect.any(String),
				remark: 'changed my mind',
				flaggedAt: 5200,
			},
		]);
	});
	test('avatar is included when the flagger has one', async () => {
		await ctx.as('ann').post(`/messages/${id}/flagged`, { id: 'spam' });
		const f = (await ctx.api.get('/moderation/flagged-messages')).data.data[0];
		expect(f.flaggedBy[0].avatar).toBe('https://a');
	});
	test('errors: id required, reasonId other than id, unknown reason, unknown message, onBehalfOf', async () => {
		expect((await ctx.as('bob').post(`/messages/${id}/flagged`, {})).data.error.details.id).toBeDefined();
		expect(
			(await ctx.as('bob').post(`/messages/${id}/flagged`, { id: 'spam', reasonId: 'other' })).data.error.details.reasonId,
		).toBeDefined();
		const unknownReason = await ctx.as('bob').post(`/messages/${id}/flagged`, { id: 'nope' });
		expect(unknownReason.status).toBe(404);
		expect(unknownReason.data.error.code).toBe('ERR_REASON_NOT_FOUND');
		expect((await ctx.as('bob').post('/messages/999/flagged', { id: 'spam' })).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
		expect((await ctx.api.post(`/messages/${id}/flagged`, { id: 'spam' })).data.error.details.onBehalfOf).toBeDefined();
	});
});

describe('message lists: GET /messages, /users/:uid/messages, /groups/:guid/messages', () => {
	/** ann→bob "hello" (1), bob→ann "Hi Ann" (2), bob→team "team news" (3, tagged), cat→bob custom (4), ann→bob reply to 1 (5). */
	beforeEach(() => {
		const s = ctx.emu.store;
		s.addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'hello' }, sentAt: 100 });
		s.addMessage({ sender: 'bob', receiver: 'ann', data: { text: 'Hi Ann' }, sentAt: 200 });
		s.addMessage({ sender: 'bob', receiver: 'team', receiverType: 'group', data: { text: 'team news' }, tags: ['news'], sentAt: 300 });
		s.addMessage({ sender: 'cat', receiver: 'bob', category: 'custom', type: 'location', data: { customData: { lat: 1 } }, sentAt: 400 });
		s.addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'a reply' }, parentId: '1', sentAt: 500 });
	});
	const ids = (r) => r.data.data.map((m) => m.id);

	test('app-wide: every message oldest first, cursor envelope, default limit 10', async () => {
		const r = await ctx.api.get('/messages');
		expect(r.status).toBe(200);
		expect(ids(r)).toEqual(['1', '2', '3', '4', '5']);
		expect(r.data.meta).toEqual({ current: { limit: 10, count: 5 } });
		expect(r.data.data[0]).toMatchObject({ sender: 'ann', receiver: 'bob', data: { text: 'hello', moderation: { status: 'approved' } } });
	});
	test('app-wide: the cursor walks every message once; prepend without a cursor gives the newest', async () => {
		const seen = [];
		let params = { limit: 2 };
		for (let i = 0; i < 5; i++) {
			const r = await ctx.api.get('/messages', { params });
			seen.push(...ids(r));
			if (!r.data.meta.next) break;
			params = { limit: 2, ...r.data.meta.next };
		}
		expect(seen).toEqual(['1', '2', '3', '4', '5']);
		const newest = await ctx.api.get('/messages', { params: { affix: 'prepend', limit: 2 } });
		expect(ids(newest)).toEqual(['4', '5']);
		expect((await ctx.api.get('/messages', { params: { limit: 5000 } })).data.meta.current.limit).toBe(1000);
	});
	test('app-wide filters: searchKey, category, type, receiverType, sender, tags, hideReplies, sentAt range', async () => {
		const get = async (params) => ids(await ctx.api.get('/messages', { params }));
		expect(await get({ searchKey: 'ANN' })).toEqual(['2']);
		expect(await get({ category: 'custom' })).toEqual(['4']);
		expect(await get({ type: 'text', receiverType: 'user' })).toEqual(['1', '2', '5']);
		expect(await get({ sender: 'bob' })).toEqual(['2', '3']);
		expect(await get({ tags: 'news,other' })).toEqual(['3']);
		expect(await get({ hideReplies: true })).toEqual(['1', '2', '3', '4']);
		expect(await get({ 'sentAt[from]': 200, 'sentAt[to]': 400 })).toEqual(['2', '3', '4']);
		const bad = await ctx.api.get('/messages', { params: { category: 'note' } });
		expect(bad.status).toBe(400);
		expect(bad.data.error.details.category).toBeDefined();
		expect((await ctx.api.get('/messages', { params: { 'sentAt[from]': 'yesterday' } })).status).toBe(400);
	});
	test('app-wide with onBehalfOf: only the conversations of that user', async () => {
		expect(ids(await ctx.as('cat').get('/messages'))).toEqual(['4']);
		expect(ids(await ctx.as('ann').get('/messages'))).toEqual(['1', '2', '3', '5']);
		expect((await ctx.as('zed').get('/messages')).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
	test('one-to-one conversation: onBehalfOf with the path user, filters and cursor', async () => {
		const r = await ctx.as('ann').get('/users/bob/messages');
		expect(r.status).toBe(200);
		expect(ids(r)).toEqual(['1', '2', '5']);
		expect(ids(await ctx.as('bob').get('/users/ann/messages', { params: { hideReplies: true } }))).toEqual(['1', '2']);
		expect(ids(await ctx.as('bob').get('/users/cat/messages'))).toEqual(['4']);
		const page = await ctx.as('ann').get('/users/bob/messages', { params: { limit: 2 } });
		expect(page.data.meta).toEqual({ current: { limit: 2, count: 2 }, next: { affix: 'append', sentAt: 500, id: '5' } });
		const missing = await ctx.api.get('/users/bob/messages');
		expect(missing.status).toBe(400);
		expect(missing.data.error.details.onBehalfOf).toBeDefined();
		expect((await ctx.as('ann').get('/users/zed/messages')).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
	test('group conversation: its messages, onBehalfOf optional, unknown group 404', async () => {
		expect(ids(await ctx.api.get('/groups/team/messages'))).toEqual(['3']);
		expect(ids(await ctx.as('bob').get('/groups/team/messages', { params: { searchKey: 'nothing' } }))).toEqual([]);
		const unknown = await ctx.api.get('/groups/nope/messages');
		expect(unknown.status).toBe(404);
		expect(unknown.data.error.code).toBe('ERR_GUID_NOT_FOUND');
	});
});

describe('DELETE /messages/:id', () => {
	beforeEach(() => {
		const s = ctx.emu.store;
		s.addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'hello' }, sentAt: 100 });
		s.addMessage({ sender: 'bob', receiver: 'team', receiverType: 'group', data: { text: 'in team' }, sentAt: 200 });
		s.addMessage({ sender: 'bob', receiver: 'ann', data: { text: 'reply' }, parentId: '1', sentAt: 300 });
		s.addReaction({ messageId: '3', uid: 'ann', reaction: '👍' });
	});

	test('soft delete: the action answer; the message stays with deletedAt/deletedBy; hideDeleted and onlyDeleted', async () => {
		const r = await ctx.api.delete('/messages/1');
		expect(r.status).toBe(200);
		expect(r.data.data).toMatchObject({
			category: 'action',
			type: 'message',
			sender: 'app_system',
			receiver: 'bob',
			conversationId: 'ann_user_bob',
			sentAt: 5000,
			data: {
				action: 'deleted',
				entities: {
					by: { entity: { uid: 'app_system' } },
					for: { entity: { uid: 'bob' }, entityType: 'user' },
					on: { entityType: 'message', entity: { id: '1', deletedAt: 5000, deletedBy: 'app_system' } },
				},
			},
		});
		const one = await ctx.api.get('/messages/1');
		expect(one.data.data).toMatchObject({ id: '1', deletedAt: 5000, deletedBy: 'app_system', data: { text: 'hello' } });
		expect((await ctx.api.get('/messages')).data.data.map((m) => m.id)).toEqual(['1', '2', '3']);
		expect((await ctx.api.get('/messages', { params: { hideDeleted: true } })).data.data.map((m) => m.id)).toEqual(['2', '3']);
		expect((await ctx.api.get('/messages', { params: { onlyDeleted: true } })).data.data.map((m) => m.id)).toEqual(['1']);
	});
	test('permanent delete: gone from get, lists, its thread and its reactions', async () => {
		const r = await ctx.api.delete('/messages/3', { data: { permanent: true } });
		expect(r.status).toBe(200);
		expect(r.data.data.data.entities.on.entity).toMatchObject({ id: '3', parentId: '1' });
		expect((await ctx.api.get('/messages/3')).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
		expect((await ctx.api.get('/messages')).data.data.map((m) => m.id)).toEqual(['1', '2']);
		expect((await ctx.as('ann').get('/messages/1/thread')).data.data).toEqual([]);
		expect((await ctx.api.get('/messages/1')).data.data.replyCount).toBe(0);
		expect(ctx.emu.store.reactions.has('3')).toBe(false);
		expect((await ctx.api.delete('/messages/3', { data: { permanent: true } })).status).toBe(404);
	});
	test('onBehalfOf: the sender or a group admin may delete; anyone else gets 403', async () => {
		const denied = await ctx.as('cat').delete('/messages/1');
		expect(denied.status).toBe(403);
		expect(denied.data.error.code).toBe('AUTH_ERR_NO_ACCESS');
		expect(ctx.emu.store.messages.get('1').deletedAt).toBeUndefined();
		expect((await ctx.as('ann').delete('/messages/1')).data.data.data.entities.on.entity.deletedBy).toBe('ann');
		expect((await ctx.as('ann').delete('/messages/2')).status).toBe(200); // ann owns the group
		expect((await ctx.as('cat').delete('/messages/404')).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
	});
	test('a seed may hold a soft-deleted message (deletedBy defaults to app_system)', async () => {
		ctx.emu.store.addMessage({ id: '9', sender: 'ann', receiver: 'bob', data: { text: 'gone' }, deletedAt: 4000 });
		const r = await ctx.api.get('/messages', { params: { onlyDeleted: true } });
		expect(r.data.data.map((m) => [m.id, m.deletedAt, m.deletedBy])).toEqual([['9', 4000, 'app_system']]);
	});
	test('validation: permanent must be a boolean', async () => {
		const r = await ctx.api.delete('/messages/1', { data: { permanent: 'yes' } });
		expect(r.status).toBe(400);
		expect(r.data.error.details.permanent).toBeDefined();
		expect(ctx.emu.store.messages.get('1').deletedAt).toBeUndefined();
	});
});
