import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { managementRequest } from '../../transport/management';
import type { OperationDefinition } from '../types';
import { webhookField, webhookIdValue } from './fields';

/** GET /apps/{appId}/webhooks/{webhookId}/triggers (management API): one item per trigger, in one request (no paging published). */
export const getTriggers: OperationDefinition = {
	value: 'getTriggers',
	name: 'Get Triggers',
	action: "Get a webhook's triggers",
	description: 'List the events CometChat posts to a webhook, one item per trigger',
	returns: 'Returns per trigger: webhookId, id (the event) and description.',
	properties: [webhookField('The webhook whose triggers to list')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = webhookIdValue(this, itemIndex, 'Webhook');
		const answer = await managementRequest(this, { method: 'GET', path: ['webhooks', id, 'triggers'], expect: 'list' });
		return (answer.body?.data as IDataObject[]).map((trigger) => ({ webhookId: id, ...trigger }));
	},
};
