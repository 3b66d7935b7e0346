/**
 * The Campaigns service's 50 operations (campaigns-apis.json), served on the chat host under
 * /v3/campaigns. Single records answer `{ data }`, lists the cursor envelope (paging.ts), errors
 * the service's shape (parse.ts). The feed's delete answers 204 with no body, as published.
 */
import type { Req, Router } from '../../core/router';
import { NO_CONTENT } from '../../core/router';
import type { Json } from '../../core/validation';
import { header, queryBool, queryInt, queryOne, requireBodyObject } from '../../core/validation';
import type { Areas } from '../types';
import type { Campaigns, Delivery } from './collection';
import { LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT, cursorPage } from './paging';
import { actingUser, invalid, queryIsoDate, queryNumber, requireActingUser, requireAdmin, tagsMatch, topicOf } from './parse';
import { byChannelType, campaignOut, countsOf, feedItemOut, pushOut, seriesOf, userInsightsOf } from './views';

const BASE = '/v3/campaigns';
const LIST_SORTS = {
	categories: ['updatedAt', 'name', 'createdAt'],
	templates: ['updatedAt', 'createdAt', 'name'],
	channels: ['updatedAt', 'channelType', 'createdAt'],
	campaigns: ['updatedAt', 'createdAt', 'name'],
	recipients: ['updatedAt', 'createdAt'],
	feed: ['sentAt', 'createdAt'],
} as const;

const data = (record: unknown) => ({ data: record });

export function register(router: Router, areas: Areas): void {
	const { campaigns } = areas;
	registerCategories(router, campaigns);
	registerTemplates(router, campaigns);
	registerChannels(router, campaigns);
	registerCampaigns(router, campaigns);
	registerSends(router, campaigns);
	registerFeed(router, campaigns);
	registerPush(router, campaigns);
	registerAnalytics(router, campaigns);
}

function registerCategories(router: Router, campaigns: Campaigns): void {
	router.add('POST', `${BASE}/templates/categories`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.createCategory(requireBodyObject(req.body)));
	});
	router.add('GET', `${BASE}/templates/categories`, (req) =>
		cursorPage([...campaigns.categories.values()], req.query, LIST_SORTS.categories, (category) => ({ ...category })),
	);
	router.add('GET', `${BASE}/templates/categories/:id`, (req) => data(campaigns.requireCategory(req.params.id)));
	router.add('PUT', `${BASE}/templates/categories/:id`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.updateCategory(req.params.id, requireBodyObject(req.body)));
	});
	router.add('DELETE', `${BASE}/templates/categories/:id`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.deleteCategory(req.params.id));
	});
}

function registerTemplates(router: Router, campaigns: Campaigns): void {
	router.add('POST', `${BASE}/templates`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.createTemplate(requireBodyObject(req.body)));
	});
	router.add('GET', `${BASE}/templates`, (req) => {
		const status = queryOne(req.query, 'status');
		const search = queryOne(req.query, 'search')?.toLowerCase();
		const category = queryOne(req.query, 'templateCategory');
		const templates = [...campaigns.templates.values()].filter(
			(template) =>
				(status === undefined || template.status === status) &&
				(category === undefined || template.templateCategory === category) &&
				(search === undefined || template.name.toLowerCase().includes(search) || template.templateId.toLowerCase().includes(search)) &&
				tagsMatch(template.tags, req.query),
		);
		return cursorPage(templates, req.query, LIST_SORTS.templates, (template) => ({ ...template }));
	});
	router.add('GET', `${BASE}/templates/:id`, (req) => data(campaigns.requireTemplate(req.params.id)));
	router.add('PUT', `${BASE}/templates/:id`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.updateTemplate(req.params.id, requireBodyObject(req.body)));
	});
	router.add('DELETE', `${BASE}/templates/:id`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.archiveTemplate(req.params.id));
	});
	router.add('PUT', `${BASE}/templates/:id/channels/:channelType`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.updateChannelContent(req.params.id, req.params.channelType, requireBodyObject(req.body)));
	});
	router.add('POST', `${BASE}/templates/:id/versions`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.createVersion(req.params.id));
	});
}

