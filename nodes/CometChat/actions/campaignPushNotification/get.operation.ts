import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { PUSH_FIELD, pushIdOf } from './fields';

/** GET /v3/campaigns/push-notifications/{id}, as the app or as a user. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a campaign push notification',
	description: 'Get a push notification a campaign or a send made, with its delivery and clicks',
	returns: 'Returns id, receiver, templateId, channelType, content, sentAt, deliveredAt, clickedAt, engagementCount and more.',
	properties: [PUSH_FIELD, onBehalfOfField(ACTING_USER.actAs, false, 'The user it was sent to. Leave empty to read it as the app.')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = pushIdOf(this, itemIndex);
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['push-notifications', id], onBehalfOf }));
	},
};
