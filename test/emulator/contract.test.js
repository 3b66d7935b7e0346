// The validation step (emulator/core/contract.ts): the emulator refuses what CometChat's published
// operations (contract/operations.json) refuse, with 400 ERR_BAD_REQUEST and `details` per field,
// allows the deviations of contract/deviations.json, ignores undeclared query parameters, and
// serves at most the documented page sizes (docs/cometchat-api.md, Page sizes).
const axios = require('axios');
const { useStarted, enc } = require('./helpers');
const { HOST_BASES, loadOperations } = require('../../contract/schema');
const {
	DEFAULT_MGMT_KEY,
	DEFAULT_MGMT_SECRET,
	MODERATION_MAX_LIMIT,
	PAGE_MAX,
	REACTIONS_LIMIT_MAX,
	THREAD_LIMIT_MAX,
} = require('../../emulator');

const ctx = useStarted();
const s = () => ctx.emu.store;
let messageId;
beforeEach(() => {
	s().reset();
	s().setClock(5000);
	s().addUser({ uid: 'ann', name: 'Ann' });
	s().addUser({ uid: 'bob', name: 'Bob' });
	s().addGroup({ guid: 'team', name: 'Team', owner: 'ann', members: { participants: ['bob'] } });
	messageId = s().addMessage({ sender: 'ann', receiver: 'bob', data: { text: 'rude' } }).id;
});

/** The answer must be a 400 ERR_BAD_REQUEST in the service's error shape whose details name exactly `fields`. */
function expectRefused(res, fields) {
	expect(res.status).toBe(400);
	expect(res.data.error).toMatchObject({ code: 'ERR_BAD_REQUEST', message: expect.any(String), source: expect.any(String) });
	expect(Object.keys(res.data.error.details).sort()).toEqual([...fields].sort());
	for (const field of fields) expect(res.data.error.details[field]).toEqual([expect.stringContaining(field)]);
	return res.data.error.details;
}

describe('Flag: POST /messages/{id}/flagged', () => {
	test('the old body {reasonId, remark} without id is refused, naming id, and nothing is flagged', async () => {
		const details = expectRefused(await ctx.as('bob').post(`/messages/${messageId}/flagged`, { reasonId: 'spam', remark: 'ads' }), ['id']);
		expect(details.id).toEqual(['id is required and missing.']);
		expect(s().flagged.size).toBe(0);
	});
	test('an id of another type is refused', async () => {
		expect(expectRefused(await ctx.as('bob').post(`/messages/${messageId}/flagged`, { id: 7 }), ['id']).id[0]).toMatch(/must be string/);
	});
	test('{id} passes; the answer is {success, message} without a data wrapper', async () => {
		const res = await ctx.as('bob').post(`/messages/${messageId}/flagged`, { id: 'spam' });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ success: true, message: `Message with id ${messageId} has been flagged successfully.` });
		expect(
			s()
				.flagged.get(messageId)
				.flaggedBy.find((entry) => entry.uid === 'bob'),
		).toMatchObject({ reasonId: 'spam', remark: '' });
	});
	test('the deviations reasonId and remark are accepted beside id, and the remark is kept', async () => {
		expect((await ctx.as('bob').post(`/messages/${messageId}/flagged`, { id: 'spam', reasonId: 'spam', remark: 'ads' })).status).toBe(200);
		expect(
			s()
				.flagged.get(messageId)
				.flaggedBy.find((entry) => entry.uid === 'bob'),
		).toMatchObject({ reasonId: 'spam', remark: 'ads' });
	});
	test('a property that is neither published nor a deviation is refused', async () => {
		expectRefused(await ctx.as('bob').post(`/messages/${messageId}/flagged`, { id: 'spam', severity: 'high' }), ['severity']);
	});
});

describe('Reviews', () => {
	beforeEach(() => {
		s().addRule({ id: 'r1', conditions: [{ operand: 'text', category: 'word', operator: 'contains', value: ['rude'] }] });
		s().addBlocked({ messageId, ruleId: 'r1' });
		s().addFlag({ messageId, uid: 'bob', reasonId: 'spam' });
	});
	test('PATCH /moderation/blocked-messages/{id}: {status} alone is refused, naming reviewed; the record stays', async () => {
		expectRefused(await ctx.api.patch(`/moderation/blocked-messages/${messageId}`, { status: 'approved' }), ['reviewed']);
		expectRefused(await ctx.api.patch(`/moderation/blocked-messages/${messageId}`, { status: 'approved', reviewed: 'yes' }), ['reviewed']);
		expectRefused(await ctx.api.patch(`/moderation/blocked-messages/${messageId}`, { status: 'disapproved', reviewed: true }), ['status']);
		expect(s().blockedMessages.has(messageId)).toBe(true);
	});
	test('PATCH /moderation/blocked-messages/{id}: {status, reviewed} passes', async () => {
		const res = await ctx.api.patch(`/moderation/blocked-messages/${messageId}`, { status: 'rejected', reviewed: true });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ data: { success: true, message: `Message with ID ${messageId} has been rejected.` } });
		expect(s().blockedMessages.has(messageId)).toBe(false);
	});
	test('PATCH /moderation/flagged-messages/{id}: a blocked-message status is refused; approved passes, without a data wrapper', async () => {
		expectRefused(await ctx.api.patch(`/moderation/flagged-messages/${messageId}`, { status: 'rejected' }), ['status']);
		const res = await ctx.api.patch(`/moderation/flagged-messages/${messageId}`, { status: 'approved' });
		expect(res.status).toBe(200);
		expect(res.data).toEqual({ success: true, message: `Message with ID ${messageId} has been approved.` });
	});
});

