import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionalId } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import { providerReturns } from '../fcmProvider/fields';
import type { OperationDefinition } from '../types';
import { APNS_PATH, apnsBody, optionalFields, requiredKeyFields } from './fields';

/** POST /notifications/push/v1/providers/apns (createApnsProvider); the key and its IDs are request secrets. */
export const add: OperationDefinition = {
	value: 'add',
	name: 'Add',
	action: 'Add an APNs provider',
	description: "Add an Apple Push Notification service key for the app's iOS notifications (the key is never shown)",
	returns: providerReturns('added'),
	properties: [
		...requiredKeyFields(),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				...optionalFields(false),
				{
					displayName: 'Provider ID',
					name: 'providerId',
					type: 'string',
					default: '',
					description: 'An ID of your choice for the provider; CometChat picks one when empty',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const options = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const providerId = optionalId(this, itemIndex, 'additionalFields.providerId', 'Provider ID');
		const given: IDataObject = { ...options };
		for (const name of ['p8Key', 'keyId', 'teamId', 'bundleId']) given[name] = this.getNodeParameter(name, itemIndex, '');
		const { body, secrets } = apnsBody(this, itemIndex, given, true);
		await cometChatRequest.call(this, {
			method: 'POST',
			path: APNS_PATH,
			body: providerId === undefined ? body : { providerId, ...body },
			secrets,
		});
		return { added: true, ...(providerId === undefined ? {} : { providerId }) };
	},
};
