const { useStarted, enc } = require('./helpers');

const ctx = useStarted();
beforeEach(() => {
	ctx.emu.store.reset();
	ctx.emu.store.setClock(null);
	ctx.emu.clearRequests();
});

describe('auth', () => {
	test('missing apikey → 401 AUTH_ERR_EMPTY_APIKEY', async () => {
		const r = await ctx.client(ctx.emu.baseUrl, { apikey: '' }).get('/users');
		expect(r.status).toBe(401);
		expect(r.data.error.code).toBe('AUTH_ERR_EMPTY_APIKEY');
		expect(typeof r.data.error.message).toBe('string');
	});
	test('wrong apikey → 401 AUTH_ERR_APIKEY_NOT_FOUND', async () => {
		const r = await ctx.client(ctx.emu.baseUrl, { apikey: 'nope' }).get('/users');
		expect(r.status).toBe(401);
		expect(r.data.error.code).toBe('AUTH_ERR_APIKEY_NOT_FOUND');
	});
	test('apikey is checked before routing', async () => {
		const r = await ctx.client(ctx.emu.baseUrl, { apikey: 'nope' }).get('/no/such/route');
		expect(r.data.error.code).toBe('AUTH_ERR_APIKEY_NOT_FOUND');
	});
	test('unknown route → 404 ERR_ROUTE_NOT_FOUND', async () => {
		const r = await ctx.api.get('/no/such/route');
		expect(r.status).toBe(404);
		expect(r.data.error.code).toBe('ERR_ROUTE_NOT_FOUND');
	});
	test('invalid JSON body → 400 ERR_BAD_JSON', async () => {
		const r = await ctx.api.post('/users', '{"uid":', { headers: { 'content-type': 'application/json' }, transformRequest: [(d) => d] });
		expect(r.status).toBe(400);
		expect(r.data.error.code).toBe('ERR_BAD_JSON');
	});
});

describe('POST /users', () => {
	test('creates a user with every field and an auth token', async () => {
		ctx.emu.store.setClock(1700000000);
		const r = await ctx.api.post('/users', {
			uid: 'u1',
			name: 'Una',
			avatar: 'https://a/x.png',
			link: 'https://l',
			role: 'default',
			statusMessage: 'hi',
			metadata: { '@private': { email: 'e@x' } },
			tags: ['t1'],
			withAuthToken: true,
		});
		expect(r.status).toBe(200);
		expect(r.data.data).toMatchObject({
			uid: 'u1',
			name: 'Una',
			avatar: 'https://a/x.png',
			link: 'https://l',
			role: 'default',
			status: 'offline',
			statusMessage: 'hi',
			metadata: { '@private': { email: 'e@x' } },
			tags: ['t1'],
			createdAt: 1700000000,
		});
		expect(r.data.data.authToken).toMatch(/^u1_1700000000/);
		expect(ctx.emu.store.authTokens.get('u1')[0].authToken).toBe(r.data.data.authToken);
	});
	test('no authToken without withAuthToken', async () => {
		const r = await ctx.api.post('/users', { uid: 'u1', name: 'Una' });
		expect(r.data.data.authToken).toBeUndefined();
		expect(r.data.data.role).toBe('default');
	});
	test('uid and name are required strings → 400 with details', async () => {
		const r = await ctx.api.post('/users', { uid: 5 });
		expect(r.status).toBe(400);
		expect(r.data.error.code).toBe('ERR_BAD_REQUEST');
		expect(Object.keys(r.data.error.details).sort()).toEqual(['name', 'uid']);
	});
	test('wrong field types → 400', async () => {
		const r = await ctx.api.post('/users', { uid: 'a', name: 'b', tags: 'x', metadata: [] });
		expect(r.status).toBe(400);
		expect(Object.keys(r.data.error.details).sort()).toEqual(['metadata', 'tags']);
	});
	test('duplicate uid → 409 ERR_UID_ALREADY_EXISTS', async () => {
		await ctx.api.post('/users', { uid: 'u1', name: 'Una' });
		const r = await ctx.api.post('/users', { uid: 'u1', name: 'Other' });
		expect(r.status).toBe(409);
		expect(r.data.error.code).toBe('ERR_UID_ALREADY_EXISTS');
	});
	test('unknown role → 404 ERR_ROLE_NOT_FOUND', async () => {
		const r = await ctx.api.post('/users', { uid: 'u1', name: 'Una', role: 'ghost' });
		expect(r.status).toBe(404);
		expect(r.data.error.code).toBe('ERR_ROLE_NOT_FOUND');
	});
});

