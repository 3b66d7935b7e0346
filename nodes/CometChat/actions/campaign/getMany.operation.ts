import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionalTextOf } from '../../readers/text';
import { optionalOptionOf } from '../../readers/values';
import { campaignsList, filtersField, searchOption } from '../campaignService';
import { CAMPAIGN_STATUSES, STATUS_OPTIONS } from './fields';

/** GET /v3/campaigns/campaigns: a cursor list, each campaign enriched. */
export const getMany = campaignsList({
	action: 'Get many campaigns',
	description: "List the app's campaigns, by status or name",
	filters: [
		filtersField([
			searchOption('Only campaigns whose name contains this text'),
			{ displayName: 'Status', name: 'status', type: 'options', options: STATUS_OPTIONS, default: 'draft' },
		]),
	],
	request(this: IExecuteFunctions, itemIndex: number) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		const search = optionalTextOf(this, itemIndex, 'Search', filters.search);
		if (search !== undefined) qs.search = search;
		const status = optionalOptionOf(this, itemIndex, 'Status', filters.status, CAMPAIGN_STATUSES);
		if (status !== undefined) qs.status = status;
		return { method: 'GET', path: ['campaigns'], qs };
	},
});
