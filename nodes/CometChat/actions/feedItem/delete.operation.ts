import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier } from '../../transport/request';
import { campaignsRequest } from '../campaignService';
import type { OperationDefinition } from '../types';
import { FEED_ITEM_FIELD, feedItemIdOf } from './fields';

/**
 * DELETE /v3/campaigns/notification-feed/{id}, as the app: published to answer 204 with no body,
 * which is its answer (`answersEmpty`); after a lost answer, "not found" is the delete done.
 */
export const deleteFeedItem: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a feed item',
	description: "Delete an item from a user's feed (it stays listed with Include Deleted)",
	returns: 'Returns id and deleted (true).',
	properties: [FEED_ITEM_FIELD],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = feedItemIdOf(this, itemIndex);
		const response = await campaignsRequest(this, {
			method: 'DELETE',
			path: ['notification-feed', id],
			answersEmpty: true,
			alreadyDone: ['ERR_FEED_ITEM_NOT_FOUND'],
		});
		return { id, deleted: true, ...appliedEarlier(response) };
	},
};
