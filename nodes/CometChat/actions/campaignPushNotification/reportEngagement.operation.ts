import type { IExecuteFunctions } from 'n8n-workflow';

import { ACT_AS_REQUIRED, actingUserOf, TOPIC_FIELD, topicOf } from '../feedItem/fields';
import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { PUSH_FIELD, pushIdOf } from './fields';

/** POST /v3/campaigns/push-notifications/{id}/engagement. Each report counts: not sent again after a lost answer. */
export const reportEngagement: OperationDefinition = {
	value: 'reportEngagement',
	name: 'Report Engagement',
	action: 'Report engagement with a push notification',
	description: 'Report that a user engaged with a push notification (e.g. dismissed), as their app would',
	returns: 'Returns the push notification with its engagementCount raised: id, receiver, content, deliveredAt, clickedAt and more.',
	properties: [PUSH_FIELD, ACT_AS_REQUIRED, TOPIC_FIELD],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = pushIdOf(this, itemIndex);
		const onBehalfOf = actingUserOf(this, itemIndex);
		const topic = topicOf(this, itemIndex);
		const body = topic === undefined ? {} : { topic };
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['push-notifications', id, 'engagement'], body, onBehalfOf }));
	},
};
