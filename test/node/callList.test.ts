/** Call → Get Many and Get Transcriptions, on the call host, through n8n's engine against the emulator. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, pageQueries, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const run = (parameters: INodeParameters, items?: IDataObject[], continueOnFail = false) =>
	runNode(
		credentialsFor(emulator()),
		{ resource: 'call', ...parameters },
		items,
		continueOnFail ? { onError: 'continueRegularOutput' } : undefined,
	);

beforeEach(() => {
	const store = emulator().store;
	for (const uid of ['ada', 'bob', 'cy']) store.addUser({ uid, name: uid.toUpperCase() });
	store.addCallSession({
		sessionId: 's1',
		initiator: 'ada',
		receiver: 'bob',
		type: 'audio',
		initiatedAt: 1_700_000_000,
		startedAt: 1_700_000_010,
		endedAt: 1_700_000_070,
	});
	store.addCallSession({
		sessionId: 's2',
		initiator: 'bob',
		receiver: 'cy',
		type: 'video',
		hasRecording: true,
		initiatedAt: 1_700_001_000,
		startedAt: 1_700_001_010,
		endedAt: 1_700_001_130,
	});
	store.addCallSession({
		sessionId: 's3',
		initiator: 'cy',
		receiver: 'ada',
		type: 'audio',
		status: 'rejected',
		initiatedAt: 1_700_002_000,
	});
});

describe('Call → Get Many', () => {
	it('lists the calls newest first from the call host, simplified', async () => {
		const { items, error } = await run({ operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.sessionId)).toEqual(['s3', 's2', 's1']);
		expect(Object.keys(items[1].json).sort()).toEqual(
			[
				'sessionId',
				'type',
				'status',
				'initiator',
				'receiver',
				'receiverType',
				'startedAt',
				'startedAtIso',
				'endedAt',
				'endedAtIso',
				'totalDurationInMinutes',
				'hasRecording',
			].sort(),
		);
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({ host: 'call', method: 'GET', path: '/v3/calls', query: { perPage: '1000', page: '1' } });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(sent.headers.onbehalfof).toBeUndefined();
	});

	it('sends the filters as published; the emulator answers the calls that match', async () => {
		const { items } = await run({
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'video', hasRecording: true, uid: 'cy', startedAt: '2023-11-14T22:13:20Z', participantsCount: 2, status: 'ended' },
			options: { simplify: false },
		});
		expect(items.map((item) => item.json.sessionId)).toEqual(['s2']);
		expect(items[0].json.participants).toHaveLength(2);
		expect(apiRequests(emulator())[0].query).toEqual({
			type: 'video',
			hasRecording: 'true',
			uid: 'cy',
			startedAt: '1700000000',
			participantsCount: '2',
			status: 'ended',
			perPage: '1000',
			page: '1',
		});
	});

	it('Act As lists only the calls of that user; Limit pages', async () => {
		const { items } = await run({ operation: 'getAll', limit: 1, onBehalfOf: byId('ada') });
		expect(items.map((item) => item.json.sessionId)).toEqual(['s3']);
		const [sent] = apiRequests(emulator());
		expect(sent.query).toEqual(pageQueries(1, 1)[0]);
		expect(sent.headers.onbehalfof).toBe('ada');
	});

	it('an unknown Act As fails with ERR_UID_NOT_FOUND', async () => {
		expectServiceError(await run({ operation: 'getAll', returnAll: true, onBehalfOf: byId('ghost') }), 'ERR_UID_NOT_FOUND', '404');
	});

	it('checks the filters before sending', async () => {
		const base = { operation: 'getAll', returnAll: true };
		expectInputError(await run({ ...base, filters: { type: '={{ "chat" }}' } }), /'Type' holds the text "chat"/, /audio, video/);
		expectInputError(
			await run({ ...base, filters: { participantsCount: 0 } }),
			/'Participants Count' must be a whole number of at least 1/,
			/Participants Count/,
		);
		expectInputError(await run({ ...base, filters: { uid: 'Ada' } }), /'Participant' holds "Ada", which has capital letters/, /Use "ada"/);
		expectInputError(await run({ ...base, filters: { startedAt: 'yesterday' } }), /'Started At or After' holds "yesterday"/, /Pick a date/);
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('Call → Get Transcriptions', () => {
	it('lists the transcriptions of a call, oldest first, in pages', async () => {
		const store = emulator().store;
		for (let i = 0; i < 3; i++) store.addTranscription('s2', { tid: `t${i}`, startTime: 1_700_001_010 + i * 30 });
		store.addTranscription('s1', { tid: 'other' });
		const { items, error } = await run({ operation: 'getTranscriptions', sessionId: 's2', returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.tid)).toEqual(['t0', 't1', 't2']);
		expect(items[0].json).toEqual({
			roomName: 's2@conference.rtc.emulator.local',
			mid: expect.any(String),
			tid: 't0',
			startTime: 1_700_001_010,
			endTime: 1_700_001_130,
			transcriptDate: '2023-11-14T22:30:10.000Z',
			transcriptUrl: expect.stringMatching(/^https:\/\/transcripts\.emulator\.local\/.*t0\.json$/),
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			host: 'call',
			path: '/v3/calls/s2/transcriptions',
			query: { perPage: '1000', page: '1' },
		});
		const limited = await run({ operation: 'getTranscriptions', sessionId: 's2', limit: 2 });
		expect(limited.items.map((item) => item.json.tid)).toEqual(['t0', 't1']);
	});

	it('a call without transcriptions gives no item; an unknown call fails with its code, and Continue On Fail goes on', async () => {
		const parameters = { operation: 'getTranscriptions', sessionId: '={{ $json.sessionId }}', returnAll: true };
		emulator().store.addTranscription('s1', { tid: 'only' });
		const { items } = await run(parameters, [{ sessionId: 'nope' }, { sessionId: 's3' }, { sessionId: 's1' }], true);
		expectErrorItem(items[0], 0, 'ERR_CALL_SESSION_NOT_FOUND');
		expect(items.slice(1).map((item) => [item.json.tid, item.pairedItem])).toEqual([['only', { item: 2 }]]);
	});

	it('checks the session ID before sending', async () => {
		expectInputError(
			await run({ operation: 'getTranscriptions', sessionId: '={{ "  " }}', returnAll: true }),
			/'Session ID' is empty/,
			/session ID of the call/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});
});
