import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { apiKeyNameOf, apiKeyScopeOf, nameField, scopeField } from './fields';

/** POST /apikeys (docs/cometchat-api.md, API keys): the one output that shows a key in clear. */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create an API key',
	description: 'Create an API key for the app; the output shows the key this once: store it as a password',
	returns: 'Returns the new key: apiKey (in clear, this once), name, scope and createdAt.',
	properties: [nameField(true), scopeField('What the key may do. Auth Only keys can only log users in from an app.', true)],
	// What it is for: the new key, in clear.
	shownSecrets: () => ['apiKey'],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const name = apiKeyNameOf(this, itemIndex, this.getNodeParameter('name', itemIndex, ''));
		const scope = apiKeyScopeOf(this, itemIndex, this.getNodeParameter('scope', itemIndex, 'authOnly'));
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['apikeys'], body: { name, scope } });
		return response.data as IDataObject;
	},
};
