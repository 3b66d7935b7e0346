import type { IExecuteFunctions } from 'n8n-workflow';

import { ACT_AS_REQUIRED, actingUserOf } from '../feedItem/fields';
import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { PUSH_FIELD, pushIdOf } from './fields';

/** PUT /v3/campaigns/push-notifications/{id}/delivered, for the user it was sent to: a PUT, safe to send again. */
export const markAsDelivered: OperationDefinition = {
	value: 'markAsDelivered',
	name: 'Mark as Delivered',
	action: 'Mark a campaign push notification as delivered',
	description: 'Mark a push notification delivered to its user, as their app would',
	returns: 'Returns the push notification with deliveredAt set: id, receiver, content, clickedAt, engagementCount and more.',
	properties: [PUSH_FIELD, ACT_AS_REQUIRED],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = pushIdOf(this, itemIndex);
		const onBehalfOf = actingUserOf(this, itemIndex);
		return recordOf(await campaignsRequest(this, { method: 'PUT', path: ['push-notifications', id, 'delivered'], onBehalfOf }));
	},
};
