/** Blocked User: Block, Unblock and Get Many, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, pageQueries, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: Parameters<typeof runNode>[1], input?: Parameters<typeof runNode>[2], options = {}) =>
	runNode(credentialsFor(emulator()), { resource: 'blockedUser', ...parameters }, input, options);

const seed = () => {
	for (const uid of ['ada', 'alan', 'grace', 'linus']) emulator().store.addUser({ uid, name: uid.toUpperCase() });
};
const blockedBy = (uid: string) => [...(emulator().store.blocked.get(uid)?.keys() ?? [])];

describe('Blocked User → Block and Unblock', () => {
	it('blocks several users in one request and lists which were blocked and which were refused', async () => {
		seed();
		const { items, error } = await run({ operation: 'block', uid: byId('ada'), blockedUids: 'alan, grace, ghost' });
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				json: {
					uid: 'ada',
					blocked: ['alan', 'grace'],
					failed: [{ uid: 'ghost', code: 'ERR_UID_NOT_FOUND', message: 'The UID ghost does not exist.' }],
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(blockedBy('ada')).toEqual(['alan', 'grace']);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/users/ada/blockedusers', body: { blockedUids: ['alan', 'grace', 'ghost'] } });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
	});

	it('unblocks', async () => {
		seed();
		emulator().store.blockUser('ada', 'alan', 10);
		emulator().store.blockUser('ada', 'grace', 11);
		const { items } = await run({ operation: 'unblock', uid: byId('ada'), blockedUids: '={{ $json.uids }}' }, [{ uids: ['alan'] }]);
		expect(items[0].json).toEqual({ uid: 'ada', unblocked: ['alan'], failed: [] });
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'DELETE',
			path: '/v3/users/ada/blockedusers',
			body: { blockedUids: ['alan'] },
		});
		expect(blockedBy('ada')).toEqual(['grace']);
	});

	it('reports an unknown user; refuses empty or bad UIDs before sending; Continue On Fail goes on', async () => {
		seed();
		const parameters = { operation: 'block', uid: { __rl: true, mode: 'id', value: '={{ $json.uid }}' }, blockedUids: '={{ $json.uids }}' };
		const input = [
			{ uid: 'ghost', uids: 'alan' },
			{ uid: 'ada', uids: '' },
			{ uid: 'ada', uids: 'alan, Grace' },
			{ uid: 'ada', uids: 'linus' },
		];
		expectServiceError(await run(parameters, input), 'ERR_UID_NOT_FOUND', '404');
		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_UID_NOT_FOUND');
		expectErrorItem(carriedOn.items[1], 1, /'Users to Block' is empty/);
		expectErrorItem(carriedOn.items[2], 2, /'Users to Block' holds "Grace", which has capital letters/);
		expect(carriedOn.items[3].json).toEqual({ uid: 'ada', blocked: ['linus'], failed: [] });
		expect(apiRequests(emulator())).toHaveLength(2);
		const empty = await run({ operation: 'unblock', uid: byId('ada'), blockedUids: '={{ "" }}' });
		expectInputError(empty, /'Users to Unblock' is empty/, /Enter one or more UIDs/);
	});
});

describe('Blocked User → Get Many', () => {
	it('lists the blocked users, the latest block first, simplified with blockedAt', async () => {
		seed();
		emulator().store.blockUser('ada', 'alan', 100);
		emulator().store.blockUser('ada', 'grace', 200);
		const { items, error } = await run({ operation: 'getAll', uid: byId('ada'), returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.uid)).toEqual(['grace', 'alan']);
		expect(Object.keys(items[0].json).sort()).toEqual([
			'blockedAt',
			'blockedAtIso',
			'createdAt',
			'createdAtIso',
			'name',
			'role',
			'status',
			'uid',
		]);
		expect(items[1].json.blockedAt).toBe(100);
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'GET',
			path: '/v3/users/ada/blockedusers',
			query: { perPage: '1000', page: '1' },
		});
		const raw = await run({ operation: 'getAll', uid: byId('ada'), returnAll: true, options: { simplify: false } });
		expect(raw.items[0].json).toMatchObject({ uid: 'grace', blockedByMe: true, blockedByMeAt: 200, conversationId: 'ada_user_grace' });
	});

	it('pages with Return All over 1,500 blocked users, and with a Limit', async () => {
		seed();
		emulator().store.addUsers(1500, 'b');
		for (let i = 1; i <= 1500; i++) emulator().store.blockUser('ada', `b${i}`, i);
		emulator().clearRequests();
		const all = await run({ operation: 'getAll', uid: byId('ada'), returnAll: true });
		expect(all.items).toHaveLength(1500);
		expect(new Set(all.items.map((item) => item.json.uid)).size).toBe(1500);
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual(pageQueries(1000, 2));
		emulator().clearRequests();
		const few = await run({ operation: 'getAll', uid: byId('ada'), returnAll: false, limit: 2 });
		expect(few.items.map((item) => item.json.uid)).toEqual(['b1500', 'b1499']);
	});

	it('reports an unknown user', async () => {
		expectServiceError(await run({ operation: 'getAll', uid: byId('ghost'), returnAll: true }), 'ERR_UID_NOT_FOUND', '404');
	});
});
