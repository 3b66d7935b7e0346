/**
 * Items in flight (CometChat.node.ts, items/inFlight.ts, actions/orderKeys.ts): many items of one
 * run are sent together, in a window that grows while answers come back; items that touch the
 * same user, member or conversation go in input order; the output keeps the input's order.
 *
 * Nothing here races the clock: a gate at the emulator holds requests until the test's rule
 * releases them, so how many are in flight is decided by the node's rule, not by the machine's
 * speed; where requests are merely delayed, the assertions hold whatever the delays.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ORDER_KEYS } from '../../nodes/CometChat/actions/orderKeys';
import { resources } from '../../nodes/CometChat/actions';
import { ITEM_WINDOW_BOUNDS } from '../../nodes/CometChat/transport/window';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

const createUsers: INodeParameters = { resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}' };
const updateUsers: INodeParameters = {
	resource: 'user',
	operation: 'update',
	uid: { __rl: true, mode: 'id', value: '={{ $json.uid }}' },
	updateFields: { name: '={{ $json.name }}' },
};

/** Follows the requests in flight at the emulator: how many at most, and whether two for one key overlapped. */
function watchInFlight(keyOf: (path: string) => string | undefined, delayMs: (index: number) => number) {
	const watch = { max: 0, overlaps: [] as string[], now: 0, arrivals: 0 };
	const busy = new Set<string>();
	const stop = emulator().onRequest(async (request) => {
		const key = keyOf(request.path);
		if (key === undefined) return;
		if (busy.has(key)) watch.overlaps.push(key);
		busy.add(key);
		watch.now++;
		watch.max = Math.max(watch.max, watch.now);
		await new Promise((resolve) => setTimeout(resolve, delayMs(watch.arrivals++)));
		busy.delete(key);
		watch.now--;
	});
	return { watch, stop };
}

