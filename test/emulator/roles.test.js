// Roles and role-based access control: create, update, delete, the permissions of a role and of a
// group scope, and restricted features, over HTTP.
const { useStarted } = require('./helpers');

const ctx = useStarted();
const s = () => ctx.emu.store;
beforeEach(() => {
	s().reset();
	s().setClock(1000);
	s().addRole({ role: 'support', name: 'Support', settings: { listUsers: 'all', sendMessagesTo: 'all' }, createdAt: 10 });
	s().addUser({ uid: 'ann', name: 'Ann' });
	s().addGroup({ guid: 'team', name: 'Team', owner: 'ann' });
});

describe('POST, PUT, DELETE /roles', () => {
	test('a role created is listed and read back; a second one with the key is 409', async () => {
		const r = await ctx.api.post('/roles', { role: 'guest', name: 'Guest', settings: { listUsers: 'friendsOnly' } });
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual({ role: 'guest', name: 'Guest', settings: { listUsers: 'friendsOnly' }, createdAt: 1000 });
		expect((await ctx.api.get('/roles')).data.data.map((x) => x.role)).toEqual(['default', 'guest', 'support']);
		const again = await ctx.api.post('/roles', { role: 'guest', name: 'Other' });
		expect([again.status, again.data.error.code]).toEqual([409, 'ERR_ROLE_ALREADY_EXISTS']);
	});
	test('settings outside listUsers and sendMessagesTo, or with other values, are refused', async () => {
		const r = await ctx.api.post('/roles', { role: 'x', name: 'X', settings: { listUsers: 'some', other: 'all' } });
		expect(r.status).toBe(400);
		expect(Object.keys(r.data.error.details).sort()).toEqual(['settings.listUsers', 'settings.other']);
	});
	test('PUT merges settings, sets fields, and unsets description, metadata or settings', async () => {
		const r = await ctx.api.put('/roles/support', { name: 'Support EU', description: 'd', settings: { sendMessagesTo: 'friendsOnly' } });
		expect(r.data.data).toEqual({
			role: 'support',
			name: 'Support EU',
			description: 'd',
			settings: { listUsers: 'all', sendMessagesTo: 'friendsOnly' },
			createdAt: 10,
			updatedAt: 1000,
		});
		const u = await ctx.api.put('/roles/support', { unset: ['settings', 'description'] });
		expect(u.data.data).toEqual({ role: 'support', name: 'Support EU', createdAt: 10, updatedAt: 1000 });
		const both = await ctx.api.put('/roles/support', { description: 'x', unset: ['description'] });
		expect(both.status).toBe(400);
		const wrong = await ctx.api.put('/roles/support', { unset: ['name'] });
		expect(wrong.status).toBe(400);
		expect((await ctx.api.put('/roles/nope', { name: 'N' })).data.error.code).toBe('ERR_ROLE_NOT_FOUND');
	});
	test('DELETE removes the role and what was set for it; the default role stays', async () => {
		await ctx.api.put('/roles/support/permissions', { permissions: { sendMessage: 'deny' } });
		const r = await ctx.api.delete('/roles/support');
		expect(r.data.data).toEqual({ success: true, message: 'Role support has been deleted successfully.' });
		expect((await ctx.api.get('/roles/support')).status).toBe(404);
		expect(s().areas.roles.permissions.has('support')).toBe(false);
		expect((await ctx.api.delete('/roles/support')).data.error.code).toBe('ERR_ROLE_NOT_FOUND');
		const d = await ctx.api.delete('/roles/default');
		expect([d.status, d.data.error.code]).toEqual([400, 'ERR_BAD_REQUEST']);
	});
});

describe('permissions of a role', () => {
	test('GET lists the 28 permissions with meta.pagination; each shows its value: the one set, else the default', async () => {
		const before = await ctx.api.get('/roles/support/permissions');
		expect(before.data.meta.pagination).toEqual({ total: 28, count: 28, per_page: 100, current_page: 1, total_pages: 1 });
		expect(before.data.data[0]).toEqual({
			id: 'listUsers',
			type: 'role',
			title: 'Allows/Denies listing users',
			description: 'Allows/Denies listing users',
			dataType: 'string',
			availableValues: ['allow', 'deny'],
			defaultValue: 'allow',
			createdAt: 1765962204,
			updatedAt: 1765962204,
			value: 'allow',
		});
		const put = await ctx.api.put('/roles/support/permissions', {
			permissions: { listUsers: 'deny', 'sendMessage.allowedMessageTypes': ['text'] },
		});
		expect(put.data.data).toEqual({
			listUsers: { success: true, message: 'Permission with id listUsers have been mapped successfully to role support.' },
			'sendMessage.allowedMessageTypes': {
				success: true,
				message: 'Permission with id sendMessage.allowedMessageTypes have been mapped successfully to role support.',
			},
			permissions: { listUsers: 'deny', 'sendMessage.allowedMessageTypes': ['text'] },
		});
		const after = (await ctx.api.get('/roles/support/permissions')).data.data;
		expect(after.find((p) => p.id === 'listUsers').value).toBe('deny');
		expect(after.find((p) => p.id === 'sendMessage.allowedMessageTypes').value).toEqual(['text']);
		// Another role keeps its defaults.
		expect((await ctx.api.get('/roles/default/permissions')).data.data[0].value).toBe('allow');
	});
	test('PUT refuses an unknown key, a value outside the list, and an empty permissions object, changing nothing', async () => {
		await ctx.api.put('/roles/support/permissions', { permissions: { sendMessage: 'deny' } });
		for (const permissions of [{ fly: 'allow' }, { listUsers: 'maybe' }, { 'createGroup.allowedGroupTypes': ['secret'] }]) {
			const r = await ctx.api.put('/roles/support/permissions', { permissions: { editMessage: 'deny', ...permissions } });
			expect([r.status, r.data.error.code]).toEqual([400, 'ERR_BAD_REQUEST']);
		}
		expect((await ctx.api.put('/roles/support/permissions', { permissions: {} })).status).toBe(400);
		expect((await ctx.api.put('/roles/support/permissions', {})).status).toBe(400);
		expect([...s().areas.roles.permissions.get('support')]).toEqual([['sendMessage', 'deny']]);
	});
	test('DELETE unsets one permission; unsetting one not set succeeds; an unknown key is 400', async () => {
		await ctx.api.put('/roles/support/permissions', { permissions: { listUsers: 'deny', editMessage: 'deny' } });
		const r = await ctx.api.delete('/roles/support/permissions/listUsers');
		expect(r.data.data).toEqual({ permissions: { editMessage: 'deny' } });
		expect((await ctx.api.delete('/roles/support/permissions/listUsers')).data.data).toEqual({ permissions: { editMessage: 'deny' } });
		expect((await ctx.api.delete('/roles/support/permissions/fly')).status).toBe(400);
		expect((await ctx.api.delete('/roles/nope/permissions/listUsers')).data.error.code).toBe('ERR_ROLE_NOT_FOUND');
	});
});

