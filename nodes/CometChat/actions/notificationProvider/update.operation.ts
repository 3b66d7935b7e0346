import type { IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { providerBody, providerOf, providerOutput, providerRequest, updateProperties } from './providers';

/** PUT /notifications/<channel>/v1/providers/<kind>: only the fields given are sent. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a notification provider',
	description: 'Change some settings of a notification provider, e.g. turn it off or rotate its key',
	returns: 'Returns provider, configured and its settings after the change, e.g. isEnabled, webhookURL or sendGridApiKeyMasked.',
	properties: updateProperties(),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const provider = providerOf(this, itemIndex);
		const body = providerBody(this, itemIndex, provider, 'update');
		requireChanges(this, itemIndex, body, "Add at least one field under 'Update Fields'.");
		const response = await cometChatRequest.call(this, providerRequest(provider, 'PUT', body));
		return providerOutput(provider, response.data);
	},
};
