import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** GET /v3/campaigns/templates/categories/{id}. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a template category',
	description: 'Get a template category by its ID',
	returns: 'Returns the category: id, name, description, createdAt and updatedAt.',
	properties: [recordField('category', 'The category to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'category');
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['templates', 'categories', id] }));
	},
};
