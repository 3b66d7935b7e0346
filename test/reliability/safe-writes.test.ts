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
import { byId, useShortBackoff } from '../harness/suite';
import { report } from './report';

const ITEMS = 300;
const FAULT_RATE = 0.3;
const FAULT_KINDS = ['truncated', 'invalidJson', '500', '503', 'reset', '429'] as const;
const RECEIVERS = ['bob', 'cy', 'dee', 'eve', 'fay', 'gus'];

// What each item's retries and lookups make of the faults is the promise, not how long they wait
// between them: with the shipped backoff the runs spent most of their time asleep.
useShortBackoff();

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

/** The indexes of `items/outcomes.ts`'s ranges (`0–4, 6`; `none`). */
function fromRanges(text: string): number[] {
	if (text === 'none') return [];
	return text.split(', ').flatMap((part) => {
		const [from, to = from] = part.split('–').map(Number);
		return Array.from({ length: to - from + 1 }, (_, i) => from + i);
	});
}

/**
 * A stopped run's account of its items, checked against what the emulator holds: every item is in
 * one outcome; done ones are stored; stored ones are done or may have been applied; failed and
 * not-sent ones are not stored.
 */
function expectTruthfulOutcomes(error: { context: IDataObject } | undefined, stored: (itemIndex: number) => boolean) {
	const ranges = error?.context.itemOutcomes as Record<'done' | 'failed' | 'mayHaveBeenApplied' | 'notSent', string>;
	expect(ranges).toBeDefined();
	const outcome = Object.fromEntries(Object.entries(ranges).map(([name, text]) => [name, fromRanges(text)])) as Record<
		keyof typeof ranges,
		number[]
	>;
	const all = [...outcome.done, ...outcome.failed, ...outcome.mayHaveBeenApplied, ...outcome.notSent].sort((a, b) => a - b);
	expect(all).toEqual(Array.from({ length: ITEMS }, (_, i) => i));
	const wrong = {
		doneNotStored: outcome.done.filter((i) => !stored(i)),
		failedButStored: outcome.failed.filter((i) => stored(i)),
		notSentButStored: outcome.notSent.filter((i) => stored(i)),
	};
	expect(wrong).toEqual({ doneNotStored: [], failedButStored: [], notSentButStored: [] });
	return Object.fromEntries(Object.entries(outcome).map(([name, indexes]) => [name, indexes.length]));
}

test('the same at a 30% fault rate without Continue On Fail, each run stopped by a failing item: every item stored or named as failed, not sent or maybe applied', async () => {
	emulator.store.reset();
	for (const uid of ['ada', ...RECEIVERS]) emulator.store.addUser({ uid, name: uid });
	emulator.clearRequests();
	const STOPPER = 150;
	// Item 150 of the sends goes to a user who does not exist; item 150 of the creates has no UID.
	const sends = Array.from({ length: ITEMS }, (_, i) => ({ i, to: i === STOPPER ? 'nobody' : RECEIVERS[i % RECEIVERS.length] }));
	const users = Array.from({ length: ITEMS }, (_, i) => ({ uid: i === STOPPER ? '' : `trin-${i}`, name: `Trin ${i}` }));
	emulator.setFaults({ rate: FAULT_RATE, seed: 11, kinds: [...FAULT_KINDS], retryAfter: 0 });
	const [sent, created] = await Promise.all([
		runNode(credentialsFor(emulator), sendParameters, sends),
		runNode(credentialsFor(emulator), createParameters, users),
	]);
	emulator.setFaults({ rate: 0 });
	expect(sent.error).toBeDefined();
	expect(created.error).toBeDefined();

	const texts = new Set([...emulator.store.messages.values()].map((message) => (message.data as IDataObject | undefined)?.text));
	const sendOutcomes = expectTruthfulOutcomes(sent.error as { context: IDataObject }, (i) => texts.has(`message ${i}`));
	const createOutcomes = expectTruthfulOutcomes(created.error as { context: IDataObject }, (i) => emulator.store.users.has(users[i].uid));
	// Each message text is stored at most once.
	expect(texts.size).toBe(emulator.store.messages.size);
	report('stopped runs', {
		items: ITEMS * 2,
		faultRate: FAULT_RATE,
		sends: JSON.stringify(sendOutcomes),
		creates: JSON.stringify(createOutcomes),
		sendError: String(sent.error?.message),
		createError: String(created.error?.message),
	});
});

