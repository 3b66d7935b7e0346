import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { TEMPLATE_RETURNS } from './fields';

/** GET /v3/campaigns/templates/{id}: the ID or the slug. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a campaign template',
	description: 'Get a campaign template with its channels, variables and latest version',
	returns: TEMPLATE_RETURNS,
	properties: [recordField('template', 'The template to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'template');
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['templates', id] }));
	},
};
