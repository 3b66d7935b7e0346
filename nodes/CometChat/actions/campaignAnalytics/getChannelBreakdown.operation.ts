import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordsOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { analyticsOptions, analyticsQueryOf } from './fields';

/** GET /v3/campaigns/analytics/channels: one item per channel type. */
export const getChannelBreakdown: OperationDefinition = {
	value: 'getChannelBreakdown',
	name: 'Get Channel Breakdown',
	action: 'Get campaigns analytics per channel',
	description: 'The counts per channel type: in-app, push, …',
	returns: 'Returns one item per channel type: channelType and its counts sent, delivered, viewed, clicked and interacted.',
	properties: [analyticsOptions(true)],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return recordsOf(
			await campaignsRequest(this, { method: 'GET', path: ['analytics', 'channels'], qs: analyticsQueryOf(this, itemIndex) }),
		);
	},
};
