import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** GET /v3/campaigns/campaigns/{id} (enriched with the template and the recipient summary). */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a campaign',
	description: 'Get a campaign with its template and recipient summary',
	returns: 'Returns id, name, status, templateVersion, scheduledAt, sentAt, template, recipientSummary and more.',
	properties: [recordField('campaign', 'The campaign')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['campaigns', id] }));
	},
};
