import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { readBoolean } from '../../readers/values';
import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { FEED_ITEM_FIELD, feedItemIdOf } from './fields';

/** GET /v3/campaigns/notification-feed/{id}, as the app or as a user. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a feed item',
	description: "Get an item of a user's notification feed, its content rendered for them",
	returns: 'Returns id, receiver, templateId, content, readState, sentAt, deliveredAt, readAt, engagementCount and more.',
	properties: [
		FEED_ITEM_FIELD,
		onBehalfOfField(ACTING_USER.actAs, false, 'The user whose feed it is. Leave empty to read it as the app.'),
		{
			displayName: 'Template Only',
			name: 'templateOnly',
			type: 'boolean',
			default: false,
			description: "Whether to get the template's content as it is, {{variables}} not filled in",
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = feedItemIdOf(this, itemIndex);
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const qs = readBoolean(this, itemIndex, 'templateOnly', 'Template Only') ? { templateOnly: 'true' } : {};
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['notification-feed', id], qs, onBehalfOf }));
	},
};
