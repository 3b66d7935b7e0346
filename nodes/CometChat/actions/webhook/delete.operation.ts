import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { webhookField, webhookIdValue } from './fields';

/** DELETE /apps/{appId}/webhooks/{webhookId} (management API): the webhook and its triggers. */
export const deleteWebhook: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a webhook',
	description: 'Delete a webhook: CometChat stops posting its events',
	returns: 'Returns webhookId and deleted (true).',
	properties: [webhookField('The webhook to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = webhookIdValue(this, itemIndex, 'Webhook');
		const response = await cometChatRequest.call(this, {
			host: 'mgmt',
			method: 'DELETE',
			path: ['webhooks', id],
			alreadyDone: ['ERR_WEBHOOK_NOT_FOUND'],
		});
		return { webhookId: id, deleted: true, ...appliedEarlier(response) };
	},
};
