/**
 * CometChat Trigger: `poll()` through n8n-core's real PollContext against the emulator. Static data
 * lives on the Workflow between polls, as in n8n.
 */
import type { IDataObject, INode, INodeExecutionData, INodeParameters, WorkflowExecuteMode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CometChatTrigger } from '../../nodes/CometChat/CometChatTrigger.node.js';
import { apiRequests, credentialsFor } from '../harness/emulator';
import type { Emulator } from '../harness/emulator';
import { pollContext, registerNodeType, TRIGGER_TYPE, triggerNode, workflowWith } from '../harness/engine';
import { useEmulator, useShortBackoff } from '../harness/suite';
import { readsToReach } from '../harness/listWindows';
import { MAX_KEPT_KEYS, READ_BACK_SECONDS } from '../../nodes/CometChat/pollingTrigger/seenWindow';

const trigger = new CometChatTrigger();
registerNodeType(TRIGGER_TYPE, trigger);

const currentEmulator = useEmulator();
// What a failed read does to a poll (what it emits, keeps, logs or throws) is tested here, not how
// long its retries wait: 500 polls with 15% faults would otherwise sleep most of a minute.
useShortBackoff();
let emulator: Emulator;
const T0 = 1_790_000_000;

beforeEach(() => {
	emulator = currentEmulator();
	emulator.store.setClock(T0);
	for (const uid of ['alice', 'bob', 'carol', 'dave']) emulator.store.addUser({ uid, name: uid });
	emulator.store.addRule({
		id: 'no-spam-links',
		name: 'No spam links',
		conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['casino'] }],
		action: ['blockMessage'],
	});
	emulator.store.addRule({
		id: 'no-insults',
		name: 'No insults',
		conditions: [{ entity: 'message', operand: 'text', category: 'word', operator: 'contains', value: ['idiot'] }],
		action: ['blockMessage'],
	});
});

let messageCount = 0;
function message(text = 'hello'): string {
	return emulator.store.addMessage({ sender: 'alice', receiver: 'bob', data: { text: `${text} ${++messageCount}` } }).id;
}

function flag(messageId: string, uid: string, flaggedAt: number, reasonId = 'spam') {
	emulator.store.addFlag({ messageId, uid, reasonId, remark: `${uid} flagged`, flaggedAt });
}

function block(messageId: string, createdAt: number, ruleId = 'no-spam-links') {
	emulator.store.addBlocked({ messageId, ruleId, createdAt });
}

interface Watcher {
	poll(mode?: WorkflowExecuteMode): Promise<INodeExecutionData[]>;
	staticData(): IDataObject;
	setStaticData(data: IDataObject): void;
}

/** One active workflow holding the trigger: each poll shares its static data, as in n8n. */
function watcher(parameters: IDataObject = {}): Watcher {
	const node: INode = triggerNode({ events: ['flaggedMessage'], ...parameters } as INodeParameters);
	const workflow = workflowWith(node);
	return {
		async poll(mode = 'trigger') {
			const result = await trigger.poll!.call(pollContext(workflow, node, credentialsFor(emulator), mode));
			return result?.[0] ?? [];
		},
		staticData: () => JSON.parse(JSON.stringify(workflow.getStaticData('node', node))) as IDataObject,
		setStaticData: (data) => Object.assign(workflow.getStaticData('node', node), data),
	};
}

const ids = (items: INodeExecutionData[]) => items.map((item) => String(item.json.id));

/** The emulator's test hooks this file uses (they are not in the shared harness type). */
interface RequestInfo {
	path: string;
	query: Record<string, string | string[]>;
}
interface EmulatorHooks {
	onRequest(hook: (request: RequestInfo) => void | Promise<void>): () => void;
	setIgnoredQueryParams(names: string[]): void;
}
const hooks = () => emulator as unknown as EmulatorHooks;

