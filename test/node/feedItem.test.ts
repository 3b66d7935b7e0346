/** Feed Item (the Campaigns service's notification feed), through n8n's engine against the emulator. */
import type { IDataObject } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator, useShortBackoff } from '../harness/suite';

const emulator = useEmulator();
useShortBackoff();
const NOW = 1_750_000_000;
const campaigns = () => emulator().store.areas.campaigns;
const run = (parameters: Record<string, unknown>, input?: IDataObject[], options = {}) =>
	runNode(credentialsFor(emulator()), parameters as never, input, options);

/** Feed items of a send to `receivers` at `at`, made in the store. */
function sent(receivers: string[], at = NOW) {
	emulator().store.setClock(at);
	campaigns().send({ templateId: 'deal-won', receivers, variables: { ada: { name: 'Ada' } } });
	return campaigns().deliveriesOf('feed').slice(-receivers.length);
}

beforeEach(() => {
	emulator().store.setClock(NOW);
	campaigns().createTemplate({
		name: 'Deal won',
		status: 'approved',
		templateCategory: 'Transactional',
		tags: ['crm'],
		channels: [{ channelType: 'in_app', content: { title: 'Hi {{name}}' } }],
	});
});

describe('Feed Item → Get Many and Get', () => {
	it('as a user: their own feed, onBehalfOf sent; the dates from the date reader as epoch seconds', async () => {
		sent(['ada', 'bob'], NOW - 7200);
		sent(['ada'], NOW);
		const result = await run({
			resource: 'feedItem',
			operation: 'getAll',
			onBehalfOf: byId('ada'),
			returnAll: true,
			filters: { dateFrom: '2025-06-15T14:00:00Z', readState: 'unread', tags: 'crm' },
		});
		expect(result.error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({
			path: '/v3/campaigns/notification-feed',
			headers: { onbehalfof: 'ada' },
			query: { dateFrom: String(Date.parse('2025-06-15T14:00:00Z') / 1000), readState: 'unread', tags: 'crm' },
		});
		expect(result.items.map((item) => [item.json.receiver, item.json.content])).toEqual([['ada', { title: 'Hi Ada' }]]);
	});

	it('as the app: every feed, or one receiver; Receiver with Act As and a swapped range are refused before sending', async () => {
		const [ada] = sent(['ada', 'bob']);
		const all = await run({ resource: 'feedItem', operation: 'getAll', returnAll: true });
		expect(all.items).toHaveLength(2);
		const bobs = await run({ resource: 'feedItem', operation: 'getAll', returnAll: true, filters: { receiver: 'bob' } });
		expect(bobs.items.map((item) => item.json.receiver)).toEqual(['bob']);
		emulator().clearRequests();
		expectInputError(
			await run({ resource: 'feedItem', operation: 'getAll', onBehalfOf: byId('ada'), returnAll: true, filters: { receiver: 'bob' } }),
			/'Receiver' is set with Act As/,
			/Leave 'Receiver' empty/,
		);
		expectInputError(
			await run({ resource: 'feedItem', operation: 'getAll', returnAll: true, filters: { dateFrom: NOW, dateTo: NOW - 60 } }),
			/'Sent Before'.*is before 'Sent After'/,
			/swap/,
		);
		expect(apiRequests(emulator())).toEqual([]);
		const got = await run({ resource: 'feedItem', operation: 'get', feedItemId: ada.id, templateOnly: true });
		expect(apiRequests(emulator())[0]).toMatchObject({
			path: `/v3/campaigns/notification-feed/${ada.id}`,
			query: { templateOnly: 'true' },
		});
		expect(got.items[0].json).toMatchObject({ id: ada.id, content: { title: 'Hi {{name}}' } });
		expectServiceError(
			await run({ resource: 'feedItem', operation: 'get', feedItemId: ada.id, onBehalfOf: byId('bob') }),
			'ERR_FEED_ITEM_NOT_FOUND',
			'404',
		);
	});
});

describe("Feed Item: a user's marks, engagement and unread count; the app's delete", () => {
	it('Get Unread Count, Mark as Read (a count of one less), Mark as Delivered, Report Engagement', async () => {
		const [item] = sent(['ada']);
		const count = await run({
			resource: 'feedItem',
			operation: 'getUnreadCount',
			onBehalfOf: byId('ada'),
			templateCategory: 'Transactional',
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			path: '/v3/campaigns/notification-feed/unread-count',
			query: { templateCategory: 'Transactional' },
			headers: { onbehalfof: 'ada' },
		});
		expect(count.items[0].json).toEqual({ templateCategory: 'Transactional', unreadCount: 1 });
		const read = await run({ resource: 'feedItem', operation: 'markAsRead', feedItemId: item.id, onBehalfOf: byId('ada') });
		expect(read.items[0].json).toMatchObject({ readState: 'read', readAt: NOW });
		const delivered = await run({ resource: 'feedItem', operation: 'markAsDelivered', feedItemId: item.id, onBehalfOf: byId('ada') });
		expect(delivered.items[0].json).toMatchObject({ deliveredAt: NOW });
		const engaged = await run({
			resource: 'feedItem',
			operation: 'reportEngagement',
			feedItemId: item.id,
			onBehalfOf: byId('ada'),
			topic: 'clicked',
		});
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'POST', body: { topic: 'clicked' } });
		expect(engaged.items[0].json.engagementCount).toBe(1);
		const after = await run({
			resource: 'feedItem',
			operation: 'getUnreadCount',
			onBehalfOf: byId('ada'),
			templateCategory: 'Transactional',
		});
		expect(after.items[0].json.unreadCount).toBe(0);
	});

	it('refuses before sending: no Act As where the service acts for a user, a topic that is not a word', async () => {
		const [item] = sent(['ada']);
		expectInputError(
			await run({ resource: 'feedItem', operation: 'markAsRead', feedItemId: item.id, onBehalfOf: byId('={{ "" }}') }),
			/'Act As' is empty/,
			/Act As/,
		);
		expectInputError(
			await run({
				resource: 'feedItem',
				operation: 'reportEngagement',
				feedItemId: item.id,
				onBehalfOf: byId('ada'),
				topic: 'not a word!',
			}),
			/'Topic' holds "not a word!"/,
			/clicked or dismissed/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it('Mark as Read after a lost answer is sent again (idempotent); Report Engagement is not', async () => {
		const [item] = sent(['ada']);
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: `/v3/campaigns/notification-feed/${item.id}/read` });
		const read = await run({ resource: 'feedItem', operation: 'markAsRead', feedItemId: item.id, onBehalfOf: byId('ada') });
		expect(read.items[0].json).toMatchObject({ readState: 'read' });
		expect(apiRequests(emulator()).filter((request) => request.path.endsWith('/read'))).toHaveLength(2);
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: `/v3/campaigns/notification-feed/${item.id}/engagement` });
		const engaged = await run({ resource: 'feedItem', operation: 'reportEngagement', feedItemId: item.id, onBehalfOf: byId('ada') });
		expect(engaged.error?.description).toMatch(/may have been applied/);
		expect(apiRequests(emulator()).filter((request) => request.path.endsWith('/engagement'))).toHaveLength(1);
	});

	it('Delete: the 204 without a body is the delete done, not a lost answer retried; a second delete is the 404', async () => {
		const [item] = sent(['ada']);
		const deleted = await run({ resource: 'feedItem', operation: 'delete', feedItemId: item.id });
		expect(deleted.error).toBeUndefined();
		expect(deleted.items[0].json).toEqual({ id: item.id, deleted: true });
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.status}`)).toEqual(['DELETE 204']);
		const again = await run({ resource: 'feedItem', operation: 'delete', feedItemId: item.id }, [{}], { continueOnFail: true });
		expectErrorItem(again.items[0], 0, 'ERR_FEED_ITEM_NOT_FOUND');
	});
});
