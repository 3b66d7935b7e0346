import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteToken } from './delete.operation';
import { deleteAll } from './deleteAll.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const authToken: ResourceDefinition = {
	value: 'authToken',
	name: 'Auth Token',
	description: "A user's login sessions: create one for an app to log in with, list, look up and delete them",
	operations: [create, getMany, get, deleteToken, deleteAll],
	defaultOperation: 'create',
};
