import type { IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { providerIdField, providerIdValue, providerReturns } from '../fcmProvider/fields';
import { APNS_PATH } from './fields';

/** PUT /notifications/push/v1/providers/apns/default/{providerId}. */
export const setDefault: OperationDefinition = {
	value: 'setDefault',
	name: 'Set Default',
	action: 'Set the default APNs provider',
	description: 'Make an APNs provider the one CometChat sends iOS notifications through by default',
	returns: providerReturns('isDefault'),
	properties: [providerIdField('The ID of the APNs provider to make the default')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const providerId = providerIdValue(this, itemIndex);
		await cometChatRequest.call(this, { method: 'PUT', path: [...APNS_PATH, 'default', providerId] });
		return { isDefault: true, providerId };
	},
};
