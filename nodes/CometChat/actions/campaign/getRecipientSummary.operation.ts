import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** GET /v3/campaigns/campaigns/{id}/recipients/summary. */
export const getRecipientSummary: OperationDefinition = {
	value: 'getRecipientSummary',
	name: 'Get Recipient Summary',
	action: "Get a campaign's recipient summary",
	description: "How many of a campaign's recipients are pending, processing, completed or failed",
	returns: 'Returns campaignId and the counts total, pending, processing, completed and failed.',
	properties: [recordField('campaign', 'The campaign')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['campaigns', id, 'recipients', 'summary'] }));
	},
};