describe('items in flight', () => {
	it(`the window grows by one for each answer, to ${ITEM_WINDOW_BOUNDS.max} and never beyond`, async () => {
		const count = 800;
		// Holds every users request until as many have arrived as the rule expects, then releases them all.
		const held: Array<() => void> = [];
		const rounds: number[] = [];
		let arrived = 0;
		let expected: number = ITEM_WINDOW_BOUNDS.initial;
		let stalled = false;
		let idle: NodeJS.Timeout | undefined;
		const releaseAll = () => {
			rounds.push(held.length);
			// Each answer grows the window by one: the next round is twice as wide, up to the bound.
			expected = Math.min(ITEM_WINDOW_BOUNDS.max, held.length * 2, count - arrived);
			for (const release of held.splice(0)) release();
		};
		const stop = emulator().onRequest(async (request) => {
			if (request.path !== '/v3/users') return;
			await new Promise<void>((resolve) => {
				held.push(resolve);
				arrived++;
				clearTimeout(idle);
				if (held.length >= expected) releaseAll();
				// A client that stops asking is a failure the test reports, not a hang.
				else
					idle = setTimeout(() => {
						stalled = true;
						releaseAll();
					}, 10_000);
			});
		});
		try {
			const input = Array.from({ length: count }, (_, index) => ({ uid: `u${index}`, name: `User ${index}` }));
			const { items, error } = await run(createUsers, input);
			expect(error).toBeUndefined();
			expect(stalled).toBe(false);
			// Each round's answers double the next round, up to the bound: 16, 32, 64, 128, 256, 256, 48.
			const expectedRounds: number[] = [];
			for (let left = count, width = ITEM_WINDOW_BOUNDS.initial; left > 0; width = Math.min(ITEM_WINDOW_BOUNDS.max, width * 2)) {
				expectedRounds.push(Math.min(width, left));
				left -= Math.min(width, left);
			}
			expect(rounds).toEqual(expectedRounds);
			expect(Math.max(...rounds)).toBe(ITEM_WINDOW_BOUNDS.max);
			expect(items.map((item) => [item.json.uid, item.pairedItem])).toEqual(input.map(({ uid }, item) => [uid, { item }]));
			expect(store().users.size).toBe(count);
		} finally {
			clearTimeout(idle);
			stop();
		}
	});

	it('items of one user go in input order, other users overlap, and the output keeps the input order', async () => {
		const uids = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'];
		for (const uid of uids) store().addUser({ uid, name: uid });
		// 120 updates, 20 per user, interleaved; each answer delayed by a varying amount.
		const input = Array.from({ length: 120 }, (_, index) => ({
			uid: uids[index % uids.length],
			name: `${uids[index % uids.length]} #${index}`,
		}));
		const { watch, stop } = watchInFlight(
			(path) => /^\/v3\/users\/([^/]+)$/.exec(path)?.[1],
			(index) => (index * 7) % 11,
		);
		try {
			const { items, error } = await run(updateUsers, input);
			expect(error).toBeUndefined();
			expect(watch.overlaps).toEqual([]);
			expect(watch.max).toBeGreaterThan(1);
			expect(watch.max).toBeLessThanOrEqual(uids.length);
			expect(items.map((item) => [item.json.name, item.pairedItem])).toEqual(input.map(({ name }, item) => [name, { item }]));
			// Each user's last update is the last item for that user.
			for (const uid of uids) expect(store().getUser(uid)?.name).toBe(`${uid} #${114 + uids.indexOf(uid)}`);
		} finally {
			stop();
		}
	});

	it('messages to one conversation are stored in item order while other conversations overlap', async () => {
		for (const uid of ['ada', 'bob', 'cy', 'dee']) store().addUser({ uid, name: uid });
		store().addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob', 'cy', 'dee'] } });
		const receivers = [
			{ receiverType: 'group', receiverGuid: 'crew' },
			{ receiverType: 'user', receiverUid: 'bob' },
			{ receiverType: 'user', receiverUid: 'cy' },
			{ receiverType: 'user', receiverUid: 'dee' },
		];
		const input = Array.from({ length: 80 }, (_, index) => ({ ...receivers[index % 4], text: `#${index}` }));
		let delays = 0;
		const stop = emulator().onRequest(async (request) => {
			if (request.path === '/v3/messages') await new Promise((resolve) => setTimeout(resolve, (delays++ * 5) % 13));
		});
		try {
			const { items, error } = await run(
				{
					resource: 'message',
					operation: 'send',
					onBehalfOf: byId('ada'),
					receiverType: '={{ $json.receiverType }}',
					receiverUid: { __rl: true, mode: 'id', value: '={{ $json.receiverUid }}' },
					receiverGuid: { __rl: true, mode: 'id', value: '={{ $json.receiverGuid }}' },
					text: '={{ $json.text }}',
				},
				input,
			);
			expect(error).toBeUndefined();
			expect(items.map((item) => [(item.json.data as IDataObject).text, item.pairedItem])).toEqual(
				input.map(({ text }, item) => [text, { item }]),
			);
			const stored = [...store().messages.values()];
			for (const receiver of ['crew', 'bob', 'cy', 'dee']) {
				const texts = stored.filter((message) => message.receiver === receiver).map((message) => (message.data as IDataObject).text);
				const sent = input.filter((item) => (item.receiverGuid ?? item.receiverUid) === receiver).map((item) => item.text);
				expect(texts).toEqual(sent);
			}
		} finally {
			stop();
		}
	});

	it('One at a Time sends each item after the answer to the one before', async () => {
		const input = Array.from({ length: 30 }, (_, index) => ({ uid: `u${index}`, name: `User ${index}` }));
		const { watch, stop } = watchInFlight(
			(path) => (path === '/v3/users' ? 'users' : undefined),
			(index) => index % 3,
		);
		try {
			const { items, error } = await run({ ...createUsers, oneAtATime: true }, input);
			expect(error).toBeUndefined();
			expect(items).toHaveLength(30);
			// One key for all: any overlap would show.
			expect(watch.overlaps).toEqual([]);
			expect(watch.max).toBe(1);
			expect(apiRequests(emulator()).map((request) => (request.body as IDataObject).uid)).toEqual(input.map(({ uid }) => uid));
		} finally {
			stop();
		}
	});

	it("a failure stops new items; the error names the item and tells every item's outcome", async () => {
		// The first window's items start together; item 1 fails before sending, the others of the window are in flight.
		const first = ITEM_WINDOW_BOUNDS.initial;
		const input = Array.from({ length: first + 8 }, (_, index) => ({ uid: index === 1 ? '' : `u${index}`, name: `User ${index}` }));
		const stopped = await run(createUsers, input);
		expectInputError(stopped, /UID/, /./, 1);
		const later = Array.from({ length: first - 2 }, (_, index) => index + 2);
		// The first window's others were in flight and written; the rest never started.
		expect(stopped.error?.message).toContain(`[item 1] The run stopped: ${first - 1} done, 1 failed, 8 not sent.`);
		expect(stopped.error?.description).toContain(
			`Done: 0, 2–${first - 1}. Failed (nothing applied): 1. Not sent (safe to run again): ${first}–${first + 7}.`,
		);
		expect(stopped.error?.context?.itemOutcomes).toEqual({
			done: `0, 2–${first - 1}`,
			failed: '1',
			mayHaveBeenApplied: 'none',
			notSent: `${first}–${first + 7}`,
		});
		const written = ['u0', ...later.map((index) => `u${index}`)];
		expect([...store().users.keys()].sort()).toEqual([...written].sort());

		// One at a Time stops where the sequence stops.
		for (const uid of written) store().users.delete(uid);
		const inSequence = await run({ ...createUsers, oneAtATime: true }, input);
		expectInputError(inSequence, /UID/, /./, 1);
		expect(inSequence.error?.description).toContain(`Done: 0. Failed (nothing applied): 1. Not sent (safe to run again): 2–${first + 7}.`);
		expect([...store().users.keys()]).toEqual(['u0']);

		// With Continue On Fail every item is tried, and each outcome is in its place.
		store().users.delete('u0');
		const carriedOn = await run(createUsers, input, { onError: 'continueRegularOutput' });
		expect(carriedOn.error).toBeUndefined();
		expect(carriedOn.items.map((item) => item.pairedItem)).toEqual(input.map((_, item) => ({ item })));
		expectErrorItem(carriedOn.items[1], 1, /UID/);
		expect(store().users.size).toBe(input.length - 1);
	});

	it('every operation has its keys in the one table', () => {
		const operations = resources.flatMap((resource) => resource.operations.map((operation) => `${resource.value}:${operation.value}`));
		const missing = operations.filter((name) => name !== 'message:sendAndWait' && !(name in ORDER_KEYS));
		expect(missing).toEqual([]);
		expect(Object.keys(ORDER_KEYS).filter((name) => !operations.includes(name))).toEqual([]);
	});
});
