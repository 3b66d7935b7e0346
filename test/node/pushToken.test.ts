/** Push Token: Delete (one auth token's, or all of the user's) and Delete by Value, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();

/** Ada has two sessions (auth tokens) with two and one push tokens; Alan has one. */
const seedTokens = () => {
	const { store } = emulator();
	store.addUser({ uid: 'ada', name: 'Ada' });
	store.addUser({ uid: 'alan', name: 'Alan' });
	const phone = store.addAuthToken('ada').authToken as string;
	const laptop = store.addAuthToken('ada').authToken as string;
	store.addPushToken({ uid: 'ada', authToken: phone, pushToken: 'ada-phone-1' });
	store.addPushToken({ uid: 'ada', authToken: phone, pushToken: 'ada-phone-2', platform: 'apns' });
	store.addPushToken({ uid: 'ada', authToken: laptop, pushToken: 'ada-laptop' });
	store.addPushToken({ uid: 'alan', pushToken: 'alan-phone' });
	return { phone, laptop };
};
const remaining = () => emulator().store.pushTokens.map((token: { pushToken: string }) => token.pushToken);

describe('Push Token → Delete', () => {
	it('deletes the push tokens of one auth token', async () => {
		const { phone } = seedTokens();
		const { items, error } = await runNode(credentialsFor(emulator()), { resource: 'pushToken', operation: 'delete', authToken: phone });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		// The deleted tokens carry the auth token and the push tokens: only their number goes out.
		expect(items[0].json).toEqual({ deleted: true, count: 2 });
		expect(remaining()).toEqual(['ada-laptop', 'alan-phone']);

		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'DELETE', path: '/v3/notifications/push/v1/tokens', query: { all: 'false' } });
		expect(sent.body).toEqual({ authToken: phone });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
	});

	it('deletes all push tokens of the user with All Tokens of the User', async () => {
		const { laptop } = seedTokens();
		const { items } = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'delete',
			authToken: laptop,
			all: true,
		});
		expect(items[0].json).toEqual({ deleted: true, count: 3 });
		expect(remaining()).toEqual(['alan-phone']);
		expect(apiRequests(emulator())[0]).toMatchObject({ query: { all: 'true' }, body: { authToken: laptop } });
	});

	it('reports an unknown auth token with the service code; Continue On Fail goes on', async () => {
		const { phone } = seedTokens();
		const parameters = { resource: 'pushToken', operation: 'delete', authToken: '={{ $json.authToken }}' };
		const stopped = await runNode(credentialsFor(emulator()), parameters, [{ authToken: 'nope' }]);
		expectServiceError(stopped, 'ERR_AUTH_TOKEN_NOT_FOUND', '404');

		const carriedOn = await runNode(credentialsFor(emulator()), parameters, [{ authToken: 'nope' }, { authToken: phone }], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(carriedOn.items[0], 0, 'ERR_AUTH_TOKEN_NOT_FOUND');
		expect(carriedOn.items[1].pairedItem).toEqual({ item: 1 });
		expect(carriedOn.items[1].json).toEqual({ deleted: true, count: 2 });
	});

	it('refuses an empty auth token before sending', async () => {
		const result = await runNode(
			credentialsFor(emulator()),
			{ resource: 'pushToken', operation: 'delete', authToken: '={{ $json.authToken }}' },
			[{ authToken: ' ' }],
		);
		expectInputError(result, /'Auth Token' is empty/, /Enter the user's auth token/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('Push Token → Delete by Value', () => {
	it('deletes one push token of the auth token’s user', async () => {
		const { phone } = seedTokens();
		const { items, error } = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'deleteByValue',
			authToken: phone,
			pushToken: 'ada-laptop',
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([{ json: { deleted: true }, pairedItem: { item: 0 } }]);
		expect(remaining()).toEqual(['ada-phone-1', 'ada-phone-2', 'alan-phone']);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({
			method: 'DELETE',
			path: '/v3/notifications/push/v1/tokens/ada-laptop',
			query: {},
			body: { authToken: phone },
		});
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
	});

	it("reports another user's push token with the service code", async () => {
		const { phone } = seedTokens();
		const result = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'deleteByValue',
			authToken: phone,
			pushToken: 'alan-phone',
		});
		expectServiceError(result, 'ERR_PUSH_TOKEN_NOT_FOUND', '404');
		expect(remaining()).toContain('alan-phone');
	});
});