/** Runs `change` once, just before the emulator answers `page` of a list (between two page reads of one poll). */
function beforePage(path: string, page: number, change: () => void): () => void {
	const off = hooks().onRequest((request) => {
		if (request.path === path && request.query.page === String(page)) {
			off();
			change();
		}
	});
	return off;
}
const FLAGGED = '/v3/moderation/flagged-messages';
const BLOCKED = '/v3/moderation/blocked-messages';

/** `count` new messages flagged one second apart from `from`, oldest first. */
function flagMany(count: number, from: number, flagger = 'bob'): string[] {
	const fresh = Array.from({ length: count }, () => message());
	fresh.forEach((id, i) => flag(id, flagger, from + i));
	return fresh;
}

/** Every key emitted: id@flaggedAt (blocked: id@createdAt). */
const keys = (items: INodeExecutionData[]) =>
	items.map(
		(item) => `${String(item.json.id)}@${String(item.json.event === 'blockedMessage' ? item.json.createdAt : item.json.flaggedAt)}`,
	);

describe('first poll', () => {
	it('emits nothing and notes where the list stands (its newest second)', async () => {
		flag(message(), 'bob', T0 - 10);
		flag(message(), 'carol', T0 - 5);
		const w = watcher();
		expect(await w.poll()).toEqual([]);
		expect(w.staticData()).toMatchObject({ events: { flaggedMessage: { floor: T0 - 5 } } });
		expect(await w.poll()).toEqual([]);
	});

	it('emits everything, oldest first, with Include Existing on First Poll', async () => {
		const older = message();
		const newer = message();
		flag(older, 'bob', T0 - 10);
		flag(newer, 'carol', T0 - 5);
		const w = watcher({ options: { includeExisting: true } });
		const items = await w.poll();
		expect(ids(items)).toEqual([older, newer]);
		expect(items[0].json).toMatchObject({
			event: 'flaggedMessage',
			id: older,
			sender: 'alice',
			receiver: 'bob',
			flaggedCount: 1,
			reasonId: 'spam',
			reason: 'Spam',
			flaggedBy: 'bob',
			flaggedAt: T0 - 10,
			flaggedAtIso: '2026-09-21T14:13:10.000Z',
		});
		// n8n's guideline: a simplified item has at most 10 fields, the event included (and the time's ISO copy).
		expect(Object.keys(items[0].json).sort()).toEqual(
			['event', 'id', 'sender', 'receiver', 'text', 'flaggedCount', 'reasonId', 'reason', 'flaggedBy', 'flaggedAt', 'flaggedAtIso'].sort(),
		);
		expect(await w.poll()).toEqual([]);
	});
});

