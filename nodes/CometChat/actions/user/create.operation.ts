import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier, cometChatRequest } from '../../transport/request';
import { createdRecordLookup } from '../createdRecord';
import type { OperationDefinition } from '../types';
import { askedAuthToken, userRecordFields, userRecordOf } from './profile';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a user',
	description: 'Create a new user. Fails if the UID already exists: use Create or Update.',
	returns:
		'Returns the new user as CometChat answers: uid, name, role, status, createdAt and more; with With Auth Token, its authToken too.',
	properties: userRecordFields({
		uid: 'The UID of the new user: its unique identifier',
		withAuthToken: 'Whether to create an auth token for the user and return it',
	}),
	shownSecrets: askedAuthToken,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const { body, withAuthToken } = userRecordOf(this, itemIndex);
		// The user's record does not hold the auth token the create made.
		const cannotOutput = withAuthToken ? 'its new auth token cannot be read back: create one with Auth Token → Create' : undefined;
		const lookup = createdRecordLookup(this, itemIndex, 'user', { ...body }, { cannotOutput });
		if (withAuthToken) body.withAuthToken = true;
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['users'], body, ...lookup });
		return { ...(response.data as IDataObject), ...appliedEarlier(response) };
	},
};
