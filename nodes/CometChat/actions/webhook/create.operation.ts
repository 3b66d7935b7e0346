import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { nameField, newWebhookIdField, settingsFields, urlField, webhookBodyOf, webhookIdValue, webhookRecordRequest } from './fields';

/** POST /apps/{appId}/webhooks (management API): the webhook, without triggers (Add Triggers gives it some). */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a webhook',
	description: 'Register a URL CometChat posts events to. It gets no events until Add Triggers gives it some.',
	returns: 'Returns the webhook: id, name, webhookURL, useBasicAuth, username, enabled, retryOnFailure and times; never the password.',
	properties: [
		newWebhookIdField,
		nameField(true),
		urlField(true),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: settingsFields(false),
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = webhookIdValue(this, itemIndex, 'Webhook ID');
		const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const fields = {
			...additional,
			name: this.getNodeParameter('name', itemIndex, ''),
			webhookURL: this.getNodeParameter('webhookURL', itemIndex, ''),
		};
		const body: IDataObject = { id, ...webhookBodyOf(this, itemIndex, fields, true) };
		const secrets = typeof body.password === 'string' ? [body.password] : [];
		return await webhookRecordRequest(this, { method: 'POST', path: ['webhooks'], body, secrets });
	},
};
