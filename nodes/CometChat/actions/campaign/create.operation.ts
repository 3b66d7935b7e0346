import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requiredTextOf } from '../../readers/text';
import { integerOf } from '../../readers/values';
import { campaignsRequest, jsonObjectField, optionalJsonObjectOf, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** POST /v3/campaigns/campaigns: a draft. Not sent again after a lost answer: it could be made twice (a draft reaches nobody). */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a campaign',
	description: 'Create a draft campaign of a template version, with default variables',
	returns: 'Returns the draft: id, name, status, templateId, templateVersion, variables, config, template and recipientSummary.',
	properties: [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Q3 winners',
			description: 'A name that tells the campaign apart from the others',
		},
		recordField('template', 'The template the campaign sends'),
		{
			displayName: 'Template Version',
			name: 'templateVersion',
			type: 'number',
			default: 1,
			required: true,
			typeOptions: { minValue: 1 },
			description: "The template's version to send (Campaign Template → Create Version makes one)",
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				jsonObjectField('config', 'Config (JSON)', 'Free-form settings of the campaign, as a JSON object'),
				jsonObjectField(
					'variables',
					'Variables (JSON)',
					'Default values of the variables for every recipient, e.g. {"promoCode": "SUMMER25"}',
				),
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const name = requiredTextOf(
			this,
			itemIndex,
			'Name',
			this.getNodeParameter('name', itemIndex, ''),
			"Enter the campaign's name in 'Name'.",
		);
		const templateId = recordIdOf(this, itemIndex, 'template');
		const templateVersion = integerOf(this, itemIndex, 'Template Version', this.getNodeParameter('templateVersion', itemIndex, 1), 1);
		const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = { name, templateId, templateVersion };
		const variables = optionalJsonObjectOf(this, itemIndex, 'Variables (JSON)', fields.variables);
		if (variables !== undefined) body.variables = variables;
		const config = optionalJsonObjectOf(this, itemIndex, 'Config (JSON)', fields.config);
		if (config !== undefined) body.config = config;
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['campaigns'], body }));
	},
};
