/**
 * Campaign Template and Template Category (the Campaigns service, /v3/campaigns on the chat host),
 * and their searchable lists, through n8n's engine against the emulator.
 */
import type { IDataObject } from 'n8n-workflow';

import { getMany as getManyTemplates } from '../../nodes/CometChat/actions/campaignTemplate/getMany.operation';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';
import { registerTool, TOOL_TYPE } from '../harness/tool';

const emulator = useEmulator();
registerTool();
const NOW = 1_750_000_000;
const campaigns = () => emulator().store.areas.campaigns;
const run = (parameters: Record<string, unknown>, input?: IDataObject[], options = {}) =>
	runNode(credentialsFor(emulator()), parameters as never, input, options);

beforeEach(() => emulator().store.setClock(NOW));

/** A template made in the store, as the emulator holds one. */
function storedTemplate(name: string, extra: Record<string, unknown> = {}) {
	return campaigns().createTemplate({ name, channels: [{ channelType: 'in_app', content: { title: 'Hi {{name}}' } }], ...extra });
}

describe('Campaign Template → Create', () => {
	it('POSTs the name, the channels read from the fixed collection and the fields given; outputs the template', async () => {
		const channel = campaigns().createChannel({ name: 'Push', type: 'push' });
		const result = await run({
			resource: 'campaignTemplate',
			operation: 'create',
			name: 'Deal won',
			channels: {
				channel: [
					{ channelType: 'in_app', content: '{"title": "Well done {{name}}"}', sequenceOrder: 1, stopCondition: 'read' },
					{ channelType: 'push', channelId: channel.channelId, content: { title: 'Won {{deal}}' }, sequenceOrder: 2, waitMinutes: 30 },
				],
			},
			additionalFields: {
				templateCategory: 'Transactional',
				status: 'approved',
				tags: 'crm, deals',
				variableSchema: 'name, deal',
				config: '{"a": 1}',
			},
		});
		expect(result.error).toBeUndefined();
		const [sent] = apiRequests(emulator());
		expect(sent).toMatchObject({
			method: 'POST',
			path: '/v3/campaigns/templates',
			body: {
				name: 'Deal won',
				channels: [
					{ channelType: 'in_app', content: { title: 'Well done {{name}}' }, sequenceOrder: 1, stopCondition: 'read' },
					{ channelType: 'push', channelId: channel.channelId, content: { title: 'Won {{deal}}' }, sequenceOrder: 2, waitMinutes: 30 },
				],
				templateCategory: 'Transactional',
				status: 'approved',
				tags: ['crm', 'deals'],
				variableSchema: ['name', 'deal'],
				config: { a: 1 },
			},
		});
		expect(result.items[0].json).toMatchObject({ templateId: 'deal-won', version: 1, status: 'approved', createdAt: NOW });
		expect(campaigns().findTemplate('deal-won')).toBeDefined();
	});

	it('refuses before sending: no channel, a type twice, a push stop condition on in-app, bad JSON content', async () => {
		const base = { resource: 'campaignTemplate', operation: 'create', name: 'T' };
		expectInputError(await run({ ...base, channels: {} }), /'Channels' is empty/, /at least one channel/);
		const twice = { channel: [{ channelType: 'push' }, { channelType: 'push' }] };
		expectInputError(await run({ ...base, channels: twice }), /'Channels' has the channel type push twice/, /once/);
		const clicked = { channel: [{ channelType: 'in_app', stopCondition: 'clicked' }] };
		expectInputError(await run({ ...base, channels: clicked }), /'Stop Condition' holds the text "clicked"/, /delivered, read, engaged/);
		const badJson = { channel: [{ channelType: 'in_app', content: '{nope' }] };
		expectInputError(await run({ ...base, channels: badJson }), /Content \(JSON\) is not valid JSON/, /Fix the JSON/);
		expect(apiRequests(emulator())).toEqual([]);
	});

	it("a duplicate slug is the service's ERR_CONFLICT; with Continue On Fail the item carries it", async () => {
		storedTemplate('Deal won');
		const parameters = {
			resource: 'campaignTemplate',
			operation: 'create',
			name: 'Deal won',
			channels: { channel: [{ channelType: 'in_app' }] },
		};
		expectServiceError(await run(parameters), 'ERR_CONFLICT', '409');
		const kept = await run(parameters, [{}], { continueOnFail: true });
		expectErrorItem(kept.items[0], 0, 'ERR_CONFLICT');
	});
});

