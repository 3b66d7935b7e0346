/** Metric → Get Usage and Get Message Metrics, through n8n's engine against the emulator. */
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const NOW = 1_700_003_600;

beforeEach(() => {
	const store = emulator().store;
	store.setClock(NOW);
	for (const uid of ['ada', 'bob', 'cy']) store.addUser({ uid, name: uid.toUpperCase() });
	store.addMessage({ id: '1', sender: 'ada', receiver: 'bob', data: { text: 'a' }, sentAt: NOW - 600 });
	store.addMessage({ id: '2', sender: 'bob', receiver: 'ada', data: { text: 'b' }, sentAt: NOW - 590 });
	store.addMessage({ id: '3', sender: 'cy', receiver: 'ada', data: { text: 'c' }, sentAt: NOW - 7200 });
	store.addCallSession({ sessionId: 's1', initiator: 'ada', receiver: 'cy', type: 'video', startedAt: NOW - 300, endedAt: NOW - 180 });
});

describe('Metric → Get Usage', () => {
	it('sends From and To as epoch seconds; the usage counts what happened in the period', async () => {
		const { items, error } = await runNode(credentialsFor(emulator()), {
			resource: 'metric',
			operation: 'getUsage',
			fromDate: new Date((NOW - 3600) * 1000).toISOString(),
			toDate: '={{ $now }}',
		});
		expect(error).toBeUndefined();
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ method: 'GET', path: '/v3/stats', query: { fromDate: String(NOW - 3600) } });
		expect(Number(sent.query.toDate)).toBeGreaterThanOrEqual(NOW);
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			metrics: { audio_minutes: 0, video_minutes: 2, recorded_minutes: 0, active_users: 3, concurrent_users: 2 },
			time_range: { fromDate: (NOW - 3600) * 1000, toDate: Number(sent.query.toDate) * 1000 },
		});
	});

	it('an earlier period counts only its own message', async () => {
		const { items } = await runNode(credentialsFor(emulator()), {
			resource: 'metric',
			operation: 'getUsage',
			fromDate: NOW - 8000,
			toDate: NOW - 7000,
		});
		expect(items[0].json.metrics).toEqual({
			audio_minutes: 0,
			video_minutes: 0,
			recorded_minutes: 0,
			active_users: 1,
			concurrent_users: 1,
		});
	});

	it('checks the dates before sending', async () => {
		const base = { resource: 'metric', operation: 'getUsage', fromDate: '2024-01-02', toDate: '2024-01-03' };
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, toDate: '2024-01-01' }),
			/'To' \(2024-01-01T00:00:00Z\) is before 'From' \(2024-01-02T00:00:00Z\)/,
			/Pick a 'To' after 'From', or swap the two/,
		);
		expectInputError(
			await runNode(credentialsFor(emulator()), { ...base, fromDate: '={{ 1700000000000 }}' }),
			/'From' is the number 1700000000000, which looks like milliseconds/,
			/Pick a date in 'From'/,
		);
		expectInputError(await runNode(credentialsFor(emulator()), { ...base, toDate: '={{ "" }}' }), /'To' is empty/, /Pick a date in 'To'/);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('a service error keeps its code; Continue On Fail goes on', async () => {
		const parameters = { resource: 'metric', operation: 'getUsage', fromDate: '2024-01-01', toDate: '2024-01-02' };
		const stopped = await runNode(credentialsFor(emulator(), { apiKey: 'wrong-key' }), parameters);
		expectServiceError(stopped, 'AUTH_ERR_APIKEY_NOT_FOUND', '401');
		const carriedOn = await runNode(credentialsFor(emulator(), { apiKey: 'wrong-key' }), parameters, [{}, {}], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(carriedOn.items[0], 0, 'AUTH_ERR_APIKEY_NOT_FOUND');
		expectErrorItem(carriedOn.items[1], 1, 'AUTH_ERR_APIKEY_NOT_FOUND');
	});
});

describe('Metric → Get Message Metrics', () => {
	it('gets the messages sent per five minutes of the last hour', async () => {
		const { items, error } = await runNode(credentialsFor(emulator()), { resource: 'metric', operation: 'getMessageMetrics' });
		expect(error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'GET', path: '/v3/stats/messages', query: {} });
		const data = items[0].json as { dataPoints: Array<{ messagesSent: number; startTime: string }>; appId: string };
		expect(data.dataPoints).toHaveLength(12);
		expect(data.dataPoints.reduce((sum, point) => sum + point.messagesSent, 0)).toBe(2);
		const end = (Math.floor(NOW / 300) + 1) * 300;
		expect(data).toMatchObject({ startTime: String((end - 3600) * 1000), endTime: String(end * 1000) });
		expect(data.dataPoints.find((point) => point.messagesSent === 2)?.startTime).toBe(String(Math.floor((NOW - 600) / 300) * 300 * 1000));
	});
});
