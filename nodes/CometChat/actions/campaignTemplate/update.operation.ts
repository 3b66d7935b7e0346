import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { requiredTextOf } from '../../readers/text';
import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { metadataBodyOf, metadataFields, NAME_FIELD, TEMPLATE_RETURNS } from './fields';

/** PUT /v3/campaigns/templates/{id}: the metadata only (channel content has its own operation). */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a campaign template',
	description: "Change a template's name, status, category, tags, variables or config",
	returns: TEMPLATE_RETURNS,
	properties: [
		recordField('template', 'The template to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [...metadataFields(true), NAME_FIELD].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'template');
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body = metadataBodyOf(this, itemIndex, fields, undefined);
		if (fields.name !== undefined) body.name = requiredTextOf(this, itemIndex, 'Name', fields.name);
		requireChanges(this, itemIndex, body, "Add the fields to change under 'Update Fields'.");
		return recordOf(await campaignsRequest(this, { method: 'PUT', path: ['templates', id], body }));
	},
};