describe('Campaign Template → Get, Get Many, Update, Archive, Update Channel Content, Create Version', () => {
	it('Get by slug; Update sends only the fields given (category as free text); Archive is a DELETE', async () => {
		const template = storedTemplate('Deal won');
		const got = await run({ resource: 'campaignTemplate', operation: 'get', templateId: byId('deal-won') });
		expect(got.items[0].json).toMatchObject({ id: template.id, name: 'Deal won' });
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'GET', path: '/v3/campaigns/templates/deal-won' });

		emulator().clearRequests();
		const updated = await run({
			resource: 'campaignTemplate',
			operation: 'update',
			templateId: byId(template.id),
			updateFields: { templateCategory: 'Deals', status: 'approved' },
		});
		expect(apiRequests(emulator())[0]).toMatchObject({ method: 'PUT', body: { templateCategory: 'Deals', status: 'approved' } });
		expect(updated.items[0].json).toMatchObject({ templateCategory: 'Deals', status: 'approved' });
		expectInputError(
			await run({ resource: 'campaignTemplate', operation: 'update', templateId: byId(template.id), updateFields: {} }),
			/Nothing to update/,
			/Update Fields/,
		);

		const archived = await run({ resource: 'campaignTemplate', operation: 'archive', templateId: byId(template.id) });
		expect(archived.items[0].json).toMatchObject({ id: template.id, status: 'archived' });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ method: 'DELETE', path: `/v3/campaigns/templates/${template.id}` });
	});

	it('Update Channel Content PUTs the content at the type; Create Version answers the next version', async () => {
		const template = storedTemplate('Deal won');
		const content = await run({
			resource: 'campaignTemplate',
			operation: 'updateChannelContent',
			templateId: byId(template.id),
			channelType: 'in_app',
			content: '{"title": "New {{name}}"}',
		});
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'PUT',
			path: `/v3/campaigns/templates/${template.id}/channels/in_app`,
			body: { content: { title: 'New {{name}}' } },
		});
		expect(content.items[0].json.channels).toEqual([expect.objectContaining({ content: { title: 'New {{name}}' } })]);
		const missing = await run({
			resource: 'campaignTemplate',
			operation: 'updateChannelContent',
			templateId: byId(template.id),
			channelType: 'push',
			content: '{}',
		});
		expectServiceError(missing, 'ERR_NOT_FOUND', '404');
		const version = await run({ resource: 'campaignTemplate', operation: 'createVersion', templateId: byId(template.id) });
		expect(version.items[0].json).toMatchObject({ id: template.id, version: 2 });
	});

	it('Get Many follows meta.next as the service hands it back, and sends the filters', async () => {
		for (let index = 0; index < 5; index++) {
			emulator().store.setClock(NOW + index);
			storedTemplate(`Template ${index}`, { tags: ['crm'], status: 'approved' });
		}
		const all = await run({
			resource: 'campaignTemplate',
			operation: 'getAll',
			returnAll: true,
			filters: { tags: 'crm', status: 'approved' },
		});
		expect(all.items.map((item) => item.json.name)).toEqual(['Template 4', 'Template 3', 'Template 2', 'Template 1', 'Template 0']);
		emulator().clearRequests();
		const two = await run({ resource: 'campaignTemplate', operation: 'getAll', returnAll: false, limit: 3 });
		expect(two.items).toHaveLength(3);
		const requests = apiRequests(emulator());
		expect(requests[0]).toMatchObject({ path: '/v3/campaigns/templates', query: { limit: '3' } });
		expect(all.items[0].json).toMatchObject({ templateId: 'template-4' });
	});

	it('Return All over pages of 100: the second page is asked with the cursor of meta.next, as it is', async () => {
		for (let index = 0; index < 101; index++) {
			emulator().store.setClock(NOW + index);
			storedTemplate(`Template ${index}`);
		}
		const paged = await run({ resource: 'campaignTemplate', operation: 'getAll', returnAll: true });
		expect(paged.items).toHaveLength(101);
		const [first, second] = apiRequests(emulator());
		expect(first.query).toEqual({ limit: '100' });
		const oldest = campaigns().findTemplate('template-0')!;
		expect(second.query).toEqual({ limit: '100', affix: 'append', updatedAt: String(NOW), id: oldest.id });
		expect(paged.items.at(-1)?.json.id).toBe(oldest.id);
	});
});

