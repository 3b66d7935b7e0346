// The emulator's test hooks: stalled answers, a hook before each handler, and ignored query parameters.
const { useStarted } = require('./helpers');

describe('emulator test hooks', () => {
	const ctx = useStarted();

	test('a stall accepts the request and never answers; a stalled body sends half and goes silent', async () => {
		const { emu, api } = ctx;
		emu.injectNext(['stall'], { pathPrefix: '/v3/roles' });
		await expect(api.get('/roles', { timeout: 300 })).rejects.toMatchObject({ code: 'ECONNABORTED' });
		emu.injectNext(['stallBody'], { pathPrefix: '/v3/roles' });
		const started = Date.now();
		// axios gives up on the silent body with its own timeout (its code varies with where it was).
		await expect(api.get('/roles', { timeout: 300, responseType: 'text' })).rejects.toThrow();
		expect(Date.now() - started).toBeGreaterThanOrEqual(290);
		expect(emu.faultCounts.stall).toBe(1);
		expect(emu.faultCounts.stallBody).toBe(1);
		const ok = await api.get('/roles', { timeout: 1000 });
		expect(ok.status).toBe(200);
	});

	test('onRequest runs before the handler, so a change it makes is in the answer; removing it stops it', async () => {
		const { emu, api } = ctx;
		const seen = [];
		const off = emu.onRequest(({ method, path, query }) => {
			seen.push(`${method} ${path} ${query.page ?? ''}`);
			if (seen.length === 1) emu.store.addUser({ uid: 'hooked', name: 'Hooked' });
		});
		const res = await api.get('/users', { params: { page: 1 } });
		expect(res.data.data.map((u) => u.uid)).toContain('hooked');
		off();
		await api.get('/users');
		expect(seen).toEqual(['GET /v3/users 1']);
	});

	test('ignored query parameters are dropped before routing, and the log still shows them', async () => {
		const { emu, api } = ctx;
		emu.store.addUsers(5);
		emu.setIgnoredQueryParams(['page']);
		const page2 = await api.get('/users', { params: { perPage: 2, page: 2 } });
		expect(page2.data.meta.pagination.current_page).toBe(1);
		expect(emu.requests.at(-1).query.page).toBe('2');
		emu.setIgnoredQueryParams([]);
		const real2 = await api.get('/users', { params: { perPage: 2, page: 2 } });
		expect(real2.data.meta.pagination.current_page).toBe(2);
	});
});
