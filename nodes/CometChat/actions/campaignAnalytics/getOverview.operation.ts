import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { analyticsOptions, analyticsQueryOf } from './fields';

/** GET /v3/campaigns/analytics/overview. */
export const getOverview: OperationDefinition = {
	value: 'getOverview',
	name: 'Get Overview',
	action: 'Get a campaigns analytics overview',
	description: 'Sent, delivered, viewed, clicked and interacted, over every send or one dimension',
	returns: 'Returns totals (sent, delivered, viewed, clicked, interacted) and, with Series By, period and series.',
	properties: [analyticsOptions(true)],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return recordOf(
			await campaignsRequest(this, { method: 'GET', path: ['analytics', 'overview'], qs: analyticsQueryOf(this, itemIndex) }),
		);
	},
};
