import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { askedAuthToken, userRecordFields, userRecordOf } from './profile';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a user',
	description: 'Create a new user. Fails if the UID already exists: use Create or Update.',
	properties: userRecordFields({
		uid: 'Unique identifier of the new user',
		withAuthToken: 'Whether to create an auth token for the user and return it',
	}),
	shownSecrets: askedAuthToken,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { body, withAuthToken } = userRecordOf(this, itemIndex);
		if (withAuthToken) body.withAuthToken = true;
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['users'], body });
		return response.data as IDataObject;
	},
};
