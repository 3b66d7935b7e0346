import type { IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { providerField, providerOf, providerOutput, providerRequest } from './providers';

/** GET /notifications/<channel>/v1/providers/<kind>: the provider's settings, its secrets masked. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a notification provider',
	description: "Get a notification provider's settings; keys and tokens show only their last 4 characters",
	returns:
		'Returns provider, configured (whether settings are saved) and its settings, e.g. isEnabled, webhookURL or sendGridApiKeyMasked.',
	properties: [providerField],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const provider = providerOf(this, itemIndex);
		const response = await cometChatRequest.call(this, providerRequest(provider, 'GET'));
		return providerOutput(provider, response.data);
	},
};
