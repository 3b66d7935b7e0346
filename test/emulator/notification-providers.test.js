const { useStarted } = require('./helpers');

const ctx = useStarted();
const s = () => ctx.emu.store;
beforeEach(() => {
	s().reset();
	s().setClock(1700000000);
});

const TWILIO = '/notifications/sms/v1/providers/twilio';
const twilio = { twilioAccountSID: 'AC0123456789abcdef', twilioAuthToken: 'twilio-token-1234', twilioSenderPhoneNumber: '+13611364718' };

describe('notification providers', () => {
	test('save, get, update and delete: the record as stored, secrets included; none: an empty record', async () => {
		expect((await ctx.api.get(TWILIO)).data).toEqual({ data: {} });
		const saved = await ctx.api.post(TWILIO, { ...twilio, isEnabled: true });
		expect(saved.status).toBe(200);
		expect(saved.data.data).toEqual({ ...twilio, isEnabled: true });
		expect((await ctx.api.get(TWILIO)).data.data).toEqual({ ...twilio, isEnabled: true });
		const updated = await ctx.api.put(TWILIO, { isEnabled: false, twilioAuthToken: 'twilio-token-5678' });
		expect(updated.data.data).toEqual({ ...twilio, isEnabled: false, twilioAuthToken: 'twilio-token-5678' });
		expect(s().notificationProviders.get('sms/twilio')).toMatchObject({ isEnabled: false });
		expect((await ctx.api.delete(TWILIO)).data).toEqual({ data: { success: true } });
		expect(s().notificationProviders.has('sms/twilio')).toBe(false);
		expect((await ctx.api.get(TWILIO)).data).toEqual({ data: {} });
	});

	test('the custom push provider answers inside pushProviders', async () => {
		const path = '/notifications/push/v1/providers/custom';
		expect((await ctx.api.get(path)).data).toEqual({ data: { pushProviders: [] } });
		const body = {
			isEnabled: true,
			webhookURL: 'https://example.com/push',
			useBasicAuth: true,
			basicAuthUsername: 'n8n',
			basicAuthPassword: 'pw-1234',
		};
		expect((await ctx.api.post(path, body)).data).toEqual({ data: { pushProviders: [body] } });
		expect((await ctx.api.get(path)).data).toEqual({ data: { pushProviders: [body] } });
	});

	test('a save outside the published body is refused: a required field missing, a wrong type', async () => {
		const missing = await ctx.api.post(TWILIO, { twilioAccountSID: 'AC1', twilioAuthToken: 'x' });
		expect(missing.status).toBe(400);
		expect(missing.data.error.code).toBe('ERR_BAD_REQUEST');
		expect(Object.keys(missing.data.error.details)).toEqual(['twilioSenderPhoneNumber']);
		const wrongType = await ctx.api.post('/notifications/sms/v1/providers/custom', {
			isEnabled: 'yes',
			useStoredPhNo: false,
			webhookURL: 'https://example.com/sms',
			useBasicAuth: false,
			basicAuthUsername: '',
			basicAuthPassword: '',
		});
		expect(wrongType.status).toBe(400);
		expect(Object.keys(wrongType.data.error.details)).toEqual(['isEnabled']);
		expect(s().notificationProviders.size).toBe(0);
		expect((await ctx.api.put(TWILIO, {})).status).toBe(400);
	});
});

