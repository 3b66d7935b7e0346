import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { categoryBodyOf, categoryNameField, DESCRIPTION_FIELD } from './fields';

/** POST /v3/campaigns/templates/categories. Not sent again after a lost answer: a category could be made twice. */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a template category',
	description: 'Create a category to group campaign templates and filter feeds by',
	returns: 'Returns the category: id, name, description, createdAt and updatedAt.',
	properties: [categoryNameField(true), DESCRIPTION_FIELD],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const fields = { name: this.getNodeParameter('name', itemIndex, ''), description: this.getNodeParameter('description', itemIndex, '') };
		const body = categoryBodyOf(this, itemIndex, fields, true);
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['templates', 'categories'], body }));
	},
};
