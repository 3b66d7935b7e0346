// The Campaigns service (campaigns-apis.json) as the emulator serves it under /v3/campaigns on the chat host.
const { useStarted } = require('./helpers');

const ctx = useStarted();
const s = () => ctx.emu.store;
const NOW = 1_750_000_000;

beforeEach(() => {
	s().reset();
	s().setClock(NOW);
});

/** The campaigns API, as the app (no onbehalfof) or as a user. */
const api = () => ctx.client(`${ctx.emu.baseUrl}`, {});
const asUser = (uid) => ctx.client(`${ctx.emu.baseUrl}`, { onbehalfof: uid });
const C = '/campaigns';

async function approvedTemplate(extra = {}) {
	const channel = (await api().post(`${C}/channels`, { name: 'Feed', type: 'in_app', enabled: true })).data.data;
	const push = (await api().post(`${C}/channels`, { name: 'Push', type: 'push', enabled: true })).data.data;
	const r = await api().post(`${C}/templates`, {
		name: 'Deal won',
		templateCategory: 'Transactional',
		status: 'approved',
		tags: ['crm'],
		variableSchema: ['name', 'deal'],
		channels: [
			{
				channelType: 'in_app',
				channelId: channel.channelId,
				content: { title: 'Well done {{name}}', body: 'You won {{deal}} {{missing}}' },
			},
			{ channelType: 'push', channelId: push.channelId, content: { title: 'Won: {{deal}}' }, sequenceOrder: 2 },
		],
		...extra,
	});
	expect(r.status).toBe(200);
	return r.data.data;
}

describe('template categories and templates', () => {
	it('creates, lists with the cursor envelope, reads, updates and deletes categories; a duplicate name is ERR_CONFLICT', async () => {
		for (const name of ['Alpha', 'Beta', 'Gamma']) {
			s().setClock(NOW + name.length + name.charCodeAt(0));
			expect((await api().post(`${C}/templates/categories`, { name })).status).toBe(200);
		}
		const dup = await api().post(`${C}/templates/categories`, { name: 'alpha' });
		expect(dup.status).toBe(409);
		expect(dup.data.error).toMatchObject({ code: 'ERR_CONFLICT', source: 'campaigns-service' });

		const first = await api().get(`${C}/templates/categories`, { params: { limit: 2 } });
		expect(first.data.meta.current).toEqual({ limit: 2, count: 2 });
		expect(first.data.meta.next).toEqual({ affix: 'append', updatedAt: expect.any(Number), id: expect.any(String) });
		const second = await api().get(`${C}/templates/categories`, { params: { limit: 2, ...first.data.meta.next } });
		expect(second.data.meta).toEqual({ current: { limit: 2, count: 1 } });
		const names = [...first.data.data, ...second.data.data].map((category) => category.name);
		expect(names.sort()).toEqual(['Alpha', 'Beta', 'Gamma']);

		const id = first.data.data[0].id;
		expect((await api().put(`${C}/templates/categories/${id}`, { description: 'x' })).data.data).toMatchObject({ id, description: 'x' });
		expect((await api().delete(`${C}/templates/categories/${id}`)).status).toBe(200);
		expect((await api().get(`${C}/templates/categories/${id}`)).data.error.code).toBe('ERR_NOT_FOUND');
	});

	it('a template: by id or slug, channel content updated, a new version, archived; validation details are a list', async () => {
		const template = await approvedTemplate();
		expect(template).toMatchObject({ templateId: 'deal-won', version: 1, status: 'approved' });
		expect((await api().get(`${C}/templates/deal-won`)).data.data.id).toBe(template.id);
		const content = await api().put(`${C}/templates/${template.id}/channels/push`, { content: { title: 'New {{deal}}' } });
		expect(content.data.data.channels[1].content).toEqual({ title: 'New {{deal}}' });
		expect((await api().post(`${C}/templates/${template.id}/versions`)).data.data.version).toBe(2);
		expect((await api().delete(`${C}/templates/${template.id}`)).data.data.status).toBe('archived');

		const bad = await api().post(`${C}/templates`, { name: ' ', channels: [] });
		expect(bad.status).toBe(400);
		expect(bad.data.error).toMatchObject({
			code: 'ERR_VALIDATION',
			details: ['name must be a non-empty string', 'channels must contain at least 1 element'],
		});
		const asAUser = await asUser('ada').post(`${C}/templates`, { name: 'x', channels: [{ channelType: 'in_app' }] });
		expect(asAUser.status).toBe(403);
	});
});

