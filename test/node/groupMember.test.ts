/**
 * Group Member: Add (per-UID results, partial failures), Get Many (scopes), Remove, Change Scope,
 * Ban and Unban, and the member and banned-user lists of the editor, through n8n's engine against
 * the emulator.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, pageQueries, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: Parameters<typeof runNode>[1], input?: Parameters<typeof runNode>[2], options = {}) =>
	runNode(credentialsFor(emulator()), { resource: 'groupMember', guid: byId('g'), ...parameters }, input, options);

/** Users owner, mod, p1, p2, out, bad; group g owned by owner, mod a moderator, p1 a participant, bad banned. */
const seed = () => {
	const { store } = emulator();
	for (const uid of ['owner', 'mod', 'p1', 'p2', 'out', 'bad']) store.addUser({ uid, name: `Name of ${uid}` });
	store.setClock(1_700_000_000);
	const group = store.addGroup({
		guid: 'g',
		name: 'G',
		owner: 'owner',
		members: { moderators: ['mod'], participants: ['p1'] },
		banned: ['bad'],
	});
	store.setClock(null);
	return group;
};

describe('Group Member → Add', () => {
	it('adds users in each list and outputs one item per UID', async () => {
		const group = seed();
		const { items, error } = await run({
			operation: 'add',
			members: { admins: 'p2', participants: '={{ ["out"] }}', usersToBan: 'p1' },
			onBehalfOf: byId('owner'),
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ guid: 'g', uid: 'p2', scope: 'admin', success: true },
			{ guid: 'g', uid: 'out', scope: 'participant', success: true },
			{ guid: 'g', uid: 'p1', scope: 'banned', success: true },
		]);
		expect(items.map((item) => item.pairedItem)).toEqual(Array(3).fill({ item: 0 }));
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/groups/g/members', query: {} });
		expect(sent.body).toEqual({ admins: ['p2'], participants: ['out'], usersToBan: ['p1'] });
		expect(sent.headers.onbehalfof).toBe('owner');
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(group.members.get('p2')?.scope).toBe('admin');
		expect(group.banned.has('p1')).toBe(true);
	});

	it('a partial failure fails the item by default, naming each refused UID; the others are added', async () => {
		const group = seed();
		const { error } = await run({ operation: 'add', members: { participants: 'p1, out, ghost, bad' } });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toContain(
			'3 of 4 users could not be added to group g: p1 (ERR_ALREADY_JOINED), ghost (ERR_UID_NOT_FOUND), bad (ERR_BANNED_GROUPMEMBER) [item 0]',
		);
		expect(error?.description).toMatch(/These were added: out\. .*On Partial Failure to Output Each Result/);
		expect(group.members.get('out')?.scope).toBe('participant');
	});

	it('Output Each Result returns the failures as items with error {code, message}', async () => {
		seed();
		const { items, error } = await run({
			operation: 'add',
			members: { moderators: 'out, ghost' },
			options: { onPartialFailure: 'output' },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ guid: 'g', uid: 'out', scope: 'moderator', success: true },
			{
				guid: 'g',
				uid: 'ghost',
				scope: 'moderator',
				success: false,
				error: { code: 'ERR_UID_NOT_FOUND', message: 'The UID ghost does not exist.' },
			},
		]);
	});

	it('refuses no users, a user in two lists and a bad UID before sending; Continue On Fail goes on', async () => {
		seed();
		const none = await run({ operation: 'add', members: {} });
		expectInputError(none, /No users to add/, /at least one UID/);
		const twice = await run({ operation: 'add', members: { admins: 'out', participants: 'p2, out' } });
		expectInputError(twice, /"out" is in both 'Admins' and 'Participants'/, /one member list only/);
		const bad = await run({ operation: 'add', members: { participants: 'Out' } });
		expectInputError(bad, /'Participants' holds "Out", which has capital letters/, /"out"/);
		expect(apiRequests(emulator())).toHaveLength(0);
		const parameters = { operation: 'add', members: { participants: '={{ $json.uid }}' } };
		const carriedOn = await run(parameters, [{ uid: 'Bad Uid' }, { uid: 'out' }, { uid: 'p1' }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, /characters a CometChat UID cannot have/);
		expect(carriedOn.items[1].json).toEqual({ guid: 'g', uid: 'out', scope: 'participant', success: true });
		expectErrorItem(carriedOn.items[2], 2, /ERR_ALREADY_JOINED/);
	});

	it('reports an unknown group with the service code', async () => {
		seed();
		const unknown = await run({ operation: 'add', guid: byId('nope'), members: { participants: 'out' } });
		expectServiceError(unknown, 'ERR_GUID_NOT_FOUND', '404');
	});
});

