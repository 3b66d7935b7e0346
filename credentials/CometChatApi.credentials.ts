import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { credentialProblem } from '../nodes/CometChat/transport/checks';

export class CometChatApi implements ICredentialType {
	name = 'cometChatApi';

	displayName = 'CometChat API';

	icon: Icon = { light: 'file:../nodes/CometChat/cometchat.svg', dark: 'file:../nodes/CometChat/cometchat.dark.svg' };

	documentationUrl = 'https://www.cometchat.com/docs/rest-api/authentication';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The REST API key of your app, with full access scope. Find it in the CometChat dashboard under API & Auth Keys.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://<APP_ID>.api-<REGION>.cometchat.io',
			description: 'The chat API host of your app. A trailing slash or /v3 is fine: both are removed.',
		},
		{
			displayName: 'Call URL',
			name: 'callUrl',
			type: 'string',
			default: '',
			placeholder: 'https://<APP_ID>.call-<REGION>.cometchat.io',
			description: 'The calls API host of your app. Needed only for the Call resource. A trailing slash or /v3 is fine.',
		},
	];

	/**
	 * Adds the apikey header, after checking the credential: a malformed Base URL or Call URL, or a
	 * key an HTTP header cannot carry, fails here with a message naming the field. n8n runs this for
	 * the credential test too, where the message is what the editor shows.
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		const problem = credentialProblem(credentials);
		if (problem) throw new Error(problem);
		return { ...requestOptions, headers: { ...requestOptions.headers, apikey: credentials.apiKey as string } };
	}

	// The origin comes from authenticate's check; the expression only has to build a URL that a valid
	// Base URL turns into the right one.
	//
	// n8n (2.8 to 2.41) shows its own "Authorization failed - please check your credentials" for any
	// 401 of a test request, and applies `responseCode` rules only to errors that carry the raw
	// response, which a declarative request's error does not. So the request accepts every status and
	// the rules read CometChat's answer instead: its error code, or a body without `data`, which no
	// CometChat answer to GET /v3/roles lacks.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/v3$/i, "")}}/v3',
			url: '/roles',
			qs: { perPage: 1 },
			ignoreHttpStatusErrors: true,
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'error.code',
					value: 'AUTH_ERR_APIKEY_NOT_FOUND',
					message:
						'CometChat rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND). Copy the REST API key with full access scope from the CometChat dashboard (API & Auth Keys), for the app of this Base URL.',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'error.code',
					value: 'AUTH_ERR_EMPTY_APIKEY',
					message: 'The API key is empty (AUTH_ERR_EMPTY_APIKEY). Enter the REST API key from the CometChat dashboard (API & Auth Keys).',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'error.code',
					value: 'AUTH_ERR_NO_ACCESS',
					message:
						'This API key may not use the REST API (AUTH_ERR_NO_ACCESS). Use a REST API key with full access scope from the CometChat dashboard (API & Auth Keys).',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'data',
					value: undefined,
					message:
						'No CometChat API answered at this Base URL. It should look like https://<APP_ID>.api-<REGION>.cometchat.io (from the dashboard), without a path.',
				},
			},
		],
	};
}
