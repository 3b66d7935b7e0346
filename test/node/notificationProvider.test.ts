/** Notification Provider: Get, Save, Update and Delete of the five providers, through n8n's engine against the emulator. */
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { overrideRequestLimits } from '../../nodes/CometChat/transport/limits';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { clearFaultQueue, expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const AUTH_TOKEN = 'twilio-auth-token-secret-7Hq2';
const ACCOUNT_SID = 'AC91e67951ff7e5e7be8122184e76ae0e6';
const API_KEY = 'SG.sendgrid-key-secret-9Xw3';
const PASSWORD = 'hook-password-secret-4Lm8';
const SECRETS = [AUTH_TOKEN, ACCOUNT_SID, API_KEY, PASSWORD];

/** Whether a secret shows anywhere in a run's output or error (the node's own parameters left out). */
const leaks = (value: unknown) => {
	const text = JSON.stringify(value, (key, inner: unknown) => (key === 'node' ? undefined : inner));
	return SECRETS.some((secret) => text.includes(secret));
};

const run = (parameters: INodeParameters, input?: IDataObject[], options?: Partial<INode>) =>
	runNode(credentialsFor(emulator()), { resource: 'notificationProvider', ...parameters }, input, options);

const twilio = {
	provider: 'twilioSms',
	twilioAccountSID: ACCOUNT_SID,
	twilioAuthToken: AUTH_TOKEN,
	twilioSenderPhoneNumber: '+13611364718',
};

describe('Notification Provider → Save, Get, Update, Delete (Twilio SMS)', () => {
	it('saves, reads back masked, updates and deletes; the stored record is what was sent', async () => {
		const saved = await run({ operation: 'save', ...twilio });
		expect(saved.error).toBeUndefined();
		const [sent] = apiRequests(emulator());
		expect(`${sent.method} ${sent.path}`).toBe('POST /v3/notifications/sms/v1/providers/twilio');
		expect(sent.body).toEqual({
			isEnabled: true,
			twilioAccountSID: ACCOUNT_SID,
			twilioAuthToken: AUTH_TOKEN,
			twilioSenderPhoneNumber: '+13611364718',
		});
		const masked = {
			provider: 'twilioSms',
			configured: true,
			isEnabled: true,
			twilioAccountSIDMasked: '****e0e6',
			twilioAuthTokenMasked: '****7Hq2',
			twilioSenderPhoneNumber: '+13611364718',
		};
		expect(saved.items[0].json).toEqual(masked);
		expect(emulator().store.notificationProviders.get('sms/twilio')).toMatchObject({ twilioAuthToken: AUTH_TOKEN });

		const got = await run({ operation: 'get', provider: 'twilioSms' });
		expect(got.items[0].json).toEqual(masked);
		expect(leaks(got.items)).toBe(false);

		const updated = await run({ operation: 'update', provider: 'twilioSms', updateFields: { isEnabled: false } });
		expect(apiRequests(emulator()).at(-1)?.body).toEqual({ isEnabled: false });
		expect(updated.items[0].json).toEqual({ ...masked, isEnabled: false });
		expect(emulator().store.notificationProviders.get('sms/twilio')).toMatchObject({ isEnabled: false, twilioAuthToken: AUTH_TOKEN });

		const deleted = await run({ operation: 'delete', provider: 'twilioSms' });
		expect(deleted.items[0].json).toEqual({ provider: 'twilioSms', deleted: true });
		expect(apiRequests(emulator()).at(-1)?.method).toBe('DELETE');
		expect(emulator().store.notificationProviders.has('sms/twilio')).toBe(false);
		const none = await run({ operation: 'get', provider: 'twilioSms' });
		expect(none.items[0].json).toEqual({ provider: 'twilioSms', configured: false });
	});

	it('bad input fails before anything is sent, naming the field; a secret is never repeated', async () => {
		expectInputError(
			await run({ operation: 'save', ...twilio, twilioAuthToken: '={{ "" }}' }),
			/'Auth Token' is empty/,
			/Fill in 'Auth Token'/,
		);
		expectInputError(
			await run({ operation: 'save', ...twilio, twilioSenderPhoneNumber: '3611364718' }),
			/'Sender Phone Number' is not a phone number in international format/,
			/\+13611364718/,
		);
		expectInputError(await run({ operation: 'update', provider: 'twilioSms', updateFields: {} }), /Nothing to update/, /Update Fields/);
		const notText = await run({ operation: 'save', ...twilio, twilioAuthToken: '={{ ["x"] }}' });
		expectInputError(notText, /'Auth Token' must be text/, /as text/);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('a service error, with Continue On Fail: the item fails with its code, the next item runs; no secret in either', async () => {
		// Every save of the first item's provider fails; the second item saves another provider.
		emulator().injectNext(Array(20).fill({ kind: '500' }), { pathPrefix: '/v3/notifications/sms/v1/providers/custom', method: 'POST' });
		const restore = overrideRequestLimits({ attemptTimeoutMs: 300, requestBudgetMs: 400 });
		try {
			const both = await run(
				{
					operation: 'save',
					...twilio,
					provider: '={{ $json.provider }}',
					webhookURL: 'https://example.com/sms',
					useBasicAuth: true,
					basicAuthUsername: 'n8n',
					basicAuthPassword: PASSWORD,
				},
				[{ provider: 'customSms' }, { provider: 'twilioSms' }],
				{ continueOnFail: true },
			);
			expectErrorItem(both.items[0], 0, /500|ERR_INTERNAL/);
			expect(both.items[1].json).toMatchObject({ provider: 'twilioSms', twilioAuthTokenMasked: '****7Hq2' });
			expect(leaks(both.items)).toBe(false);
			expect(emulator().store.notificationProviders.has('sms/custom')).toBe(false);
		} finally {
			restore();
			// The faults the first item left unused.
			await clearFaultQueue(emulator());
		}
	});
});

describe('Notification Provider: SendGrid and the custom providers', () => {
	it('SendGrid: every published required field, the API key masked, replies with their address', async () => {
		const settings = {
			sendGridApiKey: API_KEY,
			sendGridTemplateID: 'd-8284bb9646a040499d5cfa28d272a094',
			sendGridUnsubscribeGroupID: '33832',
			senderName: 'Emailer',
			senderEmail: 'noreply@example.com',
			allowEmailReplies: true,
			senderEmailForReplies: 'reply@example.com',
		};
		const saved = await run({ operation: 'save', provider: 'sendgridEmail', ...settings });
		expect(apiRequests(emulator())[0].body).toEqual({ isEnabled: true, ...settings });
		expect(saved.items[0].json).toMatchObject({ provider: 'sendgridEmail', sendGridApiKeyMasked: '****9Xw3', allowEmailReplies: true });
		expect(leaks(saved.items)).toBe(false);
		expectInputError(
			await run({ operation: 'update', provider: 'sendgridEmail', updateFields: { senderEmail: 'not-an-address' } }),
			/'Sender E-Mail' is not an e-mail address/,
			/noreply@example.com/,
		);
	});

	it('custom push: the answer inside pushProviders comes out as one record, the password dropped', async () => {
		const saved = await run({
			operation: 'save',
			provider: 'customPush',
			webhookURL: 'https://example.com/push',
			useBasicAuth: true,
			basicAuthUsername: 'n8n',
			basicAuthPassword: PASSWORD,
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: '/v3/notifications/push/v1/providers/custom',
			body: {
				isEnabled: true,
				webhookURL: 'https://example.com/push',
				useBasicAuth: true,
				basicAuthUsername: 'n8n',
				basicAuthPassword: PASSWORD,
			},
		});
		const record = {
			provider: 'customPush',
			configured: true,
			isEnabled: true,
			webhookURL: 'https://example.com/push',
			useBasicAuth: true,
			basicAuthUsername: 'n8n',
			hasBasicAuthPassword: true,
		};
		expect(saved.items[0].json).toEqual(record);
		expect((await run({ operation: 'get', provider: 'customPush' })).items[0].json).toEqual(record);
		await run({ operation: 'delete', provider: 'customPush' });
		expect((await run({ operation: 'get', provider: 'customPush' })).items[0].json).toEqual({ provider: 'customPush', configured: false });
	});

	it('custom SMS and e-mail: Basic Auth off sends an empty pair (the published body requires it); Basic Auth checks', async () => {
		await run({ operation: 'save', provider: 'customSms', webhookURL: 'https://example.com/sms', useStoredPhNo: true });
		expect(apiRequests(emulator())[0].body).toEqual({
			isEnabled: true,
			useStoredPhNo: true,
			webhookURL: 'https://example.com/sms',
			useBasicAuth: false,
			basicAuthUsername: '',
			basicAuthPassword: '',
		});
		expect(emulator().store.notificationProviders.get('sms/custom')).toMatchObject({ useStoredPhNo: true });
		await run({ operation: 'save', provider: 'customEmail', webhookURL: 'https://example.com/mail', isEnabled: false });
		expect(emulator().store.notificationProviders.get('email/custom')).toMatchObject({ isEnabled: false, useStoredEmailID: false });
		emulator().clearRequests();
		const colon = await run({
			operation: 'save',
			provider: 'customEmail',
			webhookURL: 'https://example.com/mail',
			useBasicAuth: true,
			basicAuthUsername: 'a:b',
			basicAuthPassword: PASSWORD,
		});
		expectInputError(colon, /'Basic Auth Username' holds a colon/, /username:password/);
		const off = await run({
			operation: 'update',
			provider: 'customSms',
			updateFields: { useBasicAuth: false, basicAuthPassword: PASSWORD },
		});
		expectInputError(off, /Use Basic Auth is off/, /Turn 'Use Basic Auth' on/);
		expect(leaks([colon.error, off.error])).toBe(false);
		expectInputError(
			await run({ operation: 'save', provider: 'customSms', webhookURL: 'example.com/sms' }),
			/'Webhook URL' must be an http\(s\) URL/,
			/https:\/\//,
		);
		expect(apiRequests(emulator())).toEqual([]);
		const updated = await run({ operation: 'update', provider: 'customSms', updateFields: { webhookURL: 'https://example.com/sms2' } });
		expect(updated.items[0].json).toMatchObject({ webhookURL: 'https://example.com/sms2', useStoredPhNo: true });
	});
});

describe('Notification Provider: every provider at its own path', () => {
	const PATHS = {
		twilioSms: 'sms/twilio',
		sendgridEmail: 'email/sendgrid',
		customPush: 'push/custom',
		customSms: 'sms/custom',
		customEmail: 'email/custom',
	} as const;

	it.each(Object.entries(PATHS))('%s: Get, Update and Delete go to /notifications/%s', async (provider, path) => {
		const [channel, kind] = path.split('/');
		emulator().store.saveNotificationProvider(path as (typeof PATHS)[keyof typeof PATHS], { isEnabled: true });
		const got = await run({ operation: 'get', provider });
		expect(got.items[0].json).toEqual({ provider, configured: true, isEnabled: true });
		const updated = await run({ operation: 'update', provider, updateFields: { isEnabled: false } });
		expect(updated.items[0].json).toEqual({ provider, configured: true, isEnabled: false });
		await run({ operation: 'delete', provider });
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.path}`)).toEqual(
			['GET', 'PUT', 'DELETE'].map((method) => `${method} /v3/notifications/${channel}/v1/providers/${kind}`),
		);
		expect(emulator().store.notificationProviders.size).toBe(0);
	});
});

describe('Notification Provider → Save: its answer lost', () => {
	const sent = () => apiRequests(emulator()).map((request) => `${request.method} ${request.path} ${request.status}`);

	it('after CometChat stored it: read back as sent, the record output with appliedByEarlierAttempt', async () => {
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: '/v3/notifications/sms/v1/providers/twilio' });
		const { items, error } = await run({ operation: 'save', ...twilio });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ provider: 'twilioSms', twilioAuthTokenMasked: '****7Hq2', appliedByEarlierAttempt: true });
		expect(sent()).toEqual(['POST /v3/notifications/sms/v1/providers/twilio 200', 'GET /v3/notifications/sms/v1/providers/twilio 200']);
		expect(leaks(items)).toBe(false);
	});

	it('before CometChat stored it (503): other settings read back, sent again once', async () => {
		emulator().store.saveNotificationProvider('sms/twilio', { ...twilio, twilioAuthToken: 'an-older-token' });
		emulator().injectNext(['503'], { method: 'POST', pathPrefix: '/v3/notifications/sms/v1/providers/twilio' });
		const { items, error } = await run({ operation: 'save', ...twilio });
		expect(error).toBeUndefined();
		expect(items[0].json.appliedByEarlierAttempt).toBeUndefined();
		expect(sent()).toEqual([
			'POST /v3/notifications/sms/v1/providers/twilio 503',
			'GET /v3/notifications/sms/v1/providers/twilio 200',
			'POST /v3/notifications/sms/v1/providers/twilio 200',
		]);
		expect(emulator().store.notificationProviders.get('sms/twilio')?.twilioAuthToken).toBe(AUTH_TOKEN);
	});
});
