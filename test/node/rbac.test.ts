/**
 * Role-based access control: Role → Get Permissions, Set Permissions, Unset Permission, Get
 * Restricted Features, Restrict Features, Allow Features, and Group → Get Scope Permissions, Set
 * Scope Permissions, Unset Scope Permission, through n8n's engine against the emulator.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { orderKeysOf } from '../../nodes/CometChat/actions/orderKeys';
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: INodeParameters, items?: IDataObject[], continueOnFail = false) =>
	runNode(credentialsFor(emulator()), parameters, items, continueOnFail ? { onError: 'continueRegularOutput' } : undefined);
const sent = () => apiRequests(emulator()).map((request) => `${request.method} ${request.path} ${request.status}`);

beforeEach(() => {
	const store = emulator().store;
	store.setClock(1_700_000_000);
	store.addRole({ role: 'support', name: 'Support' });
	for (const uid of ['ada', 'bob']) store.addUser({ uid, name: uid.toUpperCase() });
	store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
});

describe('Role → Set Permissions, Get Permissions, Unset Permission', () => {
	it('sets permissions; the role then has them, Get Permissions shows them, Unset gives the default back', async () => {
		const set = await run({
			resource: 'role',
			operation: 'setPermissions',
			role: byId('support'),
			permissions: '{"createGroup": "deny", "listUsers.mode": "friends", "createGroup.allowedGroupTypes": ["public"]}',
		});
		expect(set.error).toBeUndefined();
		expect(set.items.map((item) => item.json)).toEqual([
			{
				role: 'support',
				permissions: { createGroup: 'deny', 'listUsers.mode': 'friends', 'createGroup.allowedGroupTypes': ['public'] },
			},
		]);
		const [put] = apiRequests(emulator());
		expect(put).toMatchObject({
			method: 'PUT',
			path: '/v3/roles/support/permissions',
			body: { permissions: { createGroup: 'deny', 'listUsers.mode': 'friends', 'createGroup.allowedGroupTypes': ['public'] } },
		});
		expect(put.headers.apikey).toBe(TEST_API_KEY);
		expect(Object.fromEntries(emulator().store.areas.roles.permissions.get('support') ?? [])).toEqual({
			createGroup: 'deny',
			'listUsers.mode': 'friends',
			'createGroup.allowedGroupTypes': ['public'],
		});

		const listed = await run({ resource: 'role', operation: 'getPermissions', role: byId('support'), returnAll: true });
		expect(listed.error).toBeUndefined();
		expect(listed.items).toHaveLength(28);
		const createGroup = listed.items.find((item) => item.json.id === 'createGroup');
		expect(createGroup?.json).toMatchObject({
			id: 'createGroup',
			type: 'role',
			dataType: 'string',
			availableValues: ['allow', 'deny'],
			value: 'deny',
		});

		const unset = await run({ resource: 'role', operation: 'unsetPermission', role: byId('support'), permission: 'createGroup' });
		expect(unset.error).toBeUndefined();
		expect(unset.items[0].json).toEqual({
			role: 'support',
			unset: 'createGroup',
			permissions: { 'listUsers.mode': 'friends', 'createGroup.allowedGroupTypes': ['public'] },
		});
		const again = await run({ resource: 'role', operation: 'getPermissions', role: byId('support'), limit: 30 });
		expect(again.items.find((item) => item.json.id === 'createGroup')?.json.value).toBe('allow');
		expect(sent()).toEqual([
			'PUT /v3/roles/support/permissions 200',
			'GET /v3/roles/support/permissions 200',
			'DELETE /v3/roles/support/permissions/createGroup 200',
			'GET /v3/roles/support/permissions 200',
		]);
		expect(apiRequests(emulator())[1].query).toEqual({});
	});

	it('Get Permissions applies Limit to the one answer', async () => {
		const { items } = await run({ resource: 'role', operation: 'getPermissions', role: byId('default'), limit: 3 });
		expect(items.map((item) => item.json.id)).toEqual(['listUsers', 'listUsers.mode', 'listUsers.allowedRoles']);
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('a permission CometChat does not know fails with its code; Continue On Fail goes on', async () => {
		const parameters = { resource: 'role', operation: 'setPermissions', role: byId('support'), permissions: '={{ $json.permissions }}' };
		const { items } = await run(parameters, [{ permissions: { flyAway: 'allow' } }, { permissions: { sendMessage: 'deny' } }], true);
		expectErrorItem(items[0], 0, 'ERR_BAD_REQUEST');
		expect(items[1].json).toEqual({ role: 'support', permissions: { sendMessage: 'deny' } });
	});

	it('an unknown role fails with ERR_ROLE_NOT_FOUND', async () => {
		expectServiceError(
			await run({ resource: 'role', operation: 'getPermissions', role: byId('nope'), returnAll: true }),
			'ERR_ROLE_NOT_FOUND',
			'404',
		);
	});

	it('checks the permissions and the permission key before sending', async () => {
		const set = { resource: 'role', operation: 'setPermissions', role: byId('support') };
		expectInputError(await run({ ...set, permissions: '{}' }), /'Permissions \(JSON\)' names no permission/, /at least one permission/);
		expectInputError(await run({ ...set, permissions: '{"sendMessage": 1}' }), /gives sendMessage the number 1/, /"allow"/);
		expectInputError(await run({ ...set, permissions: '{"sendMessage": [true]}' }), /a text or a list of texts/, /"deny"/);
		expectInputError(await run({ ...set, permissions: '{nope' }), /not valid JSON/, /Fix the JSON/);
		const unset = { resource: 'role', operation: 'unsetPermission', role: byId('support') };
		expectInputError(
			await run({ ...unset, permission: 'list users' }),
			/'Permission' is the text "list users"; a permission key has no spaces/,
			/listUsers\.mode/,
		);
		expectInputError(await run({ ...unset, permission: '={{ "" }}' }), /'Permission' is empty/, /Get Permissions lists them/);
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('Group → Set Scope Permissions, Get Scope Permissions, Unset Scope Permission', () => {
	it("sets the participants' permissions of one group; the other scopes and groups keep theirs", async () => {
		emulator().store.addGroup({ guid: 'other', name: 'Other', owner: 'ada' });
		const set = await run({
			resource: 'group',
			operation: 'setScopePermissions',
			guid: byId('crew'),
			scope: 'participant',
			permissions: '{"sendMessage": "deny", "listMembers.allowedScopes": ["admin"]}',
		});
		expect(set.error).toBeUndefined();
		expect(set.items[0].json).toEqual({
			guid: 'crew',
			scope: 'participant',
			permissions: { sendMessage: 'deny', 'listMembers.allowedScopes': ['admin'] },
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PUT',
			path: '/v3/groups/crew/scopes/participant/permissions',
			body: { permissions: { sendMessage: 'deny', 'listMembers.allowedScopes': ['admin'] } },
		});
		const value = async (guid: string, scope: string) => {
			const { items } = await run({ resource: 'group', operation: 'getScopePermissions', guid: byId(guid), scope, returnAll: true });
			expect(items).toHaveLength(11);
			return items.find((item) => item.json.id === 'sendMessage')?.json.value;
		};
		expect(await value('crew', 'participant')).toBe('deny');
		expect(await value('crew', 'admin')).toBe('allow');
		expect(await value('other', 'participant')).toBe('allow');

		const unset = await run({
			resource: 'group',
			operation: 'unsetScopePermission',
			guid: byId('crew'),
			scope: 'participant',
			permission: 'sendMessage',
		});
		expect(unset.items[0].json).toEqual({
			guid: 'crew',
			scope: 'participant',
			unset: 'sendMessage',
			permissions: { 'listMembers.allowedScopes': ['admin'] },
		});
		expect(await value('crew', 'participant')).toBe('allow');
		expect(sent()).toContain('DELETE /v3/groups/crew/scopes/participant/permissions/sendMessage 200');
	});

	it('an unknown group fails with ERR_GUID_NOT_FOUND; Continue On Fail goes on', async () => {
		const parameters = {
			resource: 'group',
			operation: 'setScopePermissions',
			guid: byId('={{ $json.guid }}'),
			scope: 'admin',
			permissions: '{"editMessage": "deny"}',
		};
		const { items } = await run(parameters, [{ guid: 'nope' }, { guid: 'crew' }], true);
		expectErrorItem(items[0], 0, 'ERR_GUID_NOT_FOUND');
		expect(items[1].json).toMatchObject({ guid: 'crew', scope: 'admin', permissions: { editMessage: 'deny' } });
	});

	it('checks the scope before sending', async () => {
		expectInputError(
			await run({ resource: 'group', operation: 'getScopePermissions', guid: byId('crew'), scope: '={{ "owner" }}', returnAll: true }),
			/'Scope' holds the text "owner", which is not one of admin, moderator, participant/,
			/Choose a value for 'Scope'/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('Role → Restrict Features, Get Restricted Features, Allow Features', () => {
	it('restricts features; the list shows them; allowing one leaves the other; Allow All clears them', async () => {
		const restricted = await run({
			resource: 'role',
			operation: 'restrictFeatures',
			role: byId('support'),
			featuresToRestrict: 'u.listUsers, u.deleteGroup',
		});
		expect(restricted.error).toBeUndefined();
		expect(restricted.items[0].json).toEqual({
			role: 'support',
			features: [
				{ key: 'u.listUsers', success: true, message: 'The feature u.listUsers has been restricted successfully.' },
				{ key: 'u.deleteGroup', success: true, message: 'The feature u.deleteGroup has been restricted successfully.' },
			],
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: '/v3/roles/support/restrictedfeatures',
			body: { featuresToRestrict: ['u.listUsers', 'u.deleteGroup'] },
		});
		const keys = async () =>
			(await run({ resource: 'role', operation: 'getRestrictedFeatures', role: byId('support'), returnAll: true })).items.map(
				(item) => item.json.key,
			);
		expect(await keys()).toEqual(['u.listUsers', 'u.deleteGroup']);

		const allowed = await run({
			resource: 'role',
			operation: 'allowFeatures',
			role: byId('support'),
			allow: 'listed',
			featuresToAllow: ['u.listUsers'],
		});
		expect(allowed.items[0].json).toEqual({
			role: 'support',
			featuresToAllow: ['u.listUsers'],
			success: true,
			message: 'The feature has been allowed successfully.',
		});
		expect(await keys()).toEqual(['u.deleteGroup']);

		await run({ resource: 'role', operation: 'allowFeatures', role: byId('support'), allow: 'all' });
		expect(await keys()).toEqual([]);
		const bodies = apiRequests(emulator())
			.filter((request) => request.method === 'DELETE')
			.map((request) => request.body);
		expect(bodies).toEqual([{ featuresToAllow: ['u.listUsers'] }, { allowAll: true }]);
	});

	it('a feature CometChat does not know fails with its code; Continue On Fail goes on', async () => {
		const parameters = { resource: 'role', operation: 'restrictFeatures', role: byId('support'), featuresToRestrict: '={{ $json.keys }}' };
		const { items } = await run(parameters, [{ keys: 'u.fly' }, { keys: 'u.sendMessage' }], true);
		expectErrorItem(items[0], 0, 'ERR_BAD_REQUEST');
		expect(items[1].json).toMatchObject({ role: 'support', features: [{ key: 'u.sendMessage', success: true }] });
	});

	it('an unknown role fails with ERR_ROLE_NOT_FOUND', async () => {
		const result = await run({ resource: 'role', operation: 'allowFeatures', role: byId('nope'), allow: 'all' });
		expectServiceError(result, 'ERR_ROLE_NOT_FOUND', '404');
	});

	it('checks the feature lists and the Allow choice before sending', async () => {
		const restrict = { resource: 'role', operation: 'restrictFeatures', role: byId('support') };
		expectInputError(await run({ ...restrict, featuresToRestrict: '={{ "" }}' }), /'Features to Restrict' is empty/, /u\.listUsers/);
		expectInputError(await run({ ...restrict, featuresToRestrict: 'a, a' }), /holds "a" more than once/, /once/);
		const allow = { resource: 'role', operation: 'allowFeatures', role: byId('support') };
		expectInputError(
			await run({ ...allow, allow: 'listed', featuresToAllow: '={{ [] }}' }),
			/'Features to Allow' is empty/,
			/u\.listUsers/,
		);
		expectInputError(await run({ ...allow, allow: '={{ "some" }}' }), /'Allow' holds the text "some"/, /listed, all/);
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('items in flight: what the operations touch', () => {
	const read = (parameters: Record<string, unknown>) => (name: string) => parameters[name];
	it('a role: its writes go in input order, whatever the case of its key; its lists run alone', () => {
		for (const operation of ['create', 'update', 'delete', 'setPermissions', 'unsetPermission', 'restrictFeatures', 'allowFeatures']) {
			expect(orderKeysOf(read({ role: { __rl: true, mode: 'id', value: ' Support ' } }), 'role', operation)).toEqual(['role:support']);
		}
		expect(orderKeysOf(read({ role: 'support' }), 'role', 'getPermissions')).toBeUndefined();
		expect(orderKeysOf(read({ role: 'support' }), 'role', 'getRestrictedFeatures')).toBeUndefined();
	});
	it('a scope of a group, and both users of a friendship', () => {
		const scope = read({ guid: { __rl: true, mode: 'id', value: 'Crew' }, scope: 'admin' });
		expect(orderKeysOf(scope, 'group', 'setScopePermissions')).toEqual(['scope:crew:admin']);
		expect(orderKeysOf(scope, 'group', 'unsetScopePermission')).toEqual(['scope:crew:admin']);
		expect(orderKeysOf(scope, 'group', 'getScopePermissions')).toBeUndefined();
		const friends = read({ uid: { __rl: true, mode: 'id', value: 'ada' }, friends: 'bob, cy' });
		expect(orderKeysOf(friends, 'user', 'addFriends')).toEqual(['user:ada', 'user:bob', 'user:cy']);
		expect(orderKeysOf(friends, 'user', 'removeFriends')).toEqual(['user:ada', 'user:bob', 'user:cy']);
	});
});
