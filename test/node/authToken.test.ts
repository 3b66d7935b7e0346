/**
 * Auth Token: Create, Get Many, Get, Delete and Delete All, through n8n's engine against the
 * emulator. Tokens are secrets: Create outputs the new one (its purpose); Get Many and Get mask them
 * unless Options → Reveal Tokens; the deletes never output one; errors never show one.
 */
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, pageQueries, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: Parameters<typeof runNode>[1], input?: Parameters<typeof runNode>[2], options = {}) =>
	runNode(credentialsFor(emulator()), { resource: 'authToken', ...parameters }, input, options);

const TOKEN_1 = 'ada_1700000001aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1111';
const TOKEN_2 = 'ada_1700000002bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb2222';
const seed = () => {
	const { store } = emulator();
	store.addUser({ uid: 'ada', name: 'Ada' });
	store.addUser({ uid: 'alan', name: 'Alan' });
	store.addAuthToken('ada', { authToken: TOKEN_1, createdAt: 1_700_000_001 });
	store.addAuthToken('ada', { authToken: TOKEN_2, createdAt: 1_700_000_002, platform: 'ios' });
};
const tokensOf = (uid: string) => (emulator().store.authTokens.get(uid) ?? []).map((token: { authToken: string }) => token.authToken);

describe('Auth Token → Create', () => {
	it('creates a token and outputs it in clear; Force New Token asks for a new one', async () => {
		seed();
		const { items, error } = await run({ operation: 'create', uid: byId('alan') });
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				json: { uid: 'alan', authToken: expect.stringMatching(/^alan_\d+[0-9a-f]{30}$/), createdAt: expect.any(Number) },
				pairedItem: { item: 0 },
			},
		]);
		expect(tokensOf('alan')).toEqual([items[0].json.authToken]);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/users/alan/auth_tokens', body: { force: false } });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);

		const forced = await run({ operation: 'create', uid: byId('ada'), force: true });
		expect(forced.items[0].json.authToken).not.toBe(TOKEN_2);
		expect(tokensOf('ada')).toHaveLength(3);
		expect(apiRequests(emulator())[1].body).toEqual({ force: true });
	});

	it('reports an unknown user; refuses a bad UID before sending; Continue On Fail goes on', async () => {
		seed();
		const parameters = { operation: 'create', uid: { __rl: true, mode: 'id', value: '={{ $json.uid }}' } };
		const input = [{ uid: 'ghost' }, { uid: '' }, { uid: 'alan' }];
		expectServiceError(await run(parameters, input), 'ERR_UID_NOT_FOUND', '404');
		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expectErrorItem(carriedOn.items[0], 0, 'ERR_UID_NOT_FOUND');
		expectErrorItem(carriedOn.items[1], 1, /'User' is empty/);
		expect(carriedOn.items[2].json.uid).toBe('alan');
		expect(apiRequests(emulator())).toHaveLength(2);
	});
});

