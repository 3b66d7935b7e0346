/**
 * CometChat Trigger under n8n's poll budget (`getPollBudgetMs`, n8n 2.38 and later) over a backlog
 * of 200,000 flagged messages (Include Existing on First Poll): each poll ends within its budget,
 * and the polls after the first emit the rest exactly once, each poll oldest first, while new flags
 * arrive between polls and between the page reads of one poll (the list moves down under the walk)
 * and records the walk has not reached yet are approved (the list moves up below it). Time is the
 * test's: `Date.now()` moves only when the emulator answers a page (PAGE_MS each). Prints the polls,
 * the requests and the time.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { BUDGET_MARGIN } from '../../nodes/CometChat/pollingTrigger/budget';
import type { Emulator } from '../harness/emulator';
import type { TestClock } from '../harness/clock';
import { controlDate } from '../harness/clock';
import { reachOf } from '../harness/listWindows';
import { useEmulator } from '../harness/suite';
import { report } from './report';
import { hooksOf, keyOfItem, triggerWatcher } from './trigger-watcher';

const currentEmulator = useEmulator();
const T0 = 1_790_000_000;
const BACKLOG = 200_000;
const FLAGGED = '/v3/moderation/flagged-messages';
/** What one page costs on the test's clock, and the budget: about 180 pages (18,000 records) a poll. */
const PAGE_MS = 100;
const BUDGET_MS = 20_000;
/** A sanity bound on the machine's clock for one poll (the test's clock is what the budget measures). */
const REAL_MS_PER_POLL = 60_000;

describe('CometChat Trigger with a poll budget over a backlog', () => {
	let emulator: Emulator;
	let clock: TestClock;
	beforeEach(() => {
		emulator = currentEmulator();
		emulator.store.setClock(T0);
		for (const uid of ['alice', 'bob']) emulator.store.addUser({ uid, name: uid });
		clock = controlDate();
	});
	afterEach(() => jest.useRealTimers());

	it(`Include Existing over ${BACKLOG.toLocaleString('en')} flagged messages: every poll within its budget, each key once`, async () => {
		emulator.store.addFlaggedMessages(BACKLOG);
		const pending = () =>
			(emulator.store.pageFlagged('pending', 1, 1_000_000) as Array<{ messageId: string; latest: number }>).map(
				(record) => `${record.messageId}@${record.latest}`,
			);
		const backlog = pending();
		const w = triggerWatcher(emulator, { events: ['flaggedMessage'], options: { includeExisting: true } }, { budgetMs: BUDGET_MS });

		let counter = 0;
		let second = T0;
		const arrivals: string[] = [];
		const arrive = (count: number) => {
			for (let i = 0; i < count; i++) {
				const id = emulator.store.addMessage({ sender: 'alice', receiver: 'bob', data: { text: `new ${++counter}` } }).id as string;
				emulator.store.addFlag({ messageId: id, uid: 'bob', reasonId: 'spam', flaggedAt: second });
				arrivals.push(`${id}@${second}`);
			}
		};
		const approved = new Set<string>();
		let pageReads = 0;
		let stirring = false;
		// Every page read costs PAGE_MS. After the first poll, before every tenth: two arrivals on top,
		// the approval of a record well below the walk (near the end of the list), not read yet, and
		// that of the newest pending record, above the walk (every record below it moves up one place).
		const off = hooksOf(emulator).onRequest((request) => {
			if (request.path !== FLAGGED) return;
			clock.advance(PAGE_MS);
			if (++pageReads % 10 !== 0 || !stirring) return;
			arrive(2);
			const rest = emulator.store.pageFlagged('pending', 1, 1_000_000) as Array<{ messageId: string; latest: number }>;
			const deep = rest[rest.length - 1 - (pageReads % 500)];
			for (const record of [deep, rest[0]]) {
				if (!record) continue;
				emulator.store.reviewFlag(record.messageId, 'approved');
				approved.add(`${record.messageId}@${record.latest}`);
			}
		});

		const counts = new Map<string, number>();
		const polls: Array<{ items: number; ms: number; realMs: number }> = [];
		const started = Date.now();
		const realStarted = performance.now();
		let backlogLeft = true;
		try {
			for (let n = 0; n < 40 && backlogLeft; n++) {
				// Between polls: ten seconds pass and a few flags arrive.
				second += 10;
				emulator.store.setClock(second);
				if (n > 0) arrive(5);
				const pollStarted = clock.now();
				const realPollStarted = performance.now();
				const outcome = await w.poll();
				const ms = clock.now() - pollStarted;
				const realMs = performance.now() - realPollStarted;
				polls.push({ items: outcome.items.length, ms, realMs });
				stirring = true;
				expect(outcome.succeeded).toBe(true);
				expect(ms).toBeLessThanOrEqual(BUDGET_MS);
				expect(realMs).toBeLessThan(REAL_MS_PER_POLL);
				const at = outcome.items.map((item: INodeExecutionData) => Number(item.json.flaggedAt));
				expect(at.every((value, i) => i === 0 || at[i - 1] <= value)).toBe(true);
				for (const item of outcome.items) {
					const { key } = keyOfItem(item);
					counts.set(key, (counts.get(key) ?? 0) + 1);
				}
				const state = w.staticData() as { events: { flaggedMessage: { backlog?: unknown[] } } };
				backlogLeft = (state.events.flaggedMessage.backlog ?? []).length > 0;
			}
		} finally {
			off();
		}
		// The flags that arrived during the last poll come out with the next one.
		const last = await w.poll();
		for (const item of last.items) counts.set(keyOfItem(item).key, (counts.get(keyOfItem(item).key) ?? 0) + 1);

		const repeated = [...counts].filter(([, count]) => count > 1).length;
		const lost = [...backlog, ...arrivals].filter((key) => !counts.has(key) && !approved.has(key)).length;
		const listed = new Set([...backlog, ...arrivals]);
		const phantom = [...counts.keys()].filter((key) => !listed.has(key)).length;
		report('trigger-budget', {
			backlog: BACKLOG,
			budgetMs: BUDGET_MS,
			pageMs: PAGE_MS,
			polls: polls.length + 1,
			firstPollItems: polls[0].items,
			firstPollMs: polls[0].ms,
			longestPollMs: Math.max(...polls.map((p) => p.ms)),
			longestPollRealMs: Math.round(Math.max(...polls.map((p) => p.realMs))),
			arrivals: arrivals.length,
			approvedBeforeRead: approved.size,
			emitted: counts.size,
			repeated,
			lost,
			requests: pageReads,
			realMs: Math.round(performance.now() - realStarted),
			testClockMs: Date.now() - started,
		});
		expect(backlogLeft).toBe(false);
		// The first poll read what its budget allowed, less its margin, and stopped.
		expect(polls[0].items).toBe(reachOf(Math.floor((BUDGET_MS * (1 - BUDGET_MARGIN)) / PAGE_MS)));
		expect(polls.length).toBeGreaterThan(10);
		expect(repeated).toBe(0);
		expect(lost).toBe(0);
		expect(phantom).toBe(0);
		expect(approved.size).toBeGreaterThan(100);
		expect(arrivals.length).toBeGreaterThan(400);
	});
});
