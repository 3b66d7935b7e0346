import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { pageLimitOf, returnAllOrLimitFields } from '../../fields/lists';
import { optionalTextOf } from '../../readers/text';
import { optionalOptionOf } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { API_KEY_SCOPES, SCOPE_OPTIONS } from './fields';

/**
 * GET /apikeys: the published operation declares no paging parameter, so the list is read in one
 * request and Limit is applied here. Every key is masked, the credential's own too.
 */
export const getMany: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many API keys',
	description: 'List the API keys of the app with their names and scopes. Keys are masked: only their last 4 characters show.',
	properties: [
		...returnAllOrLimitFields(),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Name Contains',
					name: 'searchKey',
					type: 'string',
					default: '',
					description: 'Only keys whose name contains this text',
				},
				{
					displayName: 'Scope',
					name: 'scope',
					type: 'options',
					options: SCOPE_OPTIONS,
					default: 'fullAccess',
					description: 'Only keys of this scope',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { returnAll, limit } = pageLimitOf(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		const scope = optionalOptionOf(this, itemIndex, 'Scope', filters.scope, API_KEY_SCOPES);
		if (scope !== undefined) qs.scope = scope;
		const searchKey = optionalTextOf(this, itemIndex, 'Name Contains', filters.searchKey);
		if (searchKey !== undefined) qs.searchKey = searchKey;
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['apikeys'], qs });
		const keys = Array.isArray(response.data) ? (response.data as IDataObject[]) : [];
		return returnAll ? keys : keys.slice(0, limit);
	},
};
