import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** DELETE /v3/campaigns/templates/{id}: archives the template (its summary says so), a PUT of a status: safe to repeat. */
export const archive: OperationDefinition = {
	value: 'archive',
	name: 'Archive',
	action: 'Archive a campaign template',
	description: 'Archive a template: it can no longer be sent',
	returns: 'Returns the template, status archived: id, templateId, name, channels, version and more.',
	properties: [recordField('template', 'The template to archive')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'template');
		return recordOf(await campaignsRequest(this, { method: 'DELETE', path: ['templates', id] }));
	},
};
