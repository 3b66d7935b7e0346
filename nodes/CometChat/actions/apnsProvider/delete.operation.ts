import type { IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { providerIdField, providerIdValue, providerReturns } from '../fcmProvider/fields';
import { APNS_PATH } from './fields';

/** DELETE /notifications/push/v1/providers/apns/{providerId}. */
export const deleteProvider: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete an APNs provider',
	description: 'Delete an APNs provider: CometChat no longer sends iOS notifications with its key',
	returns: providerReturns('deleted'),
	properties: [providerIdField('The ID of the APNs provider to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const providerId = providerIdValue(this, itemIndex);
		await cometChatRequest.call(this, { method: 'DELETE', path: [...APNS_PATH, providerId] });
		return { deleted: true, providerId };
	},
};