describe('GET /v3/notifications/v1/logs', () => {
	test('filters, and pages with {affix, messageId} from meta.next and meta.previous, or with the declared logId', async () => {
		for (let i = 1; i <= 5; i++) {
			s().addNotificationLog({ _id: `log${i}`, messageId: i, sender: 'ann', receiver: 'bob', channel: i % 2 ? 'push' : 'email' });
		}
		const first = await ctx.api.get('/notifications/v1/logs', { params: { limit: 2 } });
		expect(first.data.data.map((log) => log._id)).toEqual(['log1', 'log2']);
		expect(first.data.meta).toEqual({ current: { limit: 2, count: 2 }, next: { affix: 'append', messageId: 2 } });
		// The messageId cursor is inclusive: a message's logs may straddle two pages.
		const second = await ctx.api.get('/notifications/v1/logs', { params: { limit: 2, affix: 'append', messageId: 3 } });
		expect(second.data.data.map((log) => log._id)).toEqual(['log3', 'log4']);
		expect(second.data.meta.previous).toEqual({ affix: 'prepend', messageId: 3 });
		const back = await ctx.api.get('/notifications/v1/logs', { params: { limit: 2, affix: 'prepend', messageId: 2 } });
		expect(back.data.data.map((log) => log._id)).toEqual(['log1', 'log2']);
		const declared = await ctx.api.get('/notifications/v1/logs', { params: { limit: 2, affix: 'append', logId: 'log2' } });
		expect(declared.data.data.map((log) => log._id)).toEqual(['log3', 'log4']);
		const last = await ctx.api.get('/notifications/v1/logs', { params: { limit: 2, affix: 'append', messageId: 5 } });
		expect(last.data.data.map((log) => log._id)).toEqual(['log5']);
		expect(last.data.meta.next).toBeUndefined();
		expect((await ctx.api.get('/notifications/v1/logs', { params: { affix: 'append' } })).status).toBe(400);
		expect((await ctx.api.get('/notifications/v1/logs', { params: { logId: 'log2' } })).status).toBe(400);
		// A message's logs, the filter (no affix) and the cursor (affix) read the same name.
		s().addNotificationLog({ _id: 'log2b', messageId: 2, sender: 'ann', receiver: 'cy' });
		const ofTwo = await ctx.api.get('/notifications/v1/logs', { params: { messageId: 2 } });
		expect(ofTwo.data.data.map((log) => log._id)).toEqual(['log2', 'log2b']);
		const fromTwo = await ctx.api.get('/notifications/v1/logs', { params: { limit: 3, affix: 'append', messageId: 2 } });
		expect(fromTwo.data.data.map((log) => log._id)).toEqual(['log2', 'log2b', 'log3']);
		const email = await ctx.api.get('/notifications/v1/logs', { params: { channel: 'email' } });
		expect(email.data.data.map((log) => log._id)).toEqual(['log2', 'log4']);
		expect((await ctx.api.get('/notifications/v1/logs', { params: { channel: 'fax' } })).status).toBe(400);
	});
});

describe('notification activity', () => {
	test('a message sent while providers are enabled is logged once per channel, with its provider', async () => {
		s().addUser({ uid: 'ann', name: 'Ann' });
		s().addUser({ uid: 'bob', name: 'Bob' });
		s().saveNotificationProvider('push/custom', { isEnabled: true, webhookURL: 'https://example.com/push' });
		s().saveNotificationProvider('sms/twilio', { ...twilio, isEnabled: true });
		s().saveNotificationProvider('sms/custom', { isEnabled: true, webhookURL: 'https://example.com/sms' });
		s().saveNotificationProvider('email/custom', { isEnabled: false, webhookURL: 'https://example.com/mail' });
		const sent = await ctx.api.post(
			'/messages',
			{ receiver: 'bob', receiverType: 'user', category: 'message', type: 'text', data: { text: 'Hi' } },
			{ headers: { onBehalfOf: 'ann' } },
		);
		expect(sent.status).toBe(200);
		const logs = (await ctx.api.get('/notifications/v1/logs')).data.data;
		expect(logs.map((log) => [log.channel, log.provider, log.messageId, log.sender, log.receiver])).toEqual([
			['push', 'custom', Number(sent.data.data.id), 'ann', 'bob'],
			['sms', 'twilio', Number(sent.data.data.id), 'ann', 'bob'],
		]);
		expect(logs[0]).toMatchObject({
			trigger: 'after_message',
			receiverType: 'user',
			notificationTriggered: true,
			success: true,
			messageSentAtMS: 1700000000000,
		});
	});
});
