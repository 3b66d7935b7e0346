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
			description:
				'The REST API key of your app, with full access scope. Find it in the CometChat dashboard under API & Auth Keys.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'https://<APP_ID>.api-<REGION>.cometchat.io',
			description:
				'The chat API host of your app. A trailing slash or /v3 is fine: both are removed.',
		},
		{
			displayName: 'Call URL',
			name: 'callUrl',
			type: 'string',
			default: '',
			placeholder: 'https://<APP_ID>.call-<REGION>.cometchat.io',
			description:
				'The calls API host of your app. Needed only for the Call resource. A trailing slash or /v3 is fine.',
		},
	];

	/**
	 * Adds the apikey header, after checking the credential: a malformed Base URL or Call URL, or a
	 * key an HTTP header cannot carry, fails here with a message naming the field. n8n runs this for
	 * the credential test too, where the message is what the editor shows.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const problem = credentialProblem(credentials);
		if (problem) throw new Error(problem);
		return { ...requestOptions, headers: { ...requestOptions.headers, apikey: credentials.apiKey as string } };
	}

	// The origin comes from authenticate's check; the expression only has to build a URL that a valid
	// Base URL turns into the right one.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/v3$/i, "")}}/v3',
			url: '/roles',
			qs: { perPage: 1 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'CometChat rejected the API key. Copy the REST API key with full access scope from the dashboard.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'Nothing answers at this Base URL. It should look like https://<APP_ID>.api-<REGION>.cometchat.io',
				},
			},
		],
	};
}
