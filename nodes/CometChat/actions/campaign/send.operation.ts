import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier } from '../../transport/request';
import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { campaignStateLookup } from './fields';

/**
 * POST /v3/campaigns/campaigns/{id}/send. After an attempt whose answer was lost, the campaign is
 * read: no longer draft or scheduled means the send took effect (its record is the answer), so it
 * is never sent twice; still sendable means it did not, and it is sent again.
 */
export const send: OperationDefinition = {
	value: 'send',
	name: 'Send',
	action: 'Send a campaign',
	description: 'Send a draft or scheduled campaign to its recipients now',
	returns: 'Returns the campaign: id, name, status (sending or completed), sentAt, recipientSummary and more.',
	properties: [recordField('campaign', 'The campaign to send')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		const findApplied = campaignStateLookup(this, id, (campaign) => !['draft', 'scheduled'].includes(String(campaign.status)));
		const response = await campaignsRequest(this, { method: 'POST', path: ['campaigns', id, 'send'], findApplied });
		return { ...recordOf(response), ...appliedEarlier(response) };
	},
};
