import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { ACT_AS_REQUIRED, actingUserOf, FEED_ITEM_FIELD, feedItemIdOf } from './fields';

/** POST /v3/campaigns/notification-feed/{id}/read, for the acting user: published as idempotent, so safe to send again. */
export const markAsRead: OperationDefinition = {
	value: 'markAsRead',
	name: 'Mark as Read',
	action: 'Mark a feed item as read',
	description: 'Mark a feed item read for its user, as their app would',
	returns: 'Returns the feed item with readAt set and readState read: id, receiver, content, engagementCount and more.',
	properties: [FEED_ITEM_FIELD, ACT_AS_REQUIRED],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = feedItemIdOf(this, itemIndex);
		const onBehalfOf = actingUserOf(this, itemIndex);
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['notification-feed', id, 'read'], onBehalfOf, retrySafe: true }));
	},
};