describe('Group Member → Get Many', () => {
	it('lists the members with scope and joinedAt, simplified; Return All pages through 1,200 members', async () => {
		const { store } = emulator();
		store.addUsers(1200, 'm');
		store.setClock(1_700_000_000);
		store.addGroup({ guid: 'g', name: 'G', members: { participants: Array.from({ length: 1200 }, (_, i) => `m${i + 1}`) } });
		store.setClock(null);
		const { items, error } = await run({ operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1200);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(1200);
		expect(items[0].json).toEqual({
			uid: 'm1',
			name: 'User 1',
			role: 'default',
			status: 'offline',
			scope: 'participant',
			joinedAt: 1_700_000_000,
			joinedAtIso: '2023-11-14T22:13:20.000Z',
		});
		const sent = apiRequests(emulator());
		expect(sent.map((request) => request.path)).toEqual(Array(2).fill('/v3/groups/g/members'));
		expect(sent.map((request) => request.query)).toEqual(pageQueries(1000, 2));
	});

	it('sends Scopes as one comma-separated value and Status; Simplify off gives the whole record', async () => {
		seed();
		const { items } = await run({
			operation: 'getAll',
			limit: 5,
			filters: { scopes: ['admin', 'moderator'], status: 'offline' },
			options: { simplify: false },
		});
		expect(items.map((item) => [item.json.uid, item.json.scope])).toEqual([
			['mod', 'moderator'],
			['owner', 'admin'],
		]);
		expect(items[1].json).toHaveProperty('conversationId');
		expect(apiRequests(emulator())[0].query).toEqual({ scopes: 'admin,moderator', status: 'offline', perPage: '5', page: '1' });
	});

	it('reports an unknown group; a wrong scope fails before sending; Continue On Fail goes on', async () => {
		seed();
		const unknown = await run({ operation: 'getAll', guid: byId('nope'), returnAll: true });
		expectServiceError(unknown, 'ERR_GUID_NOT_FOUND', '404');
		emulator().clearRequests();
		const parameters = { operation: 'getAll', returnAll: true, filters: { scopes: '={{ $json.scopes }}' } };
		const wrong = await run(parameters, [{ scopes: ['owner'] }]);
		expectInputError(wrong, /'Scopes' holds "owner"/, /Choose the values of 'Scopes' from the list/);
		expect(apiRequests(emulator())).toHaveLength(0);
		const carriedOn = await run(parameters, [{ scopes: ['owner'] }, { scopes: ['moderator'] }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, /'Scopes' holds "owner"/);
		expect(carriedOn.items.slice(1).map((item) => item.json.uid)).toEqual(['mod']);
	});
});

describe('Group Member → Remove', () => {
	it('removes a member and answers {removed, guid, uid}', async () => {
		const group = seed();
		const { items, error } = await run({ operation: 'remove', uid: byId('p1'), onBehalfOf: byId('mod') });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ removed: true, guid: 'g', uid: 'p1' });
		expect(group.members.has('p1')).toBe(false);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'DELETE', path: '/v3/groups/g/members/p1' });
		expect(sent.headers.onbehalfof).toBe('mod');
	});

	it('reports a user who is not a member and the owner; Continue On Fail goes on', async () => {
		seed();
		const stranger = await run({ operation: 'remove', uid: byId('out') });
		expectServiceError(stranger, 'ERR_NOT_A_MEMBER', '404');
		const owner = await run({ operation: 'remove', uid: byId('owner') });
		expectServiceError(owner, 'ERR_GROUP_NO_CLEARANCE', '403');
		const parameters = { operation: 'remove', uid: { __rl: true, mode: 'id', value: '={{ $json.uid }}' } };
		const carriedOn = await run(parameters, [{ uid: '' }, { uid: 'out' }, { uid: 'p1' }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, /'Member' is empty/);
		expectErrorItem(carriedOn.items[1], 1, 'ERR_NOT_A_MEMBER');
		expect(carriedOn.items[2].json).toEqual({ removed: true, guid: 'g', uid: 'p1' });
	});
});

