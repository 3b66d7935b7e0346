import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { analyticsOptions, analyticsQueryOf } from './fields';

/** GET /v3/campaigns/analytics/campaigns/{campaignId}: the campaign is the dimension, so no Dimension option. */
export const getCampaign: OperationDefinition = {
	value: 'getCampaign',
	name: 'Get Campaign Analytics',
	action: "Get a campaign's analytics",
	description: "A campaign's counts, in total, per channel and as a series",
	returns: 'Returns campaignId, totals (sent, delivered, viewed, clicked, interacted), byChannel and, with Series By, series.',
	properties: [recordField('campaign', 'The campaign'), analyticsOptions(false)],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		return recordOf(
			await campaignsRequest(this, { method: 'GET', path: ['analytics', 'campaigns', id], qs: analyticsQueryOf(this, itemIndex) }),
		);
	},
};
