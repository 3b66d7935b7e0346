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
		const parameters = {
			operation: 'create',
			guid: '={{ $json.guid }}',
			name: 'G',
			type: '={{ $json.type }}',
			password: '={{ $json.password }}',
		};
		const input = [
			{ guid: 'g1', type: 'password', password: 'pw' },
			{ guid: 'g2', type: 'password', password: '' },
			{ guid: 'g3', type: 'secret', password: '' },
			{ guid: 'g4', type: 'public', password: '' },
		];
		const stopped = await run(parameters, input);
		expectInputError(stopped, /A group of type Password needs a password/, /Fill in Password/, 1);
		// The four items started together (items in flight): item 3 was written, and the error says so.
		expect(
			apiRequests(emulator())
				.map((request) => (request.body as { guid: string }).guid)
				.sort(),
		).toEqual(['g1', 'g4']);
		expect(stopped.error?.description).toContain('Done: 0, 3. Failed (nothing applied): 1–2. Not sent (safe to run again): none.');
		emulator().store.reset();
		emulator().clearRequests();
		const inSequence = await run({ ...parameters, oneAtATime: true }, input);
		expectInputError(inSequence, /A group of type Password needs a password/, /Fill in Password/, 1);
		expect(apiRequests(emulator())).toHaveLength(1);

		emulator().store.reset();
		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expect(carriedOn.error).toBeUndefined();
		expect(carriedOn.items.map((item) => item.json.guid)).toEqual(['g1', undefined, undefined, 'g4']);
		expectErrorItem(carriedOn.items[1], 1, /needs a password/);
		expectErrorItem(carriedOn.items[2], 2, /'Type' holds the text "secret", which is not one of public, password, private/);
		expect(
			apiRequests(emulator())
				.map((request) => (request.body as { guid: string }).guid)
				.sort(),
		).toEqual(['g1', 'g4']);
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
		expect(Object.keys(simple.items[0].json).sort()).toEqual(['createdAt', 'createdAtIso', 'name', 'role', 'status', 'uid']);
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
		expect(found.results.map((item) => item.value)).toEqual([
			'g149',
			'g148',
			'g147',
			'g146',
			'g145',
			'g144',
			'g143',
			'g142',
			'g141',
			'g140',
			'g14',
		]);
		expect(apiRequests(emulator())[0].query).toEqual({ perPage: '100', page: '1', searchKey: 'Group 14' });
	});
});

describe('Group → Get', () => {
	it('gets a group, from the point of view of Act As when set', async () => {
		seedUsers('owner', 'p1');
		emulator().store.addGroup({ guid: 'g', name: 'G', owner: 'owner', members: { participants: ['p1'] }, createdAt: 1_700_000_000 });
		const { items, error } = await run({ operation: 'get', guid: byId('g') });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ guid: 'g', name: 'G', owner: 'owner', scope: 'admin', membersCount: 2 });
		const asMember = await run({ operation: 'get', guid: byId('g'), onBehalfOf: byId('p1') });
		expect(asMember.items[0].json).toMatchObject({ scope: 'participant', hasJoined: true });
		const sent = apiRequests(emulator());
		expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v3/groups/g', 'GET /v3/groups/g']);
		expect(sent[0].headers.onbehalfof).toBeUndefined();
		expect(sent[1].headers.onbehalfof).toBe('p1');
	});

	it('reports an unknown group (ERR_GUID_NOT_FOUND); an empty Group fails before sending; Continue On Fail goes on', async () => {
		emulator().store.addGroup({ guid: 'g', name: 'G' });
		const parameters = { operation: 'get', guid: { __rl: true, mode: 'id', value: '={{ $json.guid }}' } };
		const unknown = await run(parameters, [{ guid: 'nope' }]);
		expectServiceError(unknown, 'ERR_GUID_NOT_FOUND', '404');
		expect(unknown.error?.description).toMatch(/nothing with it exists/);
		emulator().clearRequests();
		const empty = await run(parameters, [{ guid: '' }]);
		expectInputError(empty, /'Group' is empty/, /Choose a group/);
		expect(apiRequests(emulator())).toHaveLength(0);
		const carriedOn = await run(parameters, [{ guid: 'nope' }, { guid: '' }, { guid: 'g' }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_GUID_NOT_FOUND');
		expectErrorItem(carriedOn.items[1], 1, /'Group' is empty/);
		expect(carriedOn.items[2].json.guid).toBe('g');
	});
});

