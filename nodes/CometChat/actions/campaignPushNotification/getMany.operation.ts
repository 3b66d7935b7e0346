import type { IExecuteFunctions } from 'n8n-workflow';

import { LIST_LIMIT, withToolLimit } from '../../fields/lists';
import { integerOf } from '../../readers/values';
import { ACT_AS_REQUIRED, actingUserOf } from '../feedItem/fields';
import { campaignsRequest, recordsOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** The most push notifications one request lists (the emulator's, as the other Campaigns lists' published 100). */
const PUSH_LIST_MAX = 100;

/**
 * GET /v3/campaigns/push-notifications: one request, a user's newest. The list is published with a
 * required `limit` (a string) and no cursor, so there is no Return All.
 */
export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many campaign push notifications',
	description: "List a user's newest push notifications (one page: the list has no paging)",
	properties: [
		ACT_AS_REQUIRED,
		...withToolLimit({
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1, maxValue: PUSH_LIST_MAX },
			description: 'Max number of results to return',
		}),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const onBehalfOf = actingUserOf(this, itemIndex);
		const limit = Math.min(integerOf(this, itemIndex, 'Limit', this.getNodeParameter('limit', itemIndex, LIST_LIMIT), 1), PUSH_LIST_MAX);
		return recordsOf(
			await campaignsRequest(this, { method: 'GET', path: ['push-notifications'], qs: { limit: String(limit) }, onBehalfOf }),
		);
	},
};
