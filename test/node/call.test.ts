/** Call: Get, on the call host, with onBehalfOf, through n8n's engine against the emulator. */
import type { INodeParameterResourceLocator } from 'n8n-workflow';

import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();

const SESSION_ID = 'v1.us.demo-app.1700000000a1b2 c3';

const seedCall = () => {
	const { store } = emulator();
	store.addUser({ uid: 'ada', name: 'Ada' });
	store.addUser({ uid: 'alan', name: 'Alan' });
	return store.addCallSession({
		sessionId: SESSION_ID,
		initiator: 'ada',
		receiver: 'alan',
		initiatedAt: 1_700_000_000,
		startedAt: 1_700_000_005,
		endedAt: 1_700_003_730,
	});
};

const getCall = (sessionId: string, onBehalfOf: INodeParameterResourceLocator | string = byId('ada')) => ({
	resource: 'call',
	operation: 'get',
	sessionId,
	onBehalfOf,
});

describe('Call → Get', () => {
	it('fetches the session from the call host, on behalf of a user', async () => {
		seedCall();
		const { items, error } = await runNode(credentialsFor(emulator()), getCall(SESSION_ID));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({
			sessionId: SESSION_ID,
			initiator: 'ada',
			receiver: 'alan',
			status: 'ended',
			totalDuration: '01:02:05',
			participants: [expect.objectContaining({ uid: 'ada' }), expect.objectContaining({ uid: 'alan' })],
		});

		const [sent] = emulator().requests;
		expect(sent).toMatchObject({ host: 'call', method: 'GET', path: '/v3/calls/v1.us.demo-app.1700000000a1b2%20c3', query: {} });
		expect(sent.headers.apikey).toBe(TEST_API_KEY);
		expect(sent.headers.onbehalfof).toBe('ada');
		expect(sent.body).toBeUndefined();
	});

	it('reports an unknown session with the service code; Continue On Fail goes on', async () => {
		seedCall();
		const parameters = getCall('={{ $json.sessionId }}');
		const stopped = await runNode(credentialsFor(emulator()), parameters, [{ sessionId: 'nope' }]);
		expectServiceError(stopped, 'ERR_CALL_SESSION_NOT_FOUND', '404');

		const carriedOn = await runNode(credentialsFor(emulator()), parameters, [{ sessionId: 'nope' }, { sessionId: SESSION_ID }], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(carriedOn.items[0], 0, 'ERR_CALL_SESSION_NOT_FOUND');
		expect(carriedOn.items[1]).toMatchObject({ json: { sessionId: SESSION_ID }, pairedItem: { item: 1 } });
	});

	it('refuses an empty Act As or session ID before sending', async () => {
		seedCall();
		const noUser = await runNode(credentialsFor(emulator()), getCall(SESSION_ID, byId('={{ $json.uid }}')), [{ uid: '' }]);
		expectInputError(noUser, /'Act As' is empty/, /Choose the user the action is made as/);
		const noSession = await runNode(credentialsFor(emulator()), getCall('  '));
		expectInputError(noSession, /'Session ID' is empty/, /Enter the session ID/);
		expect(emulator().requests).toHaveLength(0);
	});

	it('says the credential needs a Call URL when it has none', async () => {
		seedCall();
		const result = await runNode(credentialsFor(emulator(), { callUrl: '' }), getCall(SESSION_ID));
		expect(result.error?.name).toBe('NodeOperationError');
		expect(result.error?.message).toMatch(/no Call URL \[item 0\]/);
		expect(result.error?.description).toMatch(/call-<REGION>/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});
