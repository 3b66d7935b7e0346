/** FCM Provider: Add, Get Many, Update, Delete and Set Default, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { APNS_P8_KEY, BAD_PEMS, FCM_PRIVATE_KEY, fcmAccountJson, keyLine } from '../data/pushKeys';
import { expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();

const PRIVATE_KEY = FCM_PRIVATE_KEY;
const KEY_LINE = keyLine(PRIVATE_KEY);
const KEY_ID = 'f3a9c1d2e4b5a6c7d8e9f0a1b2c3d4e5f6a7b8c9';
const account = (projectId = 'shop-app') => fcmAccountJson(projectId, PRIVATE_KEY, KEY_ID);

/** A run's output or error as text, the node's parameters (the key as the user typed it) left out. */
const outside = (value: unknown) => JSON.stringify(value, (key, inner: unknown) => (key === 'node' ? undefined : inner));
/** Whether the private key or its ID shows anywhere in a run's output or error. */
const leaks = (value: unknown) =>
	[KEY_LINE, KEY_ID, JSON.stringify(PRIVATE_KEY).slice(1, -1)].some((secret) => outside(value).includes(secret));

const fcm = () => emulator().store.areas.fcmProviders;
const seed = (providerId: string) =>
	fcm().add({
		providerId,
		serviceAccountFilename: `${providerId}.json`,
		serviceAccountCreds: {
			project_id: providerId,
			client_email: `a@${providerId}.iam.gserviceaccount.com`,
			private_key: PRIVATE_KEY,
			private_key_id: KEY_ID,
		},
	});

