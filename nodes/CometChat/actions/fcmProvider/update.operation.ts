import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import {
	notificationInPayloadField,
	providerBody,
	providerIdField,
	providerIdValue,
	serviceAccountField,
	serviceAccountFilenameField,
	providerReturns,
} from './fields';
import { FCM_PATH } from './getMany.operation';

/** PUT /notifications/push/v1/providers/fcm with the provider's ID and the fields given. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update an FCM provider',
	description: "Replace an FCM provider's service-account key, or change where notifications are in the payload",
	returns: providerReturns('updated'),
	properties: [
		providerIdField('The ID of the FCM provider to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [notificationInPayloadField, serviceAccountField(false), serviceAccountFilenameField],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const providerId = providerIdValue(this, itemIndex);
		const { body, secrets } = providerBody(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject);
		requireChanges(this, itemIndex, body, "Add at least one field under 'Update Fields'.");
		await cometChatRequest.call(this, { method: 'PUT', path: FCM_PATH, body: { providerId, ...body }, secrets });
		return { updated: true, providerId };
	},
};
