/**
 * A 200 that is not a page (`data` null, an object, missing, an error object, a bare list) and a
 * page shorter than its `meta` announces, met by Return All over a numbered list (users) and a
 * cursor list (thread replies), and by the CometChat Trigger over several polls. Each answer is
 * either complete (every record once, in order) or a clear error: never fewer records without one.
 * The faults come from the emulator's queue (`injectNext` with `match`), so no test races the clock.
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { Fault } from '../../emulator';
import { NOT_A_PAGE_KINDS } from '../../emulator';
import type { Emulator } from '../harness/emulator';
import { credentialsFor, TEST_API_KEY } from '../harness/emulator';
import type { RunResult } from '../harness/engine';
import { runNode } from '../harness/engine';
import { byId, useEmulator, useShortBackoff } from '../harness/suite';
import { report } from './report';
import { keyOfItem, triggerWatcher } from './trigger-watcher';

const currentEmulator = useEmulator();
// Each case is about what the retries make of a wrong answer (how many, then the records or the
// error), not how long they wait: the shipped backoff slept 3.75 s a case.
useShortBackoff();
let emulator: Emulator;

/** A GET is retried 4 times on an answer it cannot use: five such answers in a row fail it. */
const ATTEMPTS = 5;
const USERS = 3_000;
const REPLIES = 2_500;
const T0 = 1_790_000_000;

/** Each wrong answer, by name: the emulator's fault that serves it. */
const WRONG_ANSWERS: Array<[string, Fault]> = [
	...NOT_A_PAGE_KINDS.map((kind): [string, Fault] => [kind, { kind }]),
	['emptyWithoutMeta', { kind: 'emptyWithoutMeta' }],
	['recordWithoutId', { kind: 'recordWithoutId' }],
	['shortPage (half)', { kind: 'shortPage' }],
	['shortPage (empty)', { kind: 'shortPage', keep: 0 }],
];

/**
 * A page that disagrees with its own count the same way on a retry is the service's own count
 * (Return All reads it, follows the list as its envelope says, and adds a hint); the polling
 * trigger, which has no way to tell the user, fails the poll instead.
 */
const settlesInReturnAll = (fault: Fault) => fault.kind === 'shortPage';

beforeEach(() => {
	emulator = currentEmulator();
	emulator.store.setClock(T0);
	emulator.resetFaultCounts();
	for (const uid of ['alice', 'bob', 'carol']) emulator.store.addUser({ uid, name: uid });
});

afterEach(() => emulator.faults.clearQueue());

const times = (fault: Fault, count: number): Fault[] => Array.from({ length: count }, () => ({ ...fault }));

/**
 * A walk that took a short page as the service's count: no error, each record it holds once and in
 * the undisturbed order, exactly the page's dropped records missing, and a hint that says so.
 */
function expectReadWithHint(run: RunResult, key: string, undisturbed: unknown[], dropped: number): void {
	expect(run.error).toBeUndefined();
	const keys: unknown[] = run.items.map((item) => item.json[key]);
	const read = new Set(keys);
	expect(read.size).toBe(keys.length);
	expect(keys).toEqual(undisturbed.filter((value) => read.has(value)));
	expect(undisturbed.length - keys.length).toBe(dropped);
	expect(run.hints).toEqual([expect.objectContaining({ type: 'warning', message: expect.stringContaining('the same on a retry') })]);
}

/** Either every record once, in the undisturbed order, or a clear error and no record. */
function expectCompleteOrClearError(run: RunResult, key: string, undisturbed: unknown[], endpoint: string): 'complete' | 'error' {
	const keys = run.items.map((item) => item.json[key]);
	if (!run.error) {
		expect(keys).toEqual(undisturbed);
		expect(run.hints).toEqual([]);
		return 'complete';
	}
	expect(run.error.name).toBe('NodeApiError');
	expect(run.error.message).toContain(`CometChat answered ${endpoint}`);
	expect(run.error.message).toMatch(/not a list page|short page/);
	expect(run.error.message).toContain('[item 0]');
	expect(`${run.error.message} ${run.error.description}`).not.toContain(TEST_API_KEY);
	expect(keys).toEqual([]);
	return 'error';
}

