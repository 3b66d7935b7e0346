/** Role: Get, Get Many, Create, Update, Delete, the role list search and the roles loadOptions, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, pageQueries, useEmulator } from '../harness/suite';

const emulator = useEmulator();

/** `count` roles r1…rN, r1 the oldest; a fresh store also has the role `default`. */
const seedRoles = (count: number) => {
	for (let i = 1; i <= count; i++) {
		emulator().store.addRole({
			role: `r${i}`,
			name: `Role ${i}`,
			description: `Role number ${i}`,
			metadata: { n: i },
			settings: { listUsers: 'all', sendMessagesTo: 'friendsOnly' },
			createdAt: 1_700_000_000 + i,
		});
	}
};

describe('Role → Get Many', () => {
	it('Return All over 1,100 roles returns each once, newest first, in two pages', async () => {
		seedRoles(1100);
		const { items, error } = await runNode(credentialsFor(emulator()), { resource: 'role', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1101);
		expect(new Set(items.map((item) => item.json.role)).size).toBe(1101);
		expect(items[0]).toEqual({
			json: {
				role: 'r1100',
				name: 'Role 1100',
				description: 'Role number 1100',
				settings: { listUsers: 'all', sendMessagesTo: 'friendsOnly' },
			},
			pairedItem: { item: 0 },
		});
		const sent = apiRequests(emulator());
		expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(Array(2).fill('GET /v3/roles'));
		expect(sent.map((request) => request.query)).toEqual(pageQueries(1000, 2));
		expect(sent[0].headers.apikey).toBe(TEST_API_KEY);
	});

	it('Limit makes one request; Simplify off gives the raw record', async () => {
		seedRoles(20);
		const { items } = await runNode(credentialsFor(emulator()), {
			resource: 'role',
			operation: 'getAll',
			limit: 2,
			options: { simplify: false },
		});
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ role: 'r20', metadata: { n: 20 }, createdAt: 1_700_000_020 }),
			expect.objectContaining({ role: 'r19', metadata: { n: 19 }, createdAt: 1_700_000_019 }),
		]);
		expect(apiRequests(emulator())).toHaveLength(1);
		expect(apiRequests(emulator())[0].query).toEqual({ perPage: '2', page: '1' });
	});

	it('reports a rejected API key with the service code', async () => {
		const result = await runNode(credentialsFor(emulator(), { apiKey: 'wrong-key' }), {
			resource: 'role',
			operation: 'getAll',
			returnAll: true,
		});
		expectServiceError(result, 'AUTH_ERR_APIKEY_NOT_FOUND', '401');
		expect(result.error?.description).toMatch(/Check the API key/);
		expect(apiRequests(emulator())[0].headers.apikey).toBe('wrong-key');
	});
});

describe('role list search', () => {
	it('pages through more than one page of roles, 100 at a time', async () => {
		seedRoles(149);
		const first = await listSearch(credentialsFor(emulator()), 'searchRoles');
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'Role 149', value: 'r149' });
		expect(first.paginationToken).toBe('2');
		const second = await listSearch(credentialsFor(emulator()), 'searchRoles', undefined, '2');
		expect(second.results).toHaveLength(50);
		expect(second.results.map((item) => item.value)).toContain('default');
		expect(second.paginationToken).toBeUndefined();
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual(pageQueries(100, 2));
	});

	it('filters each page by the search term, on name or key', async () => {
		seedRoles(149);
		const first = await listSearch(credentialsFor(emulator()), 'searchRoles', 'role 14');
		expect(first.results.map((item) => item.value)).toEqual([
			'r149',
			'r148',
			'r147',
			'r146',
			'r145',
			'r144',
			'r143',
			'r142',
			'r141',
			'r140',
		]);
		expect(first.paginationToken).toBe('2');
		const second = await listSearch(credentialsFor(emulator()), 'searchRoles', 'role 14', '2');
		expect(second.results).toEqual([{ name: 'Role 14', value: 'r14' }]);
		expect(second.paginationToken).toBeUndefined();
		// "R14" is in no name, only in the key r14 (case-insensitive).
		const byKey = await listSearch(credentialsFor(emulator()), 'searchRoles', 'R14', '2');
		expect(byKey.results).toEqual([{ name: 'Role 14', value: 'r14' }]);
		// The roles list takes no search parameter: none is sent.
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual([
			{ perPage: '100', page: '1' },
			{ perPage: '100', page: '2' },
			{ perPage: '100', page: '2' },
		]);
	});
});

