// Groups beyond create and list: get, update (with unset), delete, the filters of the list, and
// members: add (answered per uid), list, change scope, kick, ban and unban, with their errors.
const { useStarted } = require('./helpers');

const ctx = useStarted();
beforeEach(() => {
	const s = ctx.emu.store;
	s.reset();
	s.setClock(1000);
	for (const [i, uid] of ['ann', 'bob', 'cat', 'dan', 'eve'].entries()) s.addUser({ uid, name: uid.toUpperCase(), createdAt: 100 + i });
	s.addGroup({
		guid: 'g',
		name: 'G',
		type: 'public',
		owner: 'ann',
		description: 'd',
		icon: 'https://i',
		metadata: { k: 1 },
		tags: ['t'],
		createdAt: 500,
		members: { moderators: ['bob'], participants: ['cat'] },
		banned: [{ uid: 'eve', bannedAt: 600 }],
	});
});

describe('PUT /groups/:guid', () => {
	test('changes the given fields, clears the unset ones, sets updatedAt', async () => {
		const r = await ctx.api.put('/groups/g', { name: 'New', tags: [], unset: ['icon', 'metadata'] });
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual({
			guid: 'g',
			name: 'New',
			description: 'd',
			type: 'public',
			scope: 'admin',
			membersCount: 3,
			joinedAt: 500,
			conversationId: 'group_g',
			hasJoined: true,
			createdAt: 500,
			updatedAt: 1000,
			owner: 'ann',
			tags: [],
		});
	});
	test('a new owner (without onBehalfOf) joins as admin; with onBehalfOf the owner is ignored', async () => {
		expect((await ctx.api.put('/groups/g', { owner: 'dan' })).data.data.owner).toBe('dan');
		expect(ctx.emu.store.groups.get('g').members.get('dan').scope).toBe('admin');
		expect((await ctx.as('bob').put('/groups/g', { owner: 'cat' })).data.data.owner).toBe('dan');
		expect((await ctx.api.put('/groups/g', { owner: 'zed' })).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
	test('refuses a field both set and unset, an unknown unset, a password type without password', async () => {
		const both = await ctx.api.put('/groups/g', { icon: 'https://x', unset: ['icon'] });
		expect(both.status).toBe(400);
		expect(both.data.error.details.unset[0]).toMatch(/set and unset/);
		expect((await ctx.api.put('/groups/g', { unset: ['name'] })).status).toBe(400);
		const pw = await ctx.api.put('/groups/g', { type: 'password' });
		expect(pw.data.error.details.password).toBeDefined();
		expect((await ctx.api.put('/groups/g', { type: 'password', password: 'pw' })).data.data.type).toBe('password');
		expect(ctx.emu.store.groups.get('g').password).toBe('pw');
	});
	test('unknown group → 404 ERR_GUID_NOT_FOUND', async () => {
		const r = await ctx.api.put('/groups/nope', { name: 'x' });
		expect(r.status).toBe(404);
		expect(r.data.error.code).toBe('ERR_GUID_NOT_FOUND');
	});
});

describe('DELETE /groups/:guid', () => {
	test('deletes the group; again → 404', async () => {
		const r = await ctx.api.delete('/groups/g');
		expect(r.data).toEqual({ data: { success: true, message: 'Group with guid g has been deleted successfully.' } });
		expect(ctx.emu.store.groups.has('g')).toBe(false);
		expect((await ctx.api.delete('/groups/g')).data.error.code).toBe('ERR_GUID_NOT_FOUND');
	});
});

describe('GET /groups filters', () => {
	beforeEach(() => {
		const s = ctx.emu.store;
		s.addGroup({ guid: 'alpha', name: 'Zeta', type: 'private', tags: ['x'], createdAt: 700, members: { participants: ['dan'] } });
		s.addGroup({ guid: 'beta', name: 'Alpha', type: 'password', password: 'p', createdAt: 800, updatedAt: 900, owner: 'bob' });
	});
	const guids = async (params, who) => (await (who ? ctx.as(who) : ctx.api).get('/groups', { params })).data.data.map((g) => g.guid);
	test('types, tags, guids, hasJoined, searchIn', async () => {
		expect(await guids({ types: 'private,password' })).toEqual(['beta', 'alpha']);
		expect(await guids({ tags: 't,x' })).toEqual(['alpha', 'g']);
		expect(await guids({ guids: 'g,beta' })).toEqual(['beta', 'g']);
		expect(await guids({ hasJoined: true }, 'dan')).toEqual(['alpha']);
		expect((await ctx.api.get('/groups', { params: { hasJoined: true } })).status).toBe(400);
		expect(await guids({ searchKey: 'al' })).toEqual(['beta', 'alpha']);
		expect(await guids({ searchKey: 'al', searchIn: 'guid' })).toEqual(['alpha']);
	});
	test('date ranges, members count, sort', async () => {
		expect(await guids({ 'createdAt[from]': 600, 'createdAt[to]': 750 })).toEqual(['alpha']);
		expect(await guids({ 'updatedAt[from]': 1 })).toEqual(['beta']);
		expect(await guids({ 'membersCount[gte]': 2 })).toEqual(['g']);
		expect(await guids({ 'membersCount[eq]': 1 })).toEqual(['beta', 'alpha']);
		expect(await guids({ sortBy: 'name', sortOrder: 'asc' })).toEqual(['beta', 'g', 'alpha']);
		expect(await guids({ sortBy: 'guid' })).toEqual(['g', 'beta', 'alpha']);
		expect(await guids({ sortOrder: 'asc' })).toEqual(['g', 'alpha', 'beta']);
		expect((await ctx.api.get('/groups', { params: { 'membersCount[gte]': 'x' } })).status).toBe(400);
	});
});

describe('POST /groups/:guid/members', () => {
	test('adds each uid in its scope and answers per uid, errors beside successes', async () => {
		ctx.emu.store.setClock(2000);
		const r = await ctx.api.post('/groups/g/members', { admins: ['dan'], participants: ['cat', 'zed', 'eve'], usersToBan: ['bob', 'ann'] });
		expect(r.status).toBe(200);
		expect(r.data.data.admins).toEqual({ dan: { success: true } });
		expect(r.data.data.participants.cat.error.code).toBe('ERR_ALREADY_JOINED');
		expect(r.data.data.participants.zed.error.code).toBe('ERR_UID_NOT_FOUND');
		expect(r.data.data.participants.eve.error.code).toBe('ERR_BANNED_GROUPMEMBER');
		expect(r.data.data.usersToBan).toEqual({
			bob: { success: true },
			ann: { error: { code: 'ERR_GROUP_NO_CLEARANCE', message: expect.stringMatching(/owner/) } },
		});
		const g = ctx.emu.store.groups.get('g');
		expect(g.members.get('dan')).toEqual({ scope: 'admin', joinedAt: 2000 });
		expect(g.members.has('bob')).toBe(false);
		expect(g.banned.has('bob')).toBe(true);
		expect(r.data.data.moderators).toBeUndefined();
	});
	test('refuses an empty list, a body with no list, an unknown group', async () => {
		expect((await ctx.api.post('/groups/g/members', { admins: [] })).data.error.details.admins).toBeDefined();
		expect((await ctx.api.post('/groups/g/members', {})).status).toBe(400);
		expect((await ctx.api.post('/groups/nope/members', { admins: ['dan'] })).data.error.code).toBe('ERR_GUID_NOT_FOUND');
	});
});

describe('GET /groups/:guid/members', () => {
	test('lists members with scope and joinedAt, earliest first; scopes and paging', async () => {
		ctx.emu.store.groups.get('g').members.set('dan', { scope: 'participant', joinedAt: 900 });
		const r = await ctx.api.get('/groups/g/members');
		expect(r.data.data.map((m) => [m.uid, m.scope, m.joinedAt])).toEqual([
			['ann', 'admin', 500],
			['bob', 'moderator', 500],
			['cat', 'participant', 500],
			['dan', 'participant', 900],
		]);
		expect(r.data.data[0]).toMatchObject({ name: 'ANN', status: 'offline' });
		expect(r.data.meta.pagination).toEqual({ total: 4, count: 4, per_page: 100, current_page: 1, total_pages: 1 });
		expect((await ctx.api.get('/groups/g/members', { params: { scopes: 'admin,moderator' } })).data.data.map((m) => m.uid)).toEqual([
			'ann',
			'bob',
		]);
		expect((await ctx.api.get('/groups/g/members', { params: { perPage: 3, page: 2 } })).data.data.map((m) => m.uid)).toEqual(['dan']);
		expect((await ctx.api.get('/groups/g/members', { params: { scopes: 'owner' } })).status).toBe(400);
		expect((await ctx.api.get('/groups/nope/members')).data.error.code).toBe('ERR_GUID_NOT_FOUND');
	});
});

describe('PUT /groups/:guid/members/:uid', () => {
	test('changes the scope and answers {guid, uid, scope, joinedAt}', async () => {
		const r = await ctx.api.put('/groups/g/members/cat', { scope: 'moderator' });
		expect(r.data).toEqual({ data: { guid: 'g', uid: 'cat', scope: 'moderator', joinedAt: 500 } });
		expect(ctx.emu.store.groups.get('g').members.get('cat').scope).toBe('moderator');
	});
	test('errors: same scope, not a member, the owner, oneself, a bad scope', async () => {
		const same = await ctx.api.put('/groups/g/members/bob', { scope: 'moderator' });
		expect([same.status, same.data.error.code]).toEqual([400, 'ERR_SAME_SCOPE']);
		const stranger = await ctx.api.put('/groups/g/members/dan', { scope: 'admin' });
		expect([stranger.status, stranger.data.error.code]).toEqual([404, 'ERR_NOT_A_MEMBER']);
		const owner = await ctx.api.put('/groups/g/members/ann', { scope: 'participant' });
		expect([owner.status, owner.data.error.code]).toEqual([403, 'ERR_GROUP_NO_CLEARANCE']);
		expect((await ctx.as('bob').put('/groups/g/members/bob', { scope: 'admin' })).data.error.code).toBe('ERR_GROUP_NO_SELF_ACTION');
		expect((await ctx.api.put('/groups/g/members/cat', { scope: 'owner' })).status).toBe(400);
		expect((await ctx.api.put('/groups/g/members/zed', { scope: 'admin' })).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
});

describe('DELETE /groups/:guid/members/:uid', () => {
	test('kicks a member (who is not banned); the owner and strangers cannot be kicked', async () => {
		const r = await ctx.api.delete('/groups/g/members/cat');
		expect(r.data).toEqual({ data: { success: true, message: 'The member with cat has been kicked from the Group with g.' } });
		const g = ctx.emu.store.groups.get('g');
		expect(g.members.has('cat')).toBe(false);
		expect(g.banned.has('cat')).toBe(false);
		expect((await ctx.api.delete('/groups/g/members/cat')).data.error.code).toBe('ERR_NOT_A_MEMBER');
		const owner = await ctx.api.delete('/groups/g/members/ann');
		expect([owner.status, owner.data.error.code]).toEqual([403, 'ERR_GROUP_NO_CLEARANCE']);
		expect(g.members.has('ann')).toBe(true);
	});
});

describe('POST and DELETE /groups/:guid/bannedusers/:uid', () => {
	test('bans (removing the membership), refuses again, unbans, refuses again', async () => {
		const ban = await ctx.api.post('/groups/g/bannedusers/bob');
		expect(ban.data).toEqual({ data: { success: true, message: 'The user with uid bob has been banned from the Group with g.' } });
		const again = await ctx.api.post('/groups/g/bannedusers/bob');
		expect([again.status, again.data.error.code]).toEqual([409, 'ERR_ALREADY_BANNED']);
		const unban = await ctx.api.delete('/groups/g/bannedusers/bob');
		expect(unban.data).toEqual({ data: { success: true, message: 'The user with uid bob has been unbanned from the Group with g.' } });
		const g = ctx.emu.store.groups.get('g');
		expect(g.banned.has('bob')).toBe(false);
		expect(g.members.has('bob')).toBe(false);
		const notBanned = await ctx.api.delete('/groups/g/bannedusers/bob');
		expect([notBanned.status, notBanned.data.error.code]).toEqual([404, 'ERR_NOT_A_BANNED_USER']);
	});
	test('the owner cannot be banned; unknown uid or group → 404', async () => {
		expect((await ctx.api.post('/groups/g/bannedusers/ann')).data.error.code).toBe('ERR_GROUP_NO_CLEARANCE');
		expect((await ctx.api.post('/groups/g/bannedusers/zed')).data.error.code).toBe('ERR_UID_NOT_FOUND');
		expect((await ctx.api.delete('/groups/nope/bannedusers/eve')).data.error.code).toBe('ERR_GUID_NOT_FOUND');
	});
});
