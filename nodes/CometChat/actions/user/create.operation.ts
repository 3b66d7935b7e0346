import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { userProfileBody, userProfileOptions } from './profile';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a user',
	description: 'Create a new user',
	properties: [
		{
			displayName: 'UID',
			name: 'uid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. cometchat-uid-1',
			description: 'Unique identifier of the new user',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. Ada Lovelace',
			description: 'Display name of the user',
		},
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				...userProfileOptions,
				{
					displayName: 'With Auth Token',
					name: 'withAuthToken',
					type: 'boolean',
					default: false,
					description: 'Whether to create an auth token for the user and return it',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const additionalFields = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {
			uid: (this.getNodeParameter('uid', itemIndex) as string).trim(),
			name: this.getNodeParameter('name', itemIndex) as string,
			...userProfileBody(this, itemIndex, additionalFields),
		};
		if (additionalFields.withAuthToken) body.withAuthToken = true;
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['users'], body });
		return response.data as IDataObject;
	},
};