describe('Campaign Template → Get Many: Simplify', () => {
	/** A template with two channels' content, tags and variables, as Create makes one. */
	function fullTemplate() {
		return campaigns().createTemplate({
			name: 'Deal won',
			templateCategory: 'Transactional',
			status: 'approved',
			tags: ['crm', 'deals'],
			variableSchema: ['name', 'deal'],
			label: 'Deals',
			config: { priority: 'high' },
			channels: [
				{ channelType: 'in_app', content: { title: 'Well done {{name}}', body: 'You won {{deal}}' }, sequenceOrder: 1 },
				{ channelType: 'push', content: { title: 'Won {{deal}}' }, sequenceOrder: 2, waitMinutes: 30 },
			],
		});
	}

	/** The template in short: its metadata, its channels' types, no content; the time also in ISO 8601. */
	const simplified = (id: string) => ({
		id,
		templateId: 'deal-won',
		name: 'Deal won',
		templateCategory: 'Transactional',
		status: 'approved',
		tags: ['crm', 'deals'],
		version: 1,
		variableSchema: ['name', 'deal'],
		channelTypes: ['in_app', 'push'],
		updatedAt: NOW,
		updatedAtIso: new Date(NOW * 1000).toISOString(),
	});
	const getMany = { resource: 'campaignTemplate', operation: 'getAll', returnAll: true };

	it('is on by default in both versions: the metadata and channelTypes, no channel content', async () => {
		const tooltip = getManyTemplates.properties.find((property) => property.name === 'simplify')?.description;
		expect(tooltip).toContain('channelTypes (computed: the types of its channels), updatedAt');
		const template = fullTemplate();
		for (const typeVersion of [1, 1.1]) {
			const result = await run(getMany, [{}], { typeVersion });
			expect(result.error).toBeUndefined();
			expect([typeVersion, result.items.map((item) => item.json)]).toEqual([typeVersion, [simplified(template.id)]]);
		}
	});

	it('off, each template comes whole, as Get gives it', async () => {
		const template = fullTemplate();
		const got = await run({ resource: 'campaignTemplate', operation: 'get', templateId: byId(template.id) });
		expect(got.items[0].json.channels).toHaveLength(2);
		const current = await run({ ...getMany, simplify: false }, [{}], { typeVersion: 1.1 });
		expect(current.items.map((item) => item.json)).toEqual([got.items[0].json]);
		const first = await run({ ...getMany, options: { simplify: false } }, [{}], { typeVersion: 1 });
		expect(first.items.map((item) => item.json)).toEqual([got.items[0].json]);
	});

	it("as the AI tool: Output Simplified by default (Limit 10); Raw gives the channels' content", async () => {
		for (let index = 0; index < 12; index++) {
			emulator().store.setClock(NOW - index - 1);
			storedTemplate(`Template ${index}`);
		}
		emulator().store.setClock(NOW);
		const template = fullTemplate();
		const tool = await run({ resource: 'campaignTemplate', operation: 'getAll' }, [{}], { type: TOOL_TYPE, typeVersion: 1.1 });
		expect(tool.error).toBeUndefined();
		expect(tool.items).toHaveLength(10);
		expect(tool.items[0].json).toEqual(simplified(template.id));
		expect(tool.items.every((item) => item.json.channels === undefined && Array.isArray(item.json.channelTypes))).toBe(true);
		const raw = await run({ resource: 'campaignTemplate', operation: 'getAll', output: 'raw' }, [{}], {
			type: TOOL_TYPE,
			typeVersion: 1.1,
		});
		expect(raw.items[0].json).toMatchObject({
			id: template.id,
			config: { priority: 'high' },
			channels: [{ channelType: 'in_app' }, { channelType: 'push' }],
		});
	});
});

