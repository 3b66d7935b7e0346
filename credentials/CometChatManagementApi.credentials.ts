import type { IAuthenticateGeneric, Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * CometChat's management API (app webhooks): a management key and secret, which CometChat issues
 * on plans with the management API. Used by the CometChat Webhook Trigger to register itself.
 */
export class CometChatManagementApi implements ICredentialType {
	name = 'cometChatManagementApi';

	displayName = 'CometChat Management API';

	icon: Icon = { light: 'file:../nodes/CometChat/cometchat.svg', dark: 'file:../nodes/CometChat/cometchat.dark.svg' };

	documentationUrl = 'https://www.cometchat.com/docs/rest-api/management-apis';

	properties: INodeProperties[] = [
		{
			displayName: 'App ID',
			name: 'appId',
			type: 'string',
			required: true,
			default: '',
			description: 'The ID of your CometChat app (dashboard, API & Auth Keys)',
		},
		{
			displayName: 'Management Key',
			name: 'managementApiKey',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The management API key. CometChat issues it with the management API; it is not the REST API key.',
		},
		{
			displayName: 'Management Secret',
			name: 'managementSecret',
			type: 'string',
			typeOptions: { password: true },
			required: true,
			default: '',
			description: 'The secret that goes with the management key',
		},
		{
			displayName: 'Management URL',
			name: 'managementUrl',
			type: 'string',
			required: true,
			default: 'https://apimgmt.cometchat.io',
			description: 'The management API host. Change it only to point at a test server.',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				key: '={{$credentials.managementApiKey}}',
				secret: '={{$credentials.managementSecret}}',
				'X-Webhook-Version': '2',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.managementUrl.trim().replace(/\\/+$/, "")}}',
			url: '=/apps/{{encodeURIComponent($credentials.appId.trim())}}/webhooks',
			qs: { perPage: 1 },
		},
	};
}
