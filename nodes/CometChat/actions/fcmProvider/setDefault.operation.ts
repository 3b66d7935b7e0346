import type { IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { providerIdField, providerIdValue, providerReturns } from './fields';
import { FCM_PATH } from './getMany.operation';

/** PUT /notifications/push/v1/providers/fcm/default/{providerId}. */
export const setDefault: OperationDefinition = {
	value: 'setDefault',
	name: 'Set Default',
	action: 'Set the default FCM provider',
	description: 'Make an FCM provider the one CometChat sends push notifications through by default',
	returns: providerReturns('isDefault'),
	properties: [providerIdField('The ID of the FCM provider to make the default')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const providerId = providerIdValue(this, itemIndex);
		await cometChatRequest.call(this, { method: 'PUT', path: [...FCM_PATH, 'default', providerId] });
		return { isDefault: true, providerId };
	},
};
