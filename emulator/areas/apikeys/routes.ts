import { validationError } from '../../core/errors';
import { numberedPage, pageParams } from '../../core/paging';
import type { Router } from '../../core/router';
import { queryOne, requireBodyObject } from '../../core/validation';
import type { Areas } from '../types';
import { API_KEY_SCOPES, apiKeyOut } from './collection';

export function register(router: Router, { apiKeys }: Areas): void {
	// The new key is in the answer: the one time it is shown.
	router.add('POST', '/v3/apikeys', (req) => ({ data: apiKeyOut(apiKeys.create(requireBodyObject(req.body))) }));

	// Every key of the app, the one in use too, with the page envelope of the other lists.
	router.add('GET', '/v3/apikeys', (req) => {
		const scope = queryOne(req.query, 'scope');
		if (scope !== undefined && !(API_KEY_SCOPES as readonly string[]).includes(scope)) {
			throw validationError({ scope: [`The scope must be one of ${API_KEY_SCOPES.join(', ')}.`] });
		}
		const { items, pagination } = numberedPage(apiKeys.list(scope, queryOne(req.query, 'searchKey')), pageParams(req.query));
		return { data: items.map(apiKeyOut), meta: { pagination } };
	});

	router.add('GET', '/v3/apikeys/:apiKey', (req) => ({ data: apiKeyOut(apiKeys.require(req.params.apiKey)) }));

	router.add('PUT', '/v3/apikeys/:apiKey', (req) => ({
		data: apiKeyOut(apiKeys.update(req.params.apiKey, requireBodyObject(req.body))),
	}));

	// The published answer names the deleted key in its message.
	router.add('DELETE', '/v3/apikeys/:apiKey', (req) => {
		const key = apiKeys.remove(req.params.apiKey);
		return { data: { success: true, message: `The Api Key ${key.apiKey} has been deleted successfully.` } };
	});
}
