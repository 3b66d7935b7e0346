import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import type { OperationDefinition } from '../types';
import { nameField, settingsFields, urlField, webhookBodyOf, webhookField, webhookIdValue, webhookRecordRequest } from './fields';

/**
 * PUT /apps/{appId}/webhooks/{webhookId} (management API): only the fields given are sent
 * (docs/cometchat-api.md, Webhooks (management API): whether CometChat resets an unsent Retry on
 * Failure is not published).
 */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a webhook',
	description: "Change a webhook's name, URL, switches or Basic Auth. Fields not set keep their value.",
	returns: 'Returns the webhook: id, name, webhookURL, useBasicAuth, username, enabled, retryOnFailure and times; never the password.',
	properties: [
		webhookField('The webhook to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [...settingsFields(true), nameField(false), urlField(false)].sort((a, b) => a.displayName.localeCompare(b.displayName)),
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = webhookIdValue(this, itemIndex, 'Webhook');
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body = webhookBodyOf(this, itemIndex, fields, false);
		requireChanges(this, itemIndex, body, "Add the fields to change under 'Update Fields'.");
		const secrets = typeof body.password === 'string' ? [body.password] : [];
		return await webhookRecordRequest(this, { method: 'PUT', path: ['webhooks', id], body, secrets });
	},
};
