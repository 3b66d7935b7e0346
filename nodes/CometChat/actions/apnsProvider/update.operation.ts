import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { cometChatRequest } from '../../transport/request';
import { providerIdField, providerIdValue, providerReturns } from '../fcmProvider/fields';
import type { OperationDefinition } from '../types';
import { APNS_PATH, apnsBody, optionalFields } from './fields';

/** PUT /notifications/push/v1/providers/apns with the provider's ID and the fields given. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update an APNs provider',
	description: "Replace an APNs provider's key or change its bundle ID, payload flags or mode",
	returns: providerReturns('updated'),
	properties: [
		providerIdField('The ID of the APNs provider to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: optionalFields(true),
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const providerId = providerIdValue(this, itemIndex);
		const { body, secrets } = apnsBody(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject, false);
		requireChanges(this, itemIndex, body, "Add at least one field under 'Update Fields'.");
		await cometChatRequest.call(this, { method: 'PUT', path: APNS_PATH, body: { providerId, ...body }, secrets });
		return { updated: true, providerId };
	},
};