describe('Role → Get', () => {
	it('gets one role by the key picked in the role locator, encoded in the path', async () => {
		emulator().store.addRole({ role: 'mod eu', name: 'EU moderators', settings: { listUsers: 'all', sendMessagesTo: 'all' } });
		const { items, error } = await runNode(credentialsFor(emulator()), {
			resource: 'role',
			operation: 'get',
			role: { __rl: true, mode: 'list', value: 'mod eu', cachedResultName: 'EU moderators' },
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				json: expect.objectContaining({ role: 'mod eu', name: 'EU moderators', settings: { listUsers: 'all', sendMessagesTo: 'all' } }),
				pairedItem: { item: 0 },
			},
		]);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'GET', path: '/v3/roles/mod%20eu', query: {} });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
	});

	it('turns an unknown role into ERR_ROLE_NOT_FOUND, and Continue On Fail goes on', async () => {
		const parameters = { resource: 'role', operation: 'get', role: byId('={{ $json.role }}') };
		const stopped = await runNode(credentialsFor(emulator()), parameters, [{ role: 'nope' }]);
		expectServiceError(stopped, 'ERR_ROLE_NOT_FOUND', '404');
		const carriedOn = await runNode(credentialsFor(emulator()), parameters, [{ role: 'nope' }, { role: 'default' }], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(carriedOn.items[0], 0, 'ERR_ROLE_NOT_FOUND');
		expect(carriedOn.items[1]).toEqual({ json: expect.objectContaining({ role: 'default' }), pairedItem: { item: 1 } });
	});
});

describe('Role → Create', () => {
	it('creates a role with its settings; Get Many lists it', async () => {
		emulator().store.setClock(1_700_000_000);
		const { items, error } = await runNode(credentialsFor(emulator()), {
			resource: 'role',
			operation: 'create',
			role: 'support',
			name: 'Support',
			additionalFields: { description: 'Answers customers', metadata: '{"team": "eu"}', listUsers: 'friendsOnly', sendMessagesTo: 'all' },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{
				role: 'support',
				name: 'Support',
				description: 'Answers customers',
				metadata: { team: 'eu' },
				settings: { listUsers: 'friendsOnly', sendMessagesTo: 'all' },
				createdAt: 1_700_000_000,
			},
		]);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({
			method: 'POST',
			path: '/v3/roles',
			body: {
				role: 'support',
				name: 'Support',
				description: 'Answers customers',
				metadata: { team: 'eu' },
				settings: { listUsers: 'friendsOnly', sendMessagesTo: 'all' },
			},
		});
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		const listed = await runNode(credentialsFor(emulator()), { resource: 'role', operation: 'getAll', returnAll: true });
		expect(listed.items.map((item) => item.json.role)).toEqual(['support', 'default']);
	});

	it('sends only the key and the name when nothing else is given; one setting is sent alone', async () => {
		const { error } = await runNode(credentialsFor(emulator()), {
			resource: 'role',
			operation: 'create',
			role: 'guest',
			name: 'Guest',
			additionalFields: { sendMessagesTo: 'friendsOnly' },
		});
		expect(error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toEqual({ role: 'guest', name: 'Guest', settings: { sendMessagesTo: 'friendsOnly' } });
		expect(emulator().store.roles.get('guest')?.settings).toEqual({ sendMessagesTo: 'friendsOnly' });
	});

	it('an existing key fails with ERR_ROLE_ALREADY_EXISTS; Continue On Fail creates the next', async () => {
		const parameters = { resource: 'role', operation: 'create', role: '={{ $json.role }}', name: 'Same', additionalFields: {} };
		const { items } = await runNode(credentialsFor(emulator()), parameters, [{ role: 'default' }, { role: 'fresh' }], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(items[0], 0, 'ERR_ROLE_ALREADY_EXISTS');
		expect(items[1].json).toMatchObject({ role: 'fresh', name: 'Same' });
		expect(emulator().store.roles.get('default')?.name).toBe('Default Role');
	});

	it('checks the key, the name and the settings before sending', async () => {
		const base = { resource: 'role', operation: 'create', role: 'x', name: 'X', additionalFields: {} };
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, role: '={{ "  " }}' }),
			/'Role Key' is empty/,
			/Fill in 'Role Key'/,
		);
		expectInputError(await runNode(credentialsFor(emulator()), { ...base, name: '={{ "" }}' }), /'Name' is empty/, /Fill in 'Name'/);
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, additionalFields: { listUsers: 'everyone' } }),
			/'List Users' holds the text "everyone"/,
			/all, friendsOnly/,
		);
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, additionalFields: { metadata: '[1]' } }),
			/The Metadata \(JSON\) must be a JSON object/,
			/JSON object/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('Role → Update', () => {
	beforeEach(() => {
		emulator().store.addRole({
			role: 'support',
			name: 'Support',
			description: 'Answers customers',
			metadata: { team: 'eu' },
			settings: { listUsers: 'all', sendMessagesTo: 'all' },
		});
	});

	it('changes the name and one setting; the other setting stays', async () => {
		const { items, error } = await runNode(credentialsFor(emulator()), {
			resource: 'role',
			operation: 'update',
			role: byId('support'),
			updateFields: { name: 'Support EU', listUsers: 'friendsOnly' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			role: 'support',
			name: 'Support EU',
			settings: { listUsers: 'friendsOnly', sendMessagesTo: 'all' },
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PUT',
			path: '/v3/roles/support',
			body: { name: 'Support EU', settings: { listUsers: 'friendsOnly' } },
		});
		expect(emulator().store.roles.get('support')).toMatchObject({ name: 'Support EU', description: 'Answers customers' });
	});

	it('Clear Fields sends unset; the attributes are gone', async () => {
		const { items, error } = await runNode(credentialsFor(emulator()), {
			resource: 'role',
			operation: 'update',
			role: byId('support'),
			updateFields: { clear: ['description', 'settings'] },
		});
		expect(error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toEqual({ unset: ['description', 'settings'] });
		expect(items[0].json).not.toHaveProperty('description');
		expect(emulator().store.roles.get('support')).not.toHaveProperty('settings');
		expect(emulator().store.roles.get('support')?.metadata).toEqual({ team: 'eu' });
	});

	it('refuses an update with nothing in it, and one that sets and clears the same attribute', async () => {
		const base = { resource: 'role', operation: 'update', role: byId('support') };
		expectInputError(await runNode(credentialsFor(emulator()), { ...base, updateFields: {} }), /Nothing to update/, /Update Fields/);
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, updateFields: { description: 'New', clear: ['description'] } }),
			/"description" is both set and cleared/,
			/./,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('an unknown role fails with ERR_ROLE_NOT_FOUND', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'role',
			operation: 'update',
			role: byId('nope'),
			updateFields: { name: 'N' },
		});
		expectServiceError(run, 'ERR_ROLE_NOT_FOUND', '404');
	});
});

