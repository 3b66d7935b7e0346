const { useStarted, enc } = require('./helpers');

const ctx = useStarted();
const s = () => ctx.emu.store;
beforeEach(() => {
	s().reset();
	s().setClock(1700000000);
	s().addUser({ uid: 'ann', name: 'Ann', authTokens: ['ann-token-1', 'ann-token-2'] });
	s().addUser({ uid: 'bob', name: 'Bob', authTokens: ['bob-token'] });
});

describe('GET /v3/calls/:sessionId (call host)', () => {
	test('answers the session; derived durations; totalDuration HH:MM:SS', async () => {
		const c = s().addCallSession({
			initiator: 'ann',
			receiver: 'bob',
			initiatedAt: 1000,
			startedAt: 1010,
			endedAt: 1010 + 3725,
			type: 'video',
		});
		const r = await ctx.callApi.get(`/calls/${enc(c.sessionId)}`, { headers: { onBehalfOf: 'ann' } });
		expect(r.status).toBe(200);
		expect(r.data.data).toMatchObject({
			sessionId: c.sessionId,
			type: 'video',
			mode: 'call',
			status: 'ended',
			initiator: 'ann',
			receiver: 'bob',
			receiverType: 'user',
			initiatedAt: 1000,
			startedAt: 1010,
			endedAt: 4735,
			totalDuration: '01:02:05',
			totalAudioMinutes: 0,
			totalParticipants: 2,
			hasRecording: false,
		});
		expect(r.data.data.totalVideoMinutes).toBeCloseTo(3725 / 60);
		expect(r.data.data.participants.map((p) => p.uid)).toEqual(['ann', 'bob']);
		expect(r.data.data.participants[0]).toMatchObject({ isJoined: true, state: 'ended', mid: c.mid });
	});
	test('the chat host does not serve calls', async () => {
		const c = s().addCallSession({ initiator: 'ann', receiver: 'bob' });
		const r = await ctx.as('ann').get(`/calls/${enc(c.sessionId)}`);
		expect(r.status).toBe(404);
		expect(r.data.error.code).toBe('ERR_ROUTE_NOT_FOUND');
	});
	test('errors: apikey, onBehalfOf, unknown session', async () => {
		const c = s().addCallSession({ initiator: 'ann', receiver: 'bob' });
		expect((await ctx.client(ctx.emu.callUrl, { apikey: 'x' }).get(`/calls/${enc(c.sessionId)}`)).data.error.code).toBe(
			'AUTH_ERR_APIKEY_NOT_FOUND',
		);
		expect((await ctx.callApi.get(`/calls/${enc(c.sessionId)}`)).status).toBe(400);
		const nf = await ctx.callApi.get('/calls/v1.us.nope', { headers: { onBehalfOf: 'ann' } });
		expect(nf.status).toBe(404);
		expect(nf.data.error.code).toBe('ERR_CALL_SESSION_NOT_FOUND');
	});
	test('request log marks the host', async () => {
		ctx.emu.clearRequests();
		await ctx.callApi.get('/calls/x', { headers: { onBehalfOf: 'ann' } });
		expect(ctx.emu.requests[0]).toMatchObject({ host: 'call', path: '/v3/calls/x', status: 404 });
	});
	test('GET /calls lists newest first', async () => {
		s().addCallSession({ initiator: 'ann', receiver: 'bob', initiatedAt: 10, sessionId: 'a' });
		s().addCallSession({ initiator: 'bob', receiver: 'ann', initiatedAt: 20, sessionId: 'b' });
		const r = await ctx.callApi.get('/calls', { headers: { onBehalfOf: 'ann' } });
		expect(r.data.data.map((c) => c.sessionId)).toEqual(['b', 'a']);
		expect(r.data.meta.pagination).toEqual({ total: 2, count: 2, total_pages: 1, current_page: 1 });
	});
	test('GET /calls filters by the published parameters; onBehalfOf is optional and keeps the calls of that user', async () => {
		s().addCallSession({ sessionId: 'a', initiator: 'ann', receiver: 'bob', type: 'audio', initiatedAt: 10, startedAt: 15, endedAt: 75 });
		s().addCallSession({
			sessionId: 'b',
			initiator: 'bob',
			receiver: 'ann',
			type: 'video',
			hasRecording: true,
			initiatedAt: 20,
			startedAt: 25,
			endedAt: 85,
		});
		s().addCallSession({
			sessionId: 'c',
			initiator: 'bob',
			receiverType: 'group',
			receiver: 'team',
			mode: 'meet',
			initiatedAt: 30,
			startedAt: 35,
			endedAt: 95,
		});
		const ids = async (params, headers = {}) => (await ctx.callApi.get('/calls', { params, headers })).data.data.map((c) => c.sessionId);
		expect(await ids({})).toEqual(['c', 'b', 'a']);
		expect(await ids({ type: 'video' })).toEqual(['b']);
		expect(await ids({ mode: 'meet', receiverType: 'group' })).toEqual(['c']);
		expect(await ids({ hasRecording: false })).toEqual(['c', 'a']);
		expect(await ids({ participantsCount: 1 })).toEqual(['c']);
		expect(await ids({ startedAt: 25 })).toEqual(['c', 'b']);
		expect(await ids({ endedAt: 85 })).toEqual(['b', 'a']);
		expect(await ids({ uid: 'ann' })).toEqual(['b', 'a']);
		expect(await ids({}, { onBehalfOf: 'ann' })).toEqual(['b', 'a']);
		expect(await ids({ status: 'ongoing' })).toEqual([]);
		expect((await ctx.callApi.get('/calls', { params: { type: 'chat' } })).status).toBe(400);
		expect((await ctx.callApi.get('/calls', { headers: { onBehalfOf: 'zed' } })).data.error.code).toBe('ERR_UID_NOT_FOUND');
	});
	test('GET /calls/:sessionId/transcriptions pages the transcriptions of the call; the call shows hasTranscription', async () => {
		const c = s().addCallSession({ initiator: 'ann', receiver: 'bob', startedAt: 100, endedAt: 160 });
		expect(c.hasTranscription).toBe(false);
		for (const tid of ['t1', 't2', 't3']) s().addTranscription(c.sessionId, { tid });
		const r = await ctx.callApi.get(`/calls/${enc(c.sessionId)}/transcriptions`, { params: { perPage: 2, page: 2 } });
		expect(r.data.data.map((t) => t.tid)).toEqual(['t3']);
		expect(r.data.meta.pagination).toEqual({ total: 3, count: 1, per_page: 2, current_page: 2, total_pages: 2 });
		expect(r.data.data[0]).toMatchObject({ startTime: 100, endTime: 160, transcriptDate: '1970-01-01T00:01:40.000Z', mid: c.mid });
		expect((await ctx.callApi.get(`/calls/${enc(c.sessionId)}`, { headers: { onBehalfOf: 'ann' } })).data.data.hasTranscription).toBe(true);
		expect((await ctx.callApi.get('/calls/nope/transcriptions')).data.error.code).toBe('ERR_CALL_SESSION_NOT_FOUND');
	});
});

