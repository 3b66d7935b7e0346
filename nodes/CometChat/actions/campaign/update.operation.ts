import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { requiredTextOf } from '../../readers/text';
import { campaignsRequest, jsonObjectField, optionalJsonObjectOf, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** PUT /v3/campaigns/campaigns/{id}: a draft's name or config, only those given. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a campaign',
	description: 'Rename a draft campaign or change its config',
	returns: 'Returns the campaign: id, name, status, config, template, recipientSummary and more.',
	properties: [
		recordField('campaign', 'The draft campaign to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				jsonObjectField('config', 'Config (JSON)', 'Free-form settings of the campaign, as a JSON object'),
				{ displayName: 'Name', name: 'name', type: 'string', default: '' },
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		if (fields.name !== undefined) body.name = requiredTextOf(this, itemIndex, 'Name', fields.name);
		const config = optionalJsonObjectOf(this, itemIndex, 'Config (JSON)', fields.config);
		if (config !== undefined) body.config = config;
		requireChanges(this, itemIndex, body, "Add 'Name' or 'Config (JSON)' under 'Update Fields'.");
		return recordOf(await campaignsRequest(this, { method: 'PUT', path: ['campaigns', id], body }));
	},
};
