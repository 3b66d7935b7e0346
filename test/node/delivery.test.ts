/**
 * The push triggers' shared delivery handling (nodes/CometChat/delivery), for both the Bot Trigger
 * and the Webhook Trigger, through n8n-core's WebhookContext in a stand-in for n8n's live webhook
 * handling (test/harness/webhook-host.ts): each request loads static data afresh and saves it
 * whole, as n8n does. Time is the test's own (Date.now), never the scheduler's.
 */
import type { IDataObject, INode, INodeType } from 'n8n-workflow';

import { CometChatBotTrigger } from '../../nodes/CometChat/CometChatBotTrigger.node';
import { CometChatWebhookTrigger } from '../../nodes/CometChat/CometChatWebhookTrigger.node';
import { ID_KEY_MEMORY_MS, RETRY_HORIZON_MS } from '../../nodes/CometChat/delivery/keys';
import { DELIVERIES_MEMBER } from '../../nodes/CometChat/delivery/memory';
import { registerNodeType, shutdownEngine } from '../harness/engine';
import type { Delivered } from '../harness/webhook-host';
import { basicAuth, WebhookHost } from '../harness/webhook-host';

const BOT_TYPE = 'n8n-nodes-cometchat.cometChatBotTrigger';
const HOOK_TYPE = 'n8n-nodes-cometchat.cometChatWebhookTrigger';
registerNodeType(BOT_TYPE, new CometChatBotTrigger());
registerNodeType(HOOK_TYPE, new CometChatWebhookTrigger());

afterAll(async () => {
	await shutdownEngine();
});

const T0 = 1_800_000_000_000;
let now = T0;
beforeEach(() => {
	now = T0;
	jest.spyOn(Date, 'now').mockImplementation(() => now);
});
afterEach(() => {
	jest.restoreAllMocks();
});

/** The keys saved in static data, per node id. */
const savedKeys = (host: WebhookHost) =>
	((host.saved().global as IDataObject | undefined)?.[DELIVERIES_MEMBER] ?? {}) as Record<string, IDataObject>;

/** Each host its own node id, so no test sees another's keys. */
let nodes = 0;

interface Trigger {
	name: string;
	host(options?: { overlap?: boolean; n8n?: '2.8' | '2.41' | '2.41-queue' }): WebhookHost;
	auth: string;
	/** A delivery of event `id`, in the trigger's documented shape. */
	event(id: string): IDataObject;
	/** The same event in its other shape. */
	otherShape(id: string): IDataObject;
}

const bot: Trigger = {
	name: 'Bot Trigger',
	host: (options) => {
		const node: INode = {
			id: `bot-node-${++nodes}`,
			name: 'CometChat Bot Trigger',
			type: BOT_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { bot: { __rl: true, mode: 'id', value: 'helpbot' } },
		};
		// What activation left in the node's static data: the bot, its Basic Auth pair and the mark.
		return new WebhookHost(
			new CometChatBotTrigger() as INodeType,
			node,
			{ [`node:${node.name}`]: { bot: 'helpbot', username: 'n8nbot', password: 'botSecret123', activated: true } },
			options,
		);
	},
	auth: basicAuth('n8nbot', 'botSecret123'),
	event: (id) => ({
		trigger: 'after_message',
		data: { id, sender: 'ada', receiver: 'helpbot', receiverType: 'user', data: { text: `hi ${id}` } },
		appId: 'app',
		bot: 'helpbot',
	}),
	otherShape: (id) => ({
		trigger: 'after_message',
		data: { message: { id, sender: 'ada', receiver: 'helpbot', receiverType: 'user', data: { text: `hi ${id}` } } },
	}),
};

const webhook: Trigger = {
	name: 'Webhook Trigger',
	host: (options) => {
		const node: INode = {
			id: `hook-node-${++nodes}`,
			name: 'CometChat Webhook Trigger',
			type: HOOK_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: { mode: 'manual', events: ['message_sent', 'user_blocked', 'user_unblocked'], username: 'dash', password: 'Pass123' },
		};
		// What activation left in the node's static data (manual mode): the mark only.
		return new WebhookHost(new CometChatWebhookTrigger() as INodeType, node, { [`node:${node.name}`]: { activated: true } }, options);
	},
	auth: basicAuth('dash', 'Pass123'),
	event: (id) => ({
		trigger: 'message_sent',
		data: { message: { id, data: { text: `hi ${id}` } } },
		appId: 'app',
		region: 'us',
		webhook: 'hook1',
	}),
	// The same event with data's members in another order and without the region.
	otherShape: (id) => ({ webhook: 'hook1', data: { message: { data: { text: `hi ${id}` }, id } }, trigger: 'message_sent', appId: 'app' }),
};