function registerChannels(router: Router, campaigns: Campaigns): void {
	router.add('POST', `${BASE}/channels`, (req) => {
		requireAdmin(req.headers, 400);
		return data(campaigns.createChannel(requireBodyObject(req.body)));
	});
	router.add('GET', `${BASE}/channels`, (req) => {
		const search = queryOne(req.query, 'search')?.toLowerCase();
		const channels = [...campaigns.channels.values()].filter(
			(channel) => search === undefined || channel.name.toLowerCase().includes(search) || channel.channelId.toLowerCase().includes(search),
		);
		return cursorPage(channels, req.query, LIST_SORTS.channels, (channel) => ({ ...channel }));
	});
	router.add('GET', `${BASE}/channels/availability`, (req) => {
		requireAdmin(req.headers, 400);
		return data(campaigns.availability());
	});
	router.add('GET', `${BASE}/channels/:id`, (req) => data(campaigns.requireChannel(req.params.id)));
	router.add('PUT', `${BASE}/channels/:id`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.updateChannel(req.params.id, requireBodyObject(req.body)));
	});
}

function registerCampaigns(router: Router, campaigns: Campaigns): void {
	const out = (campaign: Parameters<typeof campaignOut>[1]) => campaignOut(campaigns, campaign);
	router.add('POST', `${BASE}/campaigns`, (req) => data(out(campaigns.createCampaign(requireBodyObject(req.body)))));
	router.add('GET', `${BASE}/campaigns`, (req) => {
		const status = queryOne(req.query, 'status');
		const search = queryOne(req.query, 'search')?.toLowerCase();
		const list = [...campaigns.campaigns.values()].filter(
			(campaign) =>
				(status === undefined || campaign.status === status) && (search === undefined || campaign.name.toLowerCase().includes(search)),
		);
		return cursorPage(list, req.query, LIST_SORTS.campaigns, out);
	});
	router.add('GET', `${BASE}/campaigns/:id`, (req) => data(out(campaigns.requireCampaign(req.params.id))));
	router.add('PUT', `${BASE}/campaigns/:id`, (req) => data(out(campaigns.updateCampaign(req.params.id, requireBodyObject(req.body)))));
	router.add('DELETE', `${BASE}/campaigns/:id`, (req) => data({ id: campaigns.deleteCampaign(req.params.id).id, deleted: true }));
	router.add('POST', `${BASE}/campaigns/:id/recipients`, (req) =>
		data(campaigns.addRecipients(req.params.id, requireBodyObject(req.body))),
	);
	router.add('GET', `${BASE}/campaigns/:id/recipients`, (req) => {
		// The path's `id` is the campaign; the query's `id` the cursor (the router keeps them apart).
		const status = queryOne(req.query, 'status');
		const recipients = campaigns
			.recipientsOf(campaigns.requireCampaign(req.params.id).id)
			.filter((recipient) => status === undefined || recipient.status === status);
		return cursorPage(recipients, req.query, LIST_SORTS.recipients, (recipient) => ({ ...recipient }));
	});
	router.add('GET', `${BASE}/campaigns/:id/recipients/summary`, (req) => data(campaigns.recipientSummary(req.params.id)));
	router.add('POST', `${BASE}/campaigns/:id/recipients/upload-url`, (req) => data(campaigns.uploadUrl(req.params.id, originOf(req))));
	router.add('POST', `${BASE}/campaigns/:id/import-csv`, (req) => data(campaigns.importCsv(req.params.id, requireBodyObject(req.body))));
	router.add('GET', `${BASE}/campaigns/:id/import-status`, (req) => data(campaigns.importStatus(req.params.id)));
	router.add('POST', `${BASE}/campaigns/:id/send`, (req) => data(out(campaigns.sendCampaign(req.params.id))));
	router.add('POST', `${BASE}/campaigns/:id/schedule`, (req) =>
		data(out(campaigns.scheduleCampaign(req.params.id, requireBodyObject(req.body)))),
	);
	router.add('POST', `${BASE}/campaigns/:id/cancel`, (req) => data(out(campaigns.cancelCampaign(req.params.id))));
	router.add('GET', `${BASE}/campaigns/:id/sequence-metrics`, (req) => {
		const campaign = campaigns.requireCampaign(req.params.id);
		const deliveries = [...campaigns.deliveries.values()].filter((delivery) => delivery.campaignId === campaign.id);
		const steps = [...new Set(deliveries.map((delivery) => delivery.sequenceOrder))].sort((a, b) => a - b);
		return data({
			campaignId: campaign.id,
			steps: steps.map((sequenceOrder) => {
				const step = deliveries.filter((delivery) => delivery.sequenceOrder === sequenceOrder);
				return { sequenceOrder, channelType: step[0].channelType, ...countsOf(step) };
			}),
		});
	});
}

