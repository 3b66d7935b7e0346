/**
 * What the emulated Campaigns service answers: the records as the collection keeps them, a
 * campaign enriched with its template and recipient summary ("enriched"), a delivery as a feed item
 * or a push notification, and the analytics counted from the deliveries. Every shape is the
 * emulator's choice (campaigns-apis.json has no response schema): docs/cometchat-api.md, Campaigns.
 */
import type { Json } from '../../core/validation';
import type { Campaign, Campaigns, Delivery } from './collection';

export function campaignOut(campaigns: Campaigns, campaign: Campaign): Json {
	const template = campaigns.templates.get(campaign.templateId);
	return {
		...campaign,
		template: template && { id: template.id, templateId: template.templateId, name: template.name, version: template.version },
		recipientSummary: campaigns.recipientSummary(campaign.id),
	};
}

/** A feed item: the delivery with its read state; `templateOnly` gives the template's content unrendered. */
export function feedItemOut(campaigns: Campaigns, delivery: Delivery, templateOnly = false): Json {
	const { kind: _kind, engagements, ...item } = delivery;
	const raw = templateOnly
		? campaigns.templates.get(delivery.templateId)?.channels.find((channel) => channel.channelType === delivery.channelType)?.content
		: undefined;
	return {
		...item,
		content: raw ?? item.content,
		readState: delivery.readAt === undefined ? 'unread' : 'read',
		engagementCount: engagements.length,
	};
}

export function pushOut(delivery: Delivery): Json {
	const { kind: _kind, engagements, readAt: _readAt, ...push } = delivery;
	return { ...push, engagementCount: engagements.length };
}

/** Sent, delivered, viewed (read), clicked and interacted (an engagement reported), over some deliveries. */
export function countsOf(deliveries: readonly Delivery[]): Json {
	return {
		sent: deliveries.length,
		delivered: deliveries.filter((delivery) => delivery.deliveredAt !== undefined).length,
		viewed: deliveries.filter((delivery) => delivery.readAt !== undefined).length,
		clicked: deliveries.filter((delivery) => delivery.clickedAt !== undefined).length,
		interacted: deliveries.filter((delivery) => delivery.engagements.length > 0).length,
	};
}

/** The counts per channel type, in the order the types first appear. */
export function byChannelType(deliveries: readonly Delivery[]): Json[] {
	const types = [...new Set(deliveries.map((delivery) => delivery.channelType))];
	return types.map((channelType) => ({ channelType, ...countsOf(deliveries.filter((delivery) => delivery.channelType === channelType)) }));
}

/** The counts per hour or day (by `sentAt`), oldest first, at most `limit` periods. */
export function seriesOf(deliveries: readonly Delivery[], period: 'hourly' | 'daily', limit: number): Json[] {
	const size = period === 'hourly' ? 3600 : 86_400;
	const starts = [...new Set(deliveries.map((delivery) => delivery.sentAt - (delivery.sentAt % size)))]
		.sort((a, b) => a - b)
		.slice(0, limit);
	return starts.map((start) => ({
		periodStart: new Date(start * 1000).toISOString(),
		...countsOf(deliveries.filter((delivery) => delivery.sentAt >= start && delivery.sentAt < start + size)),
	}));
}

/** A user's engagement: viewed, clicked, interacted, and the last engagement (unix seconds, or null). */
export function userInsightsOf(userId: string, deliveries: readonly Delivery[]): Json {
	const mine = deliveries.filter((delivery) => delivery.receiver === userId);
	const times = mine.flatMap((delivery) => [
		delivery.readAt,
		delivery.clickedAt,
		...delivery.engagements.map((engagement) => engagement.at),
	]);
	const known = times.filter((time): time is number => time !== undefined);
	const { viewed, clicked, interacted } = countsOf(mine);
	return { userId, viewed, clicked, interacted, lastEngagement: known.length > 0 ? Math.max(...known) : null };
}
