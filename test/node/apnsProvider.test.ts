/** APNs Provider: Add, Get Many, Update, Delete and Set Default, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { APNS_P8_KEY, BAD_PEMS, keyLine, newFcmKey } from '../data/pushKeys';
import { expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();

const P8_KEY = APNS_P8_KEY;
const KEY_LINE = keyLine(P8_KEY);
const KEY_ID = 'ABC123DEFG';
const TEAM_ID = 'TEAM987XYZ';

/** A run's output or error as text, the node's parameters (the key as the user typed it) left out. */
const outside = (value: unknown) => JSON.stringify(value, (key, inner: unknown) => (key === 'node' ? undefined : inner));
const leaks = (value: unknown) => [KEY_LINE, KEY_ID, TEAM_ID].some((secret) => outside(value).includes(secret));

const apns = () => emulator().store.areas.apnsProviders;
const keyFields = { p8Key: P8_KEY, keyId: KEY_ID, teamId: TEAM_ID, bundleId: 'com.example.chat' };

describe('APNs Provider → Add and Get Many', () => {
	it('POSTs the key and its IDs; the list drops the key and masks the IDs', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'apnsProvider',
			operation: 'add',
			...keyFields,
			additionalFields: { providerId: 'ios', productionMode: true, includeMutableContent: true, p8KeyFilename: `AuthKey_${KEY_ID}.p8` },
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual({ added: true, providerId: 'ios' });
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: '/v3/notifications/push/v1/providers/apns',
			body: { providerId: 'ios', ...keyFields, productionMode: true, includeMutableContent: true, p8KeyFilename: `AuthKey_${KEY_ID}.p8` },
		});
		expect(apns().byId.get('ios')).toMatchObject({ p8Key: P8_KEY, keyId: KEY_ID });

		const list = await runNode(credentialsFor(emulator()), { resource: 'apnsProvider', operation: 'getAll', returnAll: true });
		expect(list.error).toBeUndefined();
		expect(list.items[0].json).toMatchObject({
			providerId: 'ios',
			bundleId: 'com.example.chat',
			productionMode: true,
			isDefault: true,
			hasP8Key: true,
			keyIdMasked: `****${KEY_ID.slice(-4)}`,
			teamIdMasked: `****${TEAM_ID.slice(-4)}`,
		});
		expect(list.items[0].json).not.toHaveProperty('p8Key');
		// The file name holds the key ID: cut out of the list, as a known secret of the run.
		expect(leaks(list)).toBe(false);
	});

	it('checks the fields before sending, without quoting the key', async () => {
		const parameters = { resource: 'apnsProvider', operation: 'add', ...keyFields };
		const blank = await runNode(credentialsFor(emulator()), { ...parameters, p8Key: '={{ "   " }}' });
		expectInputError(blank, /'P8 Key' is blank/, /APNs key/);
		const object = await runNode(credentialsFor(emulator()), { ...parameters, p8Key: `={{ { key: "${KEY_LINE}" } }}` });
		expectInputError(object, /'P8 Key' must be text/, /as Apple gave it/);
		expect(outside(object.error)).not.toContain(KEY_LINE);
		const flag = await runNode(credentialsFor(emulator()), { ...parameters, additionalFields: { productionMode: '={{ "yes" }}' } });
		expectInputError(flag, /'Production Mode'/, /true or false|boolean/i);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('refuses a key, key ID, team ID or bundle ID of the wrong form before sending, never quoting the secrets', async () => {
		const parameters = { resource: 'apnsProvider', operation: 'add', ...keyFields };
		const rsaKey = newFcmKey();
		const keyHint = /whole content of the \.p8 key file .*BEGIN PRIVATE KEY/;
		const cases: Array<[Record<string, string>, RegExp, RegExp, string[]]> = [
			[{ p8Key: BAD_PEMS.garbage }, /'P8 Key' is not a PEM private key/, keyHint, [BAD_PEMS.garbage]],
			[{ p8Key: BAD_PEMS.certificate }, /'P8 Key' is a certificate, not a private key/, keyHint, [keyLine(BAD_PEMS.certificate, 1)]],
			[{ p8Key: BAD_PEMS.damaged }, /'P8 Key' is a PEM private key whose content does not parse/, keyHint, [keyLine(BAD_PEMS.damaged, 1)]],
			[{ p8Key: BAD_PEMS.publicKey }, /'P8 Key' is a public key, not a private key/, keyHint, [keyLine(BAD_PEMS.publicKey, 1)]],
			[{ p8Key: rsaKey }, /'P8 Key' is an RSA key, not an EC \(P-256\) key/, keyHint, [keyLine(rsaKey)]],
			[{ keyId: 'ABC123DEF' }, /'Key ID' has 9 characters, not 10/, /Keys .*exactly 10 upper-case letters and digits/, ['ABC123DEF']],
			[
				{ teamId: 'team987xyz' },
				/'Team ID' holds characters other than upper-case letters and digits/,
				/Membership details/,
				['team987xyz'],
			],
			[{ bundleId: 'com.example chat' }, /'Bundle ID' may hold only letters, digits, '-' and '\.'/, /Bundle Identifier/, []],
		];
		for (const [fields, message, howToFix, secrets] of cases) {
			const run = await runNode(credentialsFor(emulator()), { ...parameters, ...fields });
			expectInputError(run, message, howToFix);
			for (const secret of [...secrets, KEY_LINE, KEY_ID, TEAM_ID]) expect(outside(run.error)).not.toContain(secret);
		}
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('takes the key as pasted (on one line, Windows line ends, \\n written out, white space around) and sends it as a PEM', async () => {
		const pasted = [P8_KEY.replace(/\n/g, ''), `  ${P8_KEY.replace(/\n/g, '\r\n')}\r\n`, P8_KEY.replace(/\n/g, '\\n')];
		for (const [index, p8Key] of pasted.entries()) {
			const run = await runNode(credentialsFor(emulator()), {
				resource: 'apnsProvider',
				operation: 'add',
				...keyFields,
				p8Key,
				keyId: ` ${KEY_ID} `,
				additionalFields: { providerId: `ios${index}` },
			});
			expect(run.error).toBeUndefined();
			expect(apiRequests(emulator())[index].body).toMatchObject({ providerId: `ios${index}`, p8Key: P8_KEY, keyId: KEY_ID });
		}
	});
});

describe('APNs Provider → Update, Set Default, Delete', () => {
	beforeEach(() => {
		apns().add({ providerId: 'first', ...keyFields });
		apns().add({ providerId: 'second', ...keyFields });
	});

	it('Update sends providerId and the fields given; Set Default and Delete act on the ID', async () => {
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'apnsProvider',
			operation: 'update',
			providerId: 'second',
			updateFields: { teamId: 'NEWTEAM123', productionMode: false },
		});
		expect(run.items[0].json).toEqual({ updated: true, providerId: 'second' });
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PUT',
			path: '/v3/notifications/push/v1/providers/apns',
			body: { providerId: 'second', teamId: 'NEWTEAM123', productionMode: false },
		});
		expect(apns().byId.get('second')).toMatchObject({ teamId: 'NEWTEAM123', keyId: KEY_ID, productionMode: false });

		const set = await runNode(credentialsFor(emulator()), { resource: 'apnsProvider', operation: 'setDefault', providerId: 'second' });
		expect(set.items[0].json).toEqual({ isDefault: true, providerId: 'second' });
		expect(apiRequests(emulator())[1]).toMatchObject({ method: 'PUT', path: '/v3/notifications/push/v1/providers/apns/default/second' });
		expect(apns().defaultId).toBe('second');

		const deleted = await runNode(credentialsFor(emulator()), { resource: 'apnsProvider', operation: 'delete', providerId: 'first' });
		expect(deleted.items[0].json).toEqual({ deleted: true, providerId: 'first' });
		expect(apiRequests(emulator())[2]).toMatchObject({ method: 'DELETE', path: '/v3/notifications/push/v1/providers/apns/first' });
		expect([...apns().byId.keys()]).toEqual(['second']);

		const nothing = await runNode(credentialsFor(emulator()), {
			resource: 'apnsProvider',
			operation: 'update',
			providerId: 'second',
			updateFields: {},
		});
		expectInputError(nothing, /Nothing to update/, /Update Fields/);
	});

	it('Update refuses a key, key ID or bundle ID of the wrong form before any request, the provider known or not', async () => {
		const update = (providerId: string, updateFields: Record<string, string>) =>
			runNode(credentialsFor(emulator()), { resource: 'apnsProvider', operation: 'update', providerId, updateFields });
		for (const providerId of ['second', 'nope']) {
			expectInputError(await update(providerId, { p8Key: BAD_PEMS.garbage }), /'P8 Key' is not a PEM private key/, /\.p8 key file/);
			expectInputError(await update(providerId, { p8Key: BAD_PEMS.certificate }), /'P8 Key' is a certificate/, /\.p8 key file/);
			expectInputError(await update(providerId, { p8Key: BAD_PEMS.damaged }), /'P8 Key' is a PEM private key whose content/, /\.p8/);
		}
		const id = await update('second', { keyId: 'ABC123DEF' });
		expectInputError(id, /'Key ID' has 9 characters, not 10/, /10 upper-case letters and digits/);
		expect(outside(id.error)).not.toContain('ABC123DEF');
		expectInputError(await update('second', { teamId: 'TEAM 87XYZ' }), /'Team ID' holds characters other than/, /Membership details/);
		expectInputError(await update('second', { bundleId: 'com.example chat' }), /'Bundle ID' may hold only letters/, /Bundle Identifier/);
		expect(apiRequests(emulator())).toEqual([]);
		expect(apns().byId.get('second')).toMatchObject({ p8Key: P8_KEY, keyId: KEY_ID, teamId: TEAM_ID });
	});

	it('an unknown provider: ERR_PROVIDER_NOT_FOUND, without the new key; Continue On Fail goes on', async () => {
		const failed = await runNode(credentialsFor(emulator()), {
			resource: 'apnsProvider',
			operation: 'update',
			providerId: 'nope',
			updateFields: { p8Key: P8_KEY },
		});
		expectServiceError(failed, 'ERR_PROVIDER_NOT_FOUND', '404');
		expect(leaks(failed.error)).toBe(false);
		const run = await runNode(
			credentialsFor(emulator()),
			{ resource: 'apnsProvider', operation: 'delete', providerId: '={{ $json.id }}' },
			[{ id: 'nope' }, { id: 'second' }],
			{ continueOnFail: true },
		);
		expectErrorItem(run.items[0], 0, 'ERR_PROVIDER_NOT_FOUND');
		expect(run.items[1].json).toEqual({ deleted: true, providerId: 'second' });
	});
});