function registerSends(router: Router, campaigns: Campaigns): void {
	router.add('POST', `${BASE}/notifications/messages`, (req) => {
		requireAdmin(req.headers);
		return data(campaigns.send(requireBodyObject(req.body)));
	});
}

function registerFeed(router: Router, campaigns: Campaigns): void {
	const item = (req: Req) => campaigns.requireDelivery('feed', req.params.id, actingUser(req.headers));
	router.add('GET', `${BASE}/notification-feed/unread-count`, (req) => {
		const uid = requireActingUser(req.headers);
		const category = queryOne(req.query, 'templateCategory');
		if (category === undefined) throw invalid(['templateCategory should not be empty']);
		const unread = campaigns
			.deliveriesOf('feed')
			.filter((delivery) => delivery.receiver === uid && delivery.deletedAt === undefined && delivery.readAt === undefined)
			.filter((delivery) => delivery.templateCategory === category);
		return data({ templateCategory: category, unreadCount: unread.length });
	});
	router.add('GET', `${BASE}/notification-feed`, (req) => {
		const templateOnly = queryOne(req.query, 'templateOnly') === 'true';
		const page = cursorPage(feedOf(campaigns, req), req.query, LIST_SORTS.feed, (delivery) =>
			feedItemOut(campaigns, delivery, templateOnly),
		);
		return page;
	});
	router.add('GET', `${BASE}/notification-feed/:id`, (req) =>
		data(feedItemOut(campaigns, item(req), queryOne(req.query, 'templateOnly') === 'true')),
	);
	router.add('DELETE', `${BASE}/notification-feed/:id`, (req) => {
		requireAdmin(req.headers);
		campaigns.softDelete(item(req));
		return NO_CONTENT;
	});
	router.add('POST', `${BASE}/notification-feed/:id/read`, (req) => {
		requireActingUser(req.headers);
		return data(feedItemOut(campaigns, campaigns.mark(item(req), 'readAt')));
	});
	router.add('POST', `${BASE}/notification-feed/:id/delivered`, (req) => {
		requireActingUser(req.headers);
		return data(feedItemOut(campaigns, campaigns.mark(item(req), 'deliveredAt')));
	});
	router.add('POST', `${BASE}/notification-feed/:id/engagement`, (req) => {
		requireActingUser(req.headers);
		return data(feedItemOut(campaigns, campaigns.engage(item(req), topicOf(req.body))));
	});
}

/** The feed a request sees: the acting user's own, or (the app) everyone's or one `receiver`'s; then the filters. */
function feedOf(campaigns: Campaigns, req: Req): Delivery[] {
	const { query } = req;
	const receiver = actingUser(req.headers) ?? queryOne(query, 'receiver');
	const readState = queryOne(query, 'readState') ?? 'all';
	const from = queryNumber(query, 'dateFrom');
	const to = queryNumber(query, 'dateTo');
	const category = queryOne(query, 'templateCategory');
	const channelId = queryOne(query, 'channelId');
	const includeDeleted = queryBool(query, 'includeDeleted');
	return campaigns
		.deliveriesOf('feed')
		.filter(
			(delivery) =>
				(receiver === undefined || delivery.receiver === receiver) &&
				(includeDeleted || delivery.deletedAt === undefined) &&
				(readState === 'all' || (readState === 'read') === (delivery.readAt !== undefined)) &&
				(from === undefined || delivery.sentAt >= from) &&
				(to === undefined || delivery.sentAt <= to) &&
				(category === undefined || delivery.templateCategory === category) &&
				(channelId === undefined || delivery.channelId === channelId) &&
				tagsMatch(delivery.tags, query),
		);
}

