import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { analyticsOptions, analyticsQueryOf } from './fields';

/** GET /v3/campaigns/analytics/templates/{templateId}: every send of the template, campaigns and one-off sends. */
export const getTemplate: OperationDefinition = {
	value: 'getTemplate',
	name: 'Get Template Analytics',
	action: "Get a template's analytics",
	description: "A template's counts over all its sends, in total, per channel and as a series",
	returns: 'Returns templateId, totals (sent, delivered, viewed, clicked, interacted), byChannel and, with Series By, series.',
	properties: [recordField('template', 'The template'), analyticsOptions(false)],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'template');
		return recordOf(
			await campaignsRequest(this, { method: 'GET', path: ['analytics', 'templates', id], qs: analyticsQueryOf(this, itemIndex) }),
		);
	},
};
