import type { IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { providerIdField, providerIdValue, providerReturns } from './fields';
import { FCM_PATH } from './getMany.operation';

/** DELETE /notifications/push/v1/providers/fcm/{providerId}. */
export const deleteProvider: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete an FCM provider',
	description: 'Delete an FCM provider: CometChat no longer sends push notifications through its Firebase project',
	returns: providerReturns('deleted'),
	properties: [providerIdField('The ID of the FCM provider to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const providerId = providerIdValue(this, itemIndex);
		await cometChatRequest.call(this, { method: 'DELETE', path: [...FCM_PATH, providerId] });
		return { deleted: true, providerId };
	},
};
