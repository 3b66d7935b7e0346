/**
 * Templated Notification → Send (POST /v3/campaigns/notifications/messages), through n8n's engine
 * against the emulator: items combined into sends, or one send per item; realtime and batch; a lost
 * answer never sent again.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import type { IDataObject } from 'n8n-workflow';

import { planSends } from '../../nodes/CometChat/actions/templatedNotification/plan';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const NOW = 1_750_000_000;
const campaigns = () => emulator().store.areas.campaigns;
const run = (parameters: Record<string, unknown>, input?: IDataObject[], options = {}) =>
	runNode(credentialsFor(emulator()), parameters as never, input, options);
const sends = () => apiRequests(emulator()).filter((request) => request.path === '/v3/campaigns/notifications/messages');

beforeEach(() => {
	emulator().store.setClock(NOW);
	campaigns().createTemplate({
		name: 'Deal won',
		status: 'approved',
		channels: [{ channelType: 'in_app', content: { title: 'Well done {{name}}, {{deal}} is won' } }],
	});
});

/** One per Item, Sent Together: each item's receiver and variables from its JSON. */
const combined = {
	resource: 'templatedNotification',
	operation: 'send',
	templateId: byId('deal-won'),
	mode: 'combineItems',
	receiver: byId('={{ $json.owner }}'),
	variables: '={{ { name: $json.name, deal: $json.deal } }}',
	tag: 'deal-won',
};

describe('Templated Notification → Send, one receiver per item', () => {
	it('three CRM events are one send with their receivers and variables; each item outputs its receiver and the send', async () => {
		const deals = [
			{ owner: 'ada', name: 'Ada', deal: 'ACME' },
			{ owner: 'bob', name: 'Bob', deal: 'Globex' },
			{ owner: 'cy', name: 'Cy', deal: 'Initech' },
		];
		const result = await run(combined, deals);
		expect(result.error).toBeUndefined();
		expect(sends()).toHaveLength(1);
		expect(sends()[0].body).toEqual({
			templateId: 'deal-won',
			receivers: ['ada', 'bob', 'cy'],
			variables: { ada: { name: 'Ada', deal: 'ACME' }, bob: { name: 'Bob', deal: 'Globex' }, cy: { name: 'Cy', deal: 'Initech' } },
			tag: 'deal-won',
		});
		const notificationId = campaigns().sends[0].result.notificationId;
		expect(result.items.map((item) => item.json)).toEqual(
			['ada', 'bob', 'cy'].map((receiver) => ({ receiver, notificationId, channels: ['in_app'], mode: 'realtime', receivers: 3 })),
		);
		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const feed = campaigns().deliveriesOf('feed');
		expect(feed.map((item) => [item.receiver, item.content.title])).toEqual([
			['ada', 'Well done Ada, ACME is won'],
			['bob', 'Well done Bob, Globex is won'],
			['cy', 'Well done Cy, Initech is won'],
		]);
	});

	it('11 items: one batch (a batchId); a receiver named twice goes into a second send', async () => {
		const input = Array.from({ length: 11 }, (_, index) => ({ owner: `u${index}`, name: `U${index}`, deal: 'D' }));
		const batch = await run(combined, [...input, { owner: 'u0', name: 'Again', deal: 'E' }]);
		expect(batch.error).toBeUndefined();
		expect(sends().map((request) => (request.body as IDataObject).receivers)).toEqual([input.map((item) => item.owner), ['u0']]);
		expect(batch.items[0].json).toMatchObject({ receiver: 'u0', batchId: expect.any(String), total: 11, mode: 'batch', receivers: 11 });
		expect(batch.items[11].json).toMatchObject({ receiver: 'u0', notificationId: expect.any(String), mode: 'realtime', receivers: 1 });
	});

	it('an item with a wrong receiver stops the run before anything is sent; with Continue On Fail it fails alone and the others go', async () => {
		const input = [{ owner: 'ada', name: 'Ada' }, { owner: 'Not A Uid' }, { owner: 'cy', name: 'Cy' }];
		const stopped = await run(combined, input);
		// Without Continue On Fail the run stops at the wrong item, and nothing is sent for the others either.
		expectInputError(stopped, /'Receiver'/, /UID|Receiver/, 1);
		expect(sends()).toEqual([]);
		emulator().clearRequests();
		const kept = await run(combined, input, { continueOnFail: true });
		expect(sends()).toHaveLength(1);
		expect((sends()[0].body as IDataObject).receivers).toEqual(['ada', 'cy']);
		expect(kept.items[0].json.receiver).toBe('ada');
		expectErrorItem(kept.items[1], 1, /'Receiver'/);
		expect(kept.items[2].json.receiver).toBe('cy');
	});

	it("a template that is not approved: the service's 400 on every item of the send, each with its own [item N]", async () => {
		campaigns().createTemplate({ name: 'Draft', channels: [{ channelType: 'in_app' }] });
		const kept = await run({ ...combined, templateId: byId('draft') }, [{ owner: 'ada' }, { owner: 'bob' }], { continueOnFail: true });
		expectErrorItem(kept.items[0], 0, 'ERR_BAD_REQUEST');
		expectErrorItem(kept.items[1], 1, 'ERR_BAD_REQUEST');
		expect(sends()).toHaveLength(1);
		expectServiceError(await run({ ...combined, templateId: byId('draft') }, [{ owner: 'ada' }]), 'ERR_BAD_REQUEST', '400');
	});

	it('an answer lost after the send was applied: not sent again, and the error says it may have reached them', async () => {
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: '/v3/campaigns/notifications' });
		const result = await run(combined, [{ owner: 'ada', name: 'Ada' }]);
		expect(result.error?.message).toContain('[item 0]');
		expect(result.error?.description).toMatch(/may have been applied/);
		expect(sends()).toHaveLength(1);
		expect(campaigns().sends).toHaveLength(1);
	});
});

