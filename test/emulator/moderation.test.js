const { useStarted } = require('./helpers');
const { MODERATION_MAX_LIMIT } = require('../../emulator');

const ctx = useStarted();

const s = () => ctx.emu.store;
beforeEach(() => {
	s().reset();
	s().setClock(10000);
	s().addRole({ role: 'staff', name: 'Staff' });
	s().addUser({ uid: 'ann', name: 'Ann' });
	s().addUser({ uid: 'bob', name: 'Bob' });
	s().addUser({ uid: 'mod', name: 'Mod', role: 'staff' });
	s().addKeywordList({ id: 'bad-words', name: 'Bad words', searchTerms: ['blocked-term-1', 'blocked-term-2'] });
	s().addKeywordList({ id: 'csv-list', name: 'CSV', isCSV: true, searchTerms: ['"quoted phrase"'] });
});
const send = (t, from = 'ann', extra = {}) =>
	ctx.as(from).post('/messages', { receiver: 'bob', receiverType: 'user', data: { text: t }, ...extra });
const status = (r) => r.data.data.data.moderation.status;
const word = (value, extra = {}) => ({ operand: 'text', category: 'word', operator: 'contains', value, ...extra });

describe('moderation engine', () => {
	test('keyword-list reference (all three spellings) → block: pending + blocked record', async () => {
		s().addRule({
			id: 'r1',
			name: 'Words',
			conditions: [word(['bad-words'], { isKeywordsReferencePresent: true })],
			action: ['blockMessage'],
		});
		s().setClock(10005);
		const r = await send('this has Blocked-Term-2 inside');
		expect(r.status).toBe(200);
		expect(status(r)).toBe('pending');
		const list = await ctx.api.get('/moderation/blocked-messages');
		expect(list.data.data).toHaveLength(1);
		expect(list.data.data[0]).toMatchObject({
			ruleId: 'r1',
			ruleName: 'Words',
			revisionId: 'test-app_r1_1',
			action: ['blockMessage'],
			createdAt: 10005,
			updatedAt: 10005,
			condition: { id: 1, weight: 1, value: ['bad-words'] },
		});
		expect(list.data.data[0].message).toMatchObject({ id: r.data.data.id, data: { moderation: { status: 'pending' } } });
		for (const flag of ['isKeywordReferencePresent', 'isListReferencePresent']) {
			s().reset();
			s().addUser({ uid: 'ann', name: 'Ann' });
			s().addUser({ uid: 'bob', name: 'Bob' });
			s().addKeywordList({ id: 'bad-words', searchTerms: ['blocked-term-1'] });
			s().addRule({ id: 'r', conditions: [word(['bad-words'], { [flag]: true })] });
			expect(status(await send('blocked-term-1'))).toBe('pending');
		}
	});
	test('clean text → approved, nothing blocked; whole words only', async () => {
		s().addRule({ id: 'r1', conditions: [word(['paris'])], action: ['blockMessage'] });
		expect(status(await send('a comparison of cities'))).toBe('approved');
		expect(status(await send('hello world'))).toBe('approved');
		expect((await ctx.api.get('/moderation/blocked-messages')).data.data).toEqual([]);
		expect(status(await send('I love PARIS!'))).toBe('pending');
	});
	test('equals matches the whole text only', async () => {
		s().addRule({ id: 'r1', conditions: [word(['paris'], { operator: 'equals' })] });
		expect(status(await send('paris is nice'))).toBe('approved');
		expect(status(await send('  Paris '))).toBe('pending');
	});
	test('CSV keyword lists: quotes around terms are ignored', async () => {
		s().addRule({ id: 'r1', conditions: [word(['csv-list'], { isKeywordsReferencePresent: true })] });
		expect(status(await send('a Quoted Phrase here'))).toBe('pending');
	});
	test('pattern rule (regex)', async () => {
		s().addRule({
			id: 'phone',
			conditions: [{ operand: 'text', category: 'pattern', operator: 'contains', value: ['\\+?\\d[\\d\\s-]{7,}\\d'] }],
		});
		expect(status(await send('call +49 151 2345 6789'))).toBe('pending');
		expect(status(await send('call me at noon'))).toBe('approved');
	});
	test('dropMessage: answered 200 with status disapproved, not stored; drop wins over block', async () => {
		s().addRule({ id: 'block', conditions: [word(['spam'])], action: ['blockMessage'], createdAt: 1 });
		s().addRule({ id: 'drop', conditions: [word(['spam'])], action: ['dropMessage'], createdAt: 2 });
		const r = await send('spam spam');
		expect(r.status).toBe(200);
		expect(status(r)).toBe('disapproved');
		expect(typeof r.data.data.id).toBe('string');
		expect(s().messages.has(r.data.data.id)).toBe(false);
		expect((await ctx.api.get(`/messages/${r.data.data.id}`)).status).toBe(404);
		expect(s().blockedMessages.size).toBe(0);
	});
	test('disabled rules and superseded revisions do not apply', async () => {
		s().addRule({ id: 'r1', enabled: false, conditions: [word(['spam'])] });
		expect(status(await send('spam'))).toBe('approved');
		await ctx.api.put('/moderation/rules/r1', { enabled: true });
		expect(status(await send('spam'))).toBe('pending');
		await ctx.api.put('/moderation/rules/r1', { conditions: [{ ...word('eggs'), isKeywordReferencePresent: false }] });
		expect(status(await send('spam'))).toBe('approved');
		expect(status(await send('eggs'))).toBe('pending');
	});
	test('sender filters: only the matching sender is moderated', async () => {
		s().addRule({
			id: 'r1',
			conditions: [word(['spam'])],
			filters: [{ type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'bob' }],
		});
		expect(status(await send('spam', 'ann'))).toBe('approved');
		expect(status(await ctx.as('bob').post('/messages', { receiver: 'ann', receiverType: 'user', data: { text: 'spam' } }))).toBe(
			'pending',
		);
		s().addRule({
			id: 'r2',
			conditions: [word(['eggs'])],
			filters: [{ type: 'sender', operand: 'role', operator: 'notEquals', value: 'staff' }],
		});
		expect(status(await send('eggs', 'mod'))).toBe('approved');
		expect(status(await send('eggs', 'ann'))).toBe('pending');
	});
	test('custom operand reads the strings of customData', async () => {
		s().addRule({ id: 'r1', conditions: [word(['spam'], { operand: 'custom' })] });
		const custom = (d) =>
			ctx.as('ann').post('/messages', { receiver: 'bob', receiverType: 'user', category: 'custom', type: 'note', data: { customData: d } });
		expect(status(await custom({ note: { body: 'buy spam now' } }))).toBe('pending');
		expect(status(await custom({ note: 'fine' }))).toBe('approved');
		expect(status(await send('spam'))).toBe('approved'); // text messages are not the custom operand
	});
	test('media conditions read data.metadata.moderationLabels', async () => {
		s().addRule({
			id: 'img',
			conditions: [{ operand: 'image', category: 'word', operator: 'contains', isMediaPresent: true, value: ['violence_greaterThan_30'] }],
		});
		s().addRule({
			id: 'any',
			conditions: [{ operand: 'video', category: 'word', operator: 'contains', isMediaPresent: true, value: ['AnyOf_greaterThan_50'] }],
			action: ['dropMessage'],
		});
		const media = (type, labels) =>
			ctx.as('ann').post('/messages', {
				receiver: 'bob',
				receiverType: 'user',
				type,
				data: { attachments: [{ url: 'https://m' }], metadata: { moderationLabels: labels } },
			});
		expect(status(await media('image', { violence: 31 }))).toBe('pending');
		expect(status(await media('image', { violence: 30 }))).toBe('approved');
		expect(status(await media('image', { nudity: 99 }))).toBe('approved');
		expect(status(await media('video', { nudity: 51 }))).toBe('disapproved');
		expect(
			status(
				await ctx
					.as('ann')
					.post('/messages', { receiver: 'bob', receiverType: 'user', type: 'image', data: { attachments: [{ url: 'https://m' }] } }),
			),
		).toBe('approved');
	});
	test('edit re-evaluates: approved → pending → approved', async () => {
		s().addRule({ id: 'r1', conditions: [word(['spam'])] });
		const m = await send('hello');
		const id = m.data.data.id;
		s().setClock(10050);
		const e1 = await ctx.as('bob').put(`/moderation/messages/${id}`, { data: { text: 'now spam', metadata: { edited: true } } });
		expect(e1.status).toBe(200);
		expect(e1.data.data).toMatchObject({
			editedAt: 10050,
			editedBy: 'bob',
			updatedAt: 10050,
			data: { text: 'now spam', metadata: { edited: true }, moderation: { status: 'pending' } },
		});
		expect((await ctx.api.get('/moderation/blocked-messages')).data.data.map((b) => b.message.id)).toEqual([id]);
		const e2 = await ctx.api.put(`/moderation/messages/${id}`, { data: { text: 'clean again' } });
		expect(e2.data.data.data.moderation.status).toBe('approved');
		expect(e2.data.data.editedBy).toBe('app_system');
		expect(e2.data.data.data.metadata).toEqual({ edited: true });
		expect((await ctx.api.get('/moderation/blocked-messages')).data.data).toEqual([]);
	});
	test('edit: key properties in data are ignored; errors', async () => {
		const m = await send('hello');
		const r = await ctx.api.put(`/moderation/messages/${m.data.data.id}`, {
			data: { text: 'x', moderation: { status: 'approved' }, entities: {} },
		});
		expect(r.data.data.data.entities.sender.entity.uid).toBe('ann');
		expect((await ctx.api.put(`/moderation/messages/${m.data.data.id}`, {})).status).toBe(400);
		expect((await ctx.api.put('/moderation/messages/999', { data: { text: 'x' } })).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
		expect((await ctx.as('zed').put(`/moderation/messages/${m.data.data.id}`, { data: { text: 'x' } })).data.error.code).toBe(
			'ERR_UID_NOT_FOUND',
		);
	});
	test('edit hitting a drop rule → disapproved, message kept', async () => {
		s().addRule({ id: 'd', conditions: [word(['spam'])], action: ['dropMessage'] });
		const m = await send('hello');
		const r = await ctx.api.put(`/moderation/messages/${m.data.data.id}`, { data: { text: 'spam' } });
		expect(r.data.data.data.moderation.status).toBe('disapproved');
		expect(s().messages.has(m.data.data.id)).toBe(true);
	});
});

describe('rules', () => {
	beforeEach(() => {
		s().addRule({ id: 'older', name: 'Older', createdAt: 100, conditions: [word(['x'])] });
		s().addRule({ id: 'newer', name: 'Newer', createdAt: 200, conditions: [word(['y'])], default: true });
	});
	test('GET rules: newest first, meta.current, limit/page', async () => {
		const r = await ctx.api.get('/moderation/rules');
		expect(r.data.data.map((x) => x.id)).toEqual(['newer', 'older']);
		expect(r.data.meta).toEqual({ current: { limit: 50, count: 2 } });
		expect(r.data.data[0]).toMatchObject({
			enabled: true,
			active: true,
			revisionId: 'test-app_newer_1',
			default: true,
			action: ['blockMessage'],
		});
		const p = await ctx.api.get('/moderation/rules', { params: { limit: 1, page: 2 } });
		expect(p.data.data.map((x) => x.id)).toEqual(['older']);
		expect(p.data.meta.current).toEqual({ limit: 1, count: 1 });
	});
	test('PUT creates revisions: newest first, only the newest active, value string → array', async () => {
		s().setClock(300);
		const u1 = await ctx.api.put('/moderation/rules/older', {
			name: 'Renamed',
			conditions: [{ operand: 'text', category: 'word', operator: 'equals', value: 'paris', isKeywordReferencePresent: false }],
		});
		expect(u1.data.data).toMatchObject({
			id: 'older',
			name: 'Renamed',
			revisionId: 'test-app_older_2',
			active: true,
			createdAt: 100,
			updatedAt: 300,
		});
		expect(u1.data.data.conditions[0]).toMatchObject({
			id: 1,
			value: ['paris'],
			isKeywordsReferencePresent: false,
			isMediaPresent: false,
			entity: 'message',
		});
		s().setClock(400);
		await ctx.api.put('/moderation/rules/older', {
			action: ['dropMessage'],
			filters: [{ type: 'sender', entity: 'user', operand: 'uid', operator: 'equals', value: 'ann' }],
		});
		const revs = await ctx.api.get('/moderation/rules/older/revisions');
		expect(revs.data.data.map((r) => [r.revisionId, r.active, r.updatedAt])).toEqual([
			['test-app_older_3', true, 400],
			['test-app_older_2', false, 300],
			['test-app_older_1', false, 100],
		]);
		expect(revs.data.meta.current).toEqual({ limit: 10, count: 3 });
		expect(revs.data.data[0]).toMatchObject({ action: ['dropMessage'], filters: [{ value: 'ann' }], name: 'Renamed' });
		expect(revs.data.data[2].name).toBe('Older');
		expect(
			(await ctx.api.get('/moderation/rules/older/revisions', { params: { limit: 1, page: 3 } })).data.data.map((r) => r.revisionId),
		).toEqual(['test-app_older_1']);
	});
	test('PUT validation and errors', async () => {
		expect((await ctx.api.put('/moderation/rules/nope', {})).data.error.code).toBe('ERR_RULE_NOT_FOUND');
		expect((await ctx.api.get('/moderation/rules/nope/revisions')).data.error.code).toBe('ERR_RULE_NOT_FOUND');
		expect((await ctx.api.put('/moderation/rules/older', { action: ['banUser'] })).data.error.details.action).toBeDefined();
		expect(
			(await ctx.api.put('/moderation/rules/older', { conditions: [{ operand: 'text', category: 'pattern', value: '([' }] })).data.error
				.details['conditions[0].value'],
		).toBeDefined();
		expect(
			(await ctx.api.put('/moderation/rules/older', { conditions: [{ operand: 'audio', value: 'x' }] })).data.error.details[
				'conditions[0].operand'
			],
		).toBeDefined();
		const kw = await ctx.api.put('/moderation/rules/older', {
			conditions: [{ operand: 'text', category: 'word', value: 'missing-list', isKeywordReferencePresent: true }],
		});
		expect(kw.status).toBe(404);
		expect(kw.data.error.code).toBe('ERR_KEYWORD_NOT_FOUND');
		expect((await ctx.api.put('/moderation/rules/older', { id: 'other' })).status).toBe(400);
		expect(s().rules.get('older').revisions).toHaveLength(1);
	});
	test('GET one rule, POST a rule, DELETE a rule', async () => {
		expect((await ctx.api.get('/moderation/rules/older')).data.data.name).toBe('Older');
		const created = await ctx.api.post('/moderation/rules', {
			id: 'fresh',
			name: 'Fresh',
			conditions: [word('z')],
			action: ['blockMessage'],
		});
		expect(created.data.data).toMatchObject({ id: 'fresh', revisionId: 'test-app_fresh_1', active: true, enabled: true });
		expect((await ctx.api.post('/moderation/rules', { id: 'fresh' })).status).toBe(409);
		const del = await ctx.api.delete('/moderation/rules/fresh');
		expect(del.data).toEqual({ data: { success: true, message: 'Rule with id fresh has been deleted successfully.' } });
		expect((await ctx.api.delete('/moderation/rules/fresh')).data.error.code).toBe('ERR_RULE_NOT_FOUND');
	});
});

describe('flagged messages list', () => {
	const ids = (r) => r.data.data.map((x) => x.id);
	beforeEach(() => {
		for (let i = 0; i < 6; i++) s().addMessage({ sender: 'ann', receiver: 'bob', data: { text: `m${i + 1}` } });
	});
	test('sorted by the LATEST flaggedAt desc, ties by id desc; a new flag moves a message up', async () => {
		s().addFlag({ messageId: '1', uid: 'bob', reasonId: 'spam', flaggedAt: 100 });
		s().addFlag({ messageId: '2', uid: 'bob', reasonId: 'spam', flaggedAt: 300 });
		s().addFlag({ messageId: '3', uid: 'bob', reasonId: 'spam', flaggedAt: 200 });
		s().addFlag({ messageId: '4', uid: 'bob', reasonId: 'spam', flaggedAt: 200 });
		expect(ids(await ctx.api.get('/moderation/flagged-messages'))).toEqual(['2', '4', '3', '1']);
		s().addFlag({ messageId: '1', uid: 'mod', reasonId: 'other', flaggedAt: 400 });
		const r = await ctx.api.get('/moderation/flagged-messages');
		expect(ids(r)).toEqual(['1', '2', '4', '3']);
		expect(r.data.data[0].flaggedCount).toBe(2);
		expect(r.data.meta).toEqual({ current: { limit: 50, count: 4 } });
	});
	test('limit + page; limit above the maximum is lowered to MODERATION_MAX_LIMIT', async () => {
		for (let i = 1; i <= 6; i++) s().addFlag({ messageId: String(i), uid: 'bob', reasonId: 'spam', flaggedAt: 100 + i });
		expect(ids(await ctx.api.get('/moderation/flagged-messages', { params: { limit: 4, page: 2 } }))).toEqual(['2', '1']);
		expect(ids(await ctx.api.get('/moderation/flagged-messages', { params: { limit: 4, page: 3 } }))).toEqual([]);
		expect((await ctx.api.get('/moderation/flagged-messages', { params: { limit: 100000 } })).data.meta.current.limit).toBe(
			MODERATION_MAX_LIMIT,
		);
		expect(MODERATION_MAX_LIMIT).toBe(100);
		expect((await ctx.api.get('/moderation/flagged-messages', { params: { limit: 0 } })).status).toBe(400);
		expect((await ctx.api.get('/moderation/flagged-messages', { params: { page: 'x' } })).status).toBe(400);
	});
	test('PATCH approved/disapproved removes it from the default list; status filter shows it; a new flag re-opens it', async () => {
		for (let i = 1; i <= 3; i++) s().addFlag({ messageId: String(i), uid: 'bob', reasonId: 'spam', flaggedAt: 100 + i });
		const a = await ctx.api.patch('/moderation/flagged-messages/2', { status: 'approved' });
		expect(a.data).toEqual({ success: true, message: 'Message with ID 2 has been approved.' });
		await ctx.api.patch('/moderation/flagged-messages/3', { status: 'disapproved' });
		expect(ids(await ctx.api.get('/moderation/flagged-messages'))).toEqual(['1']);
		expect(ids(await ctx.api.get('/moderation/flagged-messages', { params: { status: 'approved' } }))).toEqual(['2']);
		expect(ids(await ctx.api.get('/moderation/flagged-messages', { params: { status: 'all' } }))).toEqual(['3', '2', '1']);
		expect(s().messages.get('3').moderationStatus).toBe('disapproved');
		s().addFlag({ messageId: '2', uid: 'mod', reasonId: 'spam', flaggedAt: 500 });
		expect(ids(await ctx.api.get('/moderation/flagged-messages'))).toEqual(['2', '1']);
	});
	test('PATCH errors', async () => {
		s().addFlag({ messageId: '1', uid: 'bob', reasonId: 'spam' });
		expect((await ctx.api.patch('/moderation/flagged-messages/1', { status: 'maybe' })).status).toBe(400);
		expect((await ctx.api.patch('/moderation/flagged-messages/5', { status: 'approved' })).data.error.code).toBe(
			'ERR_MESSAGE_ID_NOT_FOUND',
		);
		expect((await ctx.api.get('/moderation/flagged-messages', { params: { status: 'nope' } })).status).toBe(400);
	});
	test('record shape (see docs/cometchat-api.md, Moderation)', async () => {
		s().addFlag({ messageId: '1', uid: 'bob', reasonId: 'spam', remark: 'r', flaggedAt: 7 });
		const f = (await ctx.api.get('/moderation/flagged-messages')).data.data[0];
		expect(Object.keys(f)).toEqual([
			'appId',
			'id',
			'conversationId',
			'sender',
			'receiverType',
			'receiver',
			'category',
			'type',
			'data',
			'sentAt',
			'updatedAt',
			'flaggedCount',
			'flaggedBy',
		]);
		expect(Object.keys(f.flaggedBy[0])).toEqual(['uid', 'name', 'role', 'reasonId', 'reasonName', 'description', 'remark', 'flaggedAt']);
	});
});

describe('blocked messages list', () => {
	beforeEach(() => {
		s().addRule({ id: 'r', name: 'R', conditions: [word(['x'])] });
		for (let i = 0; i < 4; i++) s().addMessage({ sender: 'ann', receiver: 'bob', data: { text: `m${i + 1}` } });
		s().addBlocked({ messageId: '1', ruleId: 'r', createdAt: 100 });
		s().addBlocked({ messageId: '2', ruleId: 'r', createdAt: 300 });
		s().addBlocked({ messageId: '3', ruleId: 'r', createdAt: 300 });
		s().addBlocked({ messageId: '4', ruleId: 'r', createdAt: 200 });
	});
	const ids = (r) => r.data.data.map((x) => x.message.id);
	test('createdAt desc, ties by id desc; limit/page', async () => {
		const r = await ctx.api.get('/moderation/blocked-messages');
		expect(ids(r)).toEqual(['3', '2', '4', '1']);
		expect(r.data.meta).toEqual({ current: { limit: 50, count: 4 } });
		expect(ids(await ctx.api.get('/moderation/blocked-messages', { params: { limit: 3, page: 2 } }))).toEqual(['1']);
	});
	test('PATCH approved → message approved, record gone; rejected → disapproved', async () => {
		const a = await ctx.api.patch('/moderation/blocked-messages/2', { status: 'approved', reviewed: true });
		expect(a.data).toEqual({ data: { success: true, message: 'Message with ID 2 has been approved.' } });
		expect(s().messages.get('2').moderationStatus).toBe('approved');
		await ctx.api.patch('/moderation/blocked-messages/3', { status: 'rejected', reviewed: true });
		expect(s().messages.get('3').moderationStatus).toBe('disapproved');
		expect(ids(await ctx.api.get('/moderation/blocked-messages'))).toEqual(['4', '1']);
		expect((await ctx.api.patch('/moderation/blocked-messages/2', { status: 'approved', reviewed: true })).data.error.code).toBe(
			'ERR_MESSAGE_ID_NOT_FOUND',
		);
		expect(
			(await ctx.api.patch('/moderation/blocked-messages/1', { status: 'disapproved', reviewed: true })).data.error.details.status,
		).toBeDefined();
	});
	test('PATCH with reviewed: false decides the message and keeps the record listed', async () => {
		await ctx.api.patch('/moderation/blocked-messages/4', { status: 'rejected', reviewed: false });
		expect(s().messages.get('4').moderationStatus).toBe('disapproved');
		expect(ids(await ctx.api.get('/moderation/blocked-messages'))).toEqual(['3', '2', '4', '1']);
	});
});

describe('reasons and keyword lists', () => {
	test('reasons: default set, numeric-string timestamps, meta.current', async () => {
		const r = await ctx.api.get('/moderation/reasons');
		expect(r.data.data.map((x) => x.id)).toEqual(['spam', 'sexual', 'harassment', 'hate_speech', 'violence', 'other']);
		for (const x of r.data.data) {
			expect(typeof x.createdAt).toBe('string');
			expect(x.createdAt).toMatch(/^\d+$/);
			expect(x.updatedAt).toMatch(/^\d+$/);
			expect(x.default).toBe(true);
		}
		expect(r.data.meta).toEqual({ current: { limit: 50, count: 6 } });
		s().addReason({ id: 'custom', name: 'Custom', createdAt: 1800000000 });
		expect((await ctx.api.get('/moderation/reasons', { params: { limit: 2 } })).data.data.map((x) => x.id)).toEqual(['custom', 'spam']);
	});
	test('keyword lists: list (with _id, appId, __v), newest first, default limit 10; single without them', async () => {
		const r = await ctx.api.get('/moderation/keywords');
		expect(r.data.data.map((k) => k.id)).toEqual(['csv-list', 'bad-words']);
		expect(r.data.data[1]).toMatchObject({
			_id: expect.any(String),
			appId: 'test-app',
			__v: 0,
			category: 'word',
			isCSV: false,
			active: true,
			revisionId: 'test-app_bad-words_1',
		});
		expect(r.data.meta).toEqual({ current: { limit: 10, count: 2 } });
		const one = await ctx.api.get('/moderation/keywords/bad-words');
		expect(one.data.data).not.toHaveProperty('_id');
		expect(one.data.data).not.toHaveProperty('__v');
		expect(one.data.data.searchTerms).toEqual(['blocked-term-1', 'blocked-term-2']);
		expect((await ctx.api.get('/moderation/keywords/nope')).data.error.code).toBe('ERR_KEYWORD_NOT_FOUND');
	});
});
