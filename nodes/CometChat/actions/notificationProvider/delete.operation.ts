import type { IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { providerField, providerOf, providerRequest } from './providers';

/** DELETE /notifications/<channel>/v1/providers/<kind>: CometChat stops sending through it. */
export const deleteProvider: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a notification provider',
	description: 'Delete the saved settings of a notification provider: CometChat no longer sends notifications through it',
	returns: 'Returns the provider and deleted (true).',
	properties: [providerField],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const provider = providerOf(this, itemIndex);
		await cometChatRequest.call(this, providerRequest(provider, 'DELETE'));
		return { provider, deleted: true };
	},
};
