import type { ResourceDefinition } from '../types';
import { getCampaign } from './getCampaign.operation';
import { getChannelBreakdown } from './getChannelBreakdown.operation';
import { getOverview } from './getOverview.operation';
import { getTemplate } from './getTemplate.operation';
import { getUserInsights } from './getUserInsights.operation';

export const campaignAnalytics: ResourceDefinition = {
	value: 'campaignAnalytics',
	name: 'Campaign Analytics',
	description: 'What campaign sends reached: sent, delivered, viewed, clicked (Campaigns service)',
	operations: [getCampaign, getChannelBreakdown, getOverview, getTemplate, getUserInsights],
	defaultOperation: getOverview.value,
};
