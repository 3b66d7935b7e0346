import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/**
 * POST /v3/campaigns/templates/{id}/versions (no body). Not sent again after a lost answer: a repeat
 * would make another version.
 */
export const createVersion: OperationDefinition = {
	value: 'createVersion',
	name: 'Create Version',
	action: 'Create a template version',
	description: "Freeze the template's current content as a new version, which campaigns name",
	returns: 'Returns the template with its new version number: id, templateId, name, version, channels and more.',
	properties: [recordField('template', 'The template to version')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'template');
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['templates', id, 'versions'] }));
	},
};