test('300 Flagged Message → Approve and 300 User → Create or Update at a 30% fault rate: no applied write reported failed', async () => {
	emulator.store.reset();
	for (const uid of ['ada', ...RECEIVERS]) emulator.store.addUser({ uid, name: uid });
	const flagged = emulator.store.addMessages(ITEMS, { sender: 'ada', receiver: 'bob' }).map((message) => String(message.id));
	for (const [n, id] of flagged.entries())
		emulator.store.addFlag({ messageId: id, uid: 'bob', reasonId: 'spam', flaggedAt: 1_790_000_000 + n });
	// Half the users exist with an old name: Create or Update updates those and creates the others.
	for (let i = 0; i < ITEMS; i += 2) emulator.store.addUser({ uid: `sam-${i}`, name: `Old ${i}` });
	emulator.clearRequests();
	emulator.setFaults({ rate: FAULT_RATE, seed: 23, kinds: [...FAULT_KINDS], retryAfter: 0 });
	const [approved, upserted] = await Promise.all([
		runNode(
			credentialsFor(emulator),
			{ resource: 'flaggedMessage', operation: 'approve', messageId: byId('={{ $json.id }}') },
			flagged.map((id) => ({ id })),
			{
				continueOnFail: true,
			},
		),
		runNode(
			credentialsFor(emulator),
			{ resource: 'user', operation: 'upsert', uid: '={{ $json.uid }}', name: '={{ $json.name }}', additionalFields: {} },
			Array.from({ length: ITEMS }, (_, i) => ({ uid: `sam-${i}`, name: `Sam ${i}` })),
			{ continueOnFail: true },
		),
	]);
	const faults = { ...emulator.faultCounts };
	emulator.setFaults({ rate: 0 });
	expectInOrder(approved.items);
	expectInOrder(upserted.items);
	const pending = new Set(emulator.store.pageFlagged('pending', 1, 10_000).map((record: { messageId: string }) => record.messageId));
	// An item whose every attempt failed after one whose answer was lost says it may have been
	// applied (context.mayHaveBeenApplied): that is not a failure claimed of an applied write.
	const reportedFailed = (items: INodeExecutionData[]) =>
		failures(items).filter((i) => items[i].error?.context?.mayHaveBeenApplied !== true);
	const maybeApplied = (items: INodeExecutionData[]) => failures(items).length - reportedFailed(items).length;
	const approvalsAppliedButFailed = reportedFailed(approved.items).filter((i) => !pending.has(flagged[i]));
	const approvalsDoneNotApplied = approved.items.flatMap((item, i) =>
		typeof item.json.error !== 'string' && pending.has(flagged[i]) ? [i] : [],
	);
	const upsertsAppliedButFailed = reportedFailed(upserted.items).filter((i) => emulator.store.users.get(`sam-${i}`)?.name === `Sam ${i}`);
	const upsertsDoneNotApplied = upserted.items.flatMap((item, i) =>
		typeof item.json.error !== 'string' && emulator.store.users.get(`sam-${i}`)?.name !== `Sam ${i}` ? [i] : [],
	);
	report('safe writes: approvals and upserts', {
		items: ITEMS * 2,
		faultRate: FAULT_RATE,
		faultsInjected: Object.values(faults).reduce((sum, count) => sum + count, 0),
		lostAfterApplied: faults.truncated + faults.invalidJson,
		approvalsFailed: failures(approved.items).length,
		approvalsAppliedButFailed: approvalsAppliedButFailed.length,
		approvalsMaybeApplied: maybeApplied(approved.items),
		upsertsFailed: failures(upserted.items).length,
		upsertsAppliedButFailed: upsertsAppliedButFailed.length,
		upsertsMaybeApplied: maybeApplied(upserted.items),
	});
	expect({ approvalsAppliedButFailed, approvalsDoneNotApplied, upsertsAppliedButFailed, upsertsDoneNotApplied }).toEqual({
		approvalsAppliedButFailed: [],
		approvalsDoneNotApplied: [],
		upsertsAppliedButFailed: [],
		upsertsDoneNotApplied: [],
	});
});
