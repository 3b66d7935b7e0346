/**
 * The CometChat API credential in CometChat's own words: App ID and Region (CometChat's hosts of the
 * app, reached through the emulator's proxy as through the real network), a Custom Host, and the
 * older Base URL and Call URL, which keep working. Each shape goes through n8n's engine as n8n
 * stores and loads it; the credential test says which part is wrong.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { asEditorSavesIt, asN8nLoadsIt, credentialProperties as properties } from '../harness/credential-forms';
import { apiRequests, appCredentialsFor, credentialsFor, TEST_API_KEY, useEmulatorProxy } from '../harness/emulator';
import { runNode, testCredential } from '../harness/engine';
import { byId, expectInputError, useEmulator } from '../harness/suite';

const APP_ID = 'e2e-app';
const emulator = useEmulator({ appId: APP_ID, region: 'us', proxy: true });

let stopProxy: () => void;
beforeAll(() => {
	stopProxy = useEmulatorProxy(emulator());
});
afterAll(() => stopProxy());

const getUser = { resource: 'user', operation: 'get', uid: byId('ada') };

async function createAda(): Promise<void> {
	const created = await runNode(credentialsFor(emulator()), {
		resource: 'user',
		operation: 'create',
		uid: 'ada',
		name: 'Ada',
		additionalFields: {},
	});
	expect(created.error).toBeUndefined();
	emulator().clearRequests();
}

describe('App ID and Region', () => {
	it("reaches CometChat's chat host of the app in its region", async () => {
		await createAda();
		const { items, error } = await runNode(asN8nLoadsIt({ apiKey: TEST_API_KEY, appId: APP_ID, region: 'us' }), getUser);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ uid: 'ada', name: 'Ada' });
		const [sent] = apiRequests(emulator());
		expect(sent.headers.host).toBe(`${APP_ID}.api-us.cometchat.io`);
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
	});

	it('sends calls to the call host of the app in its region', async () => {
		await createAda();
		const { error } = await runNode(appCredentialsFor(emulator()), {
			resource: 'call',
			operation: 'get',
			sessionId: 'no-such-session',
			onBehalfOf: byId('ada'),
		});
		// The session does not exist: the call host answered it.
		expect(error?.description).toMatch(/ERR_CALL_SESSION_NOT_FOUND/);
		expect(apiRequests(emulator())[0].headers.host).toBe(`${APP_ID}.call-us.cometchat.io`);
	});

	it('works as the editor saves it: the default region (us) is not stored, n8n fills it in', async () => {
		const saved = asEditorSavesIt({ apiKey: TEST_API_KEY, appId: APP_ID, region: 'us' });
		expect(saved).toEqual({ apiKey: TEST_API_KEY, appId: APP_ID });
		await createAda();
		expect((await runNode(asN8nLoadsIt(saved), getUser)).error).toBeUndefined();
		expect(apiRequests(emulator())[0].headers.host).toBe(`${APP_ID}.api-us.cometchat.io`);
	});

	it("in a workflow, an App ID unknown in its Region fails with CometChat's code and which fields to check", async () => {
		for (const overrides of [{ appId: 'no-such-app' }, { region: 'eu' }] as Array<Record<string, string>>) {
			const run = await runNode(appCredentialsFor(emulator(), overrides), getUser);
			expect(run.error?.name).toBe('NodeApiError');
			expect(run.error?.description).toMatch(
				/^CometChat error code AUTH_ERR_INVALID_APPID on GET \/v3\/users\/ada\. Check the App ID and the Region in the CometChat API credential/,
			);
			expect(JSON.stringify(run.error)).not.toContain(TEST_API_KEY);
		}
	});

	it('refuses an empty or malformed App ID before any request, naming the field', async () => {
		for (const [appId, problem] of [
			['', /^The App ID is empty\. Copy it from the CometChat dashboard/],
			['my app', /^The App ID may hold only letters, digits and hyphens/],
			['app.evil.example', /^The App ID may hold only letters, digits and hyphens/],
		] as const) {
			const run = await runNode(appCredentialsFor(emulator(), { appId }), getUser);
			expectInputError(run, /^The App ID and Region in the CometChat API credential are not valid \[item 0\]$/, problem);
			expect(await testCredential(appCredentialsFor(emulator(), { appId }))).toEqual({
				status: 'Error',
				message: expect.stringMatching(problem),
			});
		}
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});

describe('the credential test says which part is wrong', () => {
	it('passes with the right App ID, Region and key', async () => {
		expect(await testCredential(appCredentialsFor(emulator()))).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(apiRequests(emulator())[0].headers.host).toBe(`${APP_ID}.api-us.cometchat.io`);
	});

	it.each([
		['an unknown App ID', { appId: 'no-such-app' }],
		['the app in another region', { region: 'eu' }],
		['the app in India', { region: 'in' }],
	])('%s: CometChat does not know the app there; both fields are named', async (_what, overrides) => {
		const result = await testCredential(appCredentialsFor(emulator(), overrides));
		expect(result).toEqual({
			status: 'Error',
			message: expect.stringMatching(
				/^CometChat does not know this App ID in this Region \(AUTH_ERR_INVALID_APPID\)\. Copy both from the CometChat dashboard/,
			),
		});
	});

	it('a wrong key: CometChat rejects it, and the message does not repeat it', async () => {
		const apiKey = 'wrong-key-5e1d9c';
		const result = await testCredential(appCredentialsFor(emulator(), { apiKey }));
		expect(result.message).toMatch(/^CometChat rejected the API key \(AUTH_ERR_APIKEY_NOT_FOUND\)/);
		expect(result.message).not.toContain(apiKey);
		expect(result.message).not.toContain(TEST_API_KEY);
	});

	it('a Custom Host that is not CometChat: no CometChat API answered there', async () => {
		const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
		await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
		try {
			const chatHost = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
			const result = await testCredential(appCredentialsFor(emulator(), { region: 'custom', chatHost }));
			expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/^No CometChat API answered at this host\./) });
		} finally {
			await new Promise((resolve) => other.close(resolve));
		}
	});

	it('a Custom Host that is the emulator passes, and the node uses its Chat and Call API Hosts', async () => {
		const custom = { region: 'custom', chatHost: `${emulator().baseUrl}/v3/`, callHost: emulator().callUrl };
		expect(await testCredential(appCredentialsFor(emulator(), custom))).toEqual({ status: 'OK', message: 'Connection successful!' });
		await createAda();
		expect((await runNode(asN8nLoadsIt({ apiKey: TEST_API_KEY, ...custom }), getUser)).error).toBeUndefined();
		expect(apiRequests(emulator())[0].headers.host).toBe(new URL(emulator().baseUrl).host);
	});

	it('a Custom Host without its Chat API Host fails naming that field', async () => {
		const run = await runNode(appCredentialsFor(emulator(), { region: 'custom' }), getUser);
		expectInputError(run, /^The CometChat API credential has no Chat API Host \[item 0\]$/, /Every chat request goes to it/);
		expect((await testCredential(appCredentialsFor(emulator(), { region: 'custom' }))).message).toMatch(/^The Chat API Host is empty/);
	});
});

describe('a credential with a Base URL (made before App ID and Region)', () => {
	const older = () => ({ apiKey: TEST_API_KEY, baseUrl: emulator().baseUrl, callUrl: emulator().callUrl });

	it('keeps working as n8n loads it: the Base URL and Call URL stay, no App ID or Region is added', async () => {
		const loaded = asN8nLoadsIt(older());
		expect(loaded).toEqual({ ...older(), baseUrlNotice: '' });
		await createAda();
		expect((await runNode(loaded, getUser)).error).toBeUndefined();
		expect(apiRequests(emulator())[0].headers.host).toBe(new URL(emulator().baseUrl).host);
		expect(await testCredential(loaded)).toEqual({ status: 'OK', message: 'Connection successful!' });
	});

	it('keeps its Base URL and Call URL when opened and saved in the editor, and shows the notice', async () => {
		const saved = asEditorSavesIt(older());
		expect(saved).toEqual(older());
		const shown = properties
			.filter((property) => NodeHelpers.displayParameter({ ...saved, region: 'us', appId: '' }, property, null, null))
			.map((p) => p.name);
		expect(shown).toEqual(['baseUrlNotice', 'apiKey', 'baseUrl', 'callUrl']);
		await createAda();
		expect((await runNode(asN8nLoadsIt(saved), getUser)).error).toBeUndefined();
	});

	it('cleared in the editor, it becomes an App ID and Region credential', async () => {
		const newForm = { apiKey: TEST_API_KEY, baseUrl: '', callUrl: emulator().callUrl, appId: APP_ID, region: 'us' };
		const shown = properties.filter((property) => NodeHelpers.displayParameter(newForm, property, null, null)).map((p) => p.name);
		expect(shown).toEqual(['appId', 'region', 'apiKey']);
		const saved = asEditorSavesIt(newForm);
		expect(saved).toEqual({ apiKey: TEST_API_KEY, appId: APP_ID });
		await createAda();
		expect((await runNode(asN8nLoadsIt(saved), getUser)).error).toBeUndefined();
		expect(apiRequests(emulator())[0].headers.host).toBe(`${APP_ID}.api-us.cometchat.io`);
	});

	it('a new credential shows App ID, Region and API Key only', () => {
		const fresh = Object.fromEntries(properties.map((property) => [property.name, property.default])) as INodeParameters;
		const shown = properties.filter((property) => NodeHelpers.displayParameter(fresh, property, null, null)).map((p) => p.name);
		expect(shown).toEqual(['appId', 'region', 'apiKey']);
		fresh.region = 'custom';
		const custom = properties.filter((property) => NodeHelpers.displayParameter(fresh, property, null, null)).map((p) => p.name);
		expect(custom).toEqual(['region', 'chatHost', 'callHost', 'apiKey']);
	});
});