function registerPush(router: Router, campaigns: Campaigns): void {
	const push = (req: Req) => campaigns.requireDelivery('push', req.params.id, actingUser(req.headers));
	router.add('GET', `${BASE}/push-notifications`, (req) => {
		const uid = requireActingUser(req.headers);
		if (queryOne(req.query, 'limit') === undefined) throw invalid(['limit should not be empty']);
		const limit = queryInt(req.query, 'limit', LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT);
		const mine = campaigns
			.deliveriesOf('push')
			.filter((delivery) => delivery.receiver === uid)
			.sort((a, b) => b.sentAt - a.sentAt || b.id.localeCompare(a.id))
			.slice(0, limit);
		return { data: mine.map(pushOut), meta: { current: { limit, count: mine.length } } };
	});
	router.add('GET', `${BASE}/push-notifications/:id`, (req) => data(pushOut(push(req))));
	router.add('PUT', `${BASE}/push-notifications/:id/delivered`, (req) => {
		requireActingUser(req.headers);
		return data(pushOut(campaigns.mark(push(req), 'deliveredAt')));
	});
	router.add('PUT', `${BASE}/push-notifications/:id/clicked`, (req) => {
		requireActingUser(req.headers);
		return data(pushOut(campaigns.mark(push(req), 'clickedAt')));
	});
	router.add('POST', `${BASE}/push-notifications/:id/engagement`, (req) => {
		requireActingUser(req.headers);
		return data(pushOut(campaigns.engage(push(req), topicOf(req.body))));
	});
}

function registerAnalytics(router: Router, campaigns: Campaigns): void {
	router.add('GET', `${BASE}/analytics/overview`, (req) => data(report(inWindow(campaigns, req), req)));
	router.add('GET', `${BASE}/analytics/campaigns/:campaignId`, (req) => {
		const campaign = campaigns.requireCampaign(req.params.campaignId);
		const deliveries = inWindow(campaigns, req).filter((delivery) => delivery.campaignId === campaign.id);
		return data({ campaignId: campaign.id, ...report(deliveries, req), byChannel: byChannelType(deliveries) });
	});
	router.add('GET', `${BASE}/analytics/templates/:templateId`, (req) => {
		const template = campaigns.requireTemplate(req.params.templateId);
		const deliveries = inWindow(campaigns, req).filter((delivery) => delivery.templateId === template.id);
		return data({ templateId: template.id, ...report(deliveries, req), byChannel: byChannelType(deliveries) });
	});
	router.add('GET', `${BASE}/analytics/channels`, (req) => data(byChannelType(inWindow(campaigns, req))));
	router.add('GET', `${BASE}/analytics/users/:userId`, (req) => data(userInsightsOf(req.params.userId, inWindow(campaigns, req))));
}

/** The deliveries sent between `startDate` and `endDate` (ISO 8601), of the `dimension`'s `dimensionId` if given. */
function inWindow(campaigns: Campaigns, req: Req): Delivery[] {
	const start = queryIsoDate(req.query, 'startDate');
	const end = queryIsoDate(req.query, 'endDate');
	const dimension = queryOne(req.query, 'dimension');
	const dimensionId = queryOne(req.query, 'dimensionId');
	const field =
		dimension === 'campaign' ? 'campaignId' : dimension === 'template' ? 'templateId' : dimension === 'channel' ? 'channelType' : undefined;
	return [...campaigns.deliveries.values()].filter(
		(delivery) =>
			(start === undefined || delivery.sentAt >= start) &&
			(end === undefined || delivery.sentAt <= end) &&
			(field === undefined || dimensionId === undefined || delivery[field] === dimensionId),
	);
}

/** The totals, and the series per hour or day when a `period` is asked (`limit` periods, default 50). */
function report(deliveries: Delivery[], req: Req): Json {
	const period = queryOne(req.query, 'period') as 'hourly' | 'daily' | undefined;
	const totals = countsOf(deliveries);
	return period === undefined ? { totals } : { totals, period, series: seriesOf(deliveries, period, queryInt(req.query, 'limit', 50)) };
}

/** The origin the request came to, for the upload URL it is given. */
function originOf(req: Req): string {
	return `http://${header(req.headers, 'host') ?? '127.0.0.1'}`;
}
