import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { apiKeyField, apiKeyNameOf, apiKeyScopeOf, apiKeyValue, nameField, scopeField } from './fields';

/** PUT /apikeys/{apiKey}: only the fields given are sent; the output masks the key. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update an API key',
	description: 'Rename an API key or change its scope. The key itself stays the same and is masked in the output.',
	returns: "Returns the key's name, scope, createdAt and apiKeyMasked as they now are.",
	properties: [
		apiKeyField('The API key to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [nameField(false), scopeField('What the key may do from now on', false)],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const apiKey = apiKeyValue(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		if (fields.name !== undefined) body.name = apiKeyNameOf(this, itemIndex, fields.name);
		if (fields.scope !== undefined) body.scope = apiKeyScopeOf(this, itemIndex, fields.scope);
		requireChanges(this, itemIndex, body, "Add 'Name' or 'Scope' under 'Update Fields'.");
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['apikeys', apiKey], body, secrets: [apiKey] });
		return response.data as IDataObject;
	},
};