describe('Push Token → Register', () => {
	it('sends the token in the field of its platform, with the auth token; outputs no secret', async () => {
		const { phone } = seedTokens();
		const fcm = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'register',
			authToken: phone,
			platform: 'fcm_web',
			pushToken: 'ada-browser',
			additionalFields: { providerId: 'fcm-provider-2', timezone: 'Europe/London' },
		});
		expect(fcm.error).toBeUndefined();
		expect(fcm.items[0].json).toEqual({ registered: true, platform: 'fcm_web', tokenType: 'fcmToken' });
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/notifications/push/v1/tokens' });
		expect(sent.body).toEqual({
			platform: 'fcm_web',
			fcmToken: 'ada-browser',
			authToken: phone,
			providerId: 'fcm-provider-2',
			timezone: 'Europe/London',
		});

		for (const [platform, field] of [
			['apns_ios_device', 'deviceToken'],
			['apns_react_native_voip', 'voipToken'],
		]) {
			emulator().clearRequests();
			const { items } = await runNode(credentialsFor(emulator()), {
				resource: 'pushToken',
				operation: 'register',
				authToken: phone,
				platform,
				pushToken: `ada-${platform}`,
			});
			expect(items[0].json).toEqual({ registered: true, platform, tokenType: field });
			expect(apiRequests(emulator())[0].body).toEqual({ platform, [field]: `ada-${platform}`, authToken: phone });
		}
		expect(remaining()).toEqual([
			'ada-phone-1',
			'ada-phone-2',
			'ada-laptop',
			'alan-phone',
			'ada-browser',
			'ada-apns_ios_device',
			'ada-apns_react_native_voip',
		]);
	});

	it('refuses an unknown platform, an empty push token and a time zone that is none, before sending', async () => {
		const { phone } = seedTokens();
		const base = { resource: 'pushToken', operation: 'register', authToken: phone, pushToken: 'x-token' };
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, platform: 'windows' }),
			/'Platform' holds the text "windows"/,
			/Choose a value/,
		);
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, platform: 'fcm_ios', pushToken: ' ' }),
			/'Push Token' is/,
			/FCM or APNs/,
		);
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, platform: 'fcm_ios', additionalFields: { timezone: 'GMT+2' } }),
			/'Timezone' holds "GMT\+2"/,
			/Europe\/Berlin/,
		);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('reports an unknown auth token with the service code, without the token', async () => {
		seedTokens();
		const result = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'register',
			authToken: 'unknown-session-token',
			platform: 'fcm_android',
			pushToken: 'secret-device-token',
		});
		expectServiceError(result, 'ERR_AUTH_TOKEN_NOT_FOUND', '404');
		expect(`${result.error?.message} ${result.error?.description}`).not.toMatch(/unknown-session-token|secret-device-token/);
	});
});

describe('Push Token → Get Many', () => {
	it("lists the auth token's push tokens masked, or all of the user's; Reveal shows the push tokens", async () => {
		const { phone } = seedTokens();
		const { items, error } = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'getAll',
			authToken: phone,
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.pushTokenMasked)).toEqual(['****ne-1', '****ne-2']);
		expect(items[0].json).toMatchObject({ uid: 'ada', platform: 'fcm_android', authTokenMasked: `****${phone.slice(-4)}` });
		expect(items[0].json).not.toHaveProperty('pushToken');
		expect(JSON.stringify(items)).not.toContain(phone);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'GET', path: '/v3/notifications/push/v1/tokens', query: { authToken: phone, all: 'false' } });

		const all = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'getAll',
			authToken: phone,
			all: true,
			limit: 2,
			options: { reveal: true },
		});
		expect(all.items.map((item) => item.json.pushToken)).toEqual(['ada-phone-1', 'ada-phone-2']);
		expect(JSON.stringify(all.items)).not.toContain(phone);
		const everything = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'getAll',
			authToken: phone,
			all: true,
			returnAll: true,
			options: { reveal: true },
		});
		expect(everything.items.map((item) => item.json.pushToken)).toEqual(['ada-phone-1', 'ada-phone-2', 'ada-laptop']);
	});

	it('reports an unknown auth token with the service code; the token in the URL is cut out of the error', async () => {
		seedTokens();
		const result = await runNode(credentialsFor(emulator()), {
			resource: 'pushToken',
			operation: 'getAll',
			authToken: 'unknown-session-token',
			returnAll: true,
		});
		expectServiceError(result, 'ERR_AUTH_TOKEN_NOT_FOUND', '404');
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain('unknown-session-token');
	});
});