describe('encoded path parameters', () => {
	const weird = 'a/b?c#d';
	test('a uid with / ? # is addressed exactly when percent-encoded', async () => {
		await ctx.api.post('/users', { uid: weird, name: 'Weird' });
		await ctx.api.post('/users', { uid: 'a', name: 'Plain a' });
		const r = await ctx.api.get(`/users/${enc(weird)}`);
		expect(r.status).toBe(200);
		expect(r.data.data.uid).toBe(weird);
		const u = await ctx.api.put(`/users/${enc(weird)}`, { name: 'Renamed' });
		expect(u.data.data).toMatchObject({ uid: weird, name: 'Renamed' });
		expect(ctx.emu.store.getUser('a').name).toBe('Plain a');
		const last = ctx.emu.requests[ctx.emu.requests.length - 1];
		expect(last.path).toBe('/v3/users/a%2Fb%3Fc%23d');
	});
	test('an unencoded slash is a different route', async () => {
		await ctx.api.post('/users', { uid: weird, name: 'Weird' });
		const r = await ctx.api.get('/users/a/b');
		expect(r.status).toBe(404);
	});
	test('percent signs and unicode survive', async () => {
		const uid = '100%_✓';
		await ctx.api.post('/users', { uid, name: 'P' });
		const r = await ctx.api.get(`/users/${enc(uid)}`);
		expect(r.data.data.uid).toBe(uid);
	});
});

