import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

import { credentialProblem, CUSTOM_REGION, DEFAULT_REGION, REGIONS } from '../nodes/CometChat/transport/checks';

export class CometChatApi implements ICredentialType {
	name = 'cometChatApi';

	displayName = 'CometChat API';

	icon: Icon = { light: 'file:../nodes/CometChat/cometchat.svg', dark: 'file:../nodes/CometChat/cometchat.dark.svg' };

	documentationUrl = 'https://www.cometchat.com/docs/rest-api/authentication';

	properties: INodeProperties[] = [
		{
			displayName:
				'This credential uses a Base URL, as credentials made before App ID and Region did. It keeps working as it is. To use the App ID and Region of the CometChat dashboard instead, clear the Base URL.',
			name: 'baseUrlNotice',
			type: 'notice',
			default: '',
			displayOptions: { hide: { baseUrl: [''] } },
		},
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 25491d1a2f0c3b7e',
			description: 'The ID of your CometChat app. The CometChat dashboard shows it under your app → API & Auth Keys.',
			displayOptions: { show: { baseUrl: [''], region: REGIONS as unknown as string[] } },
		},
		{
			displayName: 'Region',
			name: 'region',
			type: 'options',
			options: [
				{ name: 'United States (US)', value: 'us' },
				{ name: 'Europe (EU)', value: 'eu' },
				{ name: 'India (IN)', value: 'in' },
				{ name: 'Custom Host', value: CUSTOM_REGION, description: 'Another CometChat cluster, or a proxy' },
			],
			default: DEFAULT_REGION,
			description: "Your app's region, as the CometChat dashboard shows it beside the App ID",
			displayOptions: { show: { baseUrl: [''] } },
		},
		{
			displayName: 'Chat API Host',
			name: 'chatHost',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. https://25491d1a2f0c3b7e.api-us.cometchat.io',
			description: 'The host every chat request goes to. A trailing slash or /v3 is fine: both are removed.',
			displayOptions: { show: { baseUrl: [''], region: [CUSTOM_REGION] } },
		},
		{
			displayName: 'Call API Host',
			name: 'callHost',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://25491d1a2f0c3b7e.call-us.cometchat.io',
			description: 'The host of the calls API. Needed only for the Call resource.',
			displayOptions: { show: { baseUrl: [''], region: [CUSTOM_REGION] } },
		},
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
			default: '',
			placeholder: 'e.g. https://25491d1a2f0c3b7e.api-us.cometchat.io',
			description: 'The chat API host of an older credential. Clear it to use App ID and Region.',
			displayOptions: { hide: { baseUrl: [''] } },
		},
		{
			displayName: 'Call URL',
			name: 'callUrl',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://25491d1a2f0c3b7e.call-us.cometchat.io',
			description: 'The calls API host of an older credential. Needed only for the Call resource.',
			displayOptions: { hide: { baseUrl: [''] } },
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

	// The origin comes from authenticate's check; the expression only has to build a URL that valid
	// fields turn into the right one: the Base URL of an older credential, the Chat API Host of a
	// Custom Host, else CometChat's chat host of the App ID in the Region (checks.ts, credentialHosts).
	//
	// n8n (2.8 to 2.41) shows its own "Authorization failed - please check your credentials" for any
	// 401 of a test request, and applies `responseCode` rules only to errors that carry the raw
	// response, which a declarative request's error does not. So the request accepts every status and
	// the rules read CometChat's answer instead: its error code, or a body without `data`, which no
	// CometChat answer to GET /v3/roles lacks.
	//
	// One request only: n8n gives a programmatic test (`testedBy`) nothing but the deprecated
	// `helpers.request`, which the community-node lint refuses, so the test cannot ask the other
	// regions where an unknown app lives; its message names both fields instead.
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{($credentials.baseUrl ? $credentials.baseUrl : $credentials.region === "custom" ? String($credentials.chatHost || "") : "https://" + String($credentials.appId || "").trim().toLowerCase() + ".api-" + ($credentials.region || "us") + ".cometchat.io").trim().replace(/\\/+$/, "").replace(/\\/v3$/i, "")}}/v3',
			url: '/roles',
			qs: { perPage: 1 },
			ignoreHttpStatusErrors: true,
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'error.code',
					value: 'AUTH_ERR_INVALID_APPID',
					message:
						'CometChat does not know this App ID in this Region (AUTH_ERR_INVALID_APPID). Copy both from the CometChat dashboard (your app → API & Auth Keys): an app lives in one region only.',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'error.code',
					value: 'AUTH_ERR_APIKEY_NOT_FOUND',
					message:
						'CometChat rejected the API key (AUTH_ERR_APIKEY_NOT_FOUND). Copy the REST API key with full access scope from the CometChat dashboard (API & Auth Keys) of this app.',
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
						'No CometChat API answered at this host. A Custom Host or a Base URL should look like https://<APP_ID>.api-<REGION>.cometchat.io, without a path.',
				},
			},
		],
	};
}