describe('channels', () => {
	it('creates (a restricted type is 403, a duplicate channelId 409), searches, reads by slug, updates, tells availability', async () => {
		const made = await api().post(`${C}/channels`, { name: 'My Push', type: 'push' });
		expect(made.data.data).toMatchObject({ channelId: 'cc-notification-channel-my-push', channelType: 'push', enabled: false });
		expect((await api().post(`${C}/channels`, { name: 'SMS', type: 'sms' })).status).toBe(403);
		expect((await api().post(`${C}/channels`, { name: 'My Push', type: 'push' })).status).toBe(409);
		expect((await api().get(`${C}/channels`, { params: { search: 'push' } })).data.data).toHaveLength(1);
		expect((await api().get(`${C}/channels/cc-notification-channel-my-push`)).data.data.id).toBe(made.data.data.id);
		expect((await api().put(`${C}/channels/${made.data.data.id}`, { enabled: true })).data.data.enabled).toBe(true);
		const availability = (await api().get(`${C}/channels/availability`)).data.data;
		expect(availability.find((entry) => entry.channelType === 'push')).toEqual({
			channelType: 'push',
			available: true,
			count: 1,
			limit: 10,
		});
		expect(availability.find((entry) => entry.channelType === 'sms').available).toBe(false);
	});
});

describe('sends and what they deliver', () => {
	it('1 to 10 receivers: realtime, a notificationId; the feed and push records rendered per user', async () => {
		const template = await approvedTemplate();
		const r = await api().post(`${C}/notifications/messages`, {
			templateId: 'deal-won',
			receivers: ['ada', 'bob'],
			variables: { ada: { name: 'Ada', deal: 'ACME' } },
		});
		expect(r.data.data).toEqual({ notificationId: expect.any(String), channels: ['in_app', 'push'], mode: 'realtime' });
		const feed = (await asUser('ada').get(`${C}/notification-feed`)).data;
		expect(feed.data).toHaveLength(1);
		expect(feed.data[0]).toMatchObject({
			receiver: 'ada',
			templateId: template.id,
			readState: 'unread',
			content: { title: 'Well done Ada', body: 'You won ACME {{missing}}' },
		});
		expect((await asUser('bob').get(`${C}/notification-feed`)).data.data[0].content.title).toBe('Well done {{name}}');
		const push = await asUser('ada').get(`${C}/push-notifications`, { params: { limit: '5' } });
		expect(push.data.data[0]).toMatchObject({ receiver: 'ada', content: { title: 'Won: ACME' } });
	});

	it('11 receivers: a batch with a batchId; a draft template, 10,001 receivers or onbehalfof are refused', async () => {
		await approvedTemplate();
		const receivers = Array.from({ length: 11 }, (_, index) => `u${index}`);
		const r = await api().post(`${C}/notifications/messages`, { templateId: 'deal-won', receivers });
		expect(r.data.data).toEqual({ batchId: expect.any(String), total: 11, channels: ['in_app', 'push'], mode: 'batch' });
		await api().post(`${C}/templates`, { name: 'Draft one', channels: [{ channelType: 'in_app' }] });
		expect((await api().post(`${C}/notifications/messages`, { templateId: 'draft-one', receivers: ['a'] })).status).toBe(400);
		const tooMany = Array.from({ length: 10_001 }, (_, index) => `u${index}`);
		expect((await api().post(`${C}/notifications/messages`, { templateId: 'deal-won', receivers: tooMany })).data.error.code).toBe(
			'ERR_VALIDATION',
		);
		expect((await asUser('ada').post(`${C}/notifications/messages`, { templateId: 'deal-won', receivers: ['a'] })).status).toBe(403);
	});

	it('the feed: unread count, read and delivered marks (idempotent), engagement, a delete answered 204 with no body', async () => {
		await approvedTemplate();
		await api().post(`${C}/notifications/messages`, { templateId: 'deal-won', receivers: ['ada'] });
		const [item] = (await asUser('ada').get(`${C}/notification-feed`)).data.data;
		const count = (await asUser('ada').get(`${C}/notification-feed/unread-count`, { params: { templateCategory: 'Transactional' } })).data
			.data;
		expect(count).toEqual({ templateCategory: 'Transactional', unreadCount: 1 });
		expect((await api().get(`${C}/notification-feed/unread-count`, { params: { templateCategory: 'Transactional' } })).status).toBe(400);
		const read = await asUser('ada').post(`${C}/notification-feed/${item.id}/read`);
		expect(read.data.data).toMatchObject({ readState: 'read', readAt: NOW, deliveredAt: NOW });
		s().setClock(NOW + 60);
		expect((await asUser('ada').post(`${C}/notification-feed/${item.id}/read`)).data.data.readAt).toBe(NOW);
		expect((await asUser('bob').post(`${C}/notification-feed/${item.id}/read`)).data.error.code).toBe('ERR_FEED_ITEM_NOT_FOUND');
		expect((await asUser('ada').post(`${C}/notification-feed/${item.id}/engagement`, { topic: 'clicked' })).data.data.engagementCount).toBe(
			1,
		);
		expect((await asUser('ada').post(`${C}/notification-feed/${item.id}/engagement`, { topic: 'not ok!' })).status).toBe(400);

		const deleted = await api().delete(`${C}/notification-feed/${item.id}`);
		expect(deleted.status).toBe(204);
		expect(deleted.data).toBe('');
		expect((await api().get(`${C}/notification-feed/${item.id}`)).status).toBe(404);
		expect((await api().get(`${C}/notification-feed`, { params: { includeDeleted: true } })).data.data).toHaveLength(1);
	});
});