describe('later polls', () => {
	it('emit exactly the new items', async () => {
		flag(message(), 'bob', T0 - 10);
		const w = watcher();
		await w.poll();
		const a = message();
		const b = message();
		flag(a, 'bob', T0 + 1);
		flag(b, 'carol', T0 + 2);
		expect(ids(await w.poll())).toEqual([a, b]);
		expect(await w.poll()).toEqual([]);
	});

	it('emit three items flagged in the same second across two polls, each once', async () => {
		const w = watcher();
		await w.poll();
		const [a, b, c] = [message(), message(), message()];
		flag(a, 'bob', T0);
		flag(b, 'bob', T0);
		expect(ids(await w.poll()).sort()).toEqual([a, b].sort());
		flag(c, 'bob', T0);
		expect(ids(await w.poll())).toEqual([c]);
		expect(await w.poll()).toEqual([]);
	});

	it('emit a message again when someone else flags it later', async () => {
		const w = watcher();
		await w.poll();
		const a = message();
		flag(a, 'bob', T0 + 1);
		expect(ids(await w.poll())).toEqual([a]);
		flag(a, 'carol', T0 + 9, 'harassment');
		const again = await w.poll();
		expect(again.map((item) => item.json)).toEqual([
			expect.objectContaining({ id: a, flaggedCount: 2, flaggedBy: 'carol', reasonId: 'harassment', reason: 'Harassment' }),
		]);
		expect(await w.poll()).toEqual([]);
	});

	it('read one page when 10 new items sit on top of 100,000 old ones', async () => {
		emulator.store.setClock(T0 - 1000);
		emulator.store.addFlaggedMessages(100_000);
		emulator.store.setClock(T0);
		const w = watcher();
		await w.poll();
		const fresh = Array.from({ length: 10 }, () => message());
		fresh.forEach((id, i) => flag(id, 'dave', T0 + i));
		emulator.clearRequests();
		expect(ids(await w.poll())).toEqual(fresh);
		expect(apiRequests(emulator)).toHaveLength(1);
	});

	it('emit nothing and lose nothing when the second page fails', async () => {
		const w = watcher();
		await w.poll();
		const fresh = Array.from({ length: 150 }, () => message());
		fresh.forEach((id, i) => flag(id, 'bob', T0 + 1 + i));
		const before = w.staticData();
		// A 500 on a GET is retried 4 times: five in a row fail the poll.
		emulator.injectNext(Array(5).fill('500'), { pathPrefix: '/v3/moderation/flagged-messages', query: { page: '2' } });
		emulator.clearRequests();
		expect(await w.poll()).toEqual([]);
		expect(apiRequests(emulator).map((request) => [request.query.page, request.status])).toEqual([
			['1', 200],
			...Array(5).fill(['2', 500]),
		]);
		expect(w.staticData()).toEqual(before);
		const retried = await w.poll();
		expect(ids(retried)).toEqual(fresh);
		expect(await w.poll()).toEqual([]);
	});

	it('emit nothing and lose nothing when the second page is no page (data null), and do not raise the floor', async () => {
		const w = watcher();
		await w.poll();
		const fresh = Array.from({ length: 250 }, () => message());
		fresh.forEach((id, i) => flag(id, 'bob', T0 + 1 + i));
		const before = w.staticData();
		// Taken for the end of the list, it would emit page 1 and raise the floor past page 2 and 3.
		emulator.injectNext(Array(5).fill('notAPageNull'), { pathPrefix: FLAGGED, query: { page: '2' } });
		emulator.clearRequests();
		expect(await w.poll()).toEqual([]);
		expect(apiRequests(emulator).map((request) => [request.query.page, request.fault])).toEqual([
			['1', undefined],
			...Array(5).fill(['2', 'notAPageNull']),
		]);
		expect(w.staticData()).toEqual(before);
		expect(ids(await w.poll())).toEqual(fresh);
		expect(await w.poll()).toEqual([]);
	});

	it('filter by reason without losing their place', async () => {
		const w = watcher({ reasonId: { __rl: true, mode: 'list', value: 'harassment' } });
		await w.poll();
		const [a, b] = [message(), message()];
		flag(a, 'bob', T0 + 1, 'spam');
		flag(b, 'bob', T0 + 2, 'harassment');
		expect(ids(await w.poll())).toEqual([b]);
		expect(await w.poll()).toEqual([]);
	});
});