describe('Template Category', () => {
	it('Create, Get, Update, Get Many and Delete, each on its path; after a delete, Get is ERR_NOT_FOUND', async () => {
		const created = await run({ resource: 'templateCategory', operation: 'create', name: 'Deals', description: 'Won deals' });
		expect(created.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: '/v3/campaigns/templates/categories',
			body: { name: 'Deals', description: 'Won deals' },
		});
		const id = created.items[0].json.id as string;
		const got = await run({ resource: 'templateCategory', operation: 'get', categoryId: byId(id) });
		expect(got.items[0].json).toMatchObject({ id, name: 'Deals' });
		const updated = await run({
			resource: 'templateCategory',
			operation: 'update',
			categoryId: byId(id),
			updateFields: { name: 'Big deals' },
		});
		expect(updated.items[0].json).toMatchObject({ id, name: 'Big deals', description: 'Won deals' });
		const list = await run({ resource: 'templateCategory', operation: 'getAll', returnAll: true });
		expect(list.items.map((item) => item.json.name)).toEqual(['Big deals']);
		const deleted = await run({ resource: 'templateCategory', operation: 'delete', categoryId: byId(id) });
		expect(deleted.items[0].json).toEqual({ id, deleted: true });
		expectServiceError(await run({ resource: 'templateCategory', operation: 'get', categoryId: byId(id) }), 'ERR_NOT_FOUND', '404');
		expectInputError(await run({ resource: 'templateCategory', operation: 'create', name: '  ' }), /'Name' is blank/, /category's name/);
	});
});

describe('the searchable lists of templates and categories', () => {
	it('templates: searched by the service, a page at a time, the cursor carried as the pagination token', async () => {
		for (let index = 0; index < 105; index++) {
			emulator().store.setClock(NOW + index);
			storedTemplate(`Template ${index}`);
		}
		const first = await listSearch(credentialsFor(emulator()), 'searchCampaignTemplates');
		expect(first.results).toHaveLength(100);
		expect(first.results[0]).toEqual({ name: 'Template 104 (template-104)', value: expect.stringMatching(/^cmtpl/) });
		const second = await listSearch(credentialsFor(emulator()), 'searchCampaignTemplates', undefined, first.paginationToken as string);
		expect(second.results.map((item) => item.name)).toEqual([
			'Template 4 (template-4)',
			'Template 3 (template-3)',
			'Template 2 (template-2)',
			'Template 1 (template-1)',
			'Template 0 (template-0)',
		]);
		expect(second.paginationToken).toBeUndefined();
		const searched = await listSearch(credentialsFor(emulator()), 'searchCampaignTemplates', 'template-10');
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ query: { search: 'template-10' } });
		expect(searched.results.map((item) => item.name)).toContain('Template 10 (template-10)');
	});

	it('categories: the list takes no search, so each page is filtered here', async () => {
		campaigns().createCategory({ name: 'Deals' });
		campaigns().createCategory({ name: 'Alerts' });
		const found = await listSearch(credentialsFor(emulator()), 'searchTemplateCategories', 'deal');
		expect(found.results).toEqual([{ name: expect.stringMatching(/^Deals \(/), value: expect.any(String) }]);
	});
});