describe('push tokens', () => {
	beforeEach(() => {
		s().addPushToken({ uid: 'ann', authToken: 'ann-token-1', pushToken: 'p1' });
		s().addPushToken({ uid: 'ann', authToken: 'ann-token-1', pushToken: 'p2', platform: 'apns_ios' });
		s().addPushToken({ uid: 'ann', authToken: 'ann-token-2', pushToken: 'p3' });
		s().addPushToken({ uid: 'bob', authToken: 'bob-token', pushToken: 'p4' });
	});
	const tokens = (r) => r.data.data.pushTokens.map((t) => t.pushToken);
	test('all=false (default): removes the tokens of that auth token; ISO timestamps', async () => {
		const r = await ctx.api.delete('/notifications/push/v1/tokens', { data: { authToken: 'ann-token-1' } });
		expect(r.status).toBe(200);
		expect(tokens(r)).toEqual(['p1', 'p2']);
		expect(r.data.data.pushTokens[0]).toEqual({
			authToken: 'ann-token-1',
			pushTokenType: 'chat',
			createdAt: '2023-11-14T22:13:20.000Z',
			platform: 'fcm_android',
			providerId: 'fcm-provider-1',
			pushToken: 'p1',
			uid: 'ann',
			updatedAt: '2023-11-14T22:13:20.000Z',
		});
		expect(s().pushTokens.map((t) => t.pushToken)).toEqual(['p3', 'p4']);
		expect(tokens(await ctx.api.delete('/notifications/push/v1/tokens?all=false', { data: { authToken: 'ann-token-1' } }))).toEqual([]);
	});
	test('all=true: removes every token of the user', async () => {
		const r = await ctx.api.delete('/notifications/push/v1/tokens', { params: { all: true }, data: { authToken: 'ann-token-2' } });
		expect(tokens(r)).toEqual(['p1', 'p2', 'p3']);
		expect(s().pushTokens.map((t) => t.pushToken)).toEqual(['p4']);
	});
	test('DELETE one token by path', async () => {
		const r = await ctx.api.delete(`/notifications/push/v1/tokens/${enc('p2')}`, { data: { authToken: 'ann-token-2' } });
		expect(tokens(r)).toEqual(['p2']);
		const other = await ctx.api.delete('/notifications/push/v1/tokens/p4', { data: { authToken: 'ann-token-1' } });
		expect(other.status).toBe(404);
		expect(other.data.error.code).toBe('ERR_PUSH_TOKEN_NOT_FOUND');
	});
	test('errors: authToken required / unknown; bad all', async () => {
		const r = await ctx.api.delete('/notifications/push/v1/tokens', { data: {} });
		expect(r.status).toBe(400);
		expect(r.data.error.details.authToken).toBeDefined();
		expect((await ctx.api.delete('/notifications/push/v1/tokens')).status).toBe(400);
		expect((await ctx.api.delete('/notifications/push/v1/tokens', { data: { authToken: 'nope' } })).data.error.code).toBe(
			'ERR_AUTH_TOKEN_NOT_FOUND',
		);
		expect((await ctx.api.delete('/notifications/push/v1/tokens?all=maybe', { data: { authToken: 'bob-token' } })).status).toBe(400);
	});
	test('register and list through the API', async () => {
		expect(
			(await ctx.api.post('/notifications/push/v1/tokens', { authToken: 'bob-token', fcmToken: 'p5', platform: 'fcm_web' })).data.data
				.success,
		).toBe(true);
		expect(tokens(await ctx.api.get('/notifications/push/v1/tokens', { params: { authToken: 'bob-token' } }))).toEqual(['p4', 'p5']);
	});
	test('register: the token field of each platform; the same token again is updated', async () => {
		const reg = (body) => ctx.api.post('/notifications/push/v1/tokens', { authToken: 'bob-token', ...body });
		expect((await reg({ platform: 'apns_ios_device', deviceToken: 'd1', providerId: 'apns-2', timezone: 'Asia/Tokyo' })).status).toBe(200);
		expect((await reg({ platform: 'apns_ios_voip', voipToken: 'v1' })).status).toBe(200);
		expect((await reg({ platform: 'apns_ios_device', deviceToken: 'd1' })).status).toBe(200);
		const listed = (await ctx.api.get('/notifications/push/v1/tokens', { params: { authToken: 'bob-token' } })).data.data.pushTokens;
		expect(listed.map((t) => [t.pushToken, t.platform, t.pushTokenType])).toEqual([
			['p4', 'fcm_android', 'chat'],
			['v1', 'apns_ios_voip', 'voip'],
			['d1', 'apns_ios_device', 'chat'],
		]);
	});
	test('register: refused without the token its platform takes, with another platform, or an unknown auth token', async () => {
		const reg = (body) => ctx.api.post('/notifications/push/v1/tokens', body);
		const noToken = await reg({ authToken: 'bob-token', platform: 'fcm_android', deviceToken: 'x' });
		expect(noToken.status).toBe(400);
		expect((await reg({ authToken: 'bob-token', platform: 'windows', fcmToken: 'x' })).status).toBe(400);
		expect((await reg({ authToken: 'nope', platform: 'fcm_android', fcmToken: 'x' })).data.error.code).toBe('ERR_AUTH_TOKEN_NOT_FOUND');
		expect((await ctx.api.get('/notifications/push/v1/tokens')).status).toBe(400);
		expect(s().pushTokens.map((t) => t.pushToken)).toEqual(['p1', 'p2', 'p3', 'p4']);
	});
});