describe('the list changes between the page reads of one poll', () => {
	// 150 new flags: page 1 holds the newest 100 (fresh[149]…fresh[50]), page 2 the rest.
	async function watching() {
		flagMany(5, T0 - 100);
		const w = watcher();
		await w.poll();
		return w;
	}

	it('an arrival: read twice by the walk, emitted once, and the arrival by the next poll', async () => {
		const w = await watching();
		const fresh = flagMany(150, T0 + 1);
		const arrival = message();
		beforePage(FLAGGED, 2, () => flag(arrival, 'carol', T0 + 200));
		emulator.clearRequests();
		const items = await w.poll();
		// fresh[50] moved from position 99 to 100: it was on both pages.
		expect(ids(items)).toEqual(fresh);
		expect(apiRequests(emulator).map((request) => request.query.page)).toEqual(['1', '2']);
		expect(ids(await w.poll())).toEqual([arrival]);
		expect(await w.poll()).toEqual([]);
	});

	it('an approval of a record already read: the walk steps back and reads the record it pulls up, in the same poll', async () => {
		const w = await watching();
		const fresh = flagMany(150, T0 + 1);
		beforePage(FLAGGED, 2, () => emulator.store.reviewFlag(fresh[149], 'approved'));
		emulator.clearRequests();
		const first = await w.poll();
		// fresh[49] moved from position 100 to 99: the second read (positions 99 to 197) starts with
		// it, a record the walk has not read, so the walk steps back: positions 98 to 195.
		expect(ids(first)).toEqual(fresh);
		const reads = apiRequests(emulator).map((request) => `${request.query.page}/${request.query.limit}`);
		expect(reads).toEqual(['1/100', '2/99', '2/98']);
		expect(await w.poll()).toEqual([]);
	});

	it('approvals that shrink the list past the next read (it comes back empty): the walk steps back, nothing lost', async () => {
		const w = await watching();
		const fresh = flagMany(250, T0 + 1);
		// Read 1 holds fresh[249…150]; before read 2 (positions 99 to 197) the newest 200 are approved:
		// 55 records are left, so read 2 is empty though fresh[49…0] were never read.
		beforePage(FLAGGED, 2, () => fresh.slice(50).forEach((id) => emulator.store.reviewFlag(id, 'approved')));
		const first = await w.poll();
		expect(ids(first)).toEqual([...fresh.slice(0, 50), ...fresh.slice(150)]);
		expect(await w.poll()).toEqual([]);
	});

	it('several approvals, on both events, between the reads: no record hidden, each emitted once by the same poll', async () => {
		const w = watcher({ events: ['flaggedMessage', 'blockedMessage'] });
		await w.poll();
		const fresh = flagMany(250, T0 + 1);
		const blocked = Array.from({ length: 250 }, () => message('casino'));
		blocked.forEach((id, i) => block(id, T0 + 1 + i));
		// Page 1 (fresh[249]…fresh[150]) is read; three of it are approved, which pulls fresh[149…147] up into it.
		beforePage(FLAGGED, 2, () => [249, 248, 247].forEach((i) => emulator.store.reviewFlag(fresh[i], 'approved')));
		beforePage(FLAGGED, 3, () => emulator.store.reviewFlag(fresh[200], 'approved'));
		beforePage(BLOCKED, 3, () => emulator.store.removeBlocked(blocked[200]));
		const first = await w.poll();
		const all = keys(first);
		expect(new Set(all).size).toBe(all.length);
		// Every record: those still pending, and those read before their approval, came out once.
		expect(all.sort()).toEqual([...fresh.map((id, i) => `${id}@${T0 + 1 + i}`), ...blocked.map((id, i) => `${id}@${T0 + 1 + i}`)].sort());
		expect(await w.poll()).toEqual([]);
	});

	it('a re-flag of a record read and of one not yet read: no duplicate, and both new flags by the next poll', async () => {
		const w = await watching();
		const fresh = flagMany(150, T0 + 1);
		beforePage(FLAGGED, 2, () => {
			flag(fresh[120], 'carol', T0 + 300); // on page 1, already read
			flag(fresh[10], 'carol', T0 + 301); // on page 2: replaced before it is read
		});
		const first = await w.poll();
		// fresh[10]'s first flag was replaced before any poll read it: its new flag is the occurrence.
		expect(ids(first)).toEqual(fresh.filter((_, i) => i !== 10));
		const second = await w.poll();
		expect(keys(second)).toEqual([`${fresh[120]}@${T0 + 300}`, `${fresh[10]}@${T0 + 301}`]);
		expect(await w.poll()).toEqual([]);
	});

	it('records of one second that straddle a page boundary and two polls: each once', async () => {
		const w = await watching();
		const sameSecond = Array.from({ length: 150 }, () => message());
		sameSecond.forEach((id) => flag(id, 'bob', T0 + 1));
		const late = message();
		// Page 1 is read; two of it are approved (pulling two records up) and one more arrives at the same second.
		beforePage(FLAGGED, 2, () => {
			emulator.store.reviewFlag(sameSecond[149], 'approved');
			emulator.store.reviewFlag(sameSecond[148], 'approved');
			flag(late, 'carol', T0 + 1);
		});
		const first = await w.poll();
		expect(new Set(ids(first)).size).toBe(first.length);
		// The walk stepped back over the two pulled up; the arrival, listed above what it read, is the next poll's.
		const second = await w.poll();
		expect(ids(second)).toEqual([late]);
		expect([...ids(first), ...ids(second)].sort()).toEqual([...sameSecond, late].sort());
		const more = Array.from({ length: 3 }, () => message());
		more.forEach((id) => flag(id, 'dave', T0 + 1));
		expect(ids(await w.poll()).sort()).toEqual([...more].sort());
		expect(await w.poll()).toEqual([]);
	});

	it('a record that becomes visible late, with a flaggedAt inside the read-back window, is emitted once', async () => {
		const w = await watching();
		flagMany(3, T0 + 100);
		await w.poll();
		const late = message();
		flag(late, 'carol', T0 + 102 - READ_BACK_SECONDS + 1);
		expect(ids(await w.poll())).toEqual([late]);
		expect(await w.poll()).toEqual([]);
	});
});