describe('campaigns', () => {
	it('draft → recipients (a repeat is no second entry) → schedule → send → completed; metrics and analytics count it', async () => {
		const template = await approvedTemplate();
		const made = await api().post(`${C}/campaigns`, {
			name: 'Q3',
			templateId: 'deal-won',
			templateVersion: 1,
			variables: { deal: 'Q3 deal' },
		});
		const id = made.data.data.id;
		expect(made.data.data).toMatchObject({
			status: 'draft',
			templateId: template.id,
			template: { templateId: 'deal-won' },
			recipientSummary: { total: 0 },
		});
		const added = await api().post(`${C}/campaigns/${id}/recipients`, { userIds: ['ada', 'bob'], userVariables: { ada: { name: 'Ada' } } });
		expect(added.data.data).toEqual({ added: 2, updated: 0, total: 2 });
		expect((await api().post(`${C}/campaigns/${id}/recipients`, { userIds: ['ada'] })).data.data).toEqual({
			added: 0,
			updated: 1,
			total: 2,
		});
		const page = await api().get(`${C}/campaigns/${id}/recipients`, { params: { limit: 1 } });
		expect(page.data.meta.next).toMatchObject({ affix: 'append', id: expect.any(String) });
		expect((await api().post(`${C}/campaigns/${id}/schedule`, { scheduledAt: NOW - 1 })).status).toBe(400);
		expect((await api().post(`${C}/campaigns/${id}/schedule`, { scheduledAt: NOW + 3600 })).data.data).toMatchObject({
			status: 'scheduled',
			scheduledAt: NOW + 3600,
		});
		const sent = await api().post(`${C}/campaigns/${id}/send`);
		expect(sent.data.data).toMatchObject({ status: 'completed', sentAt: NOW, recipientSummary: { total: 2, completed: 2 } });
		expect((await api().post(`${C}/campaigns/${id}/send`)).status).toBe(400);
		expect((await api().post(`${C}/campaigns/${id}/cancel`)).status).toBe(400);

		const [feedItem] = (await asUser('ada').get(`${C}/notification-feed`)).data.data;
		expect(feedItem.content.body).toBe('You won Q3 deal {{missing}}');
		await asUser('ada').post(`${C}/notification-feed/${feedItem.id}/read`);
		const metrics = (await api().get(`${C}/campaigns/${id}/sequence-metrics`)).data.data;
		expect(metrics.steps).toEqual([
			{ sequenceOrder: 1, channelType: 'in_app', sent: 2, delivered: 1, viewed: 1, clicked: 0, interacted: 0 },
			{ sequenceOrder: 2, channelType: 'push', sent: 2, delivered: 0, viewed: 0, clicked: 0, interacted: 0 },
		]);
		const analytics = (await api().get(`${C}/analytics/campaigns/${id}`, { params: { period: 'daily' } })).data.data;
		expect(analytics.totals).toEqual({ sent: 4, delivered: 1, viewed: 1, clicked: 0, interacted: 0 });
		expect(analytics.series).toHaveLength(1);
		expect((await api().get(`${C}/analytics/users/ada`)).data.data).toEqual({
			userId: 'ada',
			viewed: 1,
			clicked: 0,
			interacted: 0,
			lastEngagement: NOW,
		});
		const later = (await api().get(`${C}/analytics/overview`, { params: { startDate: '2030-01-01T00:00:00Z' } })).data.data;
		expect(later.totals.sent).toBe(0);
	});

	it('CSV import from an upload key; the same key again is ERR_CONFLICT; import status; delete only a draft', async () => {
		await approvedTemplate();
		const id = (await api().post(`${C}/campaigns`, { name: 'CSV', templateId: 'deal-won', templateVersion: 1 })).data.data.id;
		const upload = (await api().post(`${C}/campaigns/${id}/recipients/upload-url`)).data.data;
		expect(upload).toEqual({
			uploadUrl: expect.stringContaining('/__emulator/uploads/'),
			s3Key: expect.stringMatching(/\.csv$/),
			expiresIn: 900,
		});
		expect((await api().get(`${C}/campaigns/${id}/import-status`)).status).toBe(404);
		// The CSV PUT to the upload URL, without the API key, as to a presigned URL; another key is refused.
		const put = await fetch(upload.uploadUrl, {
			method: 'PUT',
			headers: { 'content-type': 'text/csv' },
			body: 'userId,name\nada,Ada\n,Nobody\ncy,Cy\n',
		});
		expect(put.status).toBe(200);
		const stranger = await fetch(upload.uploadUrl.replace(id, 'cmcmpnope'), { method: 'PUT', body: 'userId\nx\n' });
		expect(stranger.status).toBe(404);
		const job = (await api().post(`${C}/campaigns/${id}/import-csv`, { s3Key: upload.s3Key })).data.data;
		expect(job).toMatchObject({ status: 'completed', totalRows: 3, importedRows: 2, failedRows: 1 });
		expect((await api().post(`${C}/campaigns/${id}/import-csv`, { s3Key: upload.s3Key })).data.error.code).toBe('ERR_CONFLICT');
		expect((await api().get(`${C}/campaigns/${id}/import-status`)).data.data.id).toBe(job.id);
		expect((await api().get(`${C}/campaigns/${id}/recipients/summary`)).data.data).toMatchObject({ total: 2, pending: 2 });
		expect((await api().delete(`${C}/campaigns/${id}`)).data.data).toEqual({ id, deleted: true });
		expect((await api().get(`${C}/campaigns/${id}`)).data.error.code).toBe('ERR_NOT_FOUND');
	});

	it('the contract step refuses what the published schema refuses (a schedule without scheduledAt)', async () => {
		await approvedTemplate();
		const id = (await api().post(`${C}/campaigns`, { name: 'X', templateId: 'deal-won', templateVersion: 1 })).data.data.id;
		const r = await api().post(`${C}/campaigns/${id}/schedule`, {});
		expect(r.status).toBe(400);
		expect(JSON.stringify(r.data.error.details)).toContain('scheduledAt');
	});
});

describe('the demo seed', () => {
	it('holds the approved template deal-won that the deal-won example sends', async () => {
		await ctx.control.post('/reset', { seed: 'demo' });
		const sent = await api().post(`${C}/notifications/messages`, {
			templateId: 'deal-won',
			receivers: ['ben-okafor'],
			variables: { 'ben-okafor': { name: 'Ben', deal: 'ACME renewal', amount: '$12,000' } },
		});
		expect(sent.data.data).toMatchObject({ mode: 'realtime', channels: ['in_app'] });
		const [item] = (await asUser('ben-okafor').get(`${C}/notification-feed`)).data.data;
		expect(item.content).toEqual({ title: 'Deal won', body: 'Well done Ben: ACME renewal ($12,000) is won' });
	});
});
