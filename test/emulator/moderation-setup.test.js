// The moderation set-up routes: reasons, rules, keyword lists, submitted and reviewed messages.
const { useStarted } = require('./helpers');

const ctx = useStarted();

const s = () => ctx.emu.store;
beforeEach(() => {
	s().reset();
	s().setClock(1800000000);
	s().addUser({ uid: 'ann', name: 'Ann' });
	s().addUser({ uid: 'bob', name: 'Bob' });
});

describe('reasons', () => {
	test('create, get, list, rename, delete', async () => {
		const created = await ctx.api.post('/moderation/reasons', { id: 'scam', name: 'Scam', description: 'Money tricks' });
		expect(created.status).toBe(200);
		expect(created.data).toEqual({
			data: { id: 'scam', name: 'Scam', description: 'Money tricks', createdAt: 1800000000, updatedAt: 1800000000 },
		});
		expect((await ctx.api.get('/moderation/reasons', { params: { limit: 1 } })).data.data).toEqual([
			{ id: 'scam', name: 'Scam', description: 'Money tricks', createdAt: '1800000000', updatedAt: '1800000000' },
		]);
		s().setClock(1800000010);
		const renamed = await ctx.api.put('/moderation/reasons/scam', { name: 'Fraud' });
		expect(renamed.data.data).toMatchObject({ id: 'scam', name: 'Fraud', createdAt: 1800000000, updatedAt: 1800000010 });
		expect((await ctx.api.get('/moderation/reasons/scam')).data.data.name).toBe('Fraud');
		const deleted = await ctx.api.delete('/moderation/reasons/scam');
		expect(deleted.data).toEqual({ success: true, message: 'The reason with id scam has been deleted successfully.' });
		expect((await ctx.api.get('/moderation/reasons/scam')).data.error.code).toBe('ERR_REASON_NOT_FOUND');
		expect((await ctx.api.delete('/moderation/reasons/scam')).status).toBe(404);
	});

	test('refuses a taken id, a body without id or name, and a rename without a name', async () => {
		expect((await ctx.api.post('/moderation/reasons', { id: 'spam', name: 'Again' })).data.error.code).toBe('ERR_REASON_ALREADY_EXISTS');
		const missing = await ctx.api.post('/moderation/reasons', { name: 'No id' });
		expect(missing.status).toBe(400);
		expect(missing.data.error.details.id).toBeDefined();
		expect((await ctx.api.post('/moderation/reasons', { id: 'x', name: 'X', colour: 'red' })).status).toBe(400);
		expect((await ctx.api.put('/moderation/reasons/spam', {})).data.error.details.name).toBeDefined();
		expect((await ctx.api.put('/moderation/reasons/nope', { name: 'X' })).data.error.code).toBe('ERR_REASON_NOT_FOUND');
		expect(s().reasons.get('spam').name).toBe('Spam');
	});
});

describe('rules', () => {
	const rule = {
		id: 'no-eggs',
		name: 'No eggs',
		action: ['blockMessage'],
		conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: 'eggs' }],
	};
	test('a rule created is gettable, listed, and moderates the messages sent after it', async () => {
		const created = await ctx.api.post('/moderation/rules', rule);
		expect(created.status).toBe(200);
		expect(created.data.data).toMatchObject({ id: 'no-eggs', enabled: true, active: true, revisionId: 'test-app_no-eggs_1' });
		expect((await ctx.api.get('/moderation/rules/no-eggs')).data.data).toEqual(created.data.data);
		expect((await ctx.api.get('/moderation/rules')).data.data.map((r) => r.id)).toEqual(['no-eggs']);
		const sent = await ctx.as('ann').post('/messages', { receiver: 'bob', receiverType: 'user', data: { text: 'I like eggs' } });
		expect(sent.data.data.data.moderation.status).toBe('pending');
	});
	test('refuses a taken id, a body outside the published schema, and answers 404 for an unknown rule', async () => {
		await ctx.api.post('/moderation/rules', rule);
		expect((await ctx.api.post('/moderation/rules', rule)).data.error.code).toBe('ERR_RULE_ALREADY_EXISTS');
		const extra = await ctx.api.post('/moderation/rules', { ...rule, id: 'other', colour: 'red' });
		expect(extra.status).toBe(400);
		expect(extra.data.error.details.colour).toBeDefined();
		expect((await ctx.api.post('/moderation/rules', { ...rule, id: undefined })).data.error.details.id).toBeDefined();
		expect((await ctx.api.get('/moderation/rules/nope')).data.error.code).toBe('ERR_RULE_NOT_FOUND');
	});
});

