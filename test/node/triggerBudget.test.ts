/**
 * CometChat Trigger under n8n's poll budget (`getPollBudgetMs`, n8n 2.38 and later): `poll()`
 * through n8n-core's PollContext with the budget added, against the emulator. Time is the test's:
 * `Date.now()` moves only when the emulator answers a page of a moderation list (PAGE_MS each), so
 * each poll reads as many pages as its budget allows, whatever the machine's load.
 */
import type { IDataObject, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { CometChatTrigger } from '../../nodes/CometChat/CometChatTrigger.node.js';
import { BUDGET_MARGIN } from '../../nodes/CometChat/pollingTrigger/budget';
import type { TestClock } from '../harness/clock';
import { controlDate } from '../harness/clock';
import { reachOf, readsToReach } from '../harness/listWindows';
import { apiRequests, credentialsFor } from '../harness/emulator';
import type { Emulator } from '../harness/emulator';
import { pollContext, registerNodeType, TRIGGER_TYPE, triggerNode, workflowWith } from '../harness/engine';
import { useEmulator } from '../harness/suite';

const trigger = new CometChatTrigger();
registerNodeType(TRIGGER_TYPE, trigger);

const currentEmulator = useEmulator();
let emulator: Emulator;
let clock: TestClock;
let stopClock: () => void;
const T0 = 1_790_000_000;
const FLAGGED = '/v3/moderation/flagged-messages';
/** What one page of a moderation list costs on the test's clock. */
const PAGE_MS = 100;
const BUDGET_MS = 1000;
/** The reads a poll makes within BUDGET_MS: it starts one only when it would end before the margin. */
const PAGES_PER_POLL = Math.floor((BUDGET_MS * (1 - BUDGET_MARGIN)) / PAGE_MS);

interface RequestInfo {
	path: string;
	query: Record<string, string | string[]>;
}
const onRequest = (hook: (request: RequestInfo) => void) =>
	(emulator as unknown as { onRequest(hook: (request: RequestInfo) => void): () => void }).onRequest(hook);

beforeEach(() => {
	emulator = currentEmulator();
	emulator.store.setClock(T0);
	for (const uid of ['alice', 'bob']) emulator.store.addUser({ uid, name: uid });
	clock = controlDate();
	stopClock = onRequest((request) => {
		if (request.path.startsWith('/v3/moderation/')) clock.advance(PAGE_MS);
	});
});
afterEach(() => {
	stopClock();
	jest.useRealTimers();
});

let messageCount = 0;
/** `count` new messages flagged at `at` (one second), as the list holds them: highest id first. */
function flagAt(at: number, count = 1): string[] {
	return Array.from({ length: count }, () => {
		const id = emulator.store.addMessage({ sender: 'alice', receiver: 'bob', data: { text: `new ${++messageCount}` } }).id as string;
		emulator.store.addFlag({ messageId: id, uid: 'bob', reasonId: 'spam', flaggedAt: at });
		return `${id}@${at}`;
	});
}

/** The keys of the pending flagged list, newest first (as the emulator holds it now). */
function pendingKeys(): string[] {
	return (emulator.store.pageFlagged('pending', 1, 1_000_000) as Array<{ messageId: string; latest: number }>).map(
		(record) => `${record.messageId}@${record.latest}`,
	);
}

interface Poll {
	items: INodeExecutionData[];
	/** Milliseconds on the test's clock. */
	elapsedMs: number;
}

/**
 * One active workflow holding the trigger. Its static data goes through JSON between polls, as n8n
 * saves it; `budgetMs` undefined is n8n 2.8 (no getPollBudgetMs).
 */
function watcher(budgetMs: number | undefined, parameters: IDataObject = {}) {
	const node: INode = triggerNode({ events: ['flaggedMessage'], options: { includeExisting: true }, ...parameters } as INodeParameters);
	const workflow = workflowWith(node);
	return {
		async poll(): Promise<Poll> {
			const context = pollContext(workflow, node, credentialsFor(emulator));
			if (budgetMs !== undefined) Object.defineProperty(context, 'getPollBudgetMs', { value: () => budgetMs });
			const startedAt = clock.now();
			const result = await trigger.poll!.call(context);
			const elapsedMs = clock.now() - startedAt;
			const saved = JSON.parse(JSON.stringify(workflow.getStaticData('node', node))) as IDataObject;
			const data = workflow.getStaticData('node', node);
			for (const name of Object.keys(data)) delete data[name];
			Object.assign(data, saved);
			return { items: result?.[0] ?? [], elapsedMs };
		},
		backlog: () =>
			((workflow.getStaticData('node', node).events as IDataObject).flaggedMessage as { backlog?: IDataObject[] }).backlog ?? [],
	};
}

const keyOf = (item: INodeExecutionData) => `${String(item.json.id)}@${String(item.json.flaggedAt)}`;
const times = (items: INodeExecutionData[]) => items.map((item) => Number(item.json.flaggedAt));
const ascending = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1] <= value);

