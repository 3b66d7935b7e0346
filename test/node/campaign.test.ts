/**
 * Campaign (the Campaigns service), through n8n's engine against the emulator: a campaign from
 * draft to metrics, the recipients and CSV import, and the writes that reach users made safe
 * after a lost answer.
 */
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
const lines = () => apiRequests(emulator()).map((request) => `${request.method} ${request.path} ${request.status}`);

let templateId: string;
beforeEach(() => {
	emulator().store.setClock(NOW);
	templateId = campaigns().createTemplate({
		name: 'Deal won',
		status: 'approved',
		channels: [{ channelType: 'in_app', content: { title: 'Hi {{name}}, use {{promoCode}}' } }],
	}).id;
});

/** A draft campaign with recipients, made in the store. */
function draft(userIds = ['ada', 'bob']) {
	const made = campaigns().createCampaign({ name: 'Q3', templateId, templateVersion: 1, variables: { promoCode: 'Q3' } });
	campaigns().addRecipients(made.id, { userIds, userVariables: { ada: { name: 'Ada' } } });
	return made;
}

describe('Campaign → Create, Add Recipients, Schedule, Send, metrics', () => {
	it('a campaign from a template: created, recipients added, scheduled from an ISO date, sent; each request as published', async () => {
		const created = await run({
			resource: 'campaign',
			operation: 'create',
			name: 'Q3 winners',
			templateId: byId('deal-won'),
			templateVersion: 1,
			additionalFields: { variables: '{"promoCode": "SUMMER25"}' },
		});
		expect(created.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: '/v3/campaigns/campaigns',
			body: { name: 'Q3 winners', templateId: 'deal-won', templateVersion: 1, variables: { promoCode: 'SUMMER25' } },
		});
		const id = created.items[0].json.id as string;
		expect(created.items[0].json).toMatchObject({ status: 'draft', templateId, recipientSummary: { total: 0 } });

		const added = await run({
			resource: 'campaign',
			operation: 'addRecipients',
			campaignId: byId(id),
			userIds: 'ada, bob',
			userVariables: '{"ada": {"name": "Ada"}}',
		});
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ body: { userIds: ['ada', 'bob'], userVariables: { ada: { name: 'Ada' } } } });
		expect(added.items[0].json).toEqual({ campaignId: id, added: 2, updated: 0, total: 2 });

		const scheduled = await run({ resource: 'campaign', operation: 'schedule', campaignId: byId(id), scheduledAt: '2025-06-15T16:00:00Z' });
		const at = Date.parse('2025-06-15T16:00:00Z') / 1000;
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ path: `/v3/campaigns/campaigns/${id}/schedule`, body: { scheduledAt: at } });
		expect(scheduled.items[0].json).toMatchObject({ status: 'scheduled', scheduledAt: at });

		const sent = await run({ resource: 'campaign', operation: 'send', campaignId: byId(id) });
		expect(sent.items[0].json).toMatchObject({ status: 'completed', sentAt: NOW, recipientSummary: { completed: 2 } });
		expect(
			campaigns()
				.deliveriesOf('feed')
				.map((item) => item.content.title),
		).toEqual(['Hi Ada, use SUMMER25', 'Hi {{name}}, use SUMMER25']);

		const metrics = await run({ resource: 'campaign', operation: 'getSequenceMetrics', campaignId: byId(id) });
		expect(metrics.items[0].json).toEqual({
			campaignId: id,
			steps: [{ sequenceOrder: 1, channelType: 'in_app', sent: 2, delivered: 0, viewed: 0, clicked: 0, interacted: 0 }],
		});
		const summary = await run({ resource: 'campaign', operation: 'getRecipientSummary', campaignId: byId(id) });
		expect(summary.items[0].json).toMatchObject({ total: 2, completed: 2 });
	});

	it('refuses before sending: a Template Version of 0, a Send At that is not a date, 10,001 users, variables of a stranger', async () => {
		const base = { resource: 'campaign', templateId: byId('deal-won') };
		expectInputError(
			await run({ ...base, operation: 'create', name: 'X', templateVersion: 0 }),
			/'Template Version' must be a whole number of at least 1/,
			/Template Version/,
		);
		const made = draft();
		expectInputError(
			await run({ resource: 'campaign', operation: 'schedule', campaignId: byId(made.id), scheduledAt: 'next week' }),
			/'Send At' holds "next week"/,
			/Pick a date/,
		);
		expectInputError(
			await run({ resource: 'campaign', operation: 'schedule', campaignId: byId(made.id), scheduledAt: '={{ "" }}' }),
			/'Send At' is empty/,
			/Send At/,
		);
		const many = Array.from({ length: 10_001 }, (_, index) => `u${index}`);
		expectInputError(
			await run({ resource: 'campaign', operation: 'addRecipients', campaignId: byId(made.id), userIds: '={{ $json.many }}' }, [{ many }]),
			/'Users' has 10001 entries/,
			/Split/,
		);
		expectInputError(
			await run({
				resource: 'campaign',
				operation: 'addRecipients',
				campaignId: byId(made.id),
				userIds: 'ada',
				userVariables: '{"cy": {}}',
			}),
			/"cy", who is not in 'Users'/,
			/Key the variables/,
		);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it("a send of a campaign with no recipients is the service's 400; Continue On Fail carries it", async () => {
		const empty = campaigns().createCampaign({ name: 'Empty', templateId, templateVersion: 1 });
		expectServiceError(await run({ resource: 'campaign', operation: 'send', campaignId: byId(empty.id) }), 'ERR_BAD_REQUEST', '400');
		const kept = await run({ resource: 'campaign', operation: 'send', campaignId: byId(empty.id) }, [{}], { continueOnFail: true });
		expectErrorItem(kept.items[0], 0, 'ERR_BAD_REQUEST');
	});
});

