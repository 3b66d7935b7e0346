import type { IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { triggerIdsValue, triggersField, webhookField, webhookIdValue } from './fields';
import { triggerResultsOf } from './triggerResults';

/** POST /apps/{appId}/webhooks/{webhookId}/triggers (management API): one output item per trigger, with its result. */
export const addTriggers: OperationDefinition = {
	value: 'addTriggers',
	name: 'Add Triggers',
	action: 'Add triggers to a webhook',
	description: 'Have CometChat post more events to a webhook; the output has one item per trigger with its result',
	returns: 'Returns in each webhookId, trigger, success and message; if CometChat answers for all at once, one item with triggerIds.',
	properties: [webhookField('The webhook to add triggers to'), triggersField('The events to post to the webhook.')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = webhookIdValue(this, itemIndex, 'Webhook');
		const triggerIds = triggerIdsValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			host: 'mgmt',
			method: 'POST',
			path: ['webhooks', id, 'triggers'],
			body: { triggerIds },
		});
		return triggerResultsOf(id, triggerIds, response.data);
	},
};
