import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { authTokenField, authTokenValue, LOCATOR_KINDS, locatorField } from '../../fields/common';
import { requireChanges } from '../../readers/fieldErrors';
import { optionalTextOf, requiredUid } from '../../readers/text';
import { compact, parseJsonObject } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

export const updateAuthToken: OperationDefinition = {
	value: 'updateAuthToken',
	name: 'Update Auth Token',
	action: 'Update the auth token of a user',
	description: "Record the platform, user agent or app details of one of a user's auth tokens",
	returns: "Returns uid, createdAt and authTokenMasked (the token's last 4 characters).",
	properties: [
		locatorField(LOCATOR_KINDS.user, {
			name: 'uid',
			displayName: 'User',
			required: true,
			description: 'The user the auth token belongs to',
		}),
		authTokenField('The auth token to update, as returned when it was created'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'App Info (JSON)',
					name: 'appInfo',
					type: 'json',
					default: '{}',
					description: 'Details of the app using the token, as a JSON object, e.g. {"version": "4.2.0"}',
				},
				{
					displayName: 'Platform',
					name: 'platform',
					type: 'string',
					default: '',
					placeholder: 'e.g. android',
					description: 'The platform the token is used on',
				},
				{
					displayName: 'User Agent',
					name: 'userAgent',
					type: 'string',
					default: '',
					placeholder: 'e.g. MyChatApp/4.2.0 (Android 14)',
					description: 'The user agent of the client using the token',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const authToken = authTokenValue(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const body = compact({
			platform: optionalTextOf(this, itemIndex, 'Platform', fields.platform),
			userAgent: optionalTextOf(this, itemIndex, 'User Agent', fields.userAgent),
			appInfo: parseJsonObject(this, itemIndex, fields.appInfo, 'App Info (JSON)'),
		});
		requireChanges(this, itemIndex, body, 'Add at least one of App Info, Platform or User Agent under Update Fields.');
		const response = await cometChatRequest.call(this, {
			method: 'PUT',
			path: ['users', uid, 'auth_tokens', authToken],
			body,
			secrets: [authToken],
		});
		return response.data as IDataObject;
	},
};