describe('Send: POST /messages', () => {
	const media = (data) => ({ receiver: 'bob', receiverType: 'user', category: 'message', type: 'image', data });
	test('a numeric attachment size and data.url are refused, each named', async () => {
		const res = await ctx
			.as('ann')
			.post('/messages', media({ url: 'https://x/cat.jpg', attachments: [{ url: 'https://x/cat.jpg', size: 2048 }] }));
		const details = expectRefused(res, ['data.url', 'data.attachments[0].size']);
		expect(details['data.url']).toEqual(['data.url is not declared.']);
		expect(details['data.attachments[0].size']).toEqual(['data.attachments[0].size must be string, was integer 2048.']);
		expect(s().messages.size).toBe(1);
	});
	test('the published media shape passes: the URL as an attachment, size a string', async () => {
		const res = await ctx
			.as('ann')
			.post(
				'/messages',
				media({ attachments: [{ url: 'https://x/cat.jpg', name: 'cat.jpg', size: '2048', mimeType: 'image/jpeg', extension: 'jpg' }] }),
			);
		expect(res.status).toBe(200);
		expect(res.data.data.data.attachments[0].size).toBe('2048');
	});
	test('an unknown receiverType and an unknown message type are refused by the published enums', async () => {
		expectRefused(
			await ctx
				.as('ann')
				.post('/messages', { receiver: 'bob', receiverType: 'room', category: 'message', type: 'sticker', data: { text: 'x' } }),
			['receiverType', 'type'],
		);
	});
	test('the form deviations pass: title, options, an array defaultValue, a button field', async () => {
		const form = {
			receiver: 'bob',
			receiverType: 'user',
			category: 'interactive',
			type: 'form',
			data: {
				interactionGoal: { type: 'none', elementIds: [] },
				interactiveData: {
					title: 'Survey',
					formFields: [
						{ elementType: 'checkbox', elementId: 'c', label: 'Pick', options: [{ value: 'a', label: 'A' }], defaultValue: ['a'] },
						{
							elementType: 'button',
							elementId: 'b',
							buttonText: 'Go',
							disableAfterInteracted: true,
							action: { actionType: 'urlNavigation', url: 'https://x' },
						},
					],
					submitElement: { elementType: 'button', elementId: 'submit', buttonText: 'Send' },
				},
			},
		};
		expect((await ctx.as('ann').post('/messages', form)).status).toBe(200);
	});
	test('a body that is not an object is refused as the body', async () => {
		const res = await ctx.as('ann').post('/messages', JSON.stringify('hello'), { headers: { 'content-type': 'application/json' } });
		expect(res.status).toBe(400);
		expect(Object.keys(res.data.error.details)).toEqual(['category']);
		expectRefused(
			await ctx
				.as('bob')
				.post(`/messages/${messageId}/flagged`, JSON.stringify('spam'), { headers: { 'content-type': 'application/json' } }),
			['body'],
		);
	});
});

