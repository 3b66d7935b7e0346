/** User → Add Friends and Remove Friends, through n8n's engine against the emulator; Get Friends shows the result. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: INodeParameters, items?: IDataObject[], continueOnFail = false) =>
	runNode(
		credentialsFor(emulator()),
		{ resource: 'user', ...parameters },
		items,
		continueOnFail ? { onError: 'continueRegularOutput' } : undefined,
	);
const friendsOf = async (uid: string) =>
	(await run({ operation: 'getFriends', uid: byId(uid), returnAll: true })).items.map((item) => item.json.uid);

beforeEach(() => {
	emulator().store.setClock(1_700_000_000);
	for (const uid of ['ada', 'bob', 'cy', 'dee']) emulator().store.addUser({ uid, name: uid.toUpperCase() });
});

describe('User → Add Friends', () => {
	it('adds friends both ways; Get Friends lists them', async () => {
		const { items, error } = await run({
			operation: 'addFriends',
			uid: byId('ada'),
			friends: 'bob, cy',
			options: { addToConversations: true },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([{ uid: 'ada', added: ['bob', 'cy'], failed: [] }]);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({
			method: 'POST',
			path: '/v3/users/ada/friends',
			body: { accepted: ['bob', 'cy'], addToConversations: true },
		});
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect((await friendsOf('ada')).sort()).toEqual(['bob', 'cy']);
		expect(await friendsOf('bob')).toEqual(['ada']);
	});

	it('sends no addToConversations unless it is set; lists the UIDs CometChat refused', async () => {
		const { items } = await run({ operation: 'addFriends', uid: byId('ada'), friends: ['bob', 'ghost'] });
		expect(apiRequests(emulator())[0].body).toEqual({ accepted: ['bob', 'ghost'] });
		expect(items[0].json).toEqual({
			uid: 'ada',
			added: ['bob'],
			failed: [{ uid: 'ghost', code: 'ERR_UID_NOT_FOUND', message: 'The UID ghost does not exist.' }],
		});
	});

	it('an unknown user fails with ERR_UID_NOT_FOUND; Continue On Fail goes on', async () => {
		const parameters = { operation: 'addFriends', uid: byId('={{ $json.uid }}'), friends: 'dee' };
		const { items } = await run(parameters, [{ uid: 'ghost' }, { uid: 'cy' }], true);
		expectErrorItem(items[0], 0, 'ERR_UID_NOT_FOUND');
		expect(items[1].json).toEqual({ uid: 'cy', added: ['dee'], failed: [] });
	});

	it('checks the UIDs and the option before sending', async () => {
		const base = { operation: 'addFriends', uid: byId('ada') };
		expectInputError(await run({ ...base, friends: '={{ "" }}' }), /'Friends' is empty/, /one or more UIDs/);
		expectInputError(await run({ ...base, friends: 'bob, Bob' }), /'Friends' holds "Bob", which has capital letters/, /Use "bob"/);
		expectInputError(
			await run({ ...base, friends: 'bob', options: { addToConversations: '={{ "yes" }}' } }),
			/'Add to Conversations' must be true or false/,
			/Turn 'Add to Conversations' on or off/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('User → Remove Friends', () => {
	beforeEach(() => emulator().store.addFriends('ada', ['bob', 'cy']));

	it('removes friends both ways; Get Friends no longer lists them', async () => {
		const { items, error } = await run({ operation: 'removeFriends', uid: byId('ada'), friends: 'bob' });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ uid: 'ada', removed: ['bob'], success: true, message: 'Deleted the friend relations succussfully' },
		]);
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'DELETE', path: '/v3/users/ada/friends', body: { friends: ['bob'] } });
		expect(await friendsOf('ada')).toEqual(['cy']);
		expect(await friendsOf('bob')).toEqual([]);
	});

	it('an unknown user fails with ERR_UID_NOT_FOUND', async () => {
		expectServiceError(await run({ operation: 'removeFriends', uid: byId('ghost'), friends: 'bob' }), 'ERR_UID_NOT_FOUND', '404');
	});

	it('checks the UIDs before sending', async () => {
		expectInputError(
			await run({ operation: 'removeFriends', uid: byId('ada'), friends: '={{ $json.friends }}' }, [{ friends: ['bob', { uid: 'cy' }] }]),
			/'Friends' has an object/,
			/list of texts/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});
});