describe('Role → Delete', () => {
	it('deletes the role: Get then fails, the list no longer has it', async () => {
		emulator().store.addRole({ role: 'temp', name: 'Temporary' });
		const { items, error } = await runNode(credentialsFor(emulator()), { resource: 'role', operation: 'delete', role: byId('temp') });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ deleted: true, role: 'temp' }]);
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: '/v3/roles/temp' });
		expect(emulator().store.roles.has('temp')).toBe(false);
	});

	it('an unknown role fails with ERR_ROLE_NOT_FOUND; the default role cannot be deleted; Continue On Fail goes on', async () => {
		emulator().store.addRole({ role: 'temp', name: 'Temporary' });
		const parameters = { resource: 'role', operation: 'delete', role: byId('={{ $json.role }}') };
		const { items } = await runNode(credentialsFor(emulator()), parameters, [{ role: 'nope' }, { role: 'default' }, { role: 'temp' }], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(items[0], 0, 'ERR_ROLE_NOT_FOUND');
		expectErrorItem(items[1], 1, 'ERR_BAD_REQUEST');
		expect(items[2].json).toEqual({ deleted: true, role: 'temp' });
		expect(emulator().store.roles.has('default')).toBe(true);
	});

	it('after a lost answer, the role already gone counts as deleted by the first attempt', async () => {
		emulator().store.addRole({ role: 'temp', name: 'Temporary' });
		emulator().injectNext(['truncated'], { method: 'DELETE', pathPrefix: '/v3/roles/temp' });
		const { items, error } = await runNode(credentialsFor(emulator()), { resource: 'role', operation: 'delete', role: byId('temp') });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ deleted: true, role: 'temp', appliedByEarlierAttempt: true });
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
			'DELETE /v3/roles/temp 200',
			'DELETE /v3/roles/temp 404',
		]);
	});
});