describe('Auth Token → Get Many', () => {
	it('lists the tokens newest first, masked: only their last 4 characters, under authTokenMasked', async () => {
		seed();
		const { items, error } = await run({ operation: 'getAll', uid: byId('ada'), returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'ada', authTokenMasked: '****2222', createdAt: 1_700_000_002, platform: 'ios' },
			{ uid: 'ada', authTokenMasked: '****1111', createdAt: 1_700_000_001 },
		]);
		expect(JSON.stringify(items)).not.toContain(TOKEN_1.slice(0, 20));
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'GET', path: '/v3/users/ada/auth_tokens', query: { perPage: '1000', page: '1' } });
	});

	it('reveals the tokens with Reveal Tokens, and pages with a Limit', async () => {
		seed();
		const revealed = await run({ operation: 'getAll', uid: byId('ada'), returnAll: true, options: { reveal: true } });
		expect(revealed.items.map((item) => item.json.authToken)).toEqual([TOKEN_2, TOKEN_1]);
		emulator().clearRequests();
		for (let i = 0; i < 5; i++) emulator().store.addAuthToken('alan');
		const limited = await run({ operation: 'getAll', uid: byId('alan'), returnAll: false, limit: 3 });
		expect(limited.items).toHaveLength(3);
		expect(apiRequests(emulator()).map((request) => request.query)).toEqual(pageQueries(3, 1));
	});

	it('reports an unknown user; refuses Reveal Tokens that is not a boolean before sending', async () => {
		expectServiceError(await run({ operation: 'getAll', uid: byId('ghost'), returnAll: true }), 'ERR_UID_NOT_FOUND', '404');
		emulator().clearRequests();
		const bad = await run({ operation: 'getAll', uid: byId('ada'), returnAll: true, options: { reveal: '={{ "yes" }}' } });
		expectInputError(bad, /'Reveal Tokens' must be true or false/, /Turn 'Reveal Tokens' on or off/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('Auth Token → Get', () => {
	it('gets one token masked by default, in clear with Reveal Tokens', async () => {
		seed();
		const masked = await run({ operation: 'get', uid: byId('ada'), authToken: TOKEN_2 });
		expect(masked.items[0].json).toEqual({ uid: 'ada', authTokenMasked: '****2222', createdAt: 1_700_000_002, platform: 'ios' });
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'GET', path: `/v3/users/ada/auth_tokens/${TOKEN_2}` });
		const revealed = await run({ operation: 'get', uid: byId('ada'), authToken: TOKEN_2, options: { reveal: true } });
		expect(revealed.items[0].json.authToken).toBe(TOKEN_2);
	});

	it('reports a token of another user as not found, without the token in the error', async () => {
		seed();
		const result = await run({ operation: 'get', uid: byId('alan'), authToken: TOKEN_1 });
		expectServiceError(result, 'ERR_AUTH_TOKEN_NOT_FOUND', '404');
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain(TOKEN_1);
		expect(result.error?.description).toContain('/v3/users/alan/auth_tokens/[redacted]');
	});
});

describe('Auth Token → Delete and Delete All', () => {
	it('deletes one token and answers deleted with the UID, never the token', async () => {
		seed();
		const { items, error } = await run({ operation: 'delete', uid: byId('ada'), authToken: TOKEN_1 });
		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true, uid: 'ada' }, pairedItem: { item: 0 } }]);
		expect(tokensOf('ada')).toEqual([TOKEN_2]);
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: `/v3/users/ada/auth_tokens/${TOKEN_1}` });
	});

	it('reports a gone token without showing it; refuses an empty token before sending; Continue On Fail goes on', async () => {
		seed();
		const parameters = { operation: 'delete', uid: byId('ada'), authToken: '={{ $json.authToken }}' };
		const input = [{ authToken: TOKEN_1 }, { authToken: TOKEN_1 }, { authToken: ' ' }, { authToken: TOKEN_2 }];
		const stopped = await run(parameters, input);
		expectServiceError(stopped, 'ERR_AUTH_TOKEN_NOT_FOUND', '404', 1);
		expect(`${stopped.error?.message} ${stopped.error?.description}`).not.toContain(TOKEN_1);

		emulator().store.addAuthToken('ada', { authToken: TOKEN_1 });
		emulator().clearRequests();
		const carriedOn = await run(parameters, input, { onError: 'continueRegularOutput' });
		expect(carriedOn.items[0].json).toEqual({ deleted: true, uid: 'ada' });
		expectErrorItem(carriedOn.items[1], 1, 'ERR_AUTH_TOKEN_NOT_FOUND');
		expectErrorItem(carriedOn.items[2], 2, /'Auth Token' is empty/);
		expect(carriedOn.items[3].json).toEqual({ deleted: true, uid: 'ada' });
		expect(JSON.stringify(carriedOn.items.map((item) => item.json))).not.toContain(TOKEN_1);
		expect(apiRequests(emulator())).toHaveLength(3);
		expect(tokensOf('ada')).toEqual([]);
	});

	it('deletes every token of a user with Delete All', async () => {
		seed();
		emulator().store.addAuthToken('alan');
		const { items } = await run({ operation: 'deleteAll', uid: byId('ada') });
		expect(items[0].json).toEqual({ deleted: true, uid: 'ada', allAuthTokens: true });
		expect(tokensOf('ada')).toEqual([]);
		expect(tokensOf('alan')).toHaveLength(1);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'DELETE', path: '/v3/users/ada/auth_tokens' });
		expect(sent.body).toBeUndefined();
		expectServiceError(await run({ operation: 'deleteAll', uid: byId('ghost') }), 'ERR_UID_NOT_FOUND', '404');
	});
});