describe('Group → Get Many', () => {
	const seedGroups = () => {
		seedUsers('u1', 'u2', 'u3');
		const { store } = emulator();
		store.addGroup({
			guid: 'alpha',
			name: 'Alpha',
			type: 'public',
			tags: ['x'],
			createdAt: 1_700_000_100,
			members: { participants: ['u1', 'u2'] },
		});
		store.addGroup({
			guid: 'beta',
			name: 'Beta',
			type: 'private',
			createdAt: 1_700_000_200,
			updatedAt: 1_700_000_900,
			members: { participants: ['u1'] },
		});
		store.addGroup({ guid: 'gamma', name: 'Gamma', type: 'password', password: 'pw', tags: ['y'], createdAt: 1_700_000_300 });
	};

	it('lists groups newest first, simplified; Return All pages through 1,200 groups', async () => {
		for (let i = 1; i <= 1200; i++) emulator().store.addGroup({ guid: `g${i}`, name: `G ${i}`, createdAt: 1_700_000_000 + i });
		const all = await run({ operation: 'getAll', returnAll: true });
		expect(all.items).toHaveLength(1200);
		expect(all.items[0].json).toEqual({
			guid: 'g1200',
			name: 'G 1200',
			type: 'public',
			membersCount: 0,
			tags: [],
			createdAt: 1_700_001_200,
			createdAtIso: '2023-11-14T22:33:20.000Z',
		});
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual(pageQueries(1000, 2));
		emulator().clearRequests();
		const raw = await run({ operation: 'getAll', limit: 2, options: { simplify: false } });
		expect(raw.items.map((item) => item.json.guid)).toEqual(['g1200', 'g1199']);
		expect(raw.items[0].json).toHaveProperty('conversationId', 'group_g1200');
		expect(apiRequests(emulator())[0].query).toEqual({ perPage: '2', page: '1' });
	});

	it('sends each filter in its published form and the service applies them', async () => {
		seedGroups();
		const { items, error } = await run({
			operation: 'getAll',
			returnAll: true,
			filters: {
				searchKey: 'a',
				searchIn: ['guid', 'name'],
				types: ['public', 'password'],
				tags: 'x, y',
				guids: 'alpha, gamma',
				createdFrom: '2023-11-14T22:14:00Z',
				createdTo: '={{ 1700000300 }}',
				membersMin: 0,
				membersMax: 5,
				sortBy: 'name',
				sortOrder: 'asc',
			},
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.guid)).toEqual(['alpha']);
		expect(apiRequests(emulator())[0].query).toEqual({
			searchKey: 'a',
			searchIn: ['guid', 'name'],
			sortBy: 'name',
			sortOrder: 'asc',
			tags: 'x,y',
			types: 'public,password',
			guids: 'alpha,gamma',
			'createdAt[from]': '1700000040',
			'createdAt[to]': '1700000300',
			'membersCount[gte]': '0',
			'membersCount[lte]': '5',
			perPage: '1000',
			page: '1',
		});
	});

	it('Joined By sends hasJoined as that user; Updated After only finds updated groups', async () => {
		seedGroups();
		const joined = await run({ operation: 'getAll', returnAll: true, filters: { joinedBy: byId('u1') } });
		expect(joined.items.map((item) => item.json.guid)).toEqual(['beta', 'alpha']);
		const [sent] = apiRequests(emulator());
		expect(sent.query).toMatchObject({ hasJoined: 'true' });
		expect(sent.headers.onbehalfof).toBe('u1');
		const updated = await run({ operation: 'getAll', returnAll: true, filters: { updatedFrom: '2023-11-14T00:00:00Z' } });
		expect(updated.items.map((item) => item.json.guid)).toEqual(['beta']);
	});

	it('refuses a wrong date, count or type before sending; Continue On Fail goes on', async () => {
		seedGroups();
		const parameters = { operation: 'getAll', returnAll: true, filters: { createdFrom: '={{ $json.from }}' } };
		const stopped = await run(parameters, [{ from: 'yesterday' }]);
		expectInputError(
			stopped,
			/'Created After' holds "yesterday", which is not in a form this field takes; it takes a date and time in ISO 8601/,
			/Pick a date/,
		);
		const count = await run({ operation: 'getAll', returnAll: true, filters: { membersMin: '={{ "3" }}' } });
		expectInputError(count, /'Min Members' must be a whole number of at least 0/, /whole number/);
		const type = await run({ operation: 'getAll', returnAll: true, filters: { types: '={{ ["secret"] }}' } });
		expectInputError(type, /'Types' holds "secret"/, /Choose the values of 'Types'/);
		expect(apiRequests(emulator())).toHaveLength(0);
		const carriedOn = await run(parameters, [{ from: 'nope' }, { from: '2023-11-14T22:15:01Z' }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, /is not in a form this field takes/);
		expect(carriedOn.items.slice(1).map((item) => item.json.guid)).toEqual(['gamma', 'beta']);
	});
});

describe('Group → Update', () => {
	const seedGroup = () => {
		seedUsers('owner', 'next');
		return emulator().store.addGroup({
			guid: 'g',
			name: 'G',
			owner: 'owner',
			description: 'd',
			icon: 'https://i',
			metadata: { k: 1 },
			tags: ['t'],
			createdAt: 1_700_000_000,
		});
	};

	it('changes the given fields and clears others: unset for description, icon, metadata; tags [] for tags', async () => {
		seedGroup();
		const { items, error } = await run({
			operation: 'update',
			guid: byId('g'),
			updateFields: { name: 'New', clear: ['icon', 'metadata', 'tags'], owner: 'next' },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ guid: 'g', name: 'New', description: 'd', owner: 'next', tags: [] });
		expect(items[0].json).not.toHaveProperty('icon');
		expect(items[0].json).not.toHaveProperty('metadata');
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'PUT', path: '/v3/groups/g' });
		expect(sent.body).toEqual({ name: 'New', owner: 'next', unset: ['icon', 'metadata'], tags: [] });
	});

	it('an empty tag list from an expression clears the tags; a password change is sent and never shown', async () => {
		seedGroup();
		await run({ operation: 'update', guid: byId('g'), updateFields: { tags: '={{ [] }}' } });
		expect(apiRequests(emulator())[0].body).toEqual({ tags: [] });
		expect(emulator().store.groups.get('g')?.tags).toEqual([]);
		emulator().clearRequests();
		const pw = await run({ operation: 'update', guid: byId('g'), updateFields: { type: 'password', password: 's3cret' } });
		expect(pw.items[0].json).toMatchObject({ type: 'password' });
		expect(JSON.stringify(pw.items[0].json)).not.toContain('s3cret');
		expect(apiRequests(emulator())[0].body).toEqual({ type: 'password', password: 's3cret' });
	});

	it('refuses nothing to update, a field set and cleared, an owner with Act As, before sending', async () => {
		seedGroup();
		const nothing = await run({ operation: 'update', guid: byId('g'), updateFields: {} });
		expectInputError(nothing, /Nothing to update/, /Clear Fields/);
		const both = await run({ operation: 'update', guid: byId('g'), updateFields: { icon: 'https://x', clear: ['icon'] } });
		expectInputError(both, /"icon" is both set and cleared/, /Either remove it/);
		const owner = await run({ operation: 'update', guid: byId('g'), onBehalfOf: byId('owner'), updateFields: { owner: 'next' } });
		expectInputError(owner, /'Owner UID' cannot be changed while 'Act As' is set/, /ignores the owner/);
		const clear = await run({ operation: 'update', guid: byId('g'), updateFields: { clear: '={{ ["name"] }}' } });
		expectInputError(clear, /Clear Fields holds "name"/, /Only description, icon, metadata and tags/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('refuses the type Password without a password, and a password with the type Public or Private, before sending', async () => {
		seedGroup();
		const noPassword = await run({ operation: 'update', guid: byId('g'), updateFields: { type: 'password' } });
		expectInputError(noPassword, /A group of type Password needs a password/, /Fill in Password/);
		const withPublic = await run({ operation: 'update', guid: byId('g'), updateFields: { type: 'public', password: 's3cret' } });
		expectInputError(withPublic, /A group of type Public has no password, but 'Password' is set/, /Remove Password/);
		const withPrivate = await run({ operation: 'update', guid: byId('g'), updateFields: { type: '={{ "private" }}', password: 's3cret' } });
		expectInputError(withPrivate, /A group of type Private has no password/, /Remove Password/);
		expect([withPublic, withPrivate].map((result) => `${result.error?.message} ${result.error?.description}`).join()).not.toContain(
			's3cret',
		);
		expect(apiRequests(emulator())).toHaveLength(0);
		// A password alone changes the password of a password group.
		emulator().store.addGroup({ guid: 'locked', name: 'Locked', type: 'password', password: 'old-pw', owner: 'owner' });
		const changed = await run({ operation: 'update', guid: byId('locked'), updateFields: { password: 'new-pw' } });
		expect(changed.error).toBeUndefined();
		expect(apiRequests(emulator())[0].body).toEqual({ password: 'new-pw' });
	});

	it('reports an unknown group; Continue On Fail goes on', async () => {
		seedGroup();
		const unknown = await run({ operation: 'update', guid: byId('nope'), updateFields: { name: 'X' } });
		expectServiceError(unknown, 'ERR_GUID_NOT_FOUND', '404');
		const parameters = { operation: 'update', guid: { __rl: true, mode: 'id', value: '={{ $json.guid }}' }, updateFields: { name: 'Y' } };
		const carriedOn = await run(parameters, [{ guid: 'nope' }, { guid: 'g' }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_GUID_NOT_FOUND');
		expect(carriedOn.items[1].json).toMatchObject({ guid: 'g', name: 'Y' });
	});
});

describe('Group → Delete', () => {
	it('deletes a group and answers {deleted, guid}; an unknown one is ERR_GUID_NOT_FOUND; Continue On Fail goes on', async () => {
		emulator().store.addGroup({ guid: 'g', name: 'G' });
		const { items, error } = await run({ operation: 'delete', guid: byId('g') });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ deleted: true, guid: 'g' });
		expect(emulator().store.groups.has('g')).toBe(false);
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.path}`)).toEqual(['DELETE /v3/groups/g']);
		const again = await run({ operation: 'delete', guid: byId('g') });
		expectServiceError(again, 'ERR_GUID_NOT_FOUND', '404');
		emulator().store.addGroup({ guid: 'h', name: 'H' });
		const parameters = { operation: 'delete', guid: { __rl: true, mode: 'id', value: '={{ $json.guid }}' } };
		const carriedOn = await run(parameters, [{ guid: 'g' }, { guid: 'h' }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_GUID_NOT_FOUND');
		expect(carriedOn.items[1].json).toEqual({ deleted: true, guid: 'h' });
	});
});