describe('Group Member → Change Scope', () => {
	it('sends {scope} and answers the membership', async () => {
		const group = seed();
		const { items, error } = await run({ operation: 'changeScope', uid: byId('p1'), scope: 'admin' });
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ guid: 'g', uid: 'p1', scope: 'admin', joinedAt: 1_700_000_000 });
		expect(group.members.get('p1')?.scope).toBe('admin');
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'PUT', path: '/v3/groups/g/members/p1', body: { scope: 'admin' } });
	});

	it('refuses an unknown scope before sending; reports the same scope and a non-member', async () => {
		seed();
		const wrong = await run({ operation: 'changeScope', uid: byId('p1'), scope: '={{ "owner" }}' });
		expectInputError(wrong, /'Scope' holds the text "owner", which is not one of admin, moderator, participant/, /Choose a value/);
		expect(apiRequests(emulator())).toHaveLength(0);
		expectServiceError(await run({ operation: 'changeScope', uid: byId('mod'), scope: 'moderator' }), 'ERR_SAME_SCOPE', '400');
		expectServiceError(await run({ operation: 'changeScope', uid: byId('out'), scope: 'admin' }), 'ERR_NOT_A_MEMBER', '404');
		const carriedOn = await run(
			{ operation: 'changeScope', uid: byId('mod'), scope: '={{ $json.scope }}' },
			[{ scope: 'x' }, { scope: 'participant' }],
			{
				onError: 'continueRegularOutput',
			},
		);
		expectErrorItem(carriedOn.items[0], 0, /'Scope' holds/);
		expect(carriedOn.items[1].json).toMatchObject({ uid: 'mod', scope: 'participant' });
	});
});