const cases = [bot, webhook].flatMap((trigger) =>
	(['2.8', '2.41', '2.41-queue'] as const).map((n8n) => ({ trigger, n8n, title: `${trigger.name} (n8n ${n8n})` })),
);

/** How many items the workflow's next node got from these deliveries: the runs that count. */
const runsOf = (answers: Delivered[]) => answers.reduce((sum, answer) => sum + answer.passedOn.length, 0);

describe.each(cases)('$title', ({ trigger: base, n8n }) => {
	const trigger: Trigger = { ...base, host: (options) => base.host({ n8n, ...options }) };
	test('a delivery runs once, with its deliveryKey; a repeat at once, in the other shape, and after a restart does not', async () => {
		const host = trigger.host();
		const first = await host.deliver(trigger.event('101'), trigger.auth);
		expect(first.status).toBe(200);
		expect(first.body).toEqual({ received: true, emitted: 1 });
		expect(first.emitted).toHaveLength(1);
		expect(first.passedOn).toEqual(first.emitted);
		expect(first.emitted[0].deliveryKey).toEqual(expect.stringContaining('101'));
		const repeats = [await host.deliver(trigger.event('101'), trigger.auth), await host.deliver(trigger.otherShape('101'), trigger.auth)];
		now += 30_000;
		repeats.push(await host.deliver(trigger.event('101'), trigger.auth));
		expect(repeats.map((r) => [r.status, r.body, r.emitted.length])).toEqual(
			Array(3).fill([200, { received: true, emitted: 0, repeat: true }, 0]),
		);
		host.restart();
		const afterRestart = await host.deliver(trigger.otherShape('101'), trigger.auth);
		expect([afterRestart.status, afterRestart.passedOn.length]).toEqual([200, 0]);
		if (n8n !== '2.41-queue') expect(afterRestart.body).toEqual({ received: true, emitted: 0, repeat: true });
	});

	test.each([5, 50])('%i concurrent copies of one new event run once', async (copies) => {
		const host = trigger.host({ overlap: true });
		const answers = await Promise.all(Array.from({ length: copies }, () => host.deliver(trigger.event('202'), trigger.auth)));
		expect(answers.flatMap((a) => a.emitted)).toHaveLength(1);
		expect(runsOf(answers)).toBe(1);
		expect(answers.every((a) => a.status === 200)).toBe(true);
	});

	test('200 distinct deliveries 20 at a time run 200 times; delivered again after a restart, 0 times (saved keys are merged, never overwritten)', async () => {
		const host = trigger.host({ overlap: true });
		const ids = Array.from({ length: 200 }, (_, i) => `e${i}`);
		let emitted = 0;
		for (let start = 0; start < ids.length; start += 20) {
			const answers = await Promise.all(ids.slice(start, start + 20).map((id) => host.deliver(trigger.event(id), trigger.auth)));
			emitted += runsOf(answers);
		}
		expect(emitted).toBe(200);
		host.restart();
		let again = 0;
		for (let start = 0; start < ids.length; start += 20) {
			const answers = await Promise.all(ids.slice(start, start + 20).map((id) => host.deliver(trigger.event(id), trigger.auth)));
			again += runsOf(answers);
		}
		expect(again).toBe(0);
	});

	test('the memory is bounded by time: an id is remembered for ID_KEY_MEMORY_MS, and static data then holds only live keys', async () => {
		const host = trigger.host();
		for (let i = 0; i < 50; i++) await host.deliver(trigger.event(`old${i}`), trigger.auth);
		now += ID_KEY_MEMORY_MS - 1000;
		expect((await host.deliver(trigger.event('old0'), trigger.auth)).emitted).toHaveLength(0);
		now += 2000;
		const late = await host.deliver(trigger.event('old0'), trigger.auth);
		expect(late.emitted).toHaveLength(1);
		// n8n's memory of processed values keeps ids longer (an id never names a second event).
		expect(late.passedOn).toHaveLength(0);
		// In queue mode on 2.41 static data holds what the last delivery that started no execution
		// wrote (the repeat above): the keys live then.
		const kept = Object.values(savedKeys(host)).flatMap((keys) => Object.keys(keys));
		expect(kept).toEqual(
			n8n === '2.41-queue' ? expect.arrayContaining([expect.stringContaining('old49')]) : [expect.stringContaining('old0')],
		);
	});

	test('20 events in a row, each after the previous execution ended, restarts between them: each runs once, and what activation stored stays', async () => {
		const host = trigger.host();
		const stored = () => host.saved()[`node:${base === bot ? 'CometChat Bot Trigger' : 'CometChat Webhook Trigger'}`];
		const activation = stored();
		const runs: number[] = [];
		for (let i = 0; i < 20; i++) {
			runs.push(runsOf([await host.deliver(trigger.event(`row${i}`), trigger.auth)]));
			expect(stored()).toEqual(activation);
			if (i % 5 === 4) host.restart();
			// CometChat's retry of the one before, after the restart.
			if (i > 0) runs[i - 1] += runsOf([await host.deliver(trigger.event(`row${i - 1}`), trigger.auth)]);
			now += 1000;
		}
		expect(runs).toEqual(Array(20).fill(1));
		expect(stored()).toEqual(activation);
	});

	test.each([
		['an empty body', undefined],
		['JSON null', null],
		['a JSON string', 'hello'],
		['a JSON number', 42],
		['a JSON array', [{ trigger: 'message_sent' }]],
		['an object of another shape', { hello: 'world' }],
	])('%s: 400, nothing runs, nothing is remembered', async (_, body) => {
		const host = trigger.host();
		const answer = await host.deliver(body, trigger.auth);
		expect([answer.status, answer.emitted.length]).toEqual([400, 0]);
		expect(answer.body).toEqual({ message: expect.stringMatching(/^Not a CometChat/) });
		expect(savedKeys(host)).toEqual({});
	});

	test('without the right Basic Auth: 401 before the body is read', async () => {
		const host = trigger.host();
		expect((await host.deliver(null)).status).toBe(401);
		expect((await host.deliver(trigger.event('1'), basicAuth('someone', 'else'))).status).toBe(401);
	});
});

