import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier } from '../../transport/request';
import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { campaignStateLookup } from './fields';

/** POST /v3/campaigns/campaigns/{id}/cancel. After a lost answer the campaign is read: cancelled is the cancel done. */
export const cancel: OperationDefinition = {
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel a campaign',
	description: 'Cancel a scheduled campaign, or one being sent',
	returns: 'Returns the campaign, now cancelled: id, name, status, cancelledAt, recipientSummary and more.',
	properties: [recordField('campaign', 'The campaign to cancel')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		const findApplied = campaignStateLookup(this, id, (campaign) => campaign.status === 'cancelled');
		const response = await campaignsRequest(this, { method: 'POST', path: ['campaigns', id, 'cancel'], findApplied });
		return { ...recordOf(response), ...appliedEarlier(response) };
	},
};
