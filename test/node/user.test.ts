/**
 * User: Update (with unset, and clearing tags and the status message), Get Many filters, Get
 * Friends, Update Auth Token, Create or Update (upsert), Delete, Deactivate, Reactivate, and the user
 * list search, through n8n's engine against the emulator.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { listSearch, loadOptions, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, pageQueries, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: Parameters<typeof runNode>[1], input?: Parameters<typeof runNode>[2], options = {}) =>
	runNode(credentialsFor(emulator()), { resource: 'user', ...parameters }, input, options);

describe('User → Update', () => {
	const seedAda = () =>
		emulator().store.addUser({
			uid: 'ada',
			name: 'Ada',
			avatar: 'https://example.com/ada.png',
			link: 'https://example.com/ada',
			metadata: { dept: 'math' },
			tags: ['old'],
		});

	it('changes the given fields and clears avatar, link and metadata with unset', async () => {
		seedAda();
		const { items, error } = await run({
			operation: 'update',
			uid: byId('ada'),
			updateFields: { name: 'Ada Lovelace', statusMessage: 'Counting', tags: 'vip, beta', unset: ['avatar', 'link', 'metadata'] },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({ uid: 'ada', name: 'Ada Lovelace', statusMessage: 'Counting', tags: ['vip', 'beta'] });
		expect(items[0].json).not.toHaveProperty('avatar');
		expect(items[0].json).not.toHaveProperty('link');
		expect(items[0].json).not.toHaveProperty('metadata');
		expect(typeof items[0].json.updatedAt).toBe('number');

		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'PUT', path: '/v3/users/ada', query: {} });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(sent.headers.onbehalfof).toBeUndefined();
		expect(sent.body).toEqual({
			name: 'Ada Lovelace',
			statusMessage: 'Counting',
			tags: ['vip', 'beta'],
			unset: ['avatar', 'link', 'metadata'],
		});
	});

	it('replaces metadata and role, and leaves what was not given alone', async () => {
		seedAda();
		emulator().store.addRole({ role: 'moderator', name: 'Moderator' });
		const { items } = await run({
			operation: 'update',
			uid: byId('ada'),
			updateFields: { metadata: '{"dept": "logic"}', role: 'moderator' },
		});
		expect(items[0].json).toMatchObject({
			uid: 'ada',
			name: 'Ada',
			avatar: 'https://example.com/ada.png',
			metadata: { dept: 'logic' },
			role: 'moderator',
		});
		expect(apiRequests(emulator())[0].body).toEqual({ metadata: { dept: 'logic' }, role: 'moderator' });
	});

	it('reports an unknown user with the service code', async () => {
		const result = await run({ operation: 'update', uid: byId('ghost'), updateFields: { name: 'Nobody' } });
		expectServiceError(result, 'ERR_UID_NOT_FOUND', '404');
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('refuses a field both set and cleared, and an empty update, before sending; Continue On Fail goes on', async () => {
		seedAda();
		const parameters = {
			operation: 'update',
			uid: { __rl: true, mode: 'id', value: '={{ $json.uid }}' },
			updateFields: { avatar: '={{ $json.avatar }}', unset: '={{ $json.unset }}' },
		};
		const input = [
			{ uid: 'ada', avatar: 'https://example.com/new.png', unset: [] },
			{ uid: 'ada', avatar: 'https://example.com/new.png', unset: ['avatar'] },
			{ uid: 'ada', avatar: '', unset: [] },
			{ uid: 'ada', avatar: '', unset: ['nickname'] },
			{ uid: 'ghost', avatar: '', unset: 'link' },
		];

		const stopped = await run(parameters, input);
		expectInputError(stopped, /"avatar" is both set and cleared/, /remove it from Clear Fields/, 1);
		// Items 2 and 3, the same user after item 1, were not sent; item 4, another user, was already
		// in flight beside item 0 (items in flight).
		expect(
			apiRequests(emulator())
				.map((request) => `${request.method} ${request.path}`)
				.sort(),
		).toEqual(['PUT /v3/users/ada', 'PUT /v3/users/ghost']);

		emulator().clearRequests();
		const inSequence = await run({ ...parameters, oneAtATime: true }, input);
		expectInputError(inSequence, /"avatar" is both set and cleared/, /remove it from Clear Fields/, 1);
		expect(apiRequests(emulator())).toHaveLength(1);

		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expect(carriedOn.error).toBeUndefined();
		expect(carriedOn.items.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3, 4].map((item) => ({ item })));
		expect(carriedOn.items[0].json.avatar).toBe('https://example.com/new.png');
		expectErrorItem(carriedOn.items[1], 1, /both set and cleared/);
		expectErrorItem(carriedOn.items[2], 2, /Nothing to update/);
		expectErrorItem(carriedOn.items[3], 3, /"nickname", which cannot be cleared/);
		expectErrorItem(carriedOn.items[4], 4, 'ERR_UID_NOT_FOUND');
		const sent = apiRequests(emulator());
		expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /v3/users/ada', 'PUT /v3/users/ghost']);
		expect(sent[1].body).toEqual({ unset: ['link'] });
	});
});

describe('User → Update clearing tags and the status message', () => {
	it('sends tags [] and an empty status message for them, and unset for the rest', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada', tags: ['old'], statusMessage: 'Away', avatar: 'https://example.com/a.png' });
		const { items, error } = await run({
			operation: 'update',
			uid: byId('ada'),
			updateFields: { unset: ['tags', 'statusMessage', 'avatar'] },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ uid: 'ada', tags: [] });
		expect(items[0].json).not.toHaveProperty('statusMessage');
		expect(items[0].json).not.toHaveProperty('avatar');
		expect(apiRequests(emulator())[0].body).toEqual({ tags: [], statusMessage: '', unset: ['avatar'] });
		expect(emulator().store.getUser('ada')).toMatchObject({ tags: [] });
		expect(emulator().store.getUser('ada')?.statusMessage).toBeUndefined();
	});

	it('refuses tags both set and cleared before sending', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		const result = await run({ operation: 'update', uid: byId('ada'), updateFields: { tags: 'a', unset: ['tags'] } });
		expectInputError(result, /"tags" is both set and cleared/, /remove it from Clear Fields/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('User → Delete', () => {
	it('deletes softly by default (the UID stays taken) and answers deleted with the UID', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		const { items, error } = await run({ operation: 'delete', uid: byId('ada') });
		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, uid: 'ada', permanent: false }, pairedItem: { item: 0 } }]);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'DELETE', path: '/v3/users/ada', body: { permanent: false } });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(emulator().store.getUser('ada')).toBeUndefined();
		const again = await run({ operation: 'create', uid: 'ada', name: 'Ada again' });
		expectServiceError(again, 'ERR_UID_ALREADY_EXISTS', '409');
	});

	it('deletes permanently with Permanent, which frees the UID', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		const { items } = await run({ operation: 'delete', uid: byId('ada'), permanent: true });
		expect(items[0].json).toEqual({ deleted: true, uid: 'ada', permanent: true });
		expect(apiRequests(emulator())[0].body).toEqual({ permanent: true });
		const again = await run({ operation: 'create', uid: 'ada', name: 'Ada again' });
		expect(again.error).toBeUndefined();
	});

	it('reports an unknown user; refuses a bad UID before sending; Continue On Fail goes on', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		const parameters = { operation: 'delete', uid: { __rl: true, mode: 'id', value: '={{ $json.uid }}' } };
		const input = [{ uid: 'ghost' }, { uid: 'Ada' }, { uid: 'ada' }];
		const stopped = await run(parameters, input);
		expectServiceError(stopped, 'ERR_UID_NOT_FOUND', '404');
		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_UID_NOT_FOUND');
		expectErrorItem(carriedOn.items[1], 1, /capital letters/);
		expect(carriedOn.items[2].json).toEqual({ deleted: true, uid: 'ada', permanent: false });
		expect(apiRequests(emulator()).map((request) => request.path)).toEqual(['/v3/users/ghost', '/v3/users/ada']);
	});
});

describe('User → Deactivate and Reactivate', () => {
	const seed = () => {
		for (const uid of ['ada', 'alan', 'grace']) emulator().store.addUser({ uid, name: uid });
	};

	it('deactivates several users in one request, and reactivates them', async () => {
		seed();
		const off = await run({ operation: 'deactivate', uids: 'ada, alan' });
		expect(off.error).toBeUndefined();
		expect(off.items).toEqual([{ json: { deactivatedUids: ['ada', 'alan'], failed: [] }, pairedItem: { item: 0 } }]);
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: '/v3/users', body: { uidsToDeactivate: ['ada', 'alan'] } });
		expect(emulator().store.getUser('ada')?.deactivatedAt).toEqual(expect.any(Number));
		const listed = await run({ operation: 'getAll', returnAll: true, filters: { onlyDeactivated: true } });
		expect(listed.items.map((item) => item.json.uid)).toEqual(['alan', 'ada']);

		emulator().clearRequests();
		const on = await run({ operation: 'reactivate', uids: '={{ $json.uids }}' }, [{ uids: ['ada', 'ghost'] }]);
		expect(on.items[0].json).toEqual({
			reactivatedUids: ['ada'],
			failed: [
				{ uid: 'ghost', code: null, message: "CometChat's answer does not list this UID as reactivated; check that the user exists" },
			],
		});
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'PUT', path: '/v3/users', body: { uidsToActivate: ['ada', 'ghost'] } });
		expect(emulator().store.getUser('ada')?.deactivatedAt).toBeUndefined();
		expect(emulator().store.getUser('alan')?.deactivatedAt).toEqual(expect.any(Number));
	});

	it('lists every UID the service did not act on as failed, so none is lost in silence', async () => {
		seed();
		const off = await run({ operation: 'deactivate', uids: 'ada, ghost, alan' });
		expect(off.items[0].json).toEqual({
			deactivatedUids: ['ada', 'alan'],
			failed: [
				{ uid: 'ghost', code: null, message: "CometChat's answer does not list this UID as deactivated; check that the user exists" },
			],
		});
	});

	it('refuses no UIDs, a bad UID, a UID given twice and over 1,000 UIDs before sending; Continue On Fail goes on', async () => {
		seed();
		const parameters = { operation: 'deactivate', uids: '={{ $json.uids }}' };
		const input = [
			{ uids: '' },
			{ uids: ['ada', 'Grace'] },
			{ uids: Array.from({ length: 1001 }, (_, i) => `u${i}`) },
			{ uids: 'bob, bob' },
			{ uids: 'grace' },
		];
		const stopped = await run(parameters, input);
		expectInputError(stopped, /'UIDs' is empty/, /Enter one or more UIDs/);
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[1], 1, /capital letters/);
		expectErrorItem(carriedOn.items[2], 2, /'UIDs' has 1001 entries; at most 1000 are sent at once/);
		expectErrorItem(carriedOn.items[3], 3, /'UIDs' holds "bob" more than once/);
		expect(carriedOn.items[4].json).toEqual({ deactivatedUids: ['grace'], failed: [] });
		expect(apiRequests(emulator())).toHaveLength(1);
	});
});

describe('User → Get Many filters', () => {
	const seed = () => {
		const { store } = emulator();
		store.addRole({ role: 'moderator', name: 'Moderator' });
		store.addRole({ role: 'vip', name: 'VIP' });
		store.addUser({ uid: 'ada', name: 'Ada Lovelace', role: 'moderator', status: 'available', tags: ['math'] });
		store.addUser({ uid: 'alan', name: 'Alan Turing', role: 'vip', tags: ['math', 'crypto'] });
		store.addUser({ uid: 'grace', name: 'Grace Hopper', tags: ['navy'] });
		store.addUser({ uid: 'zed', name: 'Adaline', deactivated: true });
	};
	const getMany = async (filters: INodeParameters, options: INodeParameters = {}) => {
		emulator().clearRequests();
		const result = await run({ operation: 'getAll', returnAll: true, filters, options });
		expect(result.error).toBeUndefined();
		return { uids: result.items.map((item) => item.json.uid), items: result.items, sent: apiRequests(emulator())[0] };
	};

	it('refuses a Search In field the list does not search, before sending', async () => {
		emulator().clearRequests();
		const result = await run({ operation: 'getAll', returnAll: true, filters: { searchKey: 'a', searchIn: '={{ ["name", "email"] }}' } });
		expectInputError(result, /'Search In' holds "email", which is not one of name, uid/, /Choose the values of 'Search In' from the list/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('sends each filter as the published query parameter, in its declared form, and returns what matches', async () => {
		seed();
		const search = await getMany({ searchKey: 'ada', searchIn: ['name'] });
		expect(search.uids).toEqual(['ada']);
		expect(search.sent).toMatchObject({ method: 'GET', path: '/v3/users' });
		expect(search.sent.query).toEqual({ searchKey: 'ada', searchIn: 'name', perPage: '1000', page: '1' });
		expect(search.sent.headers.apikey).toBe(TEST_API_KEY);

		const byUidAndName = await getMany({ searchKey: 'a', searchIn: ['name', 'uid'] });
		expect(byUidAndName.uids).toEqual(['alan', 'ada']);
		// Declared as an array with no style: repeated (`searchIn=name&searchIn=uid`).
		expect(byUidAndName.sent.query.searchIn).toEqual(['name', 'uid']);

		const available = await getMany({ status: 'available' });
		expect(available.uids).toEqual(['ada']);
		expect(available.sent.query.status).toBe('available');

		const role = await getMany({ role: 'vip' });
		expect(role.uids).toEqual(['alan']);
		expect(role.sent.query.role).toBe('vip');

		const roles = await getMany({ roles: ['vip', 'moderator'] });
		expect(roles.uids).toEqual(['alan', 'ada']);
		expect(roles.sent.query.roles).toEqual(['vip', 'moderator']);

		const tags = await getMany({ tags: 'navy, crypto', withTags: true });
		expect(tags.uids).toEqual(['grace', 'alan']);
		// Declared comma-separated (explode=false): one value.
		expect(tags.sent.query).toMatchObject({ tags: 'navy,crypto', withTags: 'true' });
		expect(tags.items[0].json.tags).toEqual(['navy']);

		const withoutTags = await getMany({ tags: 'navy' });
		expect(withoutTags.items[0].json).not.toHaveProperty('tags');
		expect(withoutTags.sent.query).not.toHaveProperty('withTags');

		const only = await getMany({ onlyDeactivated: true });
		expect(only.uids).toEqual(['zed']);
		expect(only.sent.query.onlyDeactivated).toBe('true');

		const all = await getMany({ withDeactivated: true });
		expect(all.uids).toEqual(['zed', 'grace', 'alan', 'ada']);
		expect(all.sent.query.withDeactivated).toBe('true');

		const active = await getMany({});
		expect(active.uids).toEqual(['grace', 'alan', 'ada']);
		expect(active.sent.query).toEqual({ perPage: '1000', page: '1' });
	});

	it('takes roles as comma text from an expression', async () => {
		seed();
		const { uids, sent } = await getMany({ roles: '={{ "vip, moderator" }}' });
		expect(uids).toEqual(['alan', 'ada']);
		expect(sent.query.roles).toEqual(['vip', 'moderator']);
	});

	it('simplifies records by default and gives the raw record with Simplify off', async () => {
		seed();
		const simple = await getMany({ searchKey: 'grace' });
		expect(Object.keys(simple.items[0].json).sort()).toEqual(['createdAt', 'createdAtIso', 'name', 'role', 'status', 'uid']);
		// Made by a constructor of its own (fieldPicker), yet a plain object like any other.
		expect(Object.getPrototypeOf(simple.items[0].json)).toBe(Object.prototype);
		expect(simple.items[0].json).toStrictEqual({ ...simple.items[0].json });
		const raw = await getMany({ searchKey: 'grace' }, { simplify: false });
		expect(raw.items[0].json).toMatchObject({ uid: 'grace', conversationId: 'grace_user_grace' });
	});

	it('lists the roles for the Role filter through loadOptions', async () => {
		emulator().store.addRole({ role: 'moderator', name: 'Moderator', description: 'Keeps order' });
		const options = await loadOptions(credentialsFor(emulator()), 'getRoles');
		expect(options).toEqual(
			expect.arrayContaining([
				{ name: 'Moderator', value: 'moderator', description: 'Keeps order' },
				expect.objectContaining({ value: 'default' }),
			]),
		);
	});

	it('refuses a status from an expression that is not one of the choices, before sending', async () => {
		const result = await run({ operation: 'getAll', returnAll: true, filters: { status: '={{ "busy" }}' } });
		expectInputError(result, /'Status' holds the text "busy", which is not one of available, offline/, /Choose a value for 'Status'/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('User → Get Friends', () => {
	const seedFriends = (count: number) => {
		const { store } = emulator();
		store.addUser({ uid: 'me', name: 'Me' });
		store.addUsers(count, 'f');
		store.addFriends(
			'me',
			Array.from({ length: count }, (_, i) => `f${i + 1}`),
		);
	};

	it('Return All over 1,500 friends returns each once, in two pages of 1,000', async () => {
		seedFriends(1500);
		const { items, error } = await run({ operation: 'getFriends', uid: byId('me'), returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1500);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(1500);
		expect(items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
		const sent = apiRequests(emulator());
		expect(sent.map((request) => request.path)).toEqual(['/v3/users/me/friends', '/v3/users/me/friends']);
		expect(sent.map((request) => request.query)).toEqual(pageQueries(1000, 2));
		expect(sent[0].headers.apikey).toBe(TEST_API_KEY);
	});

	it('searches with a Limit, one request, simplified records', async () => {
		seedFriends(150);
		const { items } = await run({ operation: 'getFriends', uid: byId('me'), returnAll: false, limit: 5, filters: { searchKey: 'f12' } });
		expect(items.map((item) => item.json.uid)).toEqual(['f129', 'f128', 'f127', 'f126', 'f125']);
		expect(Object.keys(items[0].json).sort()).toEqual(['createdAt', 'createdAtIso', 'name', 'role', 'status', 'uid']);
		const sent = apiRequests(emulator());
		expect(sent).toHaveLength(1);
		expect(sent[0].query).toEqual({ searchKey: 'f12', perPage: '5', page: '1' });
	});

	it('gives the raw record with Simplify off', async () => {
		seedFriends(2);
		const { items } = await run({ operation: 'getFriends', uid: byId('me'), returnAll: true, options: { simplify: false } });
		expect(items[0].json).toMatchObject({ uid: 'f2', conversationId: 'f2_user_me' });
	});

	it('reports an unknown user with the service code', async () => {
		const result = await run({ operation: 'getFriends', uid: byId('ghost'), returnAll: true });
		expectServiceError(result, 'ERR_UID_NOT_FOUND', '404');
	});
});

describe('User → Update Auth Token', () => {
	const seedToken = () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		return emulator().store.addAuthToken('ada').authToken as string;
	};

	it('stores platform, user agent and app info for the token, and outputs the record without the token', async () => {
		const authToken = seedToken();
		const { items, error } = await run({
			operation: 'updateAuthToken',
			uid: byId('ada'),
			authToken,
			updateFields: { platform: 'android', userAgent: 'MyChat/4.2', appInfo: '{"version": "4.2.0"}' },
		});
		expect(error).toBeUndefined();
		// CometChat answers the token record, token included: the output leaves it out (a secret).
		expect(items).toEqual([{ json: { uid: 'ada', createdAt: expect.any(Number) }, pairedItem: { item: 0 } }]);
		expect(JSON.stringify(items)).not.toContain(authToken);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'PUT', path: `/v3/users/ada/auth_tokens/${authToken}` });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(sent.body).toEqual({ platform: 'android', userAgent: 'MyChat/4.2', appInfo: { version: '4.2.0' } });
		expect(emulator().store.findAuthToken(authToken)?.token).toMatchObject({
			platform: 'android',
			userAgent: 'MyChat/4.2',
			appInfo: { version: '4.2.0' },
		});
	});

	it('reports an unknown token with the service code; with Continue On Fail the item has the HTTP status', async () => {
		seedToken();
		const parameters = { operation: 'updateAuthToken', uid: byId('ada'), authToken: 'nope', updateFields: { platform: 'ios' } };
		expectServiceError(await run(parameters), 'ERR_AUTH_TOKEN_NOT_FOUND', '404');
		const carriedOn = await run(parameters, [{}], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_AUTH_TOKEN_NOT_FOUND');
		// As n8n stores the item's error: its message, description and context.
		expect(JSON.parse(JSON.stringify(carriedOn.items[0].error)).context).toMatchObject({ itemIndex: 0, httpCode: '404' });
	});

	it('refuses invalid App Info JSON and an empty update before sending', async () => {
		const authToken = seedToken();
		const invalid = await run({ operation: 'updateAuthToken', uid: byId('ada'), authToken, updateFields: { appInfo: '{nope' } });
		expectInputError(invalid, /App Info \(JSON\) is not valid JSON/, /Fix the JSON/);
		const empty = await run({ operation: 'updateAuthToken', uid: byId('ada'), authToken, updateFields: {} });
		expectInputError(empty, /Nothing to update/, /App Info, Platform or User Agent/);
		const noToken = await run({ operation: 'updateAuthToken', uid: byId('ada'), authToken: ' ', updateFields: { platform: 'ios' } });
		expectInputError(noToken, /'Auth Token' is empty/, /With Auth Token/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('User → Create or Update (upsert)', () => {
	const upsert = {
		operation: 'upsert',
		uid: '={{ $json.uid }}',
		name: '={{ $json.name }}',
		additionalFields: { tags: '={{ $json.tags }}', metadata: '={{ $json.metadata }}' },
	};

	it('creates new UIDs and updates existing ones, in input order: 3 created, 2 updated', async () => {
		const { store } = emulator();
		store.addUser({ uid: 'e1', name: 'Old One', tags: ['old'], avatar: 'https://example.com/e1.png' });
		store.addUser({ uid: 'e2', name: 'Old Two' });
		const input = [
			{ uid: 'n1', name: 'New One', tags: 'a', metadata: '{}' },
			{ uid: 'e1', name: 'Existing One', tags: ['b', 'c'], metadata: '{"synced": true}' },
			{ uid: 'n2', name: 'New Two', tags: '', metadata: '{"row": 3}' },
			{ uid: 'e2', name: 'Existing Two', tags: 'd', metadata: '' },
			{ uid: 'n3', name: 'New Three', tags: 'e', metadata: '' },
		];
		const { items, error } = await run(upsert, input);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.uid, item.json.operation, item.pairedItem])).toEqual([
			['n1', 'created', { item: 0 }],
			['e1', 'updated', { item: 1 }],
			['n2', 'created', { item: 2 }],
			['e2', 'updated', { item: 3 }],
			['n3', 'created', { item: 4 }],
		]);
		// The user record is kept whole; "operation" is added beside it.
		expect(items[1].json).toMatchObject({
			uid: 'e1',
			name: 'Existing One',
			tags: ['b', 'c'],
			metadata: { synced: true },
			avatar: 'https://example.com/e1.png',
			updatedAt: expect.any(Number),
		});
		expect(items[2].json).toMatchObject({ uid: 'n2', name: 'New Two', metadata: { row: 3 }, createdAt: expect.any(Number) });
		expect(store.getUser('e2')?.name).toBe('Existing Two');

		const sent = apiRequests(emulator());
		// Each user's requests in order (different users overlap: items in flight).
		const uidOf = (request: (typeof sent)[number]) =>
			request.method === 'POST' ? String((request.body as IDataObject).uid) : request.path.split('/')[3];
		const byUser = (uid: string) =>
			sent.filter((request) => uidOf(request) === uid).map((request) => `${request.method} ${request.status}`);
		expect(byUser('e1')).toEqual(['POST 409', 'PUT 200']);
		expect(byUser('e2')).toEqual(['POST 409', 'PUT 200']);
		for (const uid of ['n1', 'n2', 'n3']) expect(byUser(uid)).toEqual(['POST 200']);
		const first = (uid: string, method: string) => sent.find((request) => uidOf(request) === uid && request.method === method)!;
		expect(first('e1', 'POST').body).toEqual({ uid: 'e1', name: 'Existing One', tags: ['b', 'c'], metadata: { synced: true } });
		expect(first('e1', 'PUT').body).toEqual({ name: 'Existing One', tags: ['b', 'c'], metadata: { synced: true } });
		expect(sent.every((request) => request.headers.apikey === TEST_API_KEY)).toBe(true);
	});

	it('asks for an auth token only on create', async () => {
		emulator().store.addUser({ uid: 'e1', name: 'Old' });
		const { items } = await run({ ...upsert, additionalFields: { withAuthToken: true } }, [
			{ uid: 'n1', name: 'New' },
			{ uid: 'e1', name: 'Existing' },
		]);
		expect(typeof items[0].json.authToken).toBe('string');
		expect(items[1].json).not.toHaveProperty('authToken');
		const sent = apiRequests(emulator());
		expect(sent[0].body).toMatchObject({ withAuthToken: true });
		expect(sent[2]).toMatchObject({ method: 'PUT', body: { name: 'Existing' } });
	});

	it('outputs an auth token from the answer only when With Auth Token asked for one', async () => {
		const serviceToken = 'ada_1700000000service-sent-token';
		emulator().injectNext([{ kind: 'extraFields', fields: { authToken: serviceToken } }], { method: 'POST', pathPrefix: '/v3/users' });
		const unasked = await run(upsert, [{ uid: 'n1', name: 'New' }]);
		expect(unasked.error).toBeUndefined();
		expect(unasked.items[0].json).toMatchObject({ uid: 'n1', operation: 'created' });
		expect(JSON.stringify(unasked.items)).not.toContain(serviceToken);

		emulator().injectNext([{ kind: 'extraFields', fields: { authToken: serviceToken } }], { method: 'POST', pathPrefix: '/v3/users' });
		const asked = await run({ ...upsert, additionalFields: { withAuthToken: true } }, [{ uid: 'n2', name: 'New' }]);
		expect(asked.items[0].json.authToken).toBe(serviceToken);
	});

	it('does not turn other errors into an update; Continue On Fail goes on', async () => {
		const parameters = { ...upsert, additionalFields: { role: '={{ $json.role }}' } };
		const input = [
			{ uid: 'n1', name: 'One', role: 'default' },
			{ uid: 'n2', name: 'Two', role: 'no-such-role' },
			{ uid: 'n3', name: 'Three', role: 'default' },
		];
		const stopped = await run(parameters, input);
		expectServiceError(stopped, 'ERR_ROLE_NOT_FOUND', '404', 1);

		emulator().store.reset();
		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expect(carriedOn.items.map((item) => item.json.operation)).toEqual(['created', undefined, 'created']);
		expectErrorItem(carriedOn.items[1], 1, 'ERR_ROLE_NOT_FOUND');
		expect(apiRequests(emulator()).map((request) => request.method)).toEqual(['POST', 'POST', 'POST']);
	});

	it('refuses an empty UID before sending', async () => {
		const result = await run(upsert, [{ uid: '  ', name: 'Blank' }]);
		expectInputError(result, /'UID' is empty/, /Enter the UID/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('user list search', () => {
	it('pages through more than one page of users, 100 at a time', async () => {
		emulator().store.addUsers(150, 'u');
		const first = await listSearch(credentialsFor(emulator()), 'searchUsers');
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'User 150 (u150)', value: 'u150' });
		expect(first.paginationToken).toBe('2');
		const second = await listSearch(credentialsFor(emulator()), 'searchUsers', undefined, String(first.paginationToken));
		expect(second.results).toHaveLength(50);
		expect(second.results.at(-1)).toEqual({ name: 'User 1 (u1)', value: 'u1' });
		expect(second.paginationToken).toBeUndefined();
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual(pageQueries(100, 2));
	});

	it('sends a search term as searchKey', async () => {
		emulator().store.addUsers(150, 'u');
		const found = await listSearch(credentialsFor(emulator()), 'searchUsers', 'u14');
		expect(found.results.map((item) => item.value)).toEqual([
			'u149',
			'u148',
			'u147',
			'u146',
			'u145',
			'u144',
			'u143',
			'u142',
			'u141',
			'u140',
			'u14',
		]);
		expect(found.paginationToken).toBeUndefined();
		expect(apiRequests(emulator())[0].query).toEqual({ perPage: '100', page: '1', searchKey: 'u14' });
	});
});
