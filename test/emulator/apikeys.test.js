const axios = require('axios');
const { useStarted, API_KEY } = require('./helpers');

const ctx = useStarted();
const s = () => ctx.emu.store;

beforeEach(() => s().reset());

/** A client of the chat host that sends `key` as its apikey. */
const withKey = (key) => axios.create({ baseURL: `${ctx.emu.baseUrl}/v3`, headers: { apikey: key }, validateStatus: () => true });

describe('API keys', () => {
	it("lists the app's own key as its fullAccess REST API key, with meta.pagination", async () => {
		const r = await ctx.api.get('/apikeys');
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual([{ apiKey: API_KEY, name: 'Rest API Key', scope: 'fullAccess', createdAt: 1629869272 }]);
		expect(r.data.meta.pagination).toMatchObject({ total: 1, count: 1, current_page: 1, total_pages: 1 });
	});

	it('creates a key that is listed, filtered, updated, accepted as apikey while fullAccess, and deleted', async () => {
		const c = await ctx.api.post('/apikeys', { name: 'Workflows', scope: 'authOnly' });
		expect(c.status).toBe(200);
		const key = c.data.data.apiKey;
		expect(key).toMatch(/^[0-9a-f]{40}$/);
		expect(c.data.data).toMatchObject({ name: 'Workflows', scope: 'authOnly', createdAt: expect.any(Number) });

		expect((await ctx.api.get('/apikeys', { params: { scope: 'authOnly' } })).data.data.map((k) => k.name)).toEqual(['Workflows']);
		expect((await ctx.api.get('/apikeys', { params: { searchKey: 'rest' } })).data.data.map((k) => k.name)).toEqual(['Rest API Key']);
		expect((await ctx.api.get(`/apikeys/${key}`)).data.data).toEqual(c.data.data);

		// An authOnly key cannot call the REST API; a fullAccess one can.
		expect((await withKey(key).get('/users')).data.error.code).toBe('AUTH_ERR_NO_ACCESS');
		const u = await ctx.api.put(`/apikeys/${key}`, { scope: 'fullAccess' });
		expect(u.data.data).toMatchObject({ apiKey: key, name: 'Workflows', scope: 'fullAccess' });
		expect((await withKey(key).get('/apikeys')).status).toBe(200);

		const d = await ctx.api.delete(`/apikeys/${key}`);
		expect(d.data.data).toEqual({ success: true, message: `The Api Key ${key} has been deleted successfully.` });
		expect((await ctx.api.get(`/apikeys/${key}`)).data.error.code).toBe('ERR_APIKEY_NOT_FOUND');
		expect((await withKey(key).get('/users')).data.error.code).toBe('AUTH_ERR_APIKEY_NOT_FOUND');
	});

	it('refuses a missing name or scope, an unknown scope, and an unknown key', async () => {
		expect((await ctx.api.post('/apikeys', { name: 'X' })).data.error.code).toBe('ERR_BAD_REQUEST');
		expect((await ctx.api.post('/apikeys', { scope: 'authOnly' })).data.error.code).toBe('ERR_BAD_REQUEST');
		expect((await ctx.api.post('/apikeys', { name: 'X', scope: 'admin' })).data.error.code).toBe('ERR_BAD_REQUEST');
		expect((await ctx.api.get('/apikeys', { params: { scope: 'admin' } })).data.error.code).toBe('ERR_BAD_REQUEST');
		const missing = await ctx.api.put('/apikeys/nope', { name: 'Y' });
		expect([missing.status, missing.data.error.code]).toEqual([404, 'ERR_APIKEY_NOT_FOUND']);
		expect((await ctx.api.delete('/apikeys/nope')).status).toBe(404);
	});

	it('a reset keeps only the key the emulator started with', async () => {
		await ctx.api.post('/apikeys', { name: 'Gone', scope: 'fullAccess' });
		s().reset();
		expect((await ctx.api.get('/apikeys')).data.data.map((k) => k.name)).toEqual(['Rest API Key']);
	});
});