describe('state', () => {
	it('stays bounded after Include Existing over a large backlog, and the read-back shrinks to one page', async () => {
		emulator.store.setClock(T0 - 1);
		emulator.store.addFlaggedMessages(12_000);
		emulator.store.setClock(T0);
		const w = watcher({ options: { includeExisting: true } });
		expect(await w.poll()).toHaveLength(12_000);
		const state = (w.staticData().events as IDataObject).flaggedMessage as { floor: number; seen: Record<string, string[]> };
		const kept = Object.values(state.seen).reduce((sum, list) => sum + list.length, 0);
		expect(kept).toBe(MAX_KEPT_KEYS);
		expect(JSON.stringify(state).length).toBeLessThan(200_000);
		// The next poll reads back over the kept keys (a shift may have hidden one of them)…
		emulator.clearRequests();
		const fresh = flagMany(2, T0 + 1);
		expect(ids(await w.poll())).toEqual(fresh);
		expect(apiRequests(emulator).length).toBeLessThanOrEqual(readsToReach(MAX_KEPT_KEYS) + 1);
		expect(await w.poll()).toEqual([]);
		// …the next two also read back to where that poll's new records lay (page 2 here)…
		emulator.clearRequests();
		expect(await w.poll()).toEqual([]);
		expect(apiRequests(emulator)).toHaveLength(2);
		// …and then only the read-back window (60 records here): one page.
		emulator.clearRequests();
		expect(await w.poll()).toEqual([]);
		expect(apiRequests(emulator)).toHaveLength(1);
	});

	it('carries on from the state of the previous version (a watermark and the keys at it)', async () => {
		const [a, b] = [message(), message()];
		flag(a, 'bob', T0);
		const w = watcher();
		await w.poll();
		// The state as the previous version wrote it.
		const legacy = { events: { flaggedMessage: { watermark: { timestamp: T0, keysAtTimestamp: [`${a}@${T0}`] } } } };
		w.setStaticData(legacy);
		flag(b, 'bob', T0);
		expect(ids(await w.poll())).toEqual([b]);
		expect(await w.poll()).toEqual([]);
	});
});

