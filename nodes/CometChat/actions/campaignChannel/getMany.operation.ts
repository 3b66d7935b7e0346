import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionalTextOf } from '../../readers/text';
import { campaignsList, filtersField, searchOption } from '../campaignService';

/** GET /v3/campaigns/channels: a cursor list, searched by the service. */
export const getMany = campaignsList({
	action: 'Get many campaign channels',
	description: "List the app's campaign channels, or those whose name or slug has a text",
	filters: [filtersField([searchOption('Only channels whose name or slug contains this text')])],
	request(this: IExecuteFunctions, itemIndex: number) {
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const search = optionalTextOf(this, itemIndex, 'Search', filters.search);
		return { method: 'GET', path: ['channels'], qs: search === undefined ? {} : { search } };
	},
});