describe('Templated Notification → Send, the receivers each item lists', () => {
	it('one send per item with its receivers and variables by receiver', async () => {
		const result = await run(
			{
				resource: 'templatedNotification',
				operation: 'send',
				templateId: byId('deal-won'),
				mode: 'perItem',
				receivers: '={{ $json.team }}',
				userVariables: '={{ $json.variables }}',
			},
			[{ team: ['ada', 'bob'], variables: { ada: { name: 'Ada' } } }, { team: 'cy' }],
		);
		expect(result.error).toBeUndefined();
		expect(sends().map((request) => request.body)).toEqual([
			{ templateId: 'deal-won', receivers: ['ada', 'bob'], variables: { ada: { name: 'Ada' } } },
			{ templateId: 'deal-won', receivers: ['cy'] },
		]);
		expect(result.items.map((item) => item.json.receivers)).toEqual([2, 1]);
	});

	it('refuses before sending: no receiver, 10,001 receivers, variables of someone not a receiver', async () => {
		const base = { resource: 'templatedNotification', operation: 'send', templateId: byId('deal-won'), mode: 'perItem' };
		expectInputError(await run({ ...base, receivers: '={{ "" }}' }), /'Receivers' is empty/, /1 to 10,000/);
		const many = Array.from({ length: 10_001 }, (_, index) => `u${index}`);
		expectInputError(
			await run({ ...base, receivers: '={{ $json.many }}' }, [{ many }]),
			/has 10001 entries; at most 10000/,
			/Split the list/,
		);
		expectInputError(
			await run({ ...base, receivers: 'ada', userVariables: '{"bob": {"name": "Bob"}}' }),
			/"bob", who is not in 'Receivers'/,
			/Key the variables/,
		);
		expect(sends()).toEqual([]);
	});
});

describe('planSends', () => {
	it('groups by template and tag, keeps input order, splits at the limit and at a repeated receiver', () => {
		const parts = new Map([
			[0, { templateId: 't', receiver: 'a', variables: { x: 1 } }],
			[1, { templateId: 't', receiver: 'b' }],
			[2, { templateId: 'u', receiver: 'a' }],
			[3, { templateId: 't', receiver: 'c' }],
			[4, { templateId: 't', receiver: 'a' }],
		]);
		expect(planSends(parts, 2)).toEqual([
			{ body: { templateId: 't', receivers: ['a', 'b'], variables: { a: { x: 1 } } }, items: [0, 1] },
			{ body: { templateId: 't', receivers: ['c', 'a'] }, items: [3, 4] },
			{ body: { templateId: 'u', receivers: ['a'] }, items: [2] },
		]);
	});
});

describe('the deal-won example (examples/deal-won-notification.json)', () => {
	it("its Notify deal owners step sends the run's won deals in one request, each owner's variables rendered", async () => {
		const workflow = JSON.parse(readFileSync(join(__dirname, '../../examples/deal-won-notification.json'), 'utf8')) as {
			nodes: Array<{ name: string; typeVersion: number; parameters: Record<string, unknown> }>;
		};
		const step = workflow.nodes.find((node) => node.name === 'Notify deal owners');
		const source = workflow.nodes.find((node) => node.name === 'Won deals');
		expect(step?.parameters).toMatchObject({ resource: 'templatedNotification', operation: 'send', mode: 'combineItems' });
		const { deals } = JSON.parse(source?.parameters.jsonOutput as string) as { deals: IDataObject[] };
		const result = await run(step?.parameters ?? {}, deals, { typeVersion: step?.typeVersion });
		expect(result.error).toBeUndefined();
		expect(sends()).toHaveLength(1);
		expect(sends()[0].body).toEqual({
			templateId: 'deal-won',
			receivers: ['ben-okafor', 'chloe-martin'],
			variables: {
				'ben-okafor': { name: 'Ben', deal: 'ACME renewal', amount: '$12,000' },
				'chloe-martin': { name: 'Chloe', deal: 'Globex expansion', amount: '$30,500' },
			},
			tag: 'deal-won',
		});
		expect(
			campaigns()
				.deliveriesOf('feed')
				.map((item) => [item.receiver, item.content.title]),
		).toEqual([
			['ben-okafor', 'Well done Ben, ACME renewal is won'],
			['chloe-martin', 'Well done Chloe, Globex expansion is won'],
		]);
		expect(result.items.map((item) => item.json.receiver)).toEqual(['ben-okafor', 'chloe-martin']);
	});
});