describe('blocked messages', () => {
	it('emit new blocked messages, both events in one poll, each saying which it is', async () => {
		const w = watcher({ events: ['flaggedMessage', 'blockedMessage'] });
		await w.poll();
		const [spam, insult, flagged] = [message('casino'), message('idiot'), message()];
		block(spam, T0 + 1);
		block(insult, T0 + 1, 'no-insults');
		flag(flagged, 'carol', T0 + 2);
		const items = await w.poll();
		expect(items.map((item) => [item.json.event, item.json.id])).toEqual([
			['flaggedMessage', flagged],
			['blockedMessage', spam],
			['blockedMessage', insult],
		]);
		expect(items.find((item) => item.json.id === spam)?.json).toMatchObject({
			event: 'blockedMessage',
			ruleId: 'no-spam-links',
			ruleName: 'No spam links',
			status: 'pending',
		});
		expect(Object.keys(items[1].json).sort()).toEqual(
			['event', 'id', 'sender', 'receiver', 'text', 'status', 'ruleId', 'ruleName', 'action', 'createdAt', 'createdAtIso'].sort(),
		);
		expect(await w.poll()).toEqual([]);
	});

	it('filter by rule, and give the raw record when Simplify is off', async () => {
		const w = watcher({
			events: ['blockedMessage'],
			ruleId: { __rl: true, mode: 'id', value: 'no-insults' },
			options: { simplify: false },
		});
		await w.poll();
		const [spam, insult] = [message('casino'), message('idiot')];
		block(spam, T0 + 1);
		block(insult, T0 + 2, 'no-insults');
		const items = await w.poll();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ event: 'blockedMessage', ruleId: 'no-insults', message: { id: insult } });
		expect(items[0].json).toHaveProperty('revisionId');
	});
});

describe('manual mode (the Test button)', () => {
	it('returns the newest item without touching the state', async () => {
		const w = watcher();
		await w.poll();
		const state = w.staticData();
		const [a, b] = [message(), message()];
		flag(a, 'bob', T0 + 1);
		flag(b, 'bob', T0 + 2);
		expect(ids(await w.poll('manual'))).toEqual([b]);
		expect(w.staticData()).toEqual(state);
		expect(ids(await w.poll())).toEqual([a, b]);
	});

	it('says clearly when there is nothing to show', async () => {
		const w = watcher({ events: ['flaggedMessage', 'blockedMessage'] });
		await expect(w.poll('manual')).rejects.toThrow('There is no flagged message or blocked message to show yet');
	});
});

describe('errors', () => {
	it('reach the user on the first poll', async () => {
		emulator.injectNext(Array(5).fill('503'), { pathPrefix: '/v3/moderation' });
		await expect(watcher().poll()).rejects.toThrow(/Service Unavailable|unavailable/i);
	});

	it('are logged, not thrown, on a later poll when transient; a wrong key is thrown', async () => {
		const w = watcher();
		await w.poll();
		emulator.injectNext(Array(5).fill('500'), { pathPrefix: '/v3/moderation' });
		expect(await w.poll()).toEqual([]);
		// A wrong key is no passing fault: it is thrown, so the user sees it.
		const node = wrongKeyNode();
		const workflow = workflowWith(node);
		workflow.getStaticData('node', node).events = { flaggedMessage: {} };
		const context = pollContext(workflow, node, credentialsFor(emulator, { apiKey: 'nope' }));
		await expect(trigger.poll!.call(context)).rejects.toMatchObject({
			name: 'NodeApiError',
			description: expect.stringMatching(/AUTH_ERR_APIKEY_NOT_FOUND.*Check the API key/),
		});
	});
});

describe('errors that are not passing', () => {
	it('a service that ignores page: a clear error on a later poll, no item twice, no endless walk', async () => {
		const w = watcher();
		await w.poll();
		flagMany(250, T0 + 1);
		const before = w.staticData();
		hooks().setIgnoredQueryParams(['page']);
		try {
			emulator.clearRequests();
			const error = await w.poll().then(
				() => undefined,
				(thrown: unknown) => thrown,
			);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect((error as Error).message).toMatch(/page/i);
			expect(apiRequests(emulator).length).toBeLessThanOrEqual(3);
			expect(w.staticData()).toEqual(before);
		} finally {
			hooks().setIgnoredQueryParams([]);
		}
		expect(await w.poll()).toHaveLength(250);
	});

	it('an input error raised before any request (a NodeOperationError) is thrown on a later poll, not logged away', async () => {
		const node = wrongKeyNode();
		const workflow = workflowWith(node);
		await trigger.poll!.call(pollContext(workflow, node, credentialsFor(emulator)));
		const context = pollContext(workflow, node, credentialsFor(emulator, { baseUrl: '' }));
		await expect(trigger.poll!.call(context)).rejects.toMatchObject({
			name: 'NodeOperationError',
			message: 'The CometChat API credential has no Base URL',
		});
	});
});

