import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { providerBody, providerOf, providerOutput, providerRequest, saveLookup, saveProperties } from './providers';

/** POST /notifications/<channel>/v1/providers/<kind>: every setting the provider requires, replacing the saved ones. */
export const save: OperationDefinition = {
	value: 'save',
	name: 'Save',
	action: 'Save a notification provider',
	description: "Save a notification provider's settings, replacing any saved before; secrets never appear in the output",
	returns: 'Returns provider, configured (true) and its settings as saved, e.g. isEnabled, webhookURL or sendGridApiKeyMasked.',
	properties: saveProperties(),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const provider = providerOf(this, itemIndex);
		const body = providerBody(this, itemIndex, provider, 'save');
		const response = await cometChatRequest.call(this, { ...providerRequest(provider, 'POST', body), ...saveLookup(this, provider, body) });
		return { ...providerOutput(provider, response.data), ...appliedEarlier(response) };
	},
};