describe('FCM Provider → Add', () => {
	it('POSTs the service-account key as serviceAccountCreds; the output and the list never hold it', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'fcmProvider',
			operation: 'add',
			serviceAccount: account(),
			additionalFields: { providerId: 'shop', serviceAccountFilename: 'shop.json', notificationInPayload: ['android.chat', 'ios.call'] },
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual({ added: true, providerId: 'shop' });
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'POST', path: '/v3/notifications/push/v1/providers/fcm' });
		expect(sent.body).toEqual({
			providerId: 'shop',
			serviceAccountCreds: {
				project_id: 'shop-app',
				client_email: 'firebase-adminsdk@shop-app.iam.gserviceaccount.com',
				private_key: PRIVATE_KEY,
				private_key_id: KEY_ID,
			},
			serviceAccountFilename: 'shop.json',
			notificationInPayload: { android: { chat: true, call: false }, ios: { chat: false, call: true }, web: { chat: false, call: false } },
		});
		expect(fcm().byId.get('shop')?.serviceAccountCreds).toMatchObject({ private_key: PRIVATE_KEY });

		// The list: the key as CometChat stores it comes back, masked.
		const list = await runNode(credentialsFor(emulator()), { resource: 'fcmProvider', operation: 'getAll', returnAll: true });
		expect(list.error).toBeUndefined();
		expect(list.items.map((item) => item.json)).toEqual([
			{
				providerId: 'shop',
				serviceAccountFilename: 'shop.json',
				notificationInPayload: {
					android: { chat: true, call: false },
					ios: { chat: false, call: true },
					web: { chat: false, call: false },
				},
				isDefault: true,
				serviceAccountCredsMasked: {
					project_id: 'shop-app',
					client_email: 'firebase-adminsdk@shop-app.iam.gserviceaccount.com',
					privateKeyIdMasked: `****${KEY_ID.slice(-4)}`,
				},
			},
		]);
		expect(leaks(list)).toBe(false);
	});

	it('checks the key before sending, without quoting it', async () => {
		const parameters = { resource: 'fcmProvider', operation: 'add' };
		const invalid = await runNode(credentialsFor(emulator()), { ...parameters, serviceAccount: `{"private_key": "${KEY_LINE}"` });
		expectInputError(invalid, /'Service Account JSON' is not valid JSON/, /whole content/);
		expect(outside(invalid.error)).not.toContain(KEY_LINE);
		const partial = await runNode(credentialsFor(emulator()), { ...parameters, serviceAccount: JSON.stringify({ private_key: KEY_LINE }) });
		expectInputError(partial, /'Service Account JSON' has no project_id, client_email/, /key file Firebase created/);
		expect(outside(partial.error)).not.toContain(KEY_LINE);
		const list = await runNode(credentialsFor(emulator()), { ...parameters, serviceAccount: '={{ [1, 2] }}' });
		expectInputError(list, /'Service Account JSON' is not a JSON object/, /a JSON object/);
		const target = await runNode(credentialsFor(emulator()), {
			...parameters,
			serviceAccount: account(),
			additionalFields: { notificationInPayload: '={{ ["tv.chat"] }}' },
		});
		expectInputError(target, /'Notification in Payload' holds "tv.chat"/, /from the list/);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('refuses a key file of the wrong form before sending, naming only its fields', async () => {
		const fields = JSON.parse(account()) as Record<string, string>;
		const withField = (name: string, value: string) => JSON.stringify({ ...fields, [name]: value });
		const ecKey = `${APNS_P8_KEY}\n`;
		const escaped = PRIVATE_KEY.replace(/\n/g, '\\n');
		const hint = /whole content of the key file Firebase created/;
		const cases: Array<[string, RegExp, string[]]> = [
			[withField('private_key', BAD_PEMS.garbage), /has a private_key that is not a PEM private key/, [BAD_PEMS.garbage]],
			[
				withField('private_key', BAD_PEMS.certificate),
				/has a private_key that is a certificate, not a private key/,
				[keyLine(BAD_PEMS.certificate, 1)],
			],
			[
				withField('private_key', BAD_PEMS.damaged),
				/has a private_key that is a PEM private key whose content does not parse/,
				[keyLine(BAD_PEMS.damaged, 1)],
			],
			[withField('private_key', ecKey), /has a private_key that is an EC key, not an RSA key/, [keyLine(ecKey)]],
			[withField('private_key', escaped), /has a private_key that has its line breaks written as \\n text/, [KEY_LINE]],
			[
				withField('client_email', 'firebase-adminsdk at shop-app'),
				/has a client_email that is not an e-mail address/,
				['firebase-adminsdk at shop-app'],
			],
			[withField('type', 'authorized_user'), /has a type that is not "service_account"/, ['authorized_user']],
		];
		for (const [serviceAccount, message, secrets] of cases) {
			const run = await runNode(credentialsFor(emulator()), { resource: 'fcmProvider', operation: 'add', serviceAccount });
			expectInputError(run, new RegExp(`'Service Account JSON' ${message.source}`), hint);
			for (const secret of [...secrets, KEY_LINE, KEY_ID, 'shop-app']) expect(outside(run.error)).not.toContain(secret);
		}
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('FCM Provider → Update, Set Default, Delete', () => {
	beforeEach(() => {
		seed('first');
		seed('second');
	});

	it('Update: PUTs providerId and the fields given; a new key is a secret too', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'fcmProvider',
			operation: 'update',
			providerId: 'second',
			updateFields: { serviceAccount: account('renamed'), notificationInPayload: ['web.chat'] },
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual({ updated: true, providerId: 'second' });
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'PUT', path: '/v3/notifications/push/v1/providers/fcm', body: { providerId: 'second' } });
		expect(fcm().byId.get('second')).toMatchObject({
			serviceAccountFilename: 'second.json',
			serviceAccountCreds: { project_id: 'renamed' },
			notificationInPayload: { web: { chat: true, call: false } },
		});
		expect(leaks(run)).toBe(false);
		const nothing = await runNode(credentialsFor(emulator()), {
			resource: 'fcmProvider',
			operation: 'update',
			providerId: 'second',
			updateFields: {},
		});
		expectInputError(nothing, /Nothing to update/, /Update Fields/);
	});

	it('Update refuses a key file of the wrong form before any request, the provider known or not', async () => {
		const withKey = (privateKey: string) => JSON.stringify({ ...(JSON.parse(account()) as object), private_key: privateKey });
		for (const providerId of ['second', 'nope']) {
			for (const [privateKey, message] of [
				[BAD_PEMS.garbage, /has a private_key that is not a PEM private key/],
				[BAD_PEMS.certificate, /has a private_key that is a certificate/],
				[BAD_PEMS.damaged, /has a private_key that is a PEM private key whose content does not parse/],
			] as const) {
				const run = await runNode(credentialsFor(emulator()), {
					resource: 'fcmProvider',
					operation: 'update',
					providerId,
					updateFields: { serviceAccount: withKey(privateKey) },
				});
				expectInputError(run, message, /key file Firebase created/);
				expect(leaks(run.error)).toBe(false);
			}
		}
		expect(apiRequests(emulator())).toEqual([]);
		expect(fcm().byId.get('second')?.serviceAccountCreds).toMatchObject({ private_key: PRIVATE_KEY });
	});

	it('Set Default moves the default; Delete removes the provider', async () => {
		const set = await runNode(credentialsFor(emulator()), { resource: 'fcmProvider', operation: 'setDefault', providerId: 'second' });
		expect(set.items[0].json).toEqual({ isDefault: true, providerId: 'second' });
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'PUT', path: '/v3/notifications/push/v1/providers/fcm/default/second' });
		expect(fcm().defaultId).toBe('second');

		const deleted = await runNode(credentialsFor(emulator()), { resource: 'fcmProvider', operation: 'delete', providerId: 'first' });
		expect(deleted.items[0].json).toEqual({ deleted: true, providerId: 'first' });
		expect(apiRequests(emulator())[1]).toMatchObject({ method: 'DELETE', path: '/v3/notifications/push/v1/providers/fcm/first' });
		expect([...fcm().byId.keys()]).toEqual(['second']);

		const list = await runNode(credentialsFor(emulator()), { resource: 'fcmProvider', operation: 'getAll', returnAll: false, limit: 5 });
		expect(list.items.map((item) => [item.json.providerId, item.json.isDefault])).toEqual([['second', true]]);
		expect(leaks(list)).toBe(false);
	});

	it('an unknown provider: ERR_PROVIDER_NOT_FOUND; Continue On Fail goes on', async () => {
		expectServiceError(
			await runNode(credentialsFor(emulator()), { resource: 'fcmProvider', operation: 'delete', providerId: 'nope' }),
			'ERR_PROVIDER_NOT_FOUND',
			'404',
		);
		const run = await runNode(
			credentialsFor(emulator()),
			{ resource: 'fcmProvider', operation: 'setDefault', providerId: '={{ $json.id }}' },
			[{ id: 'nope' }, { id: 'second' }],
			{ continueOnFail: true },
		);
		expectErrorItem(run.items[0], 0, 'ERR_PROVIDER_NOT_FOUND');
		expect(run.items[1].json).toEqual({ isDefault: true, providerId: 'second' });
	});

	it('a service error on Update does not put out the key', async () => {
		emulator().injectNext([{ kind: '500' }, { kind: '500' }, { kind: '500' }, { kind: '500' }, { kind: '500' }], { method: 'PUT' });
		const run = await runNode(
			credentialsFor(emulator()),
			{ resource: 'fcmProvider', operation: 'update', providerId: 'first', updateFields: { serviceAccount: account() } },
			[{}],
			{ continueOnFail: true },
		);
		expectErrorItem(run.items[0], 0, 'ERR_INTERNAL_SERVER_ERROR');
		expect(leaks(run)).toBe(false);
	});
});
