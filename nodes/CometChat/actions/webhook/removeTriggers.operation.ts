import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { triggerIdsValue, triggersField, webhookField, webhookIdValue } from './fields';
import { triggerResultsOf } from './triggerResults';

/** DELETE /apps/{appId}/webhooks/{webhookId}/triggers (management API), the triggers in the body. */
export const removeTriggers: OperationDefinition = {
	value: 'removeTriggers',
	name: 'Remove Triggers',
	action: 'Remove triggers from a webhook',
	description: 'Stop CometChat posting some events to a webhook',
	returns:
		'Returns one item: webhookId, triggerIds, success and message, as CometChat publishes the answer; one item per trigger (with trigger) if it answers per trigger.',
	properties: [webhookField('The webhook to remove triggers from'), triggersField('The events to stop posting to the webhook.')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = webhookIdValue(this, itemIndex, 'Webhook');
		const triggerIds = triggerIdsValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			host: 'mgmt',
			method: 'DELETE',
			path: ['webhooks', id, 'triggers'],
			body: { triggerIds },
			alreadyDone: ['ERR_TRIGGER_NOT_FOUND'],
		});
		return triggerResultsOf(id, triggerIds, response.data).map((result) => ({ ...result, ...appliedEarlier(response) }));
	},
};
