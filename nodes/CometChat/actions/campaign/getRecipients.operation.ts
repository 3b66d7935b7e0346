import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionalOptionOf } from '../../readers/values';
import { campaignsList, filtersField, recordField, recordIdOf } from '../campaignService';

const RECIPIENT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/** GET /v3/campaigns/campaigns/{id}/recipients: a cursor list (its cursor `id` in the query, the campaign's in the path). */
export const getRecipients = campaignsList({
	value: 'getRecipients',
	name: 'Get Recipients',
	action: 'Get many recipients of a campaign',
	description: "List a campaign's recipients with their variables and status",
	properties: [recordField('campaign', 'The campaign whose recipients to list')],
	filters: [
		filtersField([
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: RECIPIENT_STATUSES.map((status) => ({ name: status[0].toUpperCase() + status.slice(1), value: status })),
				default: 'pending',
			},
		]),
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const status = optionalOptionOf(this, itemIndex, 'Status', filters.status, RECIPIENT_STATUSES);
		return { method: 'GET', path: ['campaigns', id, 'recipients'], qs: status === undefined ? {} : { status } };
	},
});
