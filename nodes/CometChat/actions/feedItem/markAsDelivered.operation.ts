import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { ACT_AS_REQUIRED, actingUserOf, FEED_ITEM_FIELD, feedItemIdOf } from './fields';

/** POST /v3/campaigns/notification-feed/{id}/delivered, for the acting user: published as idempotent, so safe to send again. */
export const markAsDelivered: OperationDefinition = {
	value: 'markAsDelivered',
	name: 'Mark as Delivered',
	action: 'Mark a feed item as delivered',
	description: 'Mark a feed item delivered to its user, as their app would',
	returns: 'Returns the feed item with deliveredAt set: id, receiver, content, readState, engagementCount and more.',
	properties: [FEED_ITEM_FIELD, ACT_AS_REQUIRED],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = feedItemIdOf(this, itemIndex);
		const onBehalfOf = actingUserOf(this, itemIndex);
		return recordOf(
			await campaignsRequest(this, { method: 'POST', path: ['notification-feed', id, 'delivered'], onBehalfOf, retrySafe: true }),
		);
	},
};
