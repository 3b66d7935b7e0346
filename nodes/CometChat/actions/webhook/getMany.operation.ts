import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import { optionalTextOf } from '../../readers/text';
import { managementRequest } from '../../transport/management';
import type { OperationDefinition } from '../types';
import { webhookOutput } from './fields';

/** The most `perPage` takes (published), far above the 25 webhooks an app may have: one request reads them all. */
export const WEBHOOKS_PER_PAGE_MAX = 1000;

/**
 * GET /apps/{appId}/webhooks (management API). The list has no page parameter, and an app has at
 * most 25 webhooks: one request with the largest `perPage` reads them all. Return All and Limit are
 * the ones every n8n list has (docs/cometchat-api.md, Webhooks (management API)).
 */
export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many webhooks',
	description: "List the app's webhooks (at most 25) with their URLs and settings",
	properties: [
		...returnAllOrLimitFields(),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Search',
					name: 'searchKey',
					type: 'string',
					default: '',
					placeholder: 'e.g. orders',
					description: 'Only webhooks whose name contains this text',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { returnAll, limit } = pageLimitOf(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const searchKey = optionalTextOf(this, itemIndex, 'Search', filters.searchKey);
		const perPage = returnAll || limit === undefined ? WEBHOOKS_PER_PAGE_MAX : Math.min(limit, WEBHOOKS_PER_PAGE_MAX);
		const answer = await managementRequest(this, {
			method: 'GET',
			path: ['webhooks'],
			qs: { perPage, ...(searchKey !== undefined ? { searchKey } : {}) },
			expect: 'list',
		});
		const webhooks = (answer.body?.data as IDataObject[]).map(webhookOutput);
		return returnAll ? webhooks : webhooks.slice(0, limit);
	},
};
