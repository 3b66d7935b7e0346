/**
 * The secret scan's parameters of the Campaigns service's operations (secrets.test.ts), on the
 * records of `seedCampaigns`. A channel's metadata is the one secret these operations take: its
 * values are sent as request secrets and shown only as their keys.
 */
import type { INodeParameters } from 'n8n-workflow';

import { byId } from '../harness/suite';
import { SEEDED } from './bad-inputs-campaigns';

export const CHANNEL_SECRET = 'channel-provider-key-secret-4Hq8Vm2Zx6';
export const NEW_CHANNEL_SECRET = 'channel-provider-key-new-secret-7Lc3Np9Wd1';

const S = SEEDED;
const campaign = (id: string) => ({ campaignId: byId(id) });
const feedItem = { feedItemId: S.feed[0], onBehalfOf: byId('ada') };
const push = { pushNotificationId: S.push[0], onBehalfOf: byId('ada') };

export const CAMPAIGN_ECHO_PARAMETERS: Record<string, () => INodeParameters> = {
	'templateCategory:create': () => ({ name: 'Secrets' }),
	'templateCategory:get': () => ({ categoryId: byId(S.categories[0]) }),
	'templateCategory:getAll': () => ({ returnAll: true }),
	'templateCategory:update': () => ({ categoryId: byId(S.categories[0]), updateFields: { name: 'Renamed' } }),
	'templateCategory:delete': () => ({ categoryId: byId(S.categories[0]) }),
	'campaignTemplate:create': () => ({ name: 'Echoed', channels: { channel: [{ channelType: 'in_app', content: '{"title": "Hi"}' }] } }),
	'campaignTemplate:get': () => ({ templateId: byId('deal-won') }),
	'campaignTemplate:getAll': () => ({ returnAll: true }),
	'campaignTemplate:update': () => ({ templateId: byId('deal-won'), updateFields: { label: 'L' } }),
	'campaignTemplate:archive': () => ({ templateId: byId(S.templates[1]) }),
	'campaignTemplate:updateChannelContent': () => ({ templateId: byId('deal-won'), channelType: 'in_app', content: '{"title": "New"}' }),
	'campaignTemplate:createVersion': () => ({ templateId: byId('deal-won') }),
	'campaignChannel:create': () => ({
		name: 'Vault',
		type: 'push',
		additionalFields: { metadata: { apiKey: CHANNEL_SECRET, senderId: 'acme' } },
	}),
	'campaignChannel:get': () => ({ channelId: byId(S.channels[0]) }),
	'campaignChannel:getAll': () => ({ returnAll: true }),
	'campaignChannel:update': () => ({
		channelId: byId(S.channels[0]),
		updateFields: { metadata: JSON.stringify({ apiKey: NEW_CHANNEL_SECRET }) },
	}),
	'campaignChannel:getAvailability': () => ({}),
	'templatedNotification:send': () => ({ templateId: byId('deal-won'), mode: 'combineItems', receiver: byId('ada') }),
	'campaign:create': () => ({ name: 'Echoed', templateId: byId('deal-won'), templateVersion: 1 }),
	'campaign:get': () => campaign(S.drafts[0]),
	'campaign:getAll': () => ({ returnAll: true }),
	'campaign:update': () => ({ ...campaign(S.drafts[0]), updateFields: { name: 'Renamed' } }),
	'campaign:delete': () => campaign(S.drafts[0]),
	'campaign:addRecipients': () => ({ ...campaign(S.drafts[0]), userIds: 'ada' }),
	'campaign:getRecipients': () => ({ ...campaign(S.sendable[0]), returnAll: true }),
	'campaign:getRecipientSummary': () => campaign(S.sendable[0]),
	'campaign:getUploadUrl': () => campaign(S.drafts[0]),
	'campaign:importCsv': () => ({ ...campaign(S.drafts[0]), s3Key: S.uploads[0] }),
	'campaign:getImportStatus': () => campaign(S.imported[0]),
	'campaign:send': () => campaign(S.sendable[0]),
	'campaign:schedule': () => ({ ...campaign(S.drafts[0]), scheduledAt: '2096-01-01T00:00:00Z' }),
	'campaign:getSequenceMetrics': () => campaign(S.sendable[0]),
	'campaign:cancel': () => campaign(S.scheduled[0]),
	'feedItem:get': () => feedItem,
	'feedItem:getAll': () => ({ onBehalfOf: byId('ada'), returnAll: true }),
	'feedItem:getUnreadCount': () => ({ onBehalfOf: byId('ada'), templateCategory: 'Transactional' }),
	'feedItem:delete': () => ({ feedItemId: S.feed[0] }),
	'feedItem:markAsRead': () => feedItem,
	'feedItem:markAsDelivered': () => feedItem,
	'feedItem:reportEngagement': () => ({ ...feedItem, topic: 'clicked' }),
	'campaignPushNotification:get': () => push,
	'campaignPushNotification:getAll': () => ({ onBehalfOf: byId('ada'), limit: 5 }),
	'campaignPushNotification:markAsDelivered': () => push,
	'campaignPushNotification:markAsClicked': () => push,
	'campaignPushNotification:reportEngagement': () => push,
	'campaignAnalytics:getOverview': () => ({}),
	'campaignAnalytics:getChannelBreakdown': () => ({}),
	'campaignAnalytics:getCampaign': () => campaign(S.sendable[0]),
	'campaignAnalytics:getTemplate': () => ({ templateId: byId('deal-won') }),
	'campaignAnalytics:getUserInsights': () => ({ uid: byId('ada') }),
};
