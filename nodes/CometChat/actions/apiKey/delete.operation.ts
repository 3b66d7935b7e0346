import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { apiKeyField, apiKeyValue } from './fields';

/** DELETE /apikeys/{apiKey}; the answer's message repeats the key, so only `deleted` goes out. */
export const deleteApiKey: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete an API key',
	description: 'Delete an API key: apps and workflows that use it can no longer call CometChat',
	returns: 'Returns deleted (true); the key itself is not repeated.',
	properties: [apiKeyField('The API key to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const apiKey = apiKeyValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['apikeys', apiKey],
			secrets: [apiKey],
			alreadyDone: ['ERR_APIKEY_NOT_FOUND'],
		});
		return { deleted: true, ...appliedEarlier(response) };
	},
};
