/** API Key: Create, Get Many, Get, Update and Delete, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const KEY = 'b7e3f2a19c0d4e5f6a7b8c9d0e1f2a3b4c5d6e7f';

beforeEach(() => {
	emulator().store.setClock(1_700_000_000);
	emulator().store.areas.apiKeys.add({ apiKey: KEY, name: 'Mobile app', scope: 'authOnly', createdAt: 1_600_000_000 });
});

/** Whether a secret shows anywhere in a run's output or error, the node's own parameters left out. */
const leaks = (value: unknown, secret: string) =>
	JSON.stringify(value, (key, inner: unknown) => (key === 'node' ? undefined : inner)).includes(secret);

describe('API Key → Create', () => {
	it('POSTs name and scope; the output shows the new key in clear, and the key works as apikey', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'apiKey',
			operation: 'create',
			name: 'Workflows',
			scope: 'fullAccess',
		});
		expect(run.error).toBeUndefined();
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/apikeys', body: { name: 'Workflows', scope: 'fullAccess' } });
		const created = run.items[0].json;
		expect(created).toEqual({
			apiKey: expect.stringMatching(/^[0-9a-f]{40}$/),
			name: 'Workflows',
			scope: 'fullAccess',
			createdAt: 1_700_000_000,
		});
		expect(emulator().store.areas.apiKeys.byKey.get(created.apiKey as string)).toMatchObject({ name: 'Workflows' });

		// The new key is the credential of the next run: listed masked, the other keys too.
		const list = await runNode(credentialsFor(emulator(), { apiKey: created.apiKey as string }), {
			resource: 'apiKey',
			operation: 'getAll',
			returnAll: true,
		});
		expect(list.error).toBeUndefined();
		expect(list.items.map((item) => item.json)).toEqual([
			{ name: 'Workflows', scope: 'fullAccess', createdAt: 1_700_000_000, apiKeyMasked: `****${(created.apiKey as string).slice(-4)}` },
			{ name: 'Rest API Key', scope: 'fullAccess', createdAt: 1629869272, apiKeyMasked: `****${emulator().apiKey.slice(-4)}` },
			{ name: 'Mobile app', scope: 'authOnly', createdAt: 1_600_000_000, apiKeyMasked: `****${KEY.slice(-4)}` },
		]);
		expect(leaks(list, created.apiKey as string)).toBe(false);
		expect(leaks(list, emulator().apiKey)).toBe(false);
	});

	it('checks Name and Scope before sending', async () => {
		const blank = await runNode(credentialsFor(emulator()), { resource: 'apiKey', operation: 'create', name: '  ', scope: 'authOnly' });
		expectInputError(blank, /'Name' is blank/, /name for the key/);
		const long = await runNode(credentialsFor(emulator()), {
			resource: 'apiKey',
			operation: 'create',
			name: 'n'.repeat(101),
			scope: 'authOnly',
		});
		expectInputError(long, /'Name' has 101 characters/, /at most 100/);
		const scope = await runNode(credentialsFor(emulator()), { resource: 'apiKey', operation: 'create', name: 'X', scope: 'admin' });
		expectInputError(scope, /'Scope' holds the text "admin"/, /authOnly, fullAccess/);
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('API Key → Get Many', () => {
	it('sends the filters; every key is masked, the credential key too', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'apiKey',
			operation: 'getAll',
			returnAll: true,
			filters: { scope: 'authOnly', searchKey: 'mobile' },
		});
		expect(run.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'GET',
			path: '/v3/apikeys',
			query: { scope: 'authOnly', searchKey: 'mobile' },
		});
		expect(run.items.map((item) => item.json)).toEqual([
			{ name: 'Mobile app', scope: 'authOnly', createdAt: 1_600_000_000, apiKeyMasked: `****${KEY.slice(-4)}` },
		]);
	});

	it('Limit keeps the first keys; a credential key never shows in clear', async () => {
		const run = await runNode(credentialsFor(emulator()), { resource: 'apiKey', operation: 'getAll', returnAll: false, limit: 1 });
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json).toMatchObject({ name: 'Rest API Key', apiKeyMasked: `****${emulator().apiKey.slice(-4)}` });
		expect(leaks(run, emulator().apiKey)).toBe(false);
	});
});

describe('API Key → Get, Update, Delete', () => {
	it('Get: the key goes in the path, the output masks it', async () => {
		const run = await runNode(credentialsFor(emulator()), { resource: 'apiKey', operation: 'get', apiKey: KEY });
		expect(run.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'GET', path: `/v3/apikeys/${KEY}` });
		expect(run.items[0].json).toEqual({
			name: 'Mobile app',
			scope: 'authOnly',
			createdAt: 1_600_000_000,
			apiKeyMasked: `****${KEY.slice(-4)}`,
		});
		expect(leaks(run, KEY)).toBe(false);
	});

	it('Update: only the fields given; the key stays, masked', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'apiKey',
			operation: 'update',
			apiKey: KEY,
			updateFields: { scope: 'fullAccess' },
		});
		expect(run.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'PUT', path: `/v3/apikeys/${KEY}`, body: { scope: 'fullAccess' } });
		expect(run.items[0].json).toEqual({
			name: 'Mobile app',
			scope: 'fullAccess',
			createdAt: 1_600_000_000,
			apiKeyMasked: `****${KEY.slice(-4)}`,
		});
		expect(emulator().store.areas.apiKeys.byKey.get(KEY)).toMatchObject({ name: 'Mobile app', scope: 'fullAccess' });
		const nothing = await runNode(credentialsFor(emulator()), { resource: 'apiKey', operation: 'update', apiKey: KEY, updateFields: {} });
		expectInputError(nothing, /Nothing to update/, /Update Fields/);
	});

	it("Delete: the key is gone; the answer's message, which repeats it, does not go out", async () => {
		const run = await runNode(credentialsFor(emulator()), { resource: 'apiKey', operation: 'delete', apiKey: KEY });
		expect(run.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: `/v3/apikeys/${KEY}` });
		expect(run.items[0].json).toEqual({ deleted: true });
		expect(emulator().store.areas.apiKeys.byKey.has(KEY)).toBe(false);
	});

	it('an unknown key: ERR_APIKEY_NOT_FOUND without the key; Continue On Fail goes on', async () => {
		const unknown = 'ffffffffffffffffffffffffffffffffffff0000';
		const failed = await runNode(credentialsFor(emulator()), { resource: 'apiKey', operation: 'get', apiKey: unknown });
		expectServiceError(failed, 'ERR_APIKEY_NOT_FOUND', '404');
		expect(leaks(failed.error, unknown)).toBe(false);
		const run = await runNode(
			credentialsFor(emulator()),
			{ resource: 'apiKey', operation: 'get', apiKey: '={{ $json.key }}' },
			[{ key: unknown }, { key: KEY }],
			{ continueOnFail: true },
		);
		expectErrorItem(run.items[0], 0, 'ERR_APIKEY_NOT_FOUND');
		expect(leaks(run.items[0], unknown)).toBe(false);
		expect(run.items[1].json).toMatchObject({ name: 'Mobile app' });
	});

	it('an empty key fails before any request', async () => {
		const run = await runNode(credentialsFor(emulator()), { resource: 'apiKey', operation: 'delete', apiKey: '={{ "" }}' });
		expectInputError(run, /'API Key' is empty/, /API key itself/);
		expect(apiRequests(emulator())).toEqual([]);
	});
});