// The webhook process's memory under load: in n8n 2.41's queue mode it is the same as in its
// `n8n start`, so this runs for the two ways n8n saves webhook()'s writes.
describe.each(cases.filter((c) => c.n8n !== '2.41-queue'))('$title, a busy stream', ({ trigger: base, n8n }) => {
	const trigger: Trigger = { ...base, host: (options) => base.host({ n8n, ...options }) };
	test('a busy stream never re-emits a retry: 2,000 events within 40 s, then each one again', async () => {
		const host = trigger.host();
		for (let i = 0; i < 2000; i++) {
			now = T0 + i * 10;
			await host.deliver(trigger.event(`busy${i}`), trigger.auth);
		}
		now = T0 + 40_000;
		let again = 0;
		for (let i = 0; i < 2000; i++) again += (await host.deliver(trigger.event(`busy${i}`), trigger.auth)).passedOn.length;
		expect(again).toBe(0);
		// 4,000 deliveries through n8n's webhook context: about 16 s on an idle 2-core machine, five
		// times that beside 8 busy processes. The clock the memory reads is the test's own (`now`).
	}, 300_000);
});

describe('events without an id (Webhook Trigger)', () => {
	const blocked = { trigger: 'user_blocked', data: { users: { bob: { uid: 'bob' } }, by: { uid: 'ada' } }, webhook: 'hook1' };

	test("a repeat is recognised within CometChat's retry horizon, and two identical events 60 s apart are two", async () => {
		const host = webhook.host();
		expect((await host.deliver(blocked, webhook.auth)).emitted).toHaveLength(1);
		now += 10_000;
		expect((await host.deliver(blocked, webhook.auth)).emitted).toHaveLength(0);
		now += 30_000;
		expect((await host.deliver(blocked, webhook.auth)).emitted).toHaveLength(0);
		// A new block of the same user by the same admin, a minute after the first.
		now = T0 + 60_000;
		expect((await host.deliver(blocked, webhook.auth)).emitted).toHaveLength(1);
		expect(RETRY_HORIZON_MS).toBeLessThan(60_000);
	});

	test('block, unblock, block: each one runs', async () => {
		const host = webhook.host();
		const unblocked = { ...blocked, trigger: 'user_unblocked' };
		const runs = [];
		for (const body of [blocked, unblocked, blocked]) {
			runs.push((await host.deliver(body, webhook.auth)).emitted.length);
			now += RETRY_HORIZON_MS + 1000;
		}
		expect(runs).toEqual([1, 1, 1]);
	});
});
