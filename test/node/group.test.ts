/**
 * Group: Create (types, password, members, onBehalfOf) and Get Banned Users, and the group list
 * search, through n8n's engine against the emulator.
 */
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, pageQueries, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: Parameters<typeof runNode>[1], input?: Parameters<typeof runNode>[2], options = {}) =>
	runNode(credentialsFor(emulator()), { resource: 'group', ...parameters }, input, options);

const seedUsers = (...uids: string[]) => {
	for (const uid of uids) emulator().store.addUser({ uid, name: `Name of ${uid}` });
};

describe('Group → Create', () => {
	it('creates a group with every field, its members and onBehalfOf', async () => {
		seedUsers('owner', 'boss', 'a1', 'm1', 'p1', 'p2', 'bad');
		const { items, error } = await run({
			operation: 'create',
			guid: 'support',
			name: 'Support',
			type: 'private',
			onBehalfOf: byId('boss'),
			members: { admins: 'a1', moderators: ['m1'], participants: 'p1, p2', usersToBan: 'bad' },
			additionalFields: {
				description: 'Where support meets',
				icon: 'https://example.com/support.png',
				metadata: '{"team": "cs"}',
				owner: 'owner',
				tags: 'internal, cs',
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		// What was sent comes back, and the service adds the rest.
		const group = {
			guid: 'support',
			name: 'Support',
			type: 'private',
			description: 'Where support meets',
			icon: 'https://example.com/support.png',
			metadata: { team: 'cs' },
			owner: 'owner',
			tags: ['internal', 'cs'],
		};
		expect(items[0].json).toMatchObject({ ...group, membersCount: 5, conversationId: 'group_support' });

		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/groups', query: {} });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(sent.headers.onbehalfof).toBe('boss');
		expect(sent.body).toEqual({
			...group,
			members: { admins: ['a1'], moderators: ['m1'], participants: ['p1', 'p2'], usersToBan: ['bad'] },
		});
		const stored = emulator().store.groups.get('support');
		expect([...(stored?.banned.keys() ?? [])]).toEqual(['bad']);
		expect(stored?.members.get('m1')?.scope).toBe('moderator');
	});

	it('sends only what was given: a public group without members or onBehalfOf', async () => {
		const { items } = await run({ operation: 'create', guid: 'lobby', name: 'Lobby', type: 'public' });
		expect(items[0].json).toMatchObject({ guid: 'lobby', name: 'Lobby', type: 'public' });
		const [sent] = apiRequests(emulator());
		expect(sent.body).toEqual({ guid: 'lobby', name: 'Lobby', type: 'public' });
		expect(sent.headers.onbehalfof).toBeUndefined();
	});

	it('takes member lists as arrays from an expression', async () => {
		seedUsers('a1', 'a2', 'p1');
		await run(
			{
				operation: 'create',
				guid: 'g',
				name: 'G',
				type: 'public',
				members: { admins: '={{ $json.admins }}', participants: '={{ $json.participants }}' },
			},
			[{ admins: ['a1', 'a2'], participants: ['p1'] }],
		);
		expect((apiRequests(emulator())[0].body as { members: object }).members).toEqual({ admins: ['a1', 'a2'], participants: ['p1'] });
	});

	it('sends the password of a password group and never shows it', async () => {
		const { items } = await run({ operation: 'create', guid: 'vault', name: 'Vault', type: 'password', password: 's3cret' });
		expect(items[0].json).toMatchObject({ guid: 'vault', type: 'password' });
		expect(items[0].json).not.toHaveProperty('password');
		expect(apiRequests(emulator())[0].body).toEqual({ guid: 'vault', name: 'Vault', type: 'password', password: 's3cret' });
	});

	it('refuses a password group without a password, and an unknown type, before sending; Continue On Fail goes on', async () => {
		const parameters = { operation: 'create', guid: '={{ $json.guid }}', name: 'G', type: '={{ $json.type }}', password: '={{ $json.password }}' };
		const input = [
			{ guid: 'g1', type: 'password', password: 'pw' },
			{ guid: 'g2', type: 'password', password: '' },
			{ guid: 'g3', type: 'secret', password: '' },
			{ guid: 'g4', type: 'public', password: '' },
		];
		const stopped = await run(parameters, input);
		expectInputError(stopped, /A group of type Password needs a password/, /Fill in Password/, 1);
		expect(apiRequests(emulator())).toHaveLength(1);

		emulator().store.reset();
		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expect(carriedOn.error).toBeUndefined();
		expect(carriedOn.items.map((item) => item.json.guid)).toEqual(['g1', undefined, undefined, 'g4']);
		expectErrorItem(carriedOn.items[1], 1, /needs a password/);
		expectErrorItem(carriedOn.items[2], 2, /'Type' holds the text "secret", which is not one of public, password, private/);
		expect(apiRequests(emulator()).map((request) => (request.body as { guid: string }).guid)).toEqual(['g1', 'g4']);
	});

	it('reports a taken GUID and unknown members with the service code', async () => {
		emulator().store.addGroup({ guid: 'taken', name: 'Taken' });
		const taken = await run({ operation: 'create', guid: 'taken', name: 'Again', type: 'public' });
		expectServiceError(taken, 'ERR_GUID_ALREADY_EXISTS', '409');
		expect(taken.error?.description).toMatch(/Pick another id/);

		const unknown = await run({ operation: 'create', guid: 'new', name: 'New', type: 'public', members: { participants: 'ghost' } });
		expectServiceError(unknown, 'ERR_UID_NOT_FOUND', '404');
		expect(unknown.error?.description).toContain('ghost');
		expect(emulator().store.groups.has('new')).toBe(false);
	});
});

describe('Group → Get Banned Users', () => {
	const seedBanned = (count: number) => {
		const { store } = emulator();
		store.addUsers(count, 'b');
		const group = store.addGroup({ guid: 'g', name: 'G' });
		for (let i = 1; i <= count; i++) store.banFromGroup(group, `b${i}`, 1_700_000_000 + i);
	};

	it('Return All over 1,200 banned users returns each once, newest ban first, in two pages', async () => {
		seedBanned(1200);
		const { items, error } = await run({ operation: 'getBannedUsers', guid: byId('g'), returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1200);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(1200);
		expect(items[0].json.uid).toBe('b1200');
		expect(items[1199].json.uid).toBe('b1');
		expect(items[0].pairedItem).toEqual({ item: 0 });
		const sent = apiRequests(emulator());
		expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(Array(2).fill('GET /v3/groups/g/bannedusers'));
		expect(sent.map((request) => request.query)).toEqual(pageQueries(1000, 2));
		expect(sent[0].headers.apikey).toBe(TEST_API_KEY);
	});

	it('Limit makes one request; records are simplified unless Simplify is off', async () => {
		seedBanned(30);
		const simple = await run({ operation: 'getBannedUsers', guid: byId('g'), limit: 3 });
		expect(simple.items.map((item) => item.json.uid)).toEqual(['b30', 'b29', 'b28']);
		expect(Object.keys(simple.items[0].json).sort()).toEqual(['createdAt', 'name', 'role', 'status', 'uid']);
		expect(apiRequests(emulator())[0].query).toEqual({ perPage: '3', page: '1' });

		const raw = await run({ operation: 'getBannedUsers', guid: byId('g'), limit: 1, options: { simplify: false } });
		expect(raw.items[0].json).toMatchObject({ uid: 'b30', conversationId: 'b30_user_b30' });
	});

	it('reports an unknown group with the service code; Continue On Fail goes on', async () => {
		seedBanned(2);
		const parameters = { operation: 'getBannedUsers', guid: { __rl: true, mode: 'id', value: '={{ $json.guid }}' }, returnAll: true };
		const stopped = await run(parameters, [{ guid: 'nope' }]);
		expectServiceError(stopped, 'ERR_GUID_NOT_FOUND', '404');

		const carriedOn = await run(parameters, [{ guid: 'nope' }, { guid: 'g' }], { onError: 'continueRegularOutput' });
		expect(carriedOn.items).toHaveLength(3);
		expectErrorItem(carriedOn.items[0], 0, 'ERR_GUID_NOT_FOUND');
		expect(carriedOn.items.slice(1).map((item) => [item.json.uid, item.pairedItem])).toEqual([
			['b2', { item: 1 }],
			['b1', { item: 1 }],
		]);
	});
});

describe('group list search', () => {
	const seedGroups = (count: number) => {
		for (let i = 1; i <= count; i++) emulator().store.addGroup({ guid: `g${i}`, name: `Group ${i}`, createdAt: 1_700_000_000 + i });
	};

	it('pages through more than one page of groups, 100 at a time', async () => {
		seedGroups(150);
		const first = await listSearch(credentialsFor(emulator()), 'searchGroups');
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'Group 150 (g150)', value: 'g150' });
		expect(first.paginationToken).toBe('2');
		const second = await listSearch(credentialsFor(emulator()), 'searchGroups', undefined, '2');
		expect(second.results).toHaveLength(50);
		expect(second.results.at(-1)).toEqual({ name: 'Group 1 (g1)', value: 'g1' });
		expect(second.paginationToken).toBeUndefined();
		const sent = apiRequests(emulator());
		expect(sent.map((request) => request.path)).toEqual(['/v3/groups', '/v3/groups']);
		expect(sent.map((request) => request.query)).toEqual(pageQueries(100, 2));
		expect(sent[0].headers.apikey).toBe(TEST_API_KEY);
	});

	it('sends a search term as searchKey', async () => {
		seedGroups(150);
		const found = await listSearch(credentialsFor(emulator()), 'searchGroups', 'Group 14');
		expect(found.results.map((item) => item.value)).toEqual(['g149', 'g148', 'g147', 'g146', 'g145', 'g144', 'g143', 'g142', 'g141', 'g140', 'g14']);
		expect(apiRequests(emulator())[0].query).toEqual({ perPage: '100', page: '1', searchKey: 'Group 14' });
	});
});