describe('GET /users/:uid', () => {
	test('answers the user with tags', async () => {
		await ctx.api.post('/users', { uid: 'u1', name: 'Una', tags: ['x'] });
		const r = await ctx.api.get('/users/u1');
		expect(r.data.data).toMatchObject({ uid: 'u1', name: 'Una', tags: ['x'] });
	});
	test('unknown → 404 ERR_UID_NOT_FOUND', async () => {
		const r = await ctx.api.get('/users/ghost');
		expect(r.status).toBe(404);
		expect(r.data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
});

describe('PUT /users/:uid', () => {
	test('updates fields, sets updatedAt, unset clears avatar/link/metadata', async () => {
		ctx.emu.store.setClock(1000);
		await ctx.api.post('/users', { uid: 'u1', name: 'Una', avatar: 'a', link: 'l', metadata: { k: 1 }, statusMessage: 's' });
		ctx.emu.store.setClock(2000);
		const r = await ctx.api.put('/users/u1', { name: 'Ann', tags: ['t'], unset: ['avatar', 'link', 'metadata'] });
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual({
			uid: 'u1',
			name: 'Ann',
			status: 'offline',
			statusMessage: 's',
			role: 'default',
			createdAt: 1000,
			updatedAt: 2000,
			tags: ['t'],
		});
	});
	test('bad unset value → 400', async () => {
		await ctx.api.post('/users', { uid: 'u1', name: 'Una' });
		const r = await ctx.api.put('/users/u1', { unset: ['name'] });
		expect(r.status).toBe(400);
		expect(r.data.error.details['unset[0]']).toEqual(['unset[0] must be one of "avatar", "link", "metadata", was "name".']);
	});
	test('unknown user → 404', async () => {
		const r = await ctx.api.put('/users/ghost', { name: 'x' });
		expect(r.data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
});

describe('GET /users', () => {
	beforeEach(() => {
		const s = ctx.emu.store;
		s.addUser({ uid: 'alice', name: 'Alice Smith', role: 'default', tags: ['red'], createdAt: 100, status: 'available' });
		s.addRole({ role: 'admin', name: 'Admin' });
		s.addUser({ uid: 'bob', name: 'Bob Jones', role: 'admin', tags: ['blue'], createdAt: 200 });
		s.addUser({ uid: 'carol', name: 'Alfred Carol', role: 'default', tags: ['red', 'blue'], createdAt: 200 });
		s.addUser({ uid: 'dave', name: 'Dave', role: 'admin', createdAt: 50, deactivatedAt: 300 });
	});
	const uids = (r) => r.data.data.map((u) => u.uid);

	test('newest first, tie → later insertion first; deactivated excluded; envelope', async () => {
		const r = await ctx.api.get('/users');
		expect(uids(r)).toEqual(['carol', 'bob', 'alice']);
		expect(r.data.meta.pagination).toEqual({ total: 3, count: 3, per_page: 100, current_page: 1, total_pages: 1 });
		expect(r.data.cursor).toEqual({ updatedAt: 200, affix: 'prepend' });
		expect(r.data.data[0].tags).toBeUndefined();
		expect(r.data.data[0].conversationId).toBe('carol_user_carol');
	});
	test('conversationId relative to onBehalfOf', async () => {
		const r = await ctx.as('bob').get('/users');
		expect(r.data.data.map((u) => u.conversationId)).toEqual(['bob_user_carol', 'bob_user_bob', 'alice_user_bob']);
	});
	test('page / perPage', async () => {
		const r = await ctx.api.get('/users', { params: { perPage: 2, page: 2 } });
		expect(uids(r)).toEqual(['alice']);
		expect(r.data.meta.pagination).toEqual({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });
	});
	test('perPage is capped at 1000; bad values → 400', async () => {
		expect((await ctx.api.get('/users', { params: { perPage: 5000 } })).data.meta.pagination.per_page).toBe(1000);
		const bad = await ctx.api.get('/users', { params: { perPage: 'x' } });
		expect(bad.status).toBe(400);
		expect(bad.data.error.code).toBe('ERR_BAD_REQUEST');
		expect((await ctx.api.get('/users', { params: { page: 0 } })).status).toBe(400);
	});
	test('searchKey: prefix, case-insensitive, on name and uid; searchIn narrows', async () => {
		expect(uids(await ctx.api.get('/users', { params: { searchKey: 'al' } }))).toEqual(['carol', 'alice']);
		expect(uids(await ctx.api.get('/users', { params: { searchKey: 'al', searchIn: 'uid' } }))).toEqual(['alice']);
		expect(uids(await ctx.api.get('/users', { params: { searchKey: 'car' } }))).toEqual(['carol']);
		expect(uids(await ctx.api.get('/users', { params: { searchKey: 'smith' } }))).toEqual([]);
		expect((await ctx.api.get('/users', { params: { searchIn: 'email' } })).status).toBe(400);
	});
	test('status, role, roles', async () => {
		expect(uids(await ctx.api.get('/users', { params: { status: 'available' } }))).toEqual(['alice']);
		expect(uids(await ctx.api.get('/users', { params: { status: 'offline' } }))).toEqual(['carol', 'bob']);
		expect((await ctx.api.get('/users', { params: { status: 'away' } })).status).toBe(400);
		expect(uids(await ctx.api.get('/users', { params: { role: 'admin' } }))).toEqual(['bob']);
		expect(uids(await ctx.api.get('/users?roles=admin&roles=default'))).toEqual(['carol', 'bob', 'alice']);
		expect(uids(await ctx.api.get('/users?roles=admin,default'))).toEqual(['carol', 'bob', 'alice']);
	});
	test('tags filters (any of), withTags includes them', async () => {
		expect(uids(await ctx.api.get('/users', { params: { tags: 'blue' } }))).toEqual(['carol', 'bob']);
		const r = await ctx.api.get('/users?tags=red&withTags=true');
		expect(r.data.data.map((u) => u.tags)).toEqual([['red', 'blue'], ['red']]);
	});
	test('onlyDeactivated / withDeactivated', async () => {
		const only = await ctx.api.get('/users', { params: { onlyDeactivated: true } });
		expect(uids(only)).toEqual(['dave']);
		expect(only.data.data[0].deactivatedAt).toBe(300);
		expect(uids(await ctx.api.get('/users', { params: { withDeactivated: true } }))).toEqual(['carol', 'bob', 'alice', 'dave']);
	});
	test('deactivate / reactivate through DELETE and PUT /users', async () => {
		await ctx.api.delete('/users', { data: { uidsToDeactivate: ['alice'] } });
		expect(uids(await ctx.api.get('/users'))).toEqual(['carol', 'bob']);
		await ctx.api.put('/users', { uidsToActivate: ['alice', 'dave'] });
		expect(uids(await ctx.api.get('/users'))).toEqual(['carol', 'bob', 'alice', 'dave']);
	});
	test('empty list: total_pages 1, count 0', async () => {
		ctx.emu.store.reset();
		const r = await ctx.api.get('/users');
		expect(r.data.data).toEqual([]);
		expect(r.data.meta.pagination).toEqual({ total: 0, count: 0, per_page: 100, current_page: 1, total_pages: 1 });
	});
	test('blockedByMe fields with onBehalfOf', async () => {
		ctx.emu.store.blockUser('bob', 'alice', 150);
		const r = await ctx.as('bob').get('/users');
		const alice = r.data.data.find((u) => u.uid === 'alice');
		expect(alice).toMatchObject({ blockedByMe: true, blockedByMeAt: 150, blockedAt: 150 });
	});
});

describe('GET /roles', () => {
	test('lists roles newest first with meta.pagination', async () => {
		ctx.emu.store.addRole({
			role: 'manager',
			name: 'manager',
			createdAt: 1638343994,
			settings: { listUsers: 'all', sendMessagesTo: 'friendsOnly' },
		});
		const r = await ctx.api.get('/roles');
		expect(r.data.data.map((x) => x.role)).toEqual(['manager', 'default']);
		expect(r.data.meta.pagination).toEqual({ total: 2, count: 2, per_page: 100, current_page: 1, total_pages: 1 });
		const p = await ctx.api.get('/roles', { params: { perPage: 1, page: 2 } });
		expect(p.data.data.map((x) => x.role)).toEqual(['default']);
	});
	test('POST /roles creates; duplicate → 409', async () => {
		expect((await ctx.api.post('/roles', { role: 'mod', name: 'Moderator' })).status).toBe(200);
		const dup = await ctx.api.post('/roles', { role: 'mod', name: 'Moderator' });
		expect(dup.status).toBe(409);
		expect(dup.data.error.code).toBe('ERR_ROLE_ALREADY_EXISTS');
	});
});

describe('request log', () => {
	test('records host, method, raw path, parsed query (arrays for repeats), headers, body, status', async () => {
		await ctx.api.post('/users?x=1', { uid: 'u1', name: 'Una' }, { headers: { onBehalfOf: 'someone' } });
		await ctx.api.get('/users?tags=a&tags=b&perPage=5');
		const [a, b] = ctx.emu.requests;
		expect(a).toMatchObject({
			host: 'chat',
			method: 'POST',
			path: '/v3/users',
			query: { x: '1' },
			body: { uid: 'u1', name: 'Una' },
			status: 200,
		});
		expect(a.headers.onbehalfof).toBe('someone');
		expect(a.headers.apikey).toBe('test-api-key');
		expect(b).toMatchObject({ method: 'GET', query: { tags: ['a', 'b'], perPage: '5' }, body: undefined, status: 200 });
		ctx.emu.clearRequests();
		expect(ctx.emu.requests).toHaveLength(0);
	});
	test('control API calls are not logged', async () => {
		await ctx.control.get('/faults');
		expect(ctx.emu.requests).toHaveLength(0);
	});
});

describe('DELETE /users/:uid', () => {
	test('soft delete: the user is gone, its UID stays taken; permanent frees the UID', async () => {
		const s = ctx.emu.store;
		s.addUser({ uid: 'ann', name: 'Ann' });
		s.addUser({ uid: 'bob', name: 'Bob' });
		s.addAuthToken('ann');
		s.addFriends('ann', ['bob']);
		s.blockUser('bob', 'ann', 10);
		const soft = await ctx.api.delete('/users/ann');
		expect(soft.status).toBe(200);
		expect(soft.data).toEqual({ data: { success: true, message: 'User with ann has been deleted successfully.' } });
		expect((await ctx.api.get('/users/ann')).data.error.code).toBe('ERR_UID_NOT_FOUND');
		expect(s.authTokens.has('ann')).toBe(false);
		expect((await ctx.api.get('/users/bob/friends')).data.data).toEqual([]);
		expect((await ctx.api.get('/users/bob/blockedusers')).data.data).toEqual([]);
		const again = await ctx.api.post('/users', { uid: 'ann', name: 'Ann again' });
		expect(again.status).toBe(409);
		expect(again.data.error.code).toBe('ERR_UID_ALREADY_EXISTS');

		const permanent = await ctx.api.delete('/users/bob', { data: { permanent: true } });
		expect(permanent.status).toBe(200);
		expect((await ctx.api.post('/users', { uid: 'bob', name: 'Bob again' })).status).toBe(200);
	});
	test('unknown user → 404; permanent not a boolean → 400', async () => {
		expect((await ctx.api.delete('/users/ghost')).data.error.code).toBe('ERR_UID_NOT_FOUND');
		ctx.emu.store.addUser({ uid: 'ann', name: 'Ann' });
		const bad = await ctx.api.delete('/users/ann', { data: { permanent: 'yes' } });
		expect(bad.status).toBe(400);
		expect(bad.data.error.details.permanent).toBeDefined();
		expect(ctx.emu.store.getUser('ann')).toBeDefined();
	});
});

describe('DELETE and PUT /users (deactivate, reactivate)', () => {
	test('answer the UIDs that exist, and leave out unknown ones', async () => {
		const s = ctx.emu.store;
		s.addUser({ uid: 'ann', name: 'Ann' });
		s.addUser({ uid: 'bob', name: 'Bob' });
		const off = await ctx.api.delete('/users', { data: { uidsToDeactivate: ['ann', 'ghost'] } });
		expect(off.data).toEqual({ data: { deactivatedUids: ['ann'] } });
		expect(s.getUser('ann').deactivatedAt).toEqual(expect.any(Number));
		const on = await ctx.api.put('/users', { uidsToActivate: ['ann', 'ghost'] });
		expect(on.data).toEqual({ data: { nonDeactivatedUids: ['ann'] } });
		expect(s.getUser('ann').deactivatedAt).toBeUndefined();
		const bad = await ctx.api.delete('/users', { data: { uidsToDeactivate: 'ann' } });
		expect(bad.status).toBe(400);
	});
});

describe('PUT /users/:uid clearing tags and the status message', () => {
	test('tags [] empties the tags; an empty statusMessage removes it', async () => {
		ctx.emu.store.addUser({ uid: 'ann', name: 'Ann', tags: ['a'], statusMessage: 'Away' });
		const r = await ctx.api.put('/users/ann', { tags: [], statusMessage: '' });
		expect(r.data.data.tags).toEqual([]);
		expect(r.data.data).not.toHaveProperty('statusMessage');
	});
});

describe('auth tokens: /users/:uid/auth_tokens', () => {
	test('POST returns the newest token unless force; GET lists newest first with meta.pagination', async () => {
		const s = ctx.emu.store;
		s.setClock(1000);
		s.addUser({ uid: 'ann', name: 'Ann' });
		const first = (await ctx.api.post('/users/ann/auth_tokens', {})).data.data;
		expect(first).toEqual({ uid: 'ann', authToken: expect.stringMatching(/^ann_1000[0-9a-f]{30}$/), createdAt: 1000 });
		expect((await ctx.api.post('/users/ann/auth_tokens')).data.data.authToken).toBe(first.authToken);
		s.setClock(2000);
		const forced = (await ctx.api.post('/users/ann/auth_tokens', { force: true })).data.data;
		expect(forced.authToken).not.toBe(first.authToken);
		const list = await ctx.api.get('/users/ann/auth_tokens');
		expect(list.data).toEqual({
			data: [
				{ uid: 'ann', authToken: forced.authToken, createdAt: 2000 },
				{ uid: 'ann', authToken: first.authToken, createdAt: 1000 },
			],
			meta: { pagination: { total: 2, count: 2, per_page: 100, current_page: 1, total_pages: 1 } },
		});
		const page2 = await ctx.api.get('/users/ann/auth_tokens', { params: { perPage: 1, page: 2 } });
		expect(page2.data.data.map((t) => t.authToken)).toEqual([first.authToken]);
		expect(page2.data.meta.pagination).toMatchObject({ total: 2, count: 1, current_page: 2, total_pages: 2 });
		expect((await ctx.api.post('/users/ann/auth_tokens', { force: 'yes' })).status).toBe(400);
	});
	test('GET one (with what an update stored), DELETE one, DELETE all; 404s', async () => {
		const s = ctx.emu.store;
		s.addUser({ uid: 'ann', name: 'Ann' });
		s.addUser({ uid: 'bob', name: 'Bob' });
		const a = s.addAuthToken('ann', { authToken: 'ann_tok_1', createdAt: 5 }).authToken;
		s.addAuthToken('ann', { authToken: 'ann_tok_2', createdAt: 6, platform: 'ios' });
		s.addAuthToken('bob', { authToken: 'bob_tok_1' });
		expect((await ctx.api.get('/users/ann/auth_tokens/ann_tok_2')).data.data).toEqual({
			uid: 'ann',
			authToken: 'ann_tok_2',
			createdAt: 6,
			platform: 'ios',
		});
		expect((await ctx.api.get('/users/bob/auth_tokens/ann_tok_1')).data.error.code).toBe('ERR_AUTH_TOKEN_NOT_FOUND');
		expect((await ctx.api.get('/users/ghost/auth_tokens')).data.error.code).toBe('ERR_UID_NOT_FOUND');

		const del = await ctx.api.delete(`/users/ann/auth_tokens/${enc(a)}`);
		expect(del.data).toEqual({ data: { success: true, message: 'The auth token of the user ann has been deleted successfully.' } });
		expect(s.authTokens.get('ann').map((t) => t.authToken)).toEqual(['ann_tok_2']);
		const gone = await ctx.api.delete(`/users/ann/auth_tokens/${enc(a)}`);
		expect(gone.status).toBe(404);
		expect(gone.data.error.code).toBe('ERR_AUTH_TOKEN_NOT_FOUND');

		const flush = await ctx.api.delete('/users/ann/auth_tokens');
		expect(flush.data).toEqual({ data: { success: true, message: 'Cleared Auth Tokens successfully for uid ann.' } });
		expect((await ctx.api.get('/users/ann/auth_tokens')).data.data).toEqual([]);
		expect(s.authTokens.get('bob')).toHaveLength(1);
		expect((await ctx.api.delete('/users/ghost/auth_tokens')).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
});

describe('blocked users: /users/:uid/blockedusers', () => {
	beforeEach(() => {
		const s = ctx.emu.store;
		for (const uid of ['ann', 'bob', 'cat', 'dan']) s.addUser({ uid, name: uid.toUpperCase(), createdAt: 100 });
	});
	test('POST blocks, one entry per UID (unknown ones get an error entry); GET lists the latest block first', async () => {
		const s = ctx.emu.store;
		s.setClock(1000);
		const r = await ctx.api.post('/users/ann/blockedusers', { blockedUids: ['bob', 'ghost'] });
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual({
			bob: { success: true, message: 'The user with UID ann has blocked user with UID bob successfully.' },
			ghost: { error: { code: 'ERR_UID_NOT_FOUND', message: 'The UID ghost does not exist.' } },
		});
		s.setClock(2000);
		await ctx.api.post('/users/ann/blockedusers', { blockedUids: ['cat'] });
		const list = await ctx.api.get('/users/ann/blockedusers');
		expect(list.data.data.map((u) => u.uid)).toEqual(['cat', 'bob']);
		expect(list.data.data[1]).toMatchObject({
			uid: 'bob',
			blockedByMe: true,
			blockedByMeAt: 1000,
			blockedAt: 1000,
			conversationId: 'ann_user_bob',
		});
		expect(list.data.meta).toEqual({
			pagination: { total: 2, count: 2, per_page: 100, current_page: 1, total_pages: 1 },
			cursor: { updatedAt: 100, affix: 'prepend' },
		});
		const page = await ctx.api.get('/users/ann/blockedusers', { params: { perPage: 1, page: 2 } });
		expect(page.data.data.map((u) => u.uid)).toEqual(['bob']);
		expect((await ctx.api.get('/users/bob/blockedusers')).data.data).toEqual([]);
	});
	test('DELETE unblocks; bad bodies → 400; unknown owner → 404', async () => {
		ctx.emu.store.blockUser('ann', 'bob', 10);
		ctx.emu.store.blockUser('ann', 'cat', 11);
		const r = await ctx.api.delete('/users/ann/blockedusers', { data: { blockedUids: ['bob'] } });
		expect(r.data.data).toEqual({ bob: { success: true, message: 'The user with UID ann has unblocked user with UID bob successfully.' } });
		expect((await ctx.api.get('/users/ann/blockedusers')).data.data.map((u) => u.uid)).toEqual(['cat']);
		const missing = await ctx.api.post('/users/ann/blockedusers', {});
		expect(missing.status).toBe(400);
		expect(missing.data.error.details.blockedUids).toBeDefined();
		expect((await ctx.api.delete('/users/ann/blockedusers', { data: { blockedUids: 'bob' } })).status).toBe(400);
		expect((await ctx.api.post('/users/ghost/blockedusers', { blockedUids: ['bob'] })).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
});
