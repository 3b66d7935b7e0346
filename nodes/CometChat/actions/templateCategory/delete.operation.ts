import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier } from '../../transport/request';
import { campaignsRequest, recordField, recordIdOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** DELETE /v3/campaigns/templates/categories/{id}; after a lost answer, "not found" is the delete done. */
export const deleteCategory: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a template category',
	description: 'Delete a template category',
	returns: "Returns the category's id and deleted (true).",
	properties: [recordField('category', 'The category to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'category');
		const response = await campaignsRequest(this, {
			method: 'DELETE',
			path: ['templates', 'categories', id],
			alreadyDone: ['ERR_NOT_FOUND'],
		});
		return { id, deleted: true, ...appliedEarlier(response) };
	},
};