describe('Campaign: the writes that reach users, after a lost answer', () => {
	it('Send: the answer lost after the send was applied; the campaign is read, found sent, and never sent twice', async () => {
		const made = draft();
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: `/v3/campaigns/campaigns/${made.id}/send` });
		const result = await run({ resource: 'campaign', operation: 'send', campaignId: byId(made.id) });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: made.id, status: 'completed', appliedByEarlierAttempt: true });
		expect(lines()).toEqual([`POST /v3/campaigns/campaigns/${made.id}/send 200`, `GET /v3/campaigns/campaigns/${made.id} 200`]);
		expect(campaigns().deliveriesOf('feed')).toHaveLength(2);
	});

	it('Send: a 500 before anything was applied; the campaign is still a draft, so the send goes again, once', async () => {
		const made = draft();
		emulator().injectNext(['500'], { method: 'POST', pathPrefix: `/v3/campaigns/campaigns/${made.id}/send` });
		const result = await run({ resource: 'campaign', operation: 'send', campaignId: byId(made.id) });
		expect(result.items[0].json).toMatchObject({ status: 'completed' });
		expect(result.items[0].json.appliedByEarlierAttempt).toBeUndefined();
		expect(lines()).toEqual([
			`POST /v3/campaigns/campaigns/${made.id}/send 500`,
			`GET /v3/campaigns/campaigns/${made.id} 200`,
			`POST /v3/campaigns/campaigns/${made.id}/send 200`,
		]);
		expect(campaigns().deliveriesOf('feed')).toHaveLength(2);
	});

	it('Schedule and Cancel: a lost answer found applied by the campaign read', async () => {
		const made = draft();
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: `/v3/campaigns/campaigns/${made.id}/schedule` });
		const scheduled = await run({ resource: 'campaign', operation: 'schedule', campaignId: byId(made.id), scheduledAt: NOW + 3600 });
		expect(scheduled.items[0].json).toMatchObject({ status: 'scheduled', scheduledAt: NOW + 3600, appliedByEarlierAttempt: true });
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: `/v3/campaigns/campaigns/${made.id}/cancel` });
		const cancelled = await run({ resource: 'campaign', operation: 'cancel', campaignId: byId(made.id) });
		expect(cancelled.items[0].json).toMatchObject({ status: 'cancelled', appliedByEarlierAttempt: true });
		expect(lines().filter((line) => line.startsWith('POST'))).toHaveLength(2);
	});

	it('Add Recipients: not sent again after a lost answer; the error says it may have been applied', async () => {
		const made = campaigns().createCampaign({ name: 'Q3', templateId, templateVersion: 1 });
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: `/v3/campaigns/campaigns/${made.id}/recipients` });
		const result = await run({ resource: 'campaign', operation: 'addRecipients', campaignId: byId(made.id), userIds: 'ada' });
		expect(result.error?.description).toMatch(/may have been applied/);
		expect(lines()).toEqual([`POST /v3/campaigns/campaigns/${made.id}/recipients 200`]);
	});
});

