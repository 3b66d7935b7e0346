// Metrics (GET /stats, GET /stats/messages), computed from the store, over HTTP.
const { useStarted } = require('./helpers');

const ctx = useStarted();
const s = () => ctx.emu.store;
const NOW = 1_700_003_600;
beforeEach(() => {
	s().reset();
	s().setClock(NOW);
	for (const uid of ['ann', 'bob', 'cat']) s().addUser({ uid, name: uid.toUpperCase() });
});

describe('GET /stats', () => {
	test('call minutes of the calls started in the range, active and concurrent users, the range in milliseconds', async () => {
		s().addMessage({ id: '1', sender: 'ann', receiver: 'bob', data: { text: 'a' }, sentAt: NOW - 100 });
		s().addCallSession({ sessionId: 'a1', initiator: 'ann', receiver: 'bob', type: 'audio', startedAt: NOW - 1000, endedAt: NOW - 880 });
		s().addCallSession({
			sessionId: 'v1',
			initiator: 'cat',
			receiver: 'bob',
			type: 'video',
			startedAt: NOW - 500,
			endedAt: NOW - 440,
			hasRecording: true,
		});
		s().addCallSession({ sessionId: 'old', initiator: 'ann', receiver: 'bob', type: 'audio', startedAt: NOW - 9000, endedAt: NOW - 8000 });
		const r = await ctx.api.get('/stats', { params: { fromDate: NOW - 3600, toDate: NOW } });
		expect(r.status).toBe(200);
		expect(r.data.data).toEqual({
			metrics: { audio_minutes: 2, video_minutes: 1, recorded_minutes: 1, active_users: 3, concurrent_users: 2 },
			time_range: { fromDate: (NOW - 3600) * 1000, toDate: NOW * 1000 },
		});
	});
	test('an empty range counts nothing; missing, non-numeric or reversed dates are 400', async () => {
		const r = await ctx.api.get('/stats', { params: { fromDate: 1, toDate: 2 } });
		expect(r.data.data.metrics).toEqual({ audio_minutes: 0, video_minutes: 0, recorded_minutes: 0, active_users: 0, concurrent_users: 0 });
		expect((await ctx.api.get('/stats', { params: { fromDate: 1 } })).status).toBe(400);
		expect((await ctx.api.get('/stats', { params: { fromDate: 'x', toDate: 2 } })).status).toBe(400);
		expect((await ctx.api.get('/stats', { params: { fromDate: 5, toDate: 2 } })).status).toBe(400);
	});
});

describe('GET /stats/messages', () => {
	test('twelve five-minute points of the last hour, the one under way last, times as text in ms', async () => {
		// NOW is 200 s after the start of its five minutes.
		const end = NOW + 100;
		s().addMessage({ id: '1', sender: 'ann', receiver: 'bob', data: { text: 'a' }, sentAt: end - 301 });
		s().addMessage({ id: '2', sender: 'bob', receiver: 'ann', data: { text: 'b' }, sentAt: end - 299 });
		s().addMessage({ id: '3', sender: 'bob', receiver: 'ann', data: { text: 'c' }, sentAt: end - 3601 });
		const r = await ctx.api.get('/stats/messages');
		expect(r.data.data).toMatchObject({ startTime: String((end - 3600) * 1000), endTime: String(end * 1000), appId: 'test-app' });
		expect(r.data.data.dataPoints).toHaveLength(12);
		expect(r.data.data.dataPoints[0]).toEqual({
			messagesSent: 0,
			readReceipts: 0,
			deliveryReceipts: 0,
			startTime: String((end - 3600) * 1000),
			endTime: String((end - 3300) * 1000),
		});
		expect(r.data.data.dataPoints.map((p) => p.messagesSent)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
	});
});