describe('Query parameters', () => {
	test('a declared parameter of a wrong type or outside its enum is refused, naming it', async () => {
		expectRefused(await ctx.api.get('/users', { params: { perPage: 'ten' } }), ['perPage']);
		expectRefused(await ctx.api.get('/users', { params: { status: 'busy' } }), ['status']);
		expectRefused(await ctx.api.get('/users?searchIn=name&searchIn=email'), ['searchIn']);
		expectRefused(await ctx.api.get('/users', { params: { withTags: 'yes' } }), ['withTags']);
		expectRefused(await ctx.api.get('/moderation/flagged-messages', { params: { limit: 'all' } }), ['limit']);
		expectRefused(await ctx.as('ann').get(`/messages/${messageId}/thread`, { params: { affix: 'sideways', sentAt: 'noon' } }), [
			'affix',
			'sentAt',
		]);
		expectRefused(await ctx.api.delete('/notifications/push/v1/tokens?all=maybe', { data: { authToken: 't' } }), ['all']);
	});
	test('a single-valued parameter sent twice is refused', async () => {
		expect(expectRefused(await ctx.api.get('/users?perPage=1&perPage=2'), ['perPage']).perPage[0]).toMatch(/declared once/);
	});
	test('an array parameter is read in either form (the contract test holds the form)', async () => {
		s().addUser({ uid: 'vip1', name: 'V', role: 'default', tags: ['a'] });
		for (const query of ['roles=default&roles=x', 'roles=default,x', 'tags=a,b', 'tags=a&tags=b', 'searchIn=name,uid']) {
			expect({ query, status: (await ctx.api.get(`/users?${query}`)).status }).toEqual({ query, status: 200 });
		}
	});
	test('undeclared parameters are ignored, the deviations among them served', async () => {
		expect((await ctx.api.get('/users', { params: { notAParameter: 'x', perPage: 1 } })).data.data).toHaveLength(1);
		const reasons = await ctx.api.get('/moderation/reasons', { params: { limit: 2, page: 2 } });
		expect(reasons.status).toBe(200);
		expect(reasons.data.meta.current).toEqual({ limit: 2, count: 2 });
		for (let i = 0; i < 3; i++) s().addReaction({ messageId, uid: i ? 'bob' : 'ann', reaction: ['👍', '🎉', '😂'][i] });
		const reactions = await ctx.as('ann').get(`/messages/${messageId}/reactions`, { params: { limit: 2, affix: 'append' } });
		expect(reactions.status).toBe(200);
		expect(reactions.data.meta.next).toMatchObject({ affix: 'append', id: expect.any(String) });
	});
});

describe('Page sizes: a larger size is lowered to the documented maximum, as meta shows', () => {
	test('numbered lists (perPage) serve at most PAGE_MAX = 1000', async () => {
		expect(PAGE_MAX).toBe(1000);
		s().banFromGroup(s().groups.get('team'), 'bob');
		for (const [path, headers] of [
			['/users', {}],
			['/users/ann/friends', {}],
			['/groups', { onBehalfOf: 'ann' }],
			['/groups/team/bannedusers', {}],
			['/roles', {}],
		]) {
			const res = await ctx.api.get(path, { params: { perPage: 5000 }, headers });
			expect({ path, status: res.status, perPage: res.data.meta.pagination.per_page }).toEqual({ path, status: 200, perPage: PAGE_MAX });
		}
	});
	test('thread (limit) serves at most the published 1000; reactions, which publish no maximum, 100', async () => {
		expect([THREAD_LIMIT_MAX, REACTIONS_LIMIT_MAX]).toEqual([1000, 100]);
		const thread = await ctx.as('ann').get(`/messages/${messageId}/thread`, { params: { limit: 5000 } });
		expect(thread.data.meta.current.limit).toBe(THREAD_LIMIT_MAX);
		const reactions = await ctx.as('ann').get(`/messages/${messageId}/reactions`, { params: { limit: 5000 } });
		expect(reactions.data.meta.current.limit).toBe(REACTIONS_LIMIT_MAX);
	});
	test('moderation lists (limit) serve at most MODERATION_MAX_LIMIT = 100', async () => {
		expect(MODERATION_MAX_LIMIT).toBe(100);
		s().addRule({ id: 'r1', conditions: [{ operand: 'text', category: 'word', operator: 'contains', value: ['x'] }] });
		for (const path of [
			'/moderation/flagged-messages',
			'/moderation/blocked-messages',
			'/moderation/reasons',
			'/moderation/rules',
			'/moderation/rules/r1/revisions',
			'/moderation/keywords',
		]) {
			const res = await ctx.api.get(path, { params: { limit: 5000 } });
			expect({ path, status: res.status, limit: res.data.meta.current.limit }).toEqual({ path, status: 200, limit: MODERATION_MAX_LIMIT });
		}
	});
});

describe('the operations file', () => {
	test('every published operation the package uses has a route in the emulator', async () => {
		const unrouted = [];
		// The management host's paths have no /v3, and it answers only its own key and secret.
		const mgmt = axios.create({
			baseURL: ctx.emu.mgmtUrl,
			headers: { key: DEFAULT_MGMT_KEY, secret: DEFAULT_MGMT_SECRET, 'X-Webhook-Version': '2' },
			validateStatus: () => true,
		});
		for (const op of loadOperations()) {
			const path = `${HOST_BASES[op.host]}${op.path.replace('{appId}', ctx.emu.appId).replace(/\{[^}]+\}/g, enc('x'))}`;
			const client = { mgmt, call: ctx.client(ctx.emu.callUrl) }[op.host] ?? ctx.api;
			// The chat and call clients' base holds /v3.
			const res = await client.request({ method: op.method, url: op.host === 'mgmt' ? path : path.slice(3) });
			if (res.data?.error?.code === 'ERR_ROUTE_NOT_FOUND') unrouted.push(`${op.method} ${op.path}`);
		}
		expect(unrouted).toEqual([]);
	});
});
