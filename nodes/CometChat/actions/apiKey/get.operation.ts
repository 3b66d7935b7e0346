import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { apiKeyField, apiKeyValue } from './fields';

/** GET /apikeys/{apiKey}: the key is a request secret; the output masks it (helpers/secrets.ts). */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get an API key',
	description: 'Get the name, scope and creation time of an API key. The key itself is masked: only its last 4 characters show.',
	returns: 'Returns name, scope, createdAt and apiKeyMasked.',
	properties: [apiKeyField('The API key to look up')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const apiKey = apiKeyValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['apikeys', apiKey], secrets: [apiKey] });
		return response.data as IDataObject;
	},
};