/** Counts each key emitted, and checks what every poll must hold: its budget, and oldest first. */
function tally() {
	const counts = new Map<string, number>();
	return {
		counts,
		add(poll: Poll) {
			expect(poll.elapsedMs).toBeLessThanOrEqual(BUDGET_MS);
			expect(ascending(times(poll.items))).toBe(true);
			for (const item of poll.items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
		},
		repeated: () => [...counts].filter(([, count]) => count > 1).map(([key]) => key),
	};
}

/**
 * Include Existing over `backlog` flags read by budgeted polls (at most `maxPolls`, until no
 * backlog is left, then one more for the last arrivals), while `stir` changes the list before every
 * read of it: how many flags arrive on top, and which pending key (if any) is approved.
 */
async function readUnderChurn(
	backlog: number,
	maxPolls: number,
	stir: (read: number, pending: string[]) => { arrive: number; approve?: string },
) {
	emulator.store.addFlaggedMessages(backlog);
	const listed = new Set(pendingKeys());
	const w = watcher(BUDGET_MS);
	const seen = tally();
	const approved = new Set<string>();
	let arrivalsAt = T0;
	let reads = 0;
	const stop = onRequest((request) => {
		if (request.path !== FLAGGED) return;
		const { arrive, approve } = stir(++reads, pendingKeys());
		if (arrive > 0) for (const key of flagAt(++arrivalsAt, arrive)) listed.add(key);
		if (approve && !approved.has(approve)) {
			emulator.store.reviewFlag(approve.split('@')[0], 'approved');
			approved.add(approve);
		}
	});
	try {
		for (let n = 0; n < maxPolls && (n === 0 || w.backlog().length > 0); n++) seen.add(await w.poll());
	} finally {
		stop();
	}
	// The arrivals during the last poll come out with the next one.
	seen.add(await w.poll());
	expect(w.backlog()).toEqual([]);
	const emitted = new Set(seen.counts.keys());
	return {
		listed,
		approved,
		emitted,
		repeated: seen.repeated(),
		lost: [...listed].filter((key) => !emitted.has(key) && !approved.has(key)),
	};
}

describe('with a poll budget', () => {
	it('a backlog is read over several polls, each within its budget; new arrivals come out with the next poll; each key once', async () => {
		emulator.store.addFlaggedMessages(3000);
		const backlog = pendingKeys();
		const w = watcher(BUDGET_MS);
		const seen = tally();

		const first = await w.poll();
		seen.add(first);
		// The newest records the budget allowed, oldest first: the rest waits as a backlog.
		expect(first.items).toHaveLength(reachOf(PAGES_PER_POLL));
		expect(first.items.map(keyOf)).toEqual(backlog.slice(0, reachOf(PAGES_PER_POLL)).reverse());
		expect(w.backlog()).toHaveLength(1);

		let polls = 1;
		const arrivals: string[] = [];
		while (w.backlog().length > 0) {
			// Five arrivals a poll, ten seconds apart: each comes out with the very next poll.
			const fresh = flagAt(T0 + 10 * polls, 5);
			arrivals.push(...fresh);
			const poll = await w.poll();
			seen.add(poll);
			expect(poll.items.slice(-5).map(keyOf)).toEqual(fresh);
			polls++;
			expect(polls).toBeLessThan(20);
		}
		expect(seen.repeated()).toEqual([]);
		expect([...seen.counts.keys()].sort()).toEqual([...backlog, ...arrivals].sort());
		emulator.clearRequests();
		expect((await w.poll()).items).toEqual([]);
	});

	it('without a budget (n8n 2.8) the same backlog comes out in one poll, as before', async () => {
		emulator.store.addFlaggedMessages(3000);
		const w = watcher(undefined);
		const poll = await w.poll();
		expect(poll.items).toHaveLength(3000);
		// Reads until one reaches past the last record: short, it shows the list ends.
		expect(poll.elapsedMs).toBe(readsToReach(3001) * PAGE_MS);
		expect(w.backlog()).toEqual([]);
	});

	it('arrivals and approvals between the page reads of budgeted polls: nothing lost, nothing repeated', async () => {
		// Before every third read, three arrivals (the list moves down under the walk); before every
		// read, the approval of a record the walk has not reached yet (the records below it move up).
		const { lost, repeated, approved, emitted, listed } = await readUnderChurn(2000, 30, (read, pending) => ({
			arrive: read % 3 === 0 ? 3 : 0,
			approve: pending.at(-1 - (read % 50)),
		}));
		expect(repeated).toEqual([]);
		expect(lost).toEqual([]);
		expect(approved.size).toBeGreaterThan(10);
		// An approved record is emitted only if a walk read it before it was approved.
		for (const key of emitted) expect(listed.has(key)).toBe(true);
	});

	it('reviews above the walk before every read (the list moves up under it): nothing lost, nothing repeated', async () => {
		// Before every read: the newest pending record is approved (every record below it moves up
		// one place), and before every fourth, two arrive on top (they push the list down again).
		const { lost, repeated, approved } = await readUnderChurn(2000, 40, (read, pending) => ({
			arrive: read % 4 === 0 ? 2 : 0,
			approve: pending[0],
		}));
		expect(repeated).toEqual([]);
		expect(lost).toEqual([]);
		expect(approved.size).toBeGreaterThan(20);
	});

	it('a burst larger than a poll can read while a backlog waits: a second backlog above the first, both read, each key once', async () => {
		emulator.store.addFlaggedMessages(1500);
		const backlog = pendingKeys();
		const w = watcher(BUDGET_MS);
		const seen = tally();
		seen.add(await w.poll());
		expect(w.backlog()).toHaveLength(1);
		// 1,500 arrive at once over a few seconds: the walk from the top stops before it reaches what it read before.
		const burst = [0, 1, 2].flatMap((s) => flagAt(T0 + 100 + s, 500));
		const second = await w.poll();
		seen.add(second);
		expect(second.items).toHaveLength(reachOf(PAGES_PER_POLL));
		expect(w.backlog()).toHaveLength(2);
		for (let n = 0; n < 20 && w.backlog().length > 0; n++) seen.add(await w.poll());
		expect(w.backlog()).toEqual([]);
		expect(seen.repeated()).toEqual([]);
		expect([...seen.counts.keys()].sort()).toEqual([...backlog, ...burst].sort());
		// Then only the walk from the top: the 500 flags of the newest second and the page below them.
		emulator.clearRequests();
		expect((await w.poll()).items).toEqual([]);
		expect(apiRequests(emulator).map((request) => request.query.page)).toEqual(['1', '2', '3', '4', '5', '6']);
	});
});
