import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { ACT_AS_REQUIRED, actingUserOf, FEED_ITEM_FIELD, feedItemIdOf, TOPIC_FIELD, topicOf } from './fields';

/** POST /v3/campaigns/notification-feed/{id}/engagement. Each report counts: not sent again after a lost answer. */
export const reportEngagement: OperationDefinition = {
	value: 'reportEngagement',
	name: 'Report Engagement',
	action: 'Report engagement with a feed item',
	description: 'Report that a user engaged with a feed item (e.g. clicked), as their app would',
	returns: 'Returns the feed item with its engagementCount raised: id, receiver, content, readState and more.',
	properties: [FEED_ITEM_FIELD, ACT_AS_REQUIRED, TOPIC_FIELD],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = feedItemIdOf(this, itemIndex);
		const onBehalfOf = actingUserOf(this, itemIndex);
		const topic = topicOf(this, itemIndex);
		const body = topic === undefined ? {} : { topic };
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['notification-feed', id, 'engagement'], body, onBehalfOf }));
	},
};
