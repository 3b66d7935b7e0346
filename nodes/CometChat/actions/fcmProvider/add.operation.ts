import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionalId } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { notificationInPayloadField, providerBody, providerReturns, serviceAccountField, serviceAccountFilenameField } from './fields';
import { FCM_PATH } from './getMany.operation';

/** POST /notifications/push/v1/providers/fcm (fcmCreateProviderSchema); the key is a request secret. */
export const add: OperationDefinition = {
	value: 'add',
	name: 'Add',
	action: 'Add an FCM provider',
	description: "Add a Firebase Cloud Messaging project for the app's push notifications (its key is never shown)",
	returns: providerReturns('added'),
	properties: [
		serviceAccountField(true),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				notificationInPayloadField,
				{
					displayName: 'Provider ID',
					name: 'providerId',
					type: 'string',
					default: '',
					description: 'An ID of your choice for the provider; CometChat picks one when empty',
				},
				serviceAccountFilenameField,
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const options = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const providerId = optionalId(this, itemIndex, 'additionalFields.providerId', 'Provider ID');
		const { body, secrets } = providerBody(this, itemIndex, {
			...options,
			serviceAccount: this.getNodeParameter('serviceAccount', itemIndex, ''),
		});
		const sent = providerId === undefined ? body : { providerId, ...body };
		await cometChatRequest.call(this, { method: 'POST', path: FCM_PATH, body: sent, secrets });
		return { added: true, ...(providerId === undefined ? {} : { providerId }) };
	},
};