function wrongKeyNode(): INode {
	return triggerNode(undefined, {
		id: 'trigger-2',
		name: 'Wrong Key Trigger',
		credentials: { cometChatApi: { id: 'cred-2', name: 'Wrong' } },
	});
}

describe('soak', () => {
	it('emits every flagged and blocked message exactly once over 500 polls with 15% faults', async () => {
		const w = watcher({ events: ['flaggedMessage', 'blockedMessage'] });
		await w.poll();
		emulator.setFaults({
			rate: 0.15,
			seed: 7,
			kinds: ['429', '500', '503', 'reset', 'truncated', 'invalidJson'],
			retryAfter: 0,
		});
		const expected = { flaggedMessage: new Set<string>(), blockedMessage: new Set<string>() };
		const seen = { flaggedMessage: [] as string[], blockedMessage: [] as string[] };
		let random = 12345;
		const next = () => (random = (random * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
		let clock = T0;
		let failedPolls = 0;
		for (let poll = 0; poll < 500; poll++) {
			// Time moves 0 or 1 s a poll, so many arrivals share a second with the previous poll's.
			clock += next() < 0.5 ? 0 : 1;
			emulator.store.setClock(clock);
			const arrivals = Math.floor(next() * 4);
			for (let i = 0; i < arrivals; i++) {
				const id = message(next() < 0.5 ? 'casino' : 'fine');
				if (next() < 0.6) {
					const flagger = ['bob', 'carol', 'dave'][Math.floor(next() * 3)];
					flag(id, flagger, clock);
					expected.flaggedMessage.add(`${id}@${clock}`);
				} else {
					block(id, clock);
					expected.blockedMessage.add(`${id}@${clock}`);
				}
			}
			const faultsBefore = Object.values(emulator.faultCounts).reduce((a, b) => a + b, 0);
			const items = await w.poll();
			for (const item of items) {
				const event = item.json.event as 'flaggedMessage' | 'blockedMessage';
				const at = event === 'flaggedMessage' ? item.json.flaggedAt : item.json.createdAt;
				seen[event].push(`${String(item.json.id)}@${String(at)}`);
			}
			const faultsAfter = Object.values(emulator.faultCounts).reduce((a, b) => a + b, 0);
			if (items.length === 0 && faultsAfter > faultsBefore && arrivals > 0) failedPolls++;
		}
		emulator.setFaults({ rate: 0 });
		for (const item of await w.poll()) {
			const event = item.json.event as 'flaggedMessage' | 'blockedMessage';
			const at = event === 'flaggedMessage' ? item.json.flaggedAt : item.json.createdAt;
			seen[event].push(`${String(item.json.id)}@${String(at)}`);
		}

		const totals = {
			flagged: expected.flaggedMessage.size,
			blocked: expected.blockedMessage.size,
			emittedFlagged: seen.flaggedMessage.length,
			emittedBlocked: seen.blockedMessage.length,
			faults: { ...emulator.faultCounts },
			pollsThatFailedWithArrivalsPending: failedPolls,
		};
		expect(seen.flaggedMessage.sort()).toEqual([...expected.flaggedMessage].sort());
		expect(seen.blockedMessage.sort()).toEqual([...expected.blockedMessage].sort());
		expect(totals.flagged).toBeGreaterThan(200);
		expect(totals.blocked).toBeGreaterThan(100);
		expect(Object.values(emulator.faultCounts).reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
	}, 180_000);
});
