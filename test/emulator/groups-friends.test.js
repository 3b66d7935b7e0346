const { useStarted, enc } = require('./helpers');

const ctx = useStarted();
beforeEach(() => {
	const s = ctx.emu.store;
	s.reset();
	s.setClock(1000);
	for (const [i, uid] of ['ann', 'bob', 'cat', 'dan', 'eve'].entries()) s.addUser({ uid, name: uid.toUpperCase(), createdAt: 100 + i });
});

describe('GET /users/:uid/friends', () => {
	beforeEach(() => ctx.emu.store.addFriends('ann', ['bob', 'cat', 'dan']));
	test('lists friends newest user first with meta.pagination and meta.cursor', async () => {
		const r = await ctx.api.get('/users/ann/friends');
		expect(r.status).toBe(200);
		expect(r.data.data.map((u) => u.uid)).toEqual(['dan', 'cat', 'bob']);
		expect(r.data.data[0].conversationId).toBe('ann_user_dan');
		expect(r.data.meta.pagination).toEqual({ total: 3, count: 3, per_page: 100, current_page: 1, total_pages: 1 });
		expect(r.data.meta.cursor).toEqual({ updatedAt: 103, affix: 'prepend' });
		expect(r.data.cursor).toBeUndefined();
	});
	test('friendship is mutual', async () => {
		const r = await ctx.api.get('/users/bob/friends');
		expect(r.data.data.map((u) => u.uid)).toEqual(['ann']);
	});
	test('searchKey, perPage, page', async () => {
		expect((await ctx.api.get('/users/ann/friends', { params: { searchKey: 'c' } })).data.data.map((u) => u.uid)).toEqual(['cat']);
		const p = await ctx.api.get('/users/ann/friends', { params: { perPage: 2, page: 2 } });
		expect(p.data.data.map((u) => u.uid)).toEqual(['bob']);
		expect(p.data.meta.pagination).toMatchObject({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });
		expect((await ctx.api.get('/users/ann/friends', { params: { perPage: 99999 } })).data.meta.pagination.per_page).toBe(1000);
	});
	test('unknown user → 404', async () => {
		const r = await ctx.api.get('/users/zed/friends');
		expect(r.status).toBe(404);
		expect(r.data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
	test('POST friends answers per uid', async () => {
		const r = await ctx.api.post('/users/eve/friends', { accepted: ['ann', 'zed'] });
		expect(r.data.data.accepted.ann).toEqual({ success: true, message: 'Created relationship with status accepted.' });
		expect(r.data.data.accepted.zed.error.code).toBe('ERR_UID_NOT_FOUND');
	});
	test('DELETE friends ends the friendships both ways; a UID that is no friend changes nothing', async () => {
		const r = await ctx.api.delete('/users/ann/friends', { data: { friends: ['bob', 'eve'] } });
		expect(r.data.data).toEqual({ success: true, message: 'Deleted the friend relations succussfully' });
		expect((await ctx.api.get('/users/ann/friends')).data.data.map((u) => u.uid)).toEqual(['dan', 'cat']);
		expect((await ctx.api.get('/users/bob/friends')).data.data).toEqual([]);
		expect((await ctx.api.delete('/users/ann/friends', { data: {} })).status).toBe(400);
		expect((await ctx.api.delete('/users/zed/friends', { data: { friends: ['ann'] } })).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
});

describe('PUT /users/:uid/auth_tokens/:authToken', () => {
	test('updates a token created with withAuthToken', async () => {
		const created = await ctx.api.post('/users', { uid: 'fay', name: 'Fay', withAuthToken: true });
		const token = created.data.data.authToken;
		ctx.emu.store.setClock(2000);
		const r = await ctx.api.put(`/users/fay/auth_tokens/${enc(token)}`, { platform: 'android', userAgent: 'ua', appInfo: { v: 1 } });
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual({ uid: 'fay', authToken: token, createdAt: 1000 });
		expect(ctx.emu.store.authTokens.get('fay')[0]).toMatchObject({
			platform: 'android',
			userAgent: 'ua',
			appInfo: { v: 1 },
			updatedAt: 2000,
		});
	});
	test('unknown token → 404 ERR_AUTH_TOKEN_NOT_FOUND; unknown user → ERR_UID_NOT_FOUND; bad types → 400', async () => {
		expect((await ctx.api.put('/users/ann/auth_tokens/nope', {})).data.error.code).toBe('ERR_AUTH_TOKEN_NOT_FOUND');
		expect((await ctx.api.put('/users/zed/auth_tokens/nope', {})).data.error.code).toBe('ERR_UID_NOT_FOUND');
		const t = ctx.emu.store.addAuthToken('ann');
		const bad = await ctx.api.put(`/users/ann/auth_tokens/${t.authToken}`, { appInfo: 'x' });
		expect(bad.status).toBe(400);
		expect(bad.data.error.details.appInfo).toBeDefined();
	});
	test('POST /users/:uid/auth_tokens creates one', async () => {
		const r = await ctx.api.post('/users/ann/auth_tokens', {});
		expect(r.data.data.uid).toBe('ann');
		expect(ctx.emu.store.findAuthToken(r.data.data.authToken).uid).toBe('ann');
	});
});

describe('POST /groups', () => {
	test('creates with members; owner = onBehalfOf; acting member view', async () => {
		const r = await ctx.as('ann').post('/groups', {
			guid: 'g1',
			name: 'G1',
			type: 'public',
			description: 'd',
			icon: 'https://i',
			metadata: { k: 1 },
			tags: ['t'],
			members: { admins: ['bob'], moderators: ['cat'], participants: ['dan'], usersToBan: ['eve'] },
		});
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual({
			guid: 'g1',
			name: 'G1',
			description: 'd',
			icon: 'https://i',
			type: 'public',
			scope: 'admin',
			membersCount: 4,
			joinedAt: 1000,
			conversationId: 'group_g1',
			hasJoined: true,
			metadata: { k: 1 },
			createdAt: 1000,
			owner: 'ann',
			tags: ['t'],
		});
		const g = ctx.emu.store.groups.get('g1');
		expect([...g.members.entries()].map(([u, m]) => [u, m.scope])).toEqual([
			['ann', 'admin'],
			['bob', 'admin'],
			['cat', 'moderator'],
			['dan', 'participant'],
		]);
		expect([...g.banned.keys()]).toEqual(['eve']);
	});
	test('owner in the body wins; without onBehalfOf and owner, the first admin owns it', async () => {
		const a = await ctx.as('ann').post('/groups', { guid: 'g1', name: 'G', type: 'private', owner: 'bob' });
		expect(a.data.data.owner).toBe('bob');
		expect(a.data.data.hasJoined).toBe(false); // ann (onBehalfOf) is not a member
		const b = await ctx.api.post('/groups', { guid: 'g2', name: 'G', type: 'private', members: { admins: ['cat'] } });
		expect(b.data.data).toMatchObject({ owner: 'cat', scope: 'admin', hasJoined: true });
		const c = await ctx.api.post('/groups', { guid: 'g3', name: 'G', type: 'public' });
		expect(c.data.data.owner).toBeUndefined();
		expect(c.data.data.membersCount).toBe(0);
	});
	test('validation: guid, name, type required; type enum; password for password groups', async () => {
		const r = await ctx.api.post('/groups', {});
		expect(r.status).toBe(400);
		expect(Object.keys(r.data.error.details).sort()).toEqual(['guid', 'name', 'type']);
		expect((await ctx.api.post('/groups', { guid: 'g', name: 'G', type: 'protected' })).data.error.details.type).toBeDefined();
		expect((await ctx.api.post('/groups', { guid: 'g', name: 'G', type: 'password' })).data.error.details.password).toBeDefined();
		expect((await ctx.api.post('/groups', { guid: 'g', name: 'G', type: 'password', password: 'pw' })).status).toBe(200);
		expect(
			(await ctx.api.post('/groups', { guid: 'h', name: 'G', type: 'public', members: { admins: 'ann' } })).data.error.details[
				'members.admins'
			],
		).toBeDefined();
	});
	test('duplicate guid → 409; unknown member → 404 ERR_UID_NOT_FOUND; unknown onBehalfOf → 404', async () => {
		await ctx.api.post('/groups', { guid: 'g', name: 'G', type: 'public' });
		const dup = await ctx.api.post('/groups', { guid: 'g', name: 'G', type: 'public' });
		expect(dup.status).toBe(409);
		expect(dup.data.error.code).toBe('ERR_GUID_ALREADY_EXISTS');
		const miss = await ctx.api.post('/groups', { guid: 'h', name: 'G', type: 'public', members: { participants: ['ann', 'zed'] } });
		expect(miss.status).toBe(404);
		expect(miss.data.error.code).toBe('ERR_UID_NOT_FOUND');
		expect(miss.data.error.details.uids).toEqual(['zed']);
		expect(ctx.emu.store.groups.has('h')).toBe(false);
		expect((await ctx.as('zed').post('/groups', { guid: 'i', name: 'G', type: 'public' })).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
	test('GET /groups and GET /groups/:guid', async () => {
		await ctx.as('ann').post('/groups', { guid: 'a/b', name: 'Slash', type: 'public' });
		ctx.emu.store.setClock(1001);
		await ctx.as('ann').post('/groups', { guid: 'g2', name: 'Two', type: 'public' });
		expect((await ctx.api.get('/groups')).data.data.map((g) => g.guid)).toEqual(['g2', 'a/b']);
		expect((await ctx.api.get(`/groups/${enc('a/b')}`)).data.data.name).toBe('Slash');
		expect((await ctx.api.get('/groups/none')).data.error.code).toBe('ERR_GUID_NOT_FOUND');
	});
});

describe('GET /groups/:guid/bannedusers', () => {
	beforeEach(() => {
		const s = ctx.emu.store;
		s.addGroup({
			guid: 'g',
			name: 'G',
			owner: 'ann',
			members: { participants: ['bob'] },
			banned: [
				{ uid: 'cat', bannedAt: 500 },
				{ uid: 'dan', bannedAt: 700 },
				{ uid: 'eve', bannedAt: 600 },
			],
		});
	});
	test('newest ban first, meta.pagination, paging', async () => {
		const r = await ctx.api.get('/groups/g/bannedusers');
		expect(r.data.data.map((u) => u.uid)).toEqual(['dan', 'eve', 'cat']);
		expect(r.data.meta.pagination).toEqual({ total: 3, count: 3, per_page: 100, current_page: 1, total_pages: 1 });
		const p = await ctx.api.get('/groups/g/bannedusers', { params: { perPage: 2, page: 2 } });
		expect(p.data.data.map((u) => u.uid)).toEqual(['cat']);
	});
	test('ban through the API', async () => {
		await ctx.api.post('/groups/g/bannedusers/bob');
		const r = await ctx.api.get('/groups/g/bannedusers');
		expect(r.data.data.map((u) => u.uid)).toContain('bob');
		expect(ctx.emu.store.groups.get('g').members.has('bob')).toBe(false);
	});
	test('unknown group → 404 ERR_GUID_NOT_FOUND', async () => {
		const r = await ctx.api.get('/groups/nope/bannedusers');
		expect(r.status).toBe(404);
		expect(r.data.error.code).toBe('ERR_GUID_NOT_FOUND');
	});
});
