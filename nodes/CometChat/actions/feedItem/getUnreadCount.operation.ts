import type { IExecuteFunctions } from 'n8n-workflow';

import { requiredTextOf } from '../../readers/text';
import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { ACT_AS_REQUIRED, actingUserOf } from './fields';

/** GET /v3/campaigns/notification-feed/unread-count: `templateCategory` is published as required. */
export const getUnreadCount: OperationDefinition = {
	value: 'getUnreadCount',
	name: 'Get Unread Count',
	action: "Get a user's unread feed count",
	description: "How many of a user's feed items of a template category are unread",
	returns: 'Returns templateCategory and unreadCount.',
	properties: [
		ACT_AS_REQUIRED,
		{
			displayName: 'Template Category',
			name: 'templateCategory',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Transactional',
			description: 'The category whose unread items to count',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const onBehalfOf = actingUserOf(this, itemIndex);
		const templateCategory = requiredTextOf(this, itemIndex, 'Template Category', this.getNodeParameter('templateCategory', itemIndex, ''));
		return recordOf(
			await campaignsRequest(this, { method: 'GET', path: ['notification-feed', 'unread-count'], qs: { templateCategory }, onBehalfOf }),
		);
	},
};
