// Data Import (data-import-apis.json): the four routes over HTTP, their body shape (objects keyed by
// ID, at most 50), each entity's answer, a second import answered "already exists" with nothing
// stored twice, the stores shared with the rest of the API, and each endpoint's own rate limit.
const { useStarted } = require('./helpers');

const ctx = useStarted();
const s = () => ctx.emu.store;
const NOW = 1_800_000_000;
beforeEach(() => {
	s().reset();
	s().setClock(NOW);
	ctx.emu.setDataImportRateLimit(60);
});

const post = (kind, entities) => ctx.api.post(`/data_import/${kind}`, { [kind]: entities });

describe('POST /data_import/users', () => {
	test('each user is answered under its UID and stored as a user GET /users/<uid> returns', async () => {
		const r = await post('users', {
			ada: { uid: 'ada', name: 'Ada', createdAt: 1_600_000_000, lastActiveAt: 1_700_000_000, tags: ['vip'], metadata: { team: 'x' } },
			bob: { uid: 'bob', name: 'Bob' },
		});
		expect(r.status).toBe(200);
		expect(r.data.data.ada).toEqual({
			success: true,
			data: expect.objectContaining({ uid: 'ada', name: 'Ada', createdAt: 1_600_000_000, lastActiveAt: 1_700_000_000, tags: ['vip'] }),
		});
		expect(r.data.data.bob.success).toBe(true);
		const got = await ctx.api.get('/users/ada');
		expect(got.data.data).toMatchObject({ uid: 'ada', name: 'Ada', createdAt: 1_600_000_000, metadata: { team: 'x' } });
	});
	test('a second import is answered ERR_UID_ALREADY_EXISTS for that user only, and changes nothing', async () => {
		await post('users', { ada: { uid: 'ada', name: 'Ada' } });
		const r = await post('users', { ada: { uid: 'ada', name: 'Other' }, cy: { uid: 'cy', name: 'Cy' } });
		expect(r.data.data.ada).toEqual({ success: false, error: { code: 'ERR_UID_ALREADY_EXISTS', message: expect.any(String) } });
		expect(r.data.data.cy.success).toBe(true);
		expect(s().areas.users.byId.get('ada').name).toBe('Ada');
	});
	test('a key that is not the uid, or an unknown role, fails that entity alone', async () => {
		const r = await post('users', {
			ada: { uid: 'bob', name: 'Ada' },
			cy: { uid: 'cy', name: 'Cy', role: 'nope' },
			dee: { uid: 'dee', name: 'Dee' },
		});
		expect(r.data.data.ada.error.code).toBe('ERR_IMPORT_INVALID_USER_FORMAT');
		expect(r.data.data.cy.error.code).toBe('ERR_ROLE_NOT_FOUND');
		expect(r.data.data.dee.success).toBe(true);
		expect([...s().areas.users.byId.keys()]).toEqual(['dee']);
	});
	test('an array, an empty object or 51 users are refused as a whole', async () => {
		// The array of the error texts is refused by the schema (the emulator's validation of the published shape).
		const arr = await ctx.api.post('/data_import/users', { users: [{ uid: 'a', name: 'A' }] });
		expect([arr.status, arr.data.error.code]).toEqual([400, 'ERR_BAD_REQUEST']);
		const empty = await post('users', {});
		expect(empty.data.error.code).toBe('ERR_IMPORT_INVALID_USER_FORMAT');
		const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`u${i}`, { uid: `u${i}`, name: `U${i}` }]));
		const over = await post('users', many);
		expect([over.status, over.data.error.code]).toEqual([400, 'ERR_IMPORT_INVALID_USER_FORMAT']);
		expect(s().areas.users.byId.size).toBe(0);
	});
});

