/**
 * The foundation: the credential, the transport (auth, encoding, retries, errors) and pagination,
 * shown through n8n's real engine against the emulator over HTTP.
 */
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode, testCredential } from '../harness/engine';
import { byId, useEmulator } from '../harness/suite';

const emulator = useEmulator();

const createUser = (uid: string, name: string, additionalFields = {}) => ({
	resource: 'user',
	operation: 'create',
	uid,
	name,
	additionalFields,
});

describe('credential test', () => {
	it('passes with the right key, also when the URL ends in / or /v3', async () => {
		for (const suffix of ['', '/', '/v3', '/v3/']) {
			const result = await testCredential(credentialsFor(emulator(), { baseUrl: emulator().baseUrl + suffix }));
			expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
		}
		const sent = apiRequests(emulator());
		expect(sent.map((request) => request.path)).toEqual(Array(4).fill('/v3/roles'));
		expect(sent[0].headers.apikey).toBe(TEST_API_KEY);
		expect(sent[0].query.perPage).toBe('1');
	});

	it("fails with CometChat's code and a hint for a wrong key (not n8n's generic 401 message)", async () => {
		const result = await testCredential(credentialsFor(emulator(), { apiKey: 'wrong-key' }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^CometChat rejected the API key \(AUTH_ERR_APIKEY_NOT_FOUND\)\. Copy the REST API key/);
		expect(result.message).not.toContain('wrong-key');
		expect(apiRequests(emulator())[0].headers.apikey).toBe('wrong-key');
	});

	it('refuses a Base URL with a path other than /v3, naming the field, before any request', async () => {
		const result = await testCredential(credentialsFor(emulator(), { baseUrl: `${emulator().baseUrl}/elsewhere` }));
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^The Base URL must not have a path other than \/v3/) });
		expect(apiRequests(emulator())).toHaveLength(0); // it never reached the API's routes
	});
});