describe('keyword lists (multipart/form-data)', () => {
	/** A multipart body with the given parts, as a client sends it. */
	const multipart = (parts) => {
		const boundary = 'test-boundary-42';
		const body =
			parts
				.map(([name, value, filename]) => {
					const file = filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: text/csv`;
					return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${value}\r\n`;
				})
				.join('') + `--${boundary}--\r\n`;
		return [body, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }];
	};
	const rule = { id: 'r', conditions: [{ operand: 'text', value: ['words'], isKeywordsReferencePresent: true }] };

	test('create, update (a new revision, name kept), delete; the engine uses the current entries', async () => {
		s().addRule(rule);
		const created = await ctx.api.post(
			'/moderation/keywords',
			...multipart([
				['id', 'words'],
				['name', 'Words'],
				['category', 'word'],
				['searchTerms', 'darn, heck'],
			]),
		);
		expect(created.status).toBe(200);
		expect(created.data.data).toMatchObject({ id: 'words', name: 'Words', category: 'word', isCSV: false, searchTerms: ['darn', 'heck'] });
		const say = (text) => ctx.as('ann').post('/messages', { receiver: 'bob', receiverType: 'user', data: { text } });
		expect((await say('oh heck')).data.data.data.moderation.status).toBe('pending');
		const updated = await ctx.api.put(
			'/moderation/keywords/words',
			...multipart([
				['category', 'word'],
				['searchTerms', 'drat'],
			]),
		);
		expect(updated.data.data).toMatchObject({ name: 'Words', searchTerms: ['drat'], revisionId: 'test-app_words_2' });
		expect((await say('oh heck')).data.data.data.moderation.status).toBe('approved');
		expect((await say('oh drat')).data.data.data.moderation.status).toBe('pending');
		expect((await ctx.api.delete('/moderation/keywords/words')).data.data).toEqual({
			success: true,
			message: 'Keyword with id words has been deleted successfully.',
		});
		expect((await ctx.api.get('/moderation/keywords/words')).data.error.code).toBe('ERR_KEYWORD_NOT_FOUND');
	});

	test('sentences as disallowedSentences[] parts, and a CSV file', async () => {
		const sentences = await ctx.api.post(
			'/moderation/keywords',
			...multipart([
				['id', 'sentences'],
				['category', 'sentence-similarity'],
				['disallowedSentences[]', 'Move to WhatsApp'],
			]),
		);
		expect(sentences.data.data).toMatchObject({ searchTerms: [], disallowedSentences: ['Move to WhatsApp'] });
		const csv = await ctx.api.post(
			'/moderation/keywords',
			...multipart([
				['id', 'csv'],
				['category', 'word'],
				['searchTerms', ''],
				['file', '"a","b"\r\n"c"', 'terms.csv'],
			]),
		);
		expect(csv.data.data).toMatchObject({ isCSV: true, searchTerms: ['"a"', '"b"', '"c"'] });
	});

	test('refuses a JSON body, a body outside KeywordList, a taken id, and a malformed multipart body', async () => {
		const json = await ctx.api.post('/moderation/keywords', { id: 'j', category: 'word', searchTerms: 'a' });
		expect(json.status).toBe(400);
		expect(json.data.error.details.body).toBeDefined();
		const noTerms = await ctx.api.post(
			'/moderation/keywords',
			...multipart([
				['id', 'n'],
				['category', 'word'],
			]),
		);
		expect(noTerms.data.error.details.searchTerms).toBeDefined();
		const badCategory = await ctx.api.post(
			'/moderation/keywords',
			...multipart([
				['category', 'phrase'],
				['searchTerms', 'a'],
			]),
		);
		expect(badCategory.status).toBe(400);
		s().addKeywordList({ id: 'taken', searchTerms: ['x'] });
		const taken = await ctx.api.post(
			'/moderation/keywords',
			...multipart([
				['id', 'taken'],
				['category', 'word'],
				['searchTerms', 'y'],
			]),
		);
		expect(taken.data.error.code).toBe('ERR_KEYWORD_ALREADY_EXISTS');
		const cut = await ctx.api.post('/moderation/keywords', '--b\r\nContent-Disposition: form-data; name="id"\r\n\r\nx', {
			headers: { 'content-type': 'multipart/form-data; boundary=b' },
		});
		expect(cut.data.error).toMatchObject({ code: 'ERR_BAD_REQUEST', message: 'The request body is not valid multipart/form-data.' });
		expect(s().keywordLists.get('taken').searchTerms).toEqual(['x']);
	});
});

