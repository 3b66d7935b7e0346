/**
 * Writes safe to send again, tried hard: 300 sends to 6 conversations and 300 User → Create items,
 * each in one run with Continue On Fail, while 30% of all requests (the lookups too) fail: answers
 * lost after the service applied the write (truncated, invalidJson), failures before it did
 * (500, 503, reset) and 429s. No message or user is stored twice; no item that failed had its write
 * applied; outputs come in input order, paired with their item; each conversation holds its
 * messages in item order.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Emulator, EmulatorRequest } from '../harness/emulator';
import { apiRequests, credentialsFor, startTestEmulator } from '../harness/emulator';
import { runNode, shutdownEngine } from '../harness/engine';
import { byId } from '../harness/suite';
import { report } from './report';

const ITEMS = 300;
const FAULT_RATE = 0.3;
const FAULT_KINDS = ['truncated', 'invalidJson', '500', '503', 'reset', '429'] as const;
const RECEIVERS = ['bob', 'cy', 'dee', 'eve', 'fay', 'gus'];

let emulator: Emulator;

beforeAll(async () => {
	emulator = await startTestEmulator();
	for (const uid of ['ada', ...RECEIVERS]) emulator.store.addUser({ uid, name: uid });
});

afterAll(async () => {
	await emulator.close();
	await shutdownEngine();
});

const sendParameters = {
	resource: 'message',
	operation: 'send',
	onBehalfOf: byId('ada'),
	receiverType: 'user',
	receiverUid: byId('={{ $json.to }}'),
	text: '=message {{ $json.i }}',
};
const createParameters = {
	resource: 'user',
	operation: 'create',
	uid: '={{ $json.uid }}',
	name: '={{ $json.name }}',
	additionalFields: {},
};

/** Each output item is its input item's, in order: one per input item (a send to one receiver gives one). */
function expectInOrder(items: INodeExecutionData[]): void {
	expect(items).toHaveLength(ITEMS);
	expect(items.map((item) => item.pairedItem)).toEqual(Array.from({ length: ITEMS }, (_, item) => ({ item })));
}

/** What the failed items' errors say about their writes. */
function failures(items: INodeExecutionData[]): number[] {
	return items.flatMap((item, index) => (typeof item.json.error === 'string' ? [index] : []));
}

const applied = (items: INodeExecutionData[]) => items.filter((item) => item.json.appliedByEarlierAttempt === true).length;

test('300 sends and 300 creates at a 30% fault rate: nothing stored twice, no applied write reported failed, order kept', async () => {
	const sends = Array.from({ length: ITEMS }, (_, i) => ({ i, to: RECEIVERS[i % RECEIVERS.length] }));
	const users = Array.from({ length: ITEMS }, (_, i) => ({ uid: `neo-${i}`, name: `Neo ${i}` }));
	emulator.setFaults({ rate: FAULT_RATE, seed: 7, kinds: [...FAULT_KINDS], retryAfter: 0 });
	const started = Date.now();
	const [sent, created] = await Promise.all([
		runNode(credentialsFor(emulator), sendParameters, sends, { continueOnFail: true }),
		runNode(credentialsFor(emulator), createParameters, users, { continueOnFail: true }),
	]);
	const ms = Date.now() - started;
	const faults = { ...emulator.faultCounts };
	emulator.setFaults({ rate: 0 });
	expect(sent.error).toBeUndefined();
	expect(created.error).toBeUndefined();
	const requests = apiRequests(emulator);

	// Sends: every item's muid is the run's muid prefix and its index.
	expectInOrder(sent.items);
	const posts = requests.filter((request) => request.method === 'POST' && request.path === '/v3/messages');
	const muidOf = (i: number) => `${String((posts[0].body as IDataObject).muid).replace(/-\d+$/, '')}-${i}`;
	const stored = [...emulator.store.messages.values()];
	const storedByMuid = new Map<string, typeof stored>();
	for (const message of stored) storedByMuid.set(String(message.muid), [...(storedByMuid.get(String(message.muid)) ?? []), message]);
	const storedTwice = [...storedByMuid.values()].filter((copies) => copies.length > 1).length;
	expect(storedTwice).toBe(0);
	sent.items.forEach((item, i) => {
		const copies = storedByMuid.get(muidOf(i)) ?? [];
		if (typeof item.json.error === 'string') {
			// Failed: its write was not applied.
			expect(copies).toHaveLength(0);
		} else {
			expect(copies).toHaveLength(1);
			expect(item.json).toMatchObject({ id: copies[0].id, muid: muidOf(i), receiver: sends[i].to, data: { text: `message ${i}` } });
		}
	});
	// Each conversation holds its messages in item order.
	for (const receiver of RECEIVERS) {
		const order = stored
			.filter((message) => message.receiver === receiver)
			.sort((a, b) => a.sentAt - b.sentAt || Number(a.id) - Number(b.id))
			.map((message) => Number(String(message.muid).replace(/^.*-/, '')));
		expect(order).toEqual([...order].sort((a, b) => a - b));
	}

	// Creates: a user exists exactly for each item that succeeded, created once.
	expectInOrder(created.items);
	const createdOnce = (uid: string) =>
		requests.filter(
			(request: EmulatorRequest) =>
				request.method === 'POST' && request.path === '/v3/users' && (request.body as IDataObject).uid === uid && request.status === 200,
		).length;
	const createdTwice = users.filter(({ uid }) => createdOnce(uid) > 1).length;
	expect(createdTwice).toBe(0);
	created.items.forEach((item, i) => {
		const user = emulator.store.users.get(users[i].uid);
		if (typeof item.json.error === 'string') expect(user).toBeUndefined();
		else expect(item.json).toMatchObject({ uid: users[i].uid, name: users[i].name });
		if (typeof item.json.error !== 'string') expect(user?.name).toBe(users[i].name);
	});

	const failedSends = failures(sent.items);
	const failedCreates = failures(created.items);
	report('safe writes', {
		items: ITEMS * 2,
		faultRate: FAULT_RATE,
		ms,
		requests: requests.length,
		faultsInjected: Object.values(faults).reduce((sum, count) => sum + count, 0),
		lostAfterApplied: faults.truncated + faults.invalidJson,
		sendPosts: posts.length,
		sendLookups: requests.filter((request) => request.method === 'GET' && request.path === '/v3/messages').length,
		sendsFoundApplied: applied(sent.items),
		sendsFailedNotApplied: failedSends.length,
		messagesStoredTwice: storedTwice,
		createPosts: requests.filter((request) => request.method === 'POST' && request.path === '/v3/users').length,
		createLookups: requests.filter((request) => request.method === 'GET' && request.path.startsWith('/v3/users/')).length,
		createsFoundApplied: applied(created.items),
		createsFailedNotApplied: failedCreates.length,
		usersCreatedTwice: createdTwice,
	});
	expect(ms).toBeLessThan(120_000);
});
