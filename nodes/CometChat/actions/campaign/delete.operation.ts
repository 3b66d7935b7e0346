import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier } from '../../transport/request';
import { campaignsRequest, recordField, recordIdOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** DELETE /v3/campaigns/campaigns/{id} (a draft); after a lost answer, "not found" is the delete done. */
export const deleteCampaign: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a campaign',
	description: 'Delete a draft campaign',
	returns: 'Returns id and deleted (true).',
	properties: [recordField('campaign', 'The draft campaign to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		const response = await campaignsRequest(this, { method: 'DELETE', path: ['campaigns', id], alreadyDone: ['ERR_NOT_FOUND'] });
		return { id, deleted: true, ...appliedEarlier(response) };
	},
};