describe('User → Create', () => {
	it('creates a user with every field and sends the apikey header', async () => {
		const { items, error } = await runNode(
			credentialsFor(emulator()),
			createUser('ada', 'Ada Lovelace', {
				avatar: 'https://example.com/ada.png',
				link: 'https://example.com/ada',
				statusMessage: 'Counting',
				metadata: '{"@private": {"email": "ada@example.com"}, "dept": "math"}',
				tags: 'vip, beta',
				withAuthToken: true,
			}),
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({
			uid: 'ada',
			name: 'Ada Lovelace',
			avatar: 'https://example.com/ada.png',
			link: 'https://example.com/ada',
			statusMessage: 'Counting',
			metadata: { '@private': { email: 'ada@example.com' }, dept: 'math' },
			tags: ['vip', 'beta'],
		});
		expect(typeof items[0].json.authToken).toBe('string');
		expect(typeof items[0].json.createdAt).toBe('number');

		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/users' });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(sent.headers['content-type']).toMatch(/application\/json/);
		expect(sent.body).toEqual({
			uid: 'ada',
			name: 'Ada Lovelace',
			avatar: 'https://example.com/ada.png',
			link: 'https://example.com/ada',
			statusMessage: 'Counting',
			metadata: { '@private': { email: 'ada@example.com' }, dept: 'math' },
			tags: ['vip', 'beta'],
			withAuthToken: true,
		});
	});

	it('turns a duplicate uid into a NodeApiError with the service code, and never shows the key', async () => {
		await runNode(credentialsFor(emulator()), createUser('ada', 'Ada'));
		const { error } = await runNode(credentialsFor(emulator()), createUser('ada', 'Ada again'));
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/\[item 0\]/);
		expect(error?.description).toContain('ERR_UID_ALREADY_EXISTS');
		expect(error?.httpCode).toBe('409');
		expect(JSON.stringify(error)).not.toContain(TEST_API_KEY);
		expect(String(error?.stack)).not.toContain(TEST_API_KEY);
	});

	it('rejects invalid metadata JSON with [item N] before any request; Continue On Fail goes on', async () => {
		const parameters = {
			resource: 'user',
			operation: 'create',
			uid: '={{ $json.uid }}',
			name: '={{ $json.name }}',
			additionalFields: { metadata: '={{ $json.metadata }}' },
		};
		const input = [
			{ uid: 'u1', name: 'One', metadata: '{"ok": true}' },
			{ uid: 'u2', name: 'Two', metadata: '{not json' },
			{ uid: 'u3', name: 'Three', metadata: '{}' },
		];

		const stopped = await runNode(credentialsFor(emulator()), parameters, input);
		expect(stopped.error?.name).toBe('NodeOperationError');
		expect(stopped.error?.message).toMatch(/Metadata \(JSON\) is not valid JSON.*\[item 1\]/);
		expect(stopped.error?.description).toMatch(/Fix the JSON/);
		// The three items started together (items in flight): item 2 was written beside item 0.
		expect(
			apiRequests(emulator())
				.map((request) => (request.body as { uid: string }).uid)
				.sort(),
		).toEqual(['u1', 'u3']);
		emulator().store.reset();
		emulator().clearRequests();
		const inSequence = await runNode(credentialsFor(emulator()), { ...parameters, oneAtATime: true }, input);
		expect(inSequence.error?.message).toMatch(/Metadata \(JSON\) is not valid JSON.*\[item 1\]/);
		expect(apiRequests(emulator()).map((request) => (request.body as { uid: string }).uid)).toEqual(['u1']);

		emulator().store.reset();
		emulator().clearRequests();
		const carriedOn = await runNode(credentialsFor(emulator()), parameters, input, { onError: 'continueRegularOutput' });
		expect(carriedOn.error).toBeUndefined();
		expect(carriedOn.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(carriedOn.items[0].json.uid).toBe('u1');
		expect(carriedOn.items[1].json.error).toMatch(/not valid JSON.*\[item 1\]/);
		expect(carriedOn.items[2].json.uid).toBe('u3');
		expect(
			apiRequests(emulator())
				.map((request) => (request.body as { uid: string }).uid)
				.sort(),
		).toEqual(['u1', 'u3']);
	});
});

describe('path encoding', () => {
	// UIDs are limited to letters, digits, _ and - (refused otherwise, see the UID tests), so the path
	// encoding is shown with role keys, which CometChat documents no character rules for.
	const getRole = (role: string) =>
		runNode(credentialsFor(emulator()), { resource: 'role', operation: 'get', role: { __rl: true, mode: 'id', value: role } });

	it('fetches the role "a?c#d" as itself', async () => {
		const role = 'a?c#d';
		emulator().store.addRole({ role: 'a', name: 'Decoy A' });
		emulator().store.addRole({ role, name: 'Tricky' });
		const fetched = await getRole(role);
		expect(fetched.error).toBeUndefined();
		expect(fetched.items[0].json).toMatchObject({ role, name: 'Tricky' });
		expect(apiRequests(emulator()).at(-1)?.path).toBe('/v3/roles/a%3Fc%23d');
	});

	it.each(['..', '.'])('refuses the role %p, which no URL can carry, and sends nothing', async (role) => {
		const fetched = await getRole(role);
		expect(fetched.error?.message).toBe(`'Role' is "${role}", which no request can carry as an ID [item 0]`);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('refuses an auth token of "..", naming its field, and sends nothing', async () => {
		const fetched = await runNode(credentialsFor(emulator()), {
			resource: 'authToken',
			operation: 'get',
			uid: byId('ada'),
			authToken: '..',
		});
		expect(fetched.error?.message).toBe(`'Auth Token' is "..", which no request can carry as an ID [item 0]`);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	// A slash or backslash is no part of any CometChat ID, and servers in front of an API may read even
	// an encoded one as a separator; a line break or tab is a paste that took more than the ID.
	it.each([
		['a/b', '"/"'],
		['a\\b', '"\\\\"'],
		['a\nb', '"\\n"'],
		['a\tb', '"\\t"'],
	])('refuses the role %p, naming the characters, and sends nothing', async (role, named) => {
		const fetched = await getRole(role);
		expect(fetched.error?.message).toBe(`'Role' has characters no CometChat ID can have: ${named} [item 0]`);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it.each(['x?y', '#1', 'a b', '%2F', '..a'])('fetches the role %p and no other resource', async (role) => {
		emulator().store.addRole({ role, name: `Role ${role}` });
		const fetched = await getRole(role);
		expect(fetched.error).toBeUndefined();
		expect(fetched.items[0].json.role).toBe(role);
	});
});

describe('pagination', () => {
	const getMany = (extra = {}) => ({ resource: 'user', operation: 'getAll', ...extra });

	it('Return All over 2,500 users returns each once in exactly 3 requests', async () => {
		emulator().store.addUsers(2500, 'bulk-');
		const { items, error } = await runNode(credentialsFor(emulator()), getMany({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2500);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(2500);
		const sent = apiRequests(emulator());
		expect(sent).toHaveLength(3);
		expect(sent.map((request) => request.query.perPage)).toEqual(['1000', '1000', '1000']);
		expect(sent.map((request) => request.query.page).sort()).toEqual(['1', '2', '3']);
	});

	it('Limit 150 makes one request for 150 users', async () => {
		emulator().store.addUsers(2500, 'bulk-');
		const { items } = await runNode(credentialsFor(emulator()), getMany({ returnAll: false, limit: 150 }));
		expect(items).toHaveLength(150);
		const sent = apiRequests(emulator());
		expect(sent).toHaveLength(1);
		expect(sent[0].query).toMatchObject({ perPage: '150', page: '1' });
	});

	it('Limit 1,500 makes two requests and stops', async () => {
		emulator().store.addUsers(2500, 'bulk-');
		const { items } = await runNode(credentialsFor(emulator()), getMany({ returnAll: false, limit: 1500 }));
		expect(items).toHaveLength(1500);
		expect(new Set(items.map((item) => item.json.uid)).size).toBe(1500);
		expect(apiRequests(emulator())).toHaveLength(2);
	});
});

describe('credential', () => {
	it('says which URL is missing when the Base URL is empty, and sends nothing', async () => {
		const { error } = await runNode(credentialsFor(emulator(), { baseUrl: ' ' }), createUser('ada', 'Ada'));
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('The CometChat API credential has no Base URL [item 0]');
		expect(error?.description).toMatch(/https:\/\/<APP_ID>\.api-<REGION>\.cometchat\.io/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('accepts a Base URL ending in /V3 in the credential test as in requests', async () => {
		const credentials = credentialsFor(emulator(), { baseUrl: `${emulator().baseUrl}/V3/` });
		expect(await testCredential(credentials)).toEqual({ status: 'OK', message: 'Connection successful!' });
		const { error } = await runNode(credentials, createUser('ada', 'Ada'));
		expect(error).toBeUndefined();
		expect(apiRequests(emulator()).map((request) => request.path)).toEqual(['/v3/roles', '/v3/users']);
	});
});

describe('retries', () => {
	it('reports an unreachable host clearly, and never shows the key', async () => {
		// A port nothing listens on: the connection is refused at once.
		const closed = 'http://127.0.0.1:9';
		const { error } = await runNode(credentialsFor(emulator(), { baseUrl: closed }), {
			resource: 'user',
			operation: 'get',
			uid: { __rl: true, mode: 'id', value: 'ada' },
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('Could not reach CometChat at 127.0.0.1:9: the connection was refused [item 0]');
		expect(error?.description).toMatch(
			/GET \/v3\/users\/ada failed before a whole answer came back \(ECONNREFUSED; 5 attempts in [\d.]+ s\)\. Check the Base URL/,
		);
		expect(JSON.stringify(error)).not.toContain(TEST_API_KEY);
	});

	it('waits out a 429 with Retry-After: 1 and then succeeds', async () => {
		emulator().injectNext([{ kind: '429', retryAfter: 1 }], { pathPrefix: '/v3/users' });
		const { items, error } = await runNode(credentialsFor(emulator()), createUser('patient', 'Patient'));
		expect(error).toBeUndefined();
		expect(items[0].json.uid).toBe('patient');
		const sent = apiRequests(emulator());
		expect(sent.map((request) => request.status)).toEqual([429, 200]);
		expect(emulator().faultCounts['429']).toBe(1);
	});

	it('retries a GET after 503 and a connection reset', async () => {
		emulator().store.addUsers(5, 'r-');
		emulator().injectNext([{ kind: '503' }, { kind: 'reset' }], { pathPrefix: '/v3/users' });
		const { items, error } = await runNode(credentialsFor(emulator()), {
			resource: 'user',
			operation: 'getAll',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(5);
		expect(emulator().faultCounts['503']).toBe(1);
		expect(emulator().faultCounts.reset).toBe(1);
	});

	it('after a 503, a User → Create looks the user up, finds none, and sends it again', async () => {
		emulator().injectNext([{ kind: '503' }], { pathPrefix: '/v3/users' });
		const { items, error } = await runNode(credentialsFor(emulator()), createUser('once', 'Once'));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ uid: 'once', name: 'Once' })]);
		expect(items[0].json.appliedByEarlierAttempt).toBeUndefined();
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([
			'POST /v3/users 503',
			'GET /v3/users/once 404',
			'POST /v3/users 200',
		]);
	});

	it('never retries a POST that cannot look for its result after a 503: it fails and says the request may have been applied', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		emulator().injectNext([{ kind: '503' }], { pathPrefix: '/v3/users/ada/auth_tokens' });
		const { error } = await runNode(credentialsFor(emulator()), { resource: 'authToken', operation: 'create', uid: byId('ada') });
		expect(error?.name).toBe('NodeApiError');
		expect(error?.httpCode).toBe('503');
		expect(error?.description).toMatch(/may have been applied/);
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('gives up on 429 after a bounded number of retries with a clear message', async () => {
		emulator().injectNext(Array(10).fill({ kind: '429', retryAfter: 0 }), { pathPrefix: '/v3/users' });
		const { error } = await runNode(credentialsFor(emulator()), createUser('busy', 'Busy'));
		expect(error?.message).toMatch(/rate limit was still exceeded after 5 retries/);
		expect(apiRequests(emulator())).toHaveLength(6);
	});
});
