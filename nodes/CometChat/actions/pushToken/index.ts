import type { ResourceDefinition } from '../types';
import { deleteTokens } from './delete.operation';
import { deleteByValue } from './deleteByValue.operation';
import { getMany } from './getMany.operation';
import { register } from './register.operation';

export const pushToken: ResourceDefinition = {
	value: 'pushToken',
	name: 'Push Token',
	description: 'Device tokens for push notifications',
	operations: [deleteTokens, deleteByValue, register, getMany],
	defaultOperation: 'delete',
};
