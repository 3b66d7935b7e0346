/** Notification Log → Get Many, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { overrideRequestLimits } from '../../nodes/CometChat/transport/limits';
import { clearFaultQueue, expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();

beforeEach(() => {
	const store = emulator().store;
	store.setClock(1_700_000_000);
	for (let i = 1; i <= 5; i++) {
		store.addNotificationLog({
			_id: `log${i}`,
			messageId: 100 + i,
			sender: 'ada',
			receiver: 'bob',
			channel: i % 2 ? 'push' : 'email',
			provider: i % 2 ? 'fcm' : 'sendgrid',
			at: 1_700_000_000_000 + i * 1000,
			...(i === 3 ? { notificationTriggered: false, reason: 'MUTE_PREFERENCE' } : {}),
		});
	}
});

const run = (parameters: Record<string, unknown>) =>
	runNode(credentialsFor(emulator()), { resource: 'notificationLog', operation: 'getAll', ...parameters });

describe('Notification Log → Get Many', () => {
	it('Return All: one page; oldest first; a push token dropped', async () => {
		const all = await run({ returnAll: true, options: { simplify: false } });
		expect(all.error).toBeUndefined();
		expect(all.items.map((item) => item.json._id)).toEqual(['log1', 'log2', 'log3', 'log4', 'log5']);
		const requests = apiRequests(emulator());
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v3/notifications/v1/logs']);
		expect(requests[0].query).toEqual({ limit: '100' });
		// A push token in a log is dropped (helpers/secrets.ts); the rest is as the service answers.
		expect(all.items[0].json).toMatchObject({ channel: 'push', provider: 'fcm', messageId: 101, sender: 'ada', success: true });
	});

	it('Limit reads page by page with the cursor; filters go as published; Simplify keeps 10 fields', async () => {
		const limited = await run({ returnAll: false, limit: 3, filters: { channel: 'push' } });
		expect(limited.items.map((item) => item.json)).toEqual([
			{
				_id: 'log1',
				channel: 'push',
				provider: 'fcm',
				trigger: 'after_message',
				messageId: 101,
				sender: 'ada',
				receiver: 'bob',
				notificationTriggered: true,
				success: true,
			},
			{
				_id: 'log3',
				channel: 'push',
				provider: 'fcm',
				trigger: 'after_message',
				messageId: 103,
				sender: 'ada',
				receiver: 'bob',
				notificationTriggered: false,
				reason: 'MUTE_PREFERENCE',
			},
			{
				_id: 'log5',
				channel: 'push',
				provider: 'fcm',
				trigger: 'after_message',
				messageId: 105,
				sender: 'ada',
				receiver: 'bob',
				notificationTriggered: true,
				success: true,
			},
		]);
		expect(apiRequests(emulator())[0].query).toEqual({ channel: 'push', limit: '3' });
		emulator().clearRequests();
		const paged = await run({ returnAll: true, filters: { sender: 'ada', from: '2023-11-14T22:13:22Z', notificationTriggered: true } });
		expect(paged.items.map((item) => item.json._id)).toEqual(['log2', 'log4', 'log5']);
		expect(apiRequests(emulator())[0].query).toEqual({ sender: 'ada', from: '1700000002000', notificationTriggered: 'true', limit: '100' });
	});

	it('a second page is asked for with meta.next as CometChat hands it back: {affix, messageId}', async () => {
		const { store } = emulator();
		for (let i = 6; i <= 130; i++) store.addNotificationLog({ _id: `log${i}`, messageId: 100 + i, sender: 'ada', receiver: 'bob' });
		const all = await run({ returnAll: true });
		expect(all.items.map((item) => item.json._id)).toEqual(Array.from({ length: 130 }, (_, i) => `log${i + 1}`));
		const queries = apiRequests(emulator()).map((request) => request.query);
		expect(queries).toEqual([{ limit: '100' }, { limit: '100', affix: 'append', messageId: '200' }]);
	});

	it('Return All over three pages whose meta.next is {affix, messageId}, messages straddling pages: every record once', async () => {
		const { store } = emulator();
		store.areas.notificationProviders.logs.length = 0;
		// 84 messages with 3 logs each (push, e-mail, SMS), but the last with 1: 250 logs. A page of 100
		// ends inside a message, whose logs the next page (inclusive of its cursor's message) serves again.
		const ids: string[] = [];
		for (let i = 0; i < 250; i++) {
			ids.push(`m${Math.floor(i / 3)}-${i % 3}`);
			store.addNotificationLog({
				_id: ids[i],
				messageId: 1000 + Math.floor(i / 3),
				sender: 'ada',
				receiver: 'bob',
				channel: ['push', 'email', 'sms'][i % 3],
			});
		}
		const all = await run({ returnAll: true });
		expect(all.error).toBeUndefined();
		expect(all.items.map((item) => item.json._id)).toEqual(ids);
		const queries = apiRequests(emulator()).map((request) => request.query);
		expect(queries).toEqual([
			{ limit: '100' },
			{ limit: '100', affix: 'append', messageId: '1033' },
			{ limit: '100', affix: 'append', messageId: '1066' },
		]);
	});

	it('with the Message ID filter, the next page is asked for with the declared logId, so the filter stays', async () => {
		const { store } = emulator();
		for (let i = 1; i <= 150; i++)
			store.addNotificationLog({ _id: `group-log${i}`, messageId: 500, sender: 'ada', receiver: `member${i}` });
		store.addNotificationLog({ _id: 'other', messageId: 501, sender: 'ada', receiver: 'bob' });
		const all = await run({ returnAll: true, filters: { messageId: 500 } });
		expect(all.items.map((item) => item.json._id)).toEqual(Array.from({ length: 150 }, (_, i) => `group-log${i + 1}`));
		const queries = apiRequests(emulator()).map((request) => request.query);
		expect(queries).toEqual([
			{ messageId: '500', limit: '100' },
			{ messageId: '500', limit: '100', affix: 'append', logId: 'group-log100' },
		]);
	});

	it('a service error, with Continue On Fail: the item fails with the status, the next item is listed', async () => {
		emulator().injectNext(Array(20).fill({ kind: '500' }), { pathPrefix: '/v3/notifications/v1/logs', query: { channel: 'sms' } });
		// No waiting between retries: the 500s fail the item within its budget.
		const restore = overrideRequestLimits({ attemptTimeoutMs: 300, requestBudgetMs: 400 });
		try {
			const both = await runNode(
				credentialsFor(emulator()),
				{ resource: 'notificationLog', operation: 'getAll', returnAll: true, filters: { channel: '={{ $json.channel }}' } },
				[{ channel: 'sms' }, { channel: 'email' }],
				{ continueOnFail: true },
			);
			expectErrorItem(both.items[0], 0, /500|ERR_INTERNAL/);
			expect(both.items.slice(1).map((item) => item.json._id)).toEqual(['log2', 'log4']);
		} finally {
			restore();
			// The faults the first item left unused.
			await clearFaultQueue(emulator());
		}
	});

	it('bad filters fail before anything is sent', async () => {
		expectInputError(await run({ returnAll: true, filters: { channel: 'fax' } }), /'Channel'/, /Channel/);
		expectInputError(
			await run({ returnAll: true, filters: { messageId: 0 } }),
			/'Message ID' must be a whole number of at least 1/,
			/Message ID/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});
});