describe('permissions of a group scope', () => {
	test('set for one scope of one group: listed there, defaults elsewhere; unset one', async () => {
		const put = await ctx.api.put('/groups/team/scopes/moderator/permissions', { permissions: { addReaction: 'deny' } });
		expect(put.data.data).toEqual({
			addReaction: {
				success: true,
				message: 'Permission with id addReaction have been mapped successfully to scope moderator on group team.',
			},
			permissions: { addReaction: 'deny' },
		});
		const list = await ctx.api.get('/groups/team/scopes/moderator/permissions');
		expect(list.data.meta.pagination.total).toBe(11);
		expect(list.data.data.find((p) => p.id === 'addReaction')).toMatchObject({ type: 'scope', value: 'deny' });
		const admin = await ctx.api.get('/groups/team/scopes/admin/permissions');
		expect(admin.data.data.find((p) => p.id === 'addReaction').value).toBe('allow');
		const del = await ctx.api.delete('/groups/team/scopes/moderator/permissions/addReaction');
		expect(del.data.data).toEqual({ permissions: {} });
	});
	test('an unknown group is 404, a scope that is not admin, moderator or participant is 400', async () => {
		expect((await ctx.api.get('/groups/nope/scopes/admin/permissions')).data.error.code).toBe('ERR_GUID_NOT_FOUND');
		const r = await ctx.api.get('/groups/team/scopes/owner/permissions');
		expect([r.status, r.data.error.code]).toEqual([400, 'ERR_BAD_REQUEST']);
		expect((await ctx.api.put('/groups/team/scopes/admin/permissions', { permissions: { listUsers: 'deny' } })).status).toBe(400);
	});
});

describe('restricted features', () => {
	test('restricted features are listed as set, allowed one by one or all at once', async () => {
		const r = await ctx.api.post('/roles/support/restrictedfeatures', { featuresToRestrict: ['u.deleteGroup', 'u.listUsers'] });
		expect(r.data.data).toEqual({
			'u.deleteGroup': { success: true, message: 'The feature u.deleteGroup has been restricted successfully.' },
			'u.listUsers': { success: true, message: 'The feature u.listUsers has been restricted successfully.' },
		});
		const list = await ctx.api.get('/roles/support/restrictedfeatures');
		expect(list.data.data).toEqual([
			{
				key: 'u.listUsers',
				title: 'List Users',
				description: 'Allows logged-in user to fetch the user list.',
				path: '/v3/users',
				createdAt: 1000,
			},
			{
				key: 'u.deleteGroup',
				title: 'Delete Group',
				description: 'Allows logged-in user to delete a group.',
				path: '/v3/groups/{{guid}}',
				createdAt: 1000,
			},
		]);
		expect(list.data.meta.pagination).toMatchObject({ total: 2, count: 2 });
		const allow = await ctx.api.delete('/roles/support/restrictedfeatures', { data: { featuresToAllow: ['u.listUsers'] } });
		expect(allow.data.data).toEqual({ success: true, message: 'The feature has been allowed successfully.' });
		expect((await ctx.api.get('/roles/support/restrictedfeatures')).data.data.map((f) => f.key)).toEqual(['u.deleteGroup']);
		await ctx.api.delete('/roles/support/restrictedfeatures', { data: { allowAll: true } });
		expect((await ctx.api.get('/roles/support/restrictedfeatures')).data.data).toEqual([]);
	});
	test('unknown features, no feature, or no choice are 400; an unknown role is 404', async () => {
		expect((await ctx.api.post('/roles/support/restrictedfeatures', { featuresToRestrict: ['u.fly'] })).status).toBe(400);
		expect((await ctx.api.post('/roles/support/restrictedfeatures', { featuresToRestrict: [] })).status).toBe(400);
		expect((await ctx.api.delete('/roles/support/restrictedfeatures', { data: {} })).status).toBe(400);
		expect(
			(await ctx.api.delete('/roles/support/restrictedfeatures', { data: { allowAll: true, featuresToAllow: ['u.listUsers'] } })).status,
		).toBe(400);
		expect((await ctx.api.get('/roles/nope/restrictedfeatures')).data.error.code).toBe('ERR_ROLE_NOT_FOUND');
	});
});
