import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionalTextOf, requiredTextOf } from '../../readers/text';
import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { CHANNELS_FIELD, channelsOf, metadataBodyOf, metadataFields, NAME_FIELD, TEMPLATE_CATEGORIES, TEMPLATE_RETURNS } from './fields';

/** POST /v3/campaigns/templates. Not sent again after a lost answer: the template could be made twice. */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a campaign template',
	description: 'Create a template of notifications: its content per channel, with {{variables}}',
	returns: TEMPLATE_RETURNS,
	properties: [
		{ ...NAME_FIELD, required: true },
		CHANNELS_FIELD,
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				...metadataFields(false),
				{
					displayName: 'Template Slug',
					name: 'templateId',
					type: 'string',
					default: '',
					placeholder: 'e.g. deal-won',
					description: 'A readable ID of the template; made from the name when empty',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const name = requiredTextOf(
			this,
			itemIndex,
			'Name',
			this.getNodeParameter('name', itemIndex, ''),
			"Enter the template's name in 'Name'.",
		);
		const channels = channelsOf(this, itemIndex, this.getNodeParameter('channels', itemIndex, {}));
		const fields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = { name, channels, ...metadataBodyOf(this, itemIndex, fields, TEMPLATE_CATEGORIES) };
		const slug = optionalTextOf(this, itemIndex, 'Template Slug', fields.templateId);
		if (slug !== undefined) body.templateId = slug;
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['templates'], body }));
	},
};
