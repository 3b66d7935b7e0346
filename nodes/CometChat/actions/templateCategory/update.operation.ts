import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { categoryBodyOf, categoryNameField, DESCRIPTION_FIELD } from './fields';

/** PUT /v3/campaigns/templates/categories/{id}: only the fields given. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a template category',
	description: 'Rename a template category or change its description',
	returns: 'Returns the category: id, name, description, createdAt and updatedAt.',
	properties: [
		recordField('category', 'The category to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [categoryNameField(false), DESCRIPTION_FIELD],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'category');
		const body = categoryBodyOf(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject, false);
		requireChanges(this, itemIndex, body, "Add 'Name' or 'Description' under 'Update Fields'.");
		return recordOf(await campaignsRequest(this, { method: 'PUT', path: ['templates', 'categories', id], body }));
	},
};