describe('moderated messages and reviewed messages', () => {
	beforeEach(() => {
		s().addRule({ id: 'no-spam', name: 'No spam', conditions: [{ operand: 'text', value: ['spam'] }], action: ['blockMessage'] });
	});
	const submit = (text, extra = {}) =>
		ctx.api.post('/moderation/messages', { sender: 'ann', receiver: 'bob', receiverType: 'user', data: { text }, ...extra });

	test('submitted messages are moderated, listed with filters and the cursor, read and deleted', async () => {
		s().addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'not submitted' } });
		const clean = await submit('hello', { sentAt: 1800000001 });
		expect(clean.data.data).toMatchObject({ sentAt: 1800000001, data: { text: 'hello', moderation: { status: 'approved' } } });
		const held = await submit('spam here');
		expect(held.data.data.data.moderation.status).toBe('pending');
		const page = await ctx.api.get('/moderation/messages', { params: { limit: 1 } });
		expect(page.data.data.map((m) => m.data.text)).toEqual(['hello']);
		expect(page.data.meta).toEqual({
			current: { limit: 1, count: 1 },
			next: { affix: 'append', sentAt: held.data.data.sentAt, id: held.data.data.id },
		});
		const pending = await ctx.api.get('/moderation/messages', {
			params: { moderationStatus: 'pending', receiverUID: 'bob', sender: 'ann' },
		});
		expect(pending.data.data.map((m) => m.id)).toEqual([held.data.data.id]);
		expect((await ctx.api.get('/moderation/messages', { params: { receiverGUID: 'bob' } })).data.data).toEqual([]);
		expect((await ctx.api.get('/moderation/messages', { params: { moderationStatus: 'approved' } })).status).toBe(400);
		expect((await ctx.api.get(`/moderation/messages/${held.data.data.id}`)).data.data.id).toBe(held.data.data.id);
		const deleted = await ctx.api.delete(`/moderation/messages/${held.data.data.id}`);
		expect(deleted.data.data).toEqual({ success: true, message: `Message with id ${held.data.data.id} has been deleted successfully.` });
		expect(s().blockedMessages.size).toBe(0);
		expect((await ctx.api.get(`/moderation/messages/${held.data.data.id}`)).data.error.code).toBe('ERR_MESSAGE_ID_NOT_FOUND');
	});

	test('a body without its required fields is refused; user details create a missing user', async () => {
		const missing = await ctx.api.post('/moderation/messages', { sender: 'ann', data: { text: 'x' } });
		expect(missing.status).toBe(400);
		expect(Object.keys(missing.data.error.details).sort()).toEqual(['receiver', 'receiverType']);
		const created = await submit('hi', { receiver: 'newbie', receiverUserDetails: { uid: 'newbie', name: 'Newbie' } });
		expect(created.status).toBe(200);
		expect(s().users.get('newbie').name).toBe('Newbie');
	});

	test('reviews of blocked and flagged messages are listed, the latest first; a review kept pending is not', async () => {
		const held = (await submit('spam one')).data.data.id;
		const kept = (await submit('spam two')).data.data.id;
		const flagged = s().addMessage({ sender: 'bob', receiver: 'ann', data: { text: 'rude' } }).id;
		s().addFlag({ messageId: flagged, uid: 'ann', reasonId: 'harassment' });
		expect((await ctx.api.get('/moderation/reviewed-messages')).data).toEqual({ data: [], meta: { current: { limit: 50, count: 0 } } });
		await ctx.api.patch(`/moderation/blocked-messages/${held}`, { status: 'approved', reviewed: true });
		await ctx.api.patch(`/moderation/blocked-messages/${kept}`, { status: 'rejected', reviewed: false });
		s().setClock(1800000100);
		await ctx.api.patch(`/moderation/flagged-messages/${flagged}`, { status: 'disapproved' });
		const reviewed = (await ctx.api.get('/moderation/reviewed-messages')).data;
		expect(reviewed.data.map((r) => r.id ?? r.message.id)).toEqual([flagged, held]);
		expect(reviewed.data[1]).toMatchObject({
			ruleId: 'no-spam',
			appId: 'test-app',
			message: { data: { moderation: { status: 'approved' } } },
		});
		expect(reviewed.data[0]).toMatchObject({ flaggedCount: 1, data: { moderation: { status: 'disapproved' } } });
		expect(
			(await ctx.api.get('/moderation/reviewed-messages', { params: { limit: 1, page: 2 } })).data.data.map((r) => r.message.id),
		).toEqual([held]);
	});
});