describe('Campaign → Get, Get Many, Update, Delete, recipients and CSV import', () => {
	it('Get, Update, Get Many with filters, Get Recipients with its cursor, Delete', async () => {
		const made = draft(Array.from({ length: 3 }, (_, index) => `u${index}`));
		const got = await run({ resource: 'campaign', operation: 'get', campaignId: byId(made.id) });
		expect(got.items[0].json).toMatchObject({
			id: made.id,
			template: { templateId: 'deal-won', version: 1 },
			recipientSummary: { total: 3 },
		});
		const updated = await run({ resource: 'campaign', operation: 'update', campaignId: byId(made.id), updateFields: { name: 'Q3 final' } });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'PUT', body: { name: 'Q3 final' } });
		expect(updated.items[0].json.name).toBe('Q3 final');
		const list = await run({ resource: 'campaign', operation: 'getAll', returnAll: true, filters: { status: 'draft', search: 'final' } });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ path: '/v3/campaigns/campaigns', query: { status: 'draft', search: 'final' } });
		expect(list.items.map((item) => item.json.id)).toEqual([made.id]);
		const recipients = await run({
			resource: 'campaign',
			operation: 'getRecipients',
			campaignId: byId(made.id),
			returnAll: false,
			limit: 2,
			filters: { status: 'pending' },
		});
		expect(recipients.items.map((item) => item.json.userId)).toHaveLength(2);
		expect(apiRequests(emulator()).at(-1)).toMatchObject({
			path: `/v3/campaigns/campaigns/${made.id}/recipients`,
			query: { status: 'pending', limit: '2' },
		});
		const deleted = await run({ resource: 'campaign', operation: 'delete', campaignId: byId(made.id) });
		expect(deleted.items[0].json).toEqual({ id: made.id, deleted: true });
		expectServiceError(await run({ resource: 'campaign', operation: 'get', campaignId: byId(made.id) }), 'ERR_NOT_FOUND', '404');
	});

	it('Get CSV Upload URL, Import CSV of the uploaded file, Get Import Status; an import lost after it was applied is found by its key', async () => {
		const made = campaigns().createCampaign({ name: 'CSV', templateId, templateVersion: 1 });
		const upload = await run({ resource: 'campaign', operation: 'getUploadUrl', campaignId: byId(made.id) });
		const s3Key = upload.items[0].json.s3Key as string;
		expect(upload.items[0].json).toMatchObject({ uploadUrl: expect.any(String), expiresIn: 900 });
		// The file goes to the upload URL as an HTTP Request node would PUT it (no CometChat credential).
		const put = await fetch(upload.items[0].json.uploadUrl as string, {
			method: 'PUT',
			headers: { 'content-type': 'text/csv' },
			body: 'userId,name\nada,Ada\nbob,Bob\n',
		});
		expect(put.status).toBe(200);
		emulator().injectNext(['truncated'], { method: 'POST', pathPrefix: `/v3/campaigns/campaigns/${made.id}/import-csv` });
		const imported = await run({ resource: 'campaign', operation: 'importCsv', campaignId: byId(made.id), s3Key });
		expect(imported.items[0].json).toMatchObject({ s3Key, status: 'completed', importedRows: 2, appliedByEarlierAttempt: true });
		expect(lines().filter((line) => line.includes('import'))).toEqual([
			`POST /v3/campaigns/campaigns/${made.id}/import-csv 200`,
			`GET /v3/campaigns/campaigns/${made.id}/import-status 200`,
		]);
		const status = await run({ resource: 'campaign', operation: 'getImportStatus', campaignId: byId(made.id) });
		expect(status.items[0].json).toMatchObject({ s3Key, totalRows: 2 });
		expectServiceError(
			await run({ resource: 'campaign', operation: 'importCsv', campaignId: byId(made.id), s3Key }),
			'ERR_CONFLICT',
			'409',
		);
	});
});
