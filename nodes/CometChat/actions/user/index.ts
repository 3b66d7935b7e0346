import type { ResourceDefinition } from '../types';
import { addFriends } from './addFriends.operation';
import { create } from './create.operation';
import { deactivate } from './deactivate.operation';
import { deleteUser } from './delete.operation';
import { get } from './get.operation';
import { getFriends } from './getFriends.operation';
import { getMany } from './getMany.operation';
import { reactivate } from './reactivate.operation';
import { removeFriends } from './removeFriends.operation';
import { update } from './update.operation';
import { updateAuthToken } from './updateAuthToken.operation';
import { upsert } from './upsert.operation';

export const user: ResourceDefinition = {
	value: 'user',
	name: 'User',
	description: 'People who chat: create, update, list, sync, deactivate and delete users; their friends and auth tokens',
	operations: [
		create,
		upsert,
		get,
		getMany,
		getFriends,
		addFriends,
		removeFriends,
		update,
		updateAuthToken,
		deleteUser,
		deactivate,
		reactivate,
	],
	defaultOperation: 'create',
};