describe('Group Member → Ban and Unban', () => {
	it('bans a member (removing them), then unbans; the output names what happened', async () => {
		const group = seed();
		const banned = await run({ operation: 'ban', uid: byId('p1'), onBehalfOf: byId('owner') });
		expect(banned.items[0].json).toEqual({ banned: true, guid: 'g', uid: 'p1' });
		expect(group.members.has('p1')).toBe(false);
		expect(group.banned.has('p1')).toBe(true);
		const unbanned = await run({ operation: 'unban', uid: byId('p1') });
		expect(unbanned.items[0].json).toEqual({ unbanned: true, guid: 'g', uid: 'p1' });
		expect(group.banned.has('p1')).toBe(false);
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.path}`)).toEqual([
			'POST /v3/groups/g/bannedusers/p1',
			'DELETE /v3/groups/g/bannedusers/p1',
		]);
		expect(apiRequests(emulator())[0].body).toBeUndefined();
	});

	it('reports a second ban, an unban of a user not banned, the owner and an unknown user; Continue On Fail goes on', async () => {
		seed();
		expectServiceError(await run({ operation: 'ban', uid: byId('bad') }), 'ERR_ALREADY_BANNED', '409');
		expectServiceError(await run({ operation: 'ban', uid: byId('owner') }), 'ERR_GROUP_NO_CLEARANCE', '403');
		expectServiceError(await run({ operation: 'ban', uid: byId('ghost') }), 'ERR_UID_NOT_FOUND', '404');
		expectServiceError(await run({ operation: 'unban', uid: byId('p1') }), 'ERR_NOT_A_BANNED_USER', '404');
		const parameters = { operation: 'unban', uid: { __rl: true, mode: 'id', value: '={{ $json.uid }}' } };
		const carriedOn = await run(parameters, [{ uid: 'a/b' }, { uid: 'p1' }, { uid: 'bad' }], { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, /'User' has characters no CometChat ID can have: "\/"/);
		expectErrorItem(carriedOn.items[1], 1, 'ERR_NOT_A_BANNED_USER');
		expect(carriedOn.items[2].json).toEqual({ unbanned: true, guid: 'g', uid: 'bad' });
	});
});

describe('member and banned-user lists of the editor', () => {
	it('lists the members of the chosen group, 100 a page, with their scope, filtered by text', async () => {
		const { store } = emulator();
		store.addUsers(150, 'm');
		store.addGroup({ guid: 'big', name: 'Big', members: { participants: Array.from({ length: 150 }, (_, i) => `m${i + 1}`) } });
		const first = await listSearch(credentialsFor(emulator()), 'searchGroupMembers', undefined, undefined, { guid: byId('big') });
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'User 1 (m1), participant', value: 'm1' });
		expect(first.paginationToken).toBe('2');
		const second = await listSearch(credentialsFor(emulator()), 'searchGroupMembers', undefined, '2', { guid: byId('big') });
		expect(second.results).toHaveLength(50);
		expect(second.paginationToken).toBeUndefined();
		expect(new Set([...first.results, ...second.results].map((item) => item.value)).size).toBe(150);
		const found = await listSearch(credentialsFor(emulator()), 'searchGroupMembers', 'USER 15', undefined, { guid: byId('big') });
		expect(found.results.map((item) => item.value)).toEqual(['m15', 'm150']);
		expect(apiRequests(emulator()).map((request) => [request.path, request.query])).toEqual([
			['/v3/groups/big/members', { perPage: '100', page: '1' }],
			['/v3/groups/big/members', { perPage: '100', page: '2' }],
			['/v3/groups/big/members', { perPage: '100', page: '1' }],
		]);
	});

	it('lists the banned users of the chosen group; without a group it asks for one', async () => {
		seed();
		const banned = await listSearch(credentialsFor(emulator()), 'searchGroupBannedUsers', undefined, undefined, { guid: byId('g') });
		expect(banned.results).toEqual([{ name: 'Name of bad (bad)', value: 'bad' }]);
		await expect(listSearch(credentialsFor(emulator()), 'searchGroupMembers', undefined, undefined, {})).rejects.toThrow(
			'Choose a group first',
		);
	});
});

describe('the onboarding example (examples/onboarding.json)', () => {
	it('its Add to group step adds each role in its scope, and a re-run answers ERR_ALREADY_JOINED as an item', async () => {
		const workflow = JSON.parse(readFileSync(join(__dirname, '../../examples/onboarding.json'), 'utf8')) as {
			nodes: Array<{ name: string; parameters: Record<string, unknown> }>;
		};
		const step = workflow.nodes.find((node) => node.name === 'Add to group');
		expect(step?.parameters).toMatchObject({ resource: 'groupMember', operation: 'add' });
		const group = seed();
		const input = [
			{ uid: 'out', role: 'moderator', guid: 'g' },
			{ uid: 'p2', role: 'default', guid: 'g' },
			{ uid: 'p1', role: 'default', guid: 'g' },
		];
		const { items, error } = await runNode(credentialsFor(emulator()), step?.parameters as Parameters<typeof runNode>[1], input);
		expect(error).toBeUndefined();
		expect(
			items.map((item) => [item.json.uid, item.json.scope, item.json.success, (item.json.error as { code?: string } | undefined)?.code]),
		).toEqual([
			['out', 'moderator', true, undefined],
			['p2', 'participant', true, undefined],
			['p1', 'participant', false, 'ERR_ALREADY_JOINED'],
		]);
		expect(group.members.get('out')?.scope).toBe('moderator');
		expect(apiRequests(emulator()).map((request) => request.body)).toEqual([
			{ moderators: ['out'] },
			{ participants: ['p2'] },
			{ participants: ['p1'] },
		]);
	});
});