describe.each([
	{
		list: `User → Get Many over ${USERS} users (numbered pages)`,
		setUp: (): { parameters: INodeParameters; pathPrefix: string; endpoint: string } => {
			emulator.store.addUsers(USERS, 'bulk-');
			return {
				parameters: { resource: 'user', operation: 'getAll', returnAll: true },
				pathPrefix: '/v3/users',
				endpoint: 'GET /v3/users',
			};
		},
		key: 'uid',
		secondPage: { page: '2' } as Record<string, string>,
	},
	{
		list: `Message → Get Thread over ${REPLIES} replies (cursor)`,
		setUp: (): { parameters: INodeParameters; pathPrefix: string; endpoint: string } => {
			const parent = emulator.store.addMessage({ sender: 'alice', receiver: 'bob', data: { text: 'Thread start' }, sentAt: T0 })
				.id as string;
			for (let i = 1; i <= REPLIES; i++) {
				emulator.store.addMessage({ sender: 'bob', receiver: 'alice', parentId: parent, data: { text: `Reply ${i}` }, sentAt: T0 + i });
			}
			return {
				parameters: { resource: 'message', operation: 'getThread', messageId: parent, onBehalfOf: byId('bob'), returnAll: true },
				pathPrefix: `/v3/messages/${parent}/thread`,
				endpoint: `GET /v3/messages/${parent}/thread`,
			};
		},
		key: 'id',
		// The first page is asked without a cursor; the second with meta.next's fields.
		secondPage: { affix: 'append' } as Record<string, string>,
	},
])('Return All, $list', ({ list, setUp, key, secondPage }) => {
	it.each(WRONG_ANSWERS)(
		'%s on the second page: once, every record once in order; every time, a clear error (a short page: its records and a hint)',
		async (name, fault) => {
			const { parameters, pathPrefix, endpoint } = setUp();
			const run = async () => await runNode(credentialsFor(emulator), { ...parameters, options: { simplify: false } });
			const undisturbed = await run();
			expect(undisturbed.error).toBeUndefined();
			const expected = undisturbed.items.map((item) => item.json[key]);
			expect(new Set(expected).size).toBe(list.startsWith('User') ? USERS + 3 : REPLIES);

			emulator.injectNext([fault], { pathPrefix, query: secondPage });
			const once = await run();
			expect(expectCompleteOrClearError(once, key, expected, endpoint)).toBe('complete');
			expect(emulator.faultCounts[fault.kind]).toBe(1);

			emulator.resetFaultCounts();
			// A short page is settled by its retry: two in a row are every time for it (more would reach
			// the cursor list's later pages, which the match also fits).
			emulator.injectNext(times(fault, settlesInReturnAll(fault) ? 2 : ATTEMPTS), { pathPrefix, query: secondPage });
			const always = await run();
			if (settlesInReturnAll(fault)) {
				// The second page (1,000 records) kept `keep` of them, half by default: the retry said the same.
				expectReadWithHint(always, key, expected, 1000 - (fault.keep ?? 500));
				expect(emulator.faultCounts[fault.kind]).toBe(2);
			} else {
				expect(expectCompleteOrClearError(always, key, expected, endpoint)).toBe('error');
				expect(emulator.faultCounts[fault.kind]).toBe(ATTEMPTS);
			}
			report(`garbled-pages return-all ${key === 'uid' ? 'users' : 'thread'} ${name.replace(/\W+/g, '-')}`, {
				records: expected.length,
				onceReturned: once.items.length,
				alwaysReturned: always.items.length,
				alwaysError: always.error?.message ?? 'none',
			});
		},
	);
});

describe.each(['flaggedMessage', 'blockedMessage'] as const)('CometChat Trigger, %s', (event) => {
	const path = event === 'flaggedMessage' ? '/v3/moderation/flagged-messages' : '/v3/moderation/blocked-messages';
	let counter = 0;

	/** `count` new records of the event, one second apart from `from`; their keys, oldest first. */
	function arrive(count: number, from: number): string[] {
		const keys: string[] = [];
		for (let i = 0; i < count; i++) {
			const at = from + i;
			const text = event === 'blockedMessage' ? `casino ${++counter}` : `fine ${++counter}`;
			const id = emulator.store.addMessage({ sender: 'alice', receiver: 'bob', data: { text } }).id as string;
			if (event === 'flaggedMessage') emulator.store.addFlag({ messageId: id, uid: 'carol', reasonId: 'spam', flaggedAt: at });
			else emulator.store.addBlocked({ messageId: id, ruleId: 'no-spam-links', createdAt: at });
			keys.push(`${id}@${at}`);
		}
		return keys;
	}

	const keysOf = (items: INodeExecutionData[]) => items.map((item) => keyOfItem(item).key);

	it.each(WRONG_ANSWERS)(
		'%s on page 2: a failed poll emits and saves nothing; the polls after it emit every record once',
		async (name, fault) => {
			emulator.store.addRule({
				id: 'no-spam-links',
				name: 'No spam links',
				conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['casino'] }],
				action: ['blockMessage'],
			});
			arrive(30, T0 - 100);
			const w = triggerWatcher(emulator, { events: [event] });
			// The first poll notes where the list stands.
			expect(await w.poll()).toEqual({ items: [], succeeded: true });

			const first = arrive(250, T0 + 1);
			const saved = JSON.stringify(w.staticData());
			emulator.injectNext(times(fault, ATTEMPTS), { pathPrefix: path, query: { page: '2' } });
			const failed = await w.poll();
			expect(failed).toEqual({ items: [], succeeded: false });
			expect(emulator.faultCounts[fault.kind]).toBe(ATTEMPTS);
			expect(JSON.stringify(w.staticData())).toBe(saved);

			// The next poll meets the same answer once, and reads past it.
			emulator.injectNext([fault], { pathPrefix: path, query: { page: '2' } });
			const recovered = await w.poll();
			expect(recovered.succeeded).toBe(true);
			expect(keysOf(recovered.items)).toEqual(first);

			const second = arrive(120, T0 + 251);
			emulator.injectNext([fault], { pathPrefix: path, query: { page: '2' } });
			const later = await w.poll();
			expect(later.succeeded).toBe(true);
			expect(keysOf(later.items)).toEqual(second);
			expect(await w.poll()).toEqual({ items: [], succeeded: true });

			const emitted = [...failed.items, ...recovered.items, ...later.items].map((item) => keyOfItem(item).key);
			expect(new Set(emitted).size).toBe(emitted.length);
			expect(emitted).toHaveLength(first.length + second.length);
			report(`garbled-pages trigger ${event} ${name.replace(/\W+/g, '-')}`, {
				arrived: first.length + second.length,
				emitted: emitted.length,
				lost: first.length + second.length - new Set(emitted).size,
				duplicated: emitted.length - new Set(emitted).size,
				failedPolls: 1,
			});
		},
	);
});
