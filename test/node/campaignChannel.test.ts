/** Campaign Channel (the Campaigns service), through n8n's engine against the emulator. */
import type { IDataObject } from 'n8n-workflow';

import { apiRequests, credentialsFor } from '../harness/emulator';
import { listSearch, runNode } from '../harness/engine';
import { byId, expectErrorItem, expectInputError, expectServiceError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const NOW = 1_750_000_000;
const SENDER_KEY = 'sk-provider-4f1e9a7c2b';
const campaigns = () => emulator().store.areas.campaigns;
const run = (parameters: Record<string, unknown>, input?: IDataObject[], options = {}) =>
	runNode(credentialsFor(emulator()), parameters as never, input, options);

beforeEach(() => emulator().store.setClock(NOW));

describe('Campaign Channel', () => {
	it('Create: name, type and the fields given; the metadata shows only its keys, its secret nowhere', async () => {
		const created = await run({
			resource: 'campaignChannel',
			operation: 'create',
			name: 'My Push',
			type: 'push',
			additionalFields: { enabled: true, metadata: JSON.stringify({ apiKey: SENDER_KEY, senderId: 'acme' }) },
		});
		expect(created.error).toBeUndefined();
		expect(apiRequests(emulator())[0]).toMatchObject({
			method: 'POST',
			path: '/v3/campaigns/channels',
			body: { name: 'My Push', type: 'push', enabled: true, metadata: { apiKey: SENDER_KEY, senderId: 'acme' } },
		});
		expect(created.items[0].json).toMatchObject({
			channelId: 'cc-notification-channel-my-push',
			channelType: 'push',
			enabled: true,
			metadataKeys: ['apiKey', 'senderId'],
		});
		expect(JSON.stringify(created.items)).not.toContain(SENDER_KEY);
		expect(JSON.stringify(created.items)).not.toContain('acme');
	});

	it("Create: a restricted type is the service's 403, its error without the metadata's secret; Continue On Fail goes on", async () => {
		const parameters = {
			resource: 'campaignChannel',
			operation: 'create',
			name: 'Texts',
			type: 'sms',
			additionalFields: { metadata: { apiKey: SENDER_KEY } },
		};
		const failed = await run(parameters);
		expectServiceError(failed, 'ERR_FORBIDDEN', '403');
		expect(JSON.stringify(failed.error)).not.toContain(SENDER_KEY);
		const kept = await run(parameters, [{}], { continueOnFail: true });
		expectErrorItem(kept.items[0], 0, 'ERR_FORBIDDEN');
		expectInputError(await run({ ...parameters, type: 'pigeon' }), /'Type' holds the text "pigeon"/, /in_app, push/);
	});

	it('Get by slug, Update only the fields given, Get Many with a search, Get Availability one item per type', async () => {
		const channel = campaigns().createChannel({ name: 'Feed', type: 'in_app' });
		campaigns().createChannel({ name: 'Mail', type: 'email' });
		const got = await run({ resource: 'campaignChannel', operation: 'get', channelId: byId(channel.channelId) });
		expect(got.items[0].json).toMatchObject({ id: channel.id, metadataKeys: [] });
		const updated = await run({
			resource: 'campaignChannel',
			operation: 'update',
			channelId: byId(channel.id),
			updateFields: { enabled: true },
		});
		expect(apiRequests(emulator()).at(-1)).toMatchObject({
			method: 'PUT',
			path: `/v3/campaigns/channels/${channel.id}`,
			body: { enabled: true },
		});
		expect(updated.items[0].json.enabled).toBe(true);
		expectInputError(
			await run({ resource: 'campaignChannel', operation: 'update', channelId: byId(channel.id), updateFields: {} }),
			/Nothing to update/,
			/Update Fields/,
		);
		const found = await run({ resource: 'campaignChannel', operation: 'getAll', returnAll: true, filters: { search: 'mail' } });
		expect(apiRequests(emulator()).at(-1)).toMatchObject({ path: '/v3/campaigns/channels', query: { search: 'mail' } });
		expect(found.items.map((item) => item.json.name)).toEqual(['Mail']);
		const availability = await run({ resource: 'campaignChannel', operation: 'getAvailability' });
		expect(availability.items.map((item) => item.json.channelType)).toEqual(['in_app', 'push', 'sms', 'email', 'whatsapp', 'custom']);
		expect(availability.items[0].json).toEqual({ channelType: 'in_app', available: true, count: 1, limit: 10 });
		expectServiceError(
			await run({ resource: 'campaignChannel', operation: 'get', channelId: byId('nope') }),
			'ERR_CHANNEL_NOT_FOUND',
			'404',
		);
	});

	it('the searchable list: name (slug), the value the channel ID', async () => {
		const channel = campaigns().createChannel({ name: 'My Push', type: 'push' });
		const found = await listSearch(credentialsFor(emulator()), 'searchCampaignChannels', 'push');
		expect(found.results).toEqual([{ name: 'My Push (cc-notification-channel-my-push)', value: channel.id }]);
	});
});