describe('POST /data_import/groups and /members', () => {
	beforeEach(() => s().addUser({ uid: 'ada', name: 'Ada' }));
	test('a group is stored with its owner as admin; its owner is created from groupOwnerDetails when missing', async () => {
		const r = await post('groups', {
			crew: { guid: 'crew', name: 'Crew', type: 'public', owner: 'ada', createdAt: 1_600_000_000 },
			team: { guid: 'team', name: 'Team', type: 'private', owner: 'zed', groupOwnerDetails: { uid: 'zed', name: 'Zed' } },
		});
		expect(r.data.data.crew).toEqual({
			success: true,
			data: expect.objectContaining({ guid: 'crew', conversationId: 'group_crew', owner: 'ada' }),
		});
		expect(r.data.data.team.success).toBe(true);
		expect((await ctx.api.get('/users/zed')).data.data.name).toBe('Zed');
		expect((await ctx.api.get('/groups/crew/members')).data.data.map((m) => [m.uid, m.scope])).toEqual([['ada', 'admin']]);
		const again = await post('groups', { crew: { guid: 'crew', name: 'Crew', type: 'public' } });
		expect(again.data.data.crew.error.code).toBe('ERR_GUID_ALREADY_EXISTS');
	});
	test('a member is stored under <guid>_member_<uid>; again: ERR_ALREADY_JOINED; joinedAt before the group: ERR_IMPORT_INVALID_JOINEDAT', async () => {
		s().addUser({ uid: 'bob', name: 'Bob' });
		s().addUser({ uid: 'cy', name: 'Cy' });
		await post('groups', { crew: { guid: 'crew', name: 'Crew', type: 'public', createdAt: 1_600_000_000 } });
		const r = await post('members', {
			crew_member_bob: { memberId: 'crew_member_bob', guid: 'crew', uid: 'bob', scope: 'moderator', joinedAt: 1_650_000_000 },
			crew_member_cy: { memberId: 'crew_member_cy', guid: 'crew', uid: 'cy', joinedAt: 1_500_000_000 },
			crew_member_ada: { memberId: 'crew_member_ada', guid: 'crew', uid: 'ada', isBanned: true },
		});
		expect(r.data.data.crew_member_bob).toEqual({
			success: true,
			data: { guid: 'crew', uid: 'bob', scope: 'moderator', joinedAt: 1_650_000_000, isBanned: false },
		});
		expect(r.data.data.crew_member_cy.error.code).toBe('ERR_IMPORT_INVALID_JOINEDAT');
		expect(r.data.data.crew_member_ada.success).toBe(true);
		const group = s().areas.groups.byId.get('crew');
		expect([...group.members.keys()]).toEqual(['bob']);
		expect([...group.banned.keys()]).toEqual(['ada']);
		const again = await post('members', { crew_member_bob: { memberId: 'crew_member_bob', guid: 'crew', uid: 'bob' } });
		expect(again.data.data.crew_member_bob.error.code).toBe('ERR_ALREADY_JOINED');
		const wrongKey = await post('members', { x: { memberId: 'x', guid: 'crew', uid: 'cy' } });
		expect(wrongKey.data.data.x.error.code).toBe('ERR_IMPORT_INVALID_MEMBER_FORMAT');
	});
});

describe('POST /data_import/messages', () => {
	beforeEach(() => {
		s().addUser({ uid: 'ada', name: 'Ada' });
		s().addUser({ uid: 'bob', name: 'Bob' });
	});
	const message = (muid, extra = {}) => ({
		muid,
		sender: 'ada',
		receiverType: 'user',
		receiver: 'bob',
		sentAt: 1_600_000_000,
		data: { text: muid },
		...extra,
	});
	test('messages keep their sentAt and muid and are listed in the conversation; a muid again: ERR_IMPORT_MUID_ALREADY_EXISTS', async () => {
		const r = await post('messages', { m1: message('m1'), m2: message('m2', { sentAt: 1_600_000_100, deliveredAt: 1_600_000_101 }) });
		expect(r.data.data.m1).toEqual({
			success: true,
			data: expect.objectContaining({ muid: 'm1', sender: 'ada', receiver: 'bob', sentAt: 1_600_000_000, conversationId: 'ada_user_bob' }),
		});
		expect(r.data.data.m2.data.deliveredAt).toBe(1_600_000_101);
		const again = await post('messages', { m1: message('m1'), m3: message('m3') });
		expect(again.data.data.m1).toEqual({ success: false, error: { code: 'ERR_IMPORT_MUID_ALREADY_EXISTS', message: expect.any(String) } });
		expect(again.data.data.m3.success).toBe(true);
		expect(
			s()
				.areas.messages.list()
				.map((m) => m.muid),
		).toEqual(['m1', 'm2', 'm3']);
	});
	test('a sender or group receiver that does not exist fails the message, unless its details are given', async () => {
		const r = await post('messages', {
			m1: message('m1', { sender: 'zed' }),
			m2: message('m2', {
				sender: 'zed',
				senderUserDetails: { uid: 'zed', name: 'Zed' },
				receiverType: 'group',
				receiver: 'g',
				receiverGroupDetails: { guid: 'g', name: 'G', type: 'public' },
			}),
			m3: message('m3', { type: 'sticker' }),
			m4: message('m4', { category: 'custom', type: 'location', data: { customData: { lat: 1 } } }),
		});
		expect(r.data.data.m1.error.code).toBe('ERR_UID_NOT_FOUND');
		expect(r.data.data.m2.success).toBe(true);
		expect(r.data.data.m3.error.code).toBe('ERR_IMPORT_INVALID_MESSAGE_FORMAT');
		expect(r.data.data.m4.data.type).toBe('location');
		expect(s().areas.groups.byId.has('g')).toBe(true);
	});
});

describe('each endpoint has its own limit of 60 requests a window', () => {
	test('the 61st request of a window is 429 ERR_TOO_MANY_REQUESTS with Retry-After; another endpoint is not counted', async () => {
		// A 1 s window, as a test may shorten it, so the next one opens without waiting a minute.
		ctx.emu.setDataImportRateLimit(60, 1000);
		ctx.emu.spendDataImportRateLimit(59);
		const last = await post('users', { a: { uid: 'a', name: 'A' } });
		expect([last.status, last.headers['x-rate-limit-remaining']]).toEqual([200, '0']);
		const over = await post('users', { b: { uid: 'b', name: 'B' } });
		expect([over.status, over.data.error.code]).toEqual([429, 'ERR_TOO_MANY_REQUESTS']);
		expect(over.data.error.message).toMatch(/60 per minute/);
		expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
		expect(s().areas.users.byId.has('b')).toBe(false);
		const other = await post('groups', { g: { guid: 'g', name: 'G', type: 'public' } });
		expect(other.status).toBe(200);
		const users = await ctx.api.get('/users');
		expect(users.status).toBe(200);
	});
});
