/** Campaign Push Notification and Campaign Analytics (the Campaigns service), through n8n's engine against the emulator. */
import type { IDataObject } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const NOW = 1_750_000_000;
const campaigns = () => emulator().store.areas.campaigns;
const run = (parameters: Record<string, unknown>, input?: IDataObject[], options = {}) =>
	runNode(credentialsFor(emulator()), parameters as never, input, options);

let templateId: string;
beforeEach(() => {
	emulator().store.setClock(NOW);
	templateId = campaigns().createTemplate({
		name: 'Deal won',
		status: 'approved',
		channels: [
			{ channelType: 'in_app', content: { title: 'Hi {{name}}' } },
			{ channelType: 'push', content: { title: 'Won {{deal}}' }, sequenceOrder: 2 },
		],
	}).id;
});

const pushesOf = (uid: string) =>
	campaigns()
		.deliveriesOf('push')
		.filter((push) => push.receiver === uid);

describe('Campaign Push Notification', () => {
	it("Get Many: a user's newest, `limit` sent as published (a string); Get, Mark as Delivered and Clicked, Report Engagement", async () => {
		campaigns().send({ templateId: 'deal-won', receivers: ['ada', 'bob'], variables: { ada: { deal: 'ACME' } } });
		const list = await run({ resource: 'campaignPushNotification', operation: 'getAll', onBehalfOf: byId('ada'), limit: 10 });
		expect(apiRequests(emulator())[0]).toMatchObject({
			path: '/v3/campaigns/push-notifications',
			query: { limit: '10' },
			headers: { onbehalfof: 'ada' },
		});
		expect(list.items.map((item) => [item.json.receiver, item.json.content])).toEqual([['ada', { title: 'Won ACME' }]]);
		const id = pushesOf('ada')[0].id;
		const got = await run({ resource: 'campaignPushNotification', operation: 'get', pushNotificationId: id });
		expect(got.items[0].json).toMatchObject({ id, receiver: 'ada', engagementCount: 0 });
		const delivered = await run({
			resource: 'campaignPushNotification',
			operation: 'markAsDelivered',
			pushNotificationId: id,
			onBehalfOf: byId('ada'),
		});
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'PUT', path: `/v3/campaigns/push-notifications/${id}/delivered` });
		expect(delivered.items[0].json.deliveredAt).toBe(NOW);
		const clicked = await run({
			resource: 'campaignPushNotification',
			operation: 'markAsClicked',
			pushNotificationId: id,
			onBehalfOf: byId('ada'),
		});
		expect(clicked.items[0].json.clickedAt).toBe(NOW);
		const engaged = await run({
			resource: 'campaignPushNotification',
			operation: 'reportEngagement',
			pushNotificationId: id,
			onBehalfOf: byId('ada'),
			topic: 'dismissed',
		});
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'POST', body: { topic: 'dismissed' } });
		expect(engaged.items[0].json.engagementCount).toBe(1);
	});

	it("another user's push is the service's 404; a Limit of 0 and no Act As are refused before sending", async () => {
		campaigns().send({ templateId: 'deal-won', receivers: ['ada'] });
		const id = pushesOf('ada')[0].id;
		expectServiceError(
			await run({ resource: 'campaignPushNotification', operation: 'markAsClicked', pushNotificationId: id, onBehalfOf: byId('bob') }),
			'ERR_NOT_FOUND',
			'404',
		);
		const kept = await run(
			{ resource: 'campaignPushNotification', operation: 'get', pushNotificationId: id, onBehalfOf: byId('bob') },
			[{}],
			{ continueOnFail: true },
		);
		expectErrorItem(kept.items[0], 0, 'ERR_NOT_FOUND');
		emulator().clearRequests();
		expectInputError(
			await run({ resource: 'campaignPushNotification', operation: 'getAll', onBehalfOf: byId('ada'), limit: 0 }),
			/'Limit' must be a whole number of at least 1/,
			/Limit/,
		);
		expectInputError(
			await run({ resource: 'campaignPushNotification', operation: 'getAll', onBehalfOf: byId('={{ "" }}'), limit: 5 }),
			/'Act As' is empty/,
			/Act As/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});
});

describe('Campaign Analytics', () => {
	it('Get Overview, Campaign, Template, Channel Breakdown and User Insights count what the sends delivered; the dates go as ISO 8601', async () => {
		const made = campaigns().createCampaign({ name: 'Q3', templateId, templateVersion: 1 });
		campaigns().addRecipients(made.id, { userIds: ['ada', 'bob'] });
		campaigns().sendCampaign(made.id);
		const adaFeed = campaigns()
			.deliveriesOf('feed')
			.find((item) => item.receiver === 'ada')!;
		campaigns().mark(adaFeed, 'readAt');

		const overview = await run({
			resource: 'campaignAnalytics',
			operation: 'getOverview',
			options: { startDate: '2025-06-15T00:00:00Z', endDate: '2025-06-16', period: 'daily' },
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			path: '/v3/campaigns/analytics/overview',
			query: { startDate: '2025-06-15T00:00:00.000Z', endDate: '2025-06-16T00:00:00.000Z', period: 'daily' },
		});
		expect(overview.items[0].json).toMatchObject({
			totals: { sent: 4, delivered: 1, viewed: 1, clicked: 0, interacted: 0 },
			period: 'daily',
		});

		const forCampaign = await run({ resource: 'campaignAnalytics', operation: 'getCampaign', campaignId: byId(made.id) });
		expect(forCampaign.items[0].json).toMatchObject({
			campaignId: made.id,
			totals: { sent: 4 },
			byChannel: [
				{ channelType: 'in_app', sent: 2 },
				{ channelType: 'push', sent: 2 },
			],
		});
		const forTemplate = await run({ resource: 'campaignAnalytics', operation: 'getTemplate', templateId: byId('deal-won') });
		expect(forTemplate.items[0].json).toMatchObject({ templateId, totals: { sent: 4 } });
		const channels = await run({
			resource: 'campaignAnalytics',
			operation: 'getChannelBreakdown',
			options: { dimension: 'campaign', dimensionId: made.id },
		});
		expect(channels.items.map((item) => item.json)).toEqual([
			{ channelType: 'in_app', sent: 2, delivered: 1, viewed: 1, clicked: 0, interacted: 0 },
			{ channelType: 'push', sent: 2, delivered: 0, viewed: 0, clicked: 0, interacted: 0 },
		]);
		const ada = await run({ resource: 'campaignAnalytics', operation: 'getUserInsights', uid: byId('ada') });
		expect(ada.items[0].json).toEqual({ userId: 'ada', viewed: 1, clicked: 0, interacted: 0, lastEngagement: NOW });
	});

	it('refuses a To before From, and a From that is not a date, before sending', async () => {
		expectInputError(
			await run({ resource: 'campaignAnalytics', operation: 'getOverview', options: { startDate: '2025-06-16', endDate: '2025-06-15' } }),
			/'To'.*is before 'From'/,
			/swap/,
		);
		expectInputError(
			await run({ resource: 'campaignAnalytics', operation: 'getOverview', options: { startDate: 'yesterday' } }),
			/'From' holds "yesterday"/,
			/Pick a date/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});
});
