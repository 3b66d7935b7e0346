import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** GET /v3/campaigns/campaigns/{id}/sequence-metrics. */
export const getSequenceMetrics: OperationDefinition = {
	value: 'getSequenceMetrics',
	name: 'Get Sequence Metrics',
	action: "Get a campaign's sequence metrics",
	description: "Per step of the template's sequence: sent, delivered, viewed, clicked and interacted",
	returns: 'Returns campaignId and steps: each sequenceOrder, channelType and counts sent, delivered, viewed, clicked, interacted.',
	properties: [recordField('campaign', 'The campaign')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['campaigns', id, 'sequence-metrics'] }));
	},
};
