import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { webhookField, webhookIdValue, webhookRecordRequest } from './fields';

/** GET /apps/{appId}/webhooks/{webhookId} (management API). */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a webhook',
	description: "Get a webhook's URL, name and settings (never its Basic Auth password)",
	returns: 'Returns id, name, webhookURL, useBasicAuth, username, enabled, retryOnFailure, createdAt and updatedAt.',
	properties: [webhookField('The webhook to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = webhookIdValue(this, itemIndex, 'Webhook');
		return await webhookRecordRequest(this, { method: 'GET', path: ['webhooks', id] });
	},
};
