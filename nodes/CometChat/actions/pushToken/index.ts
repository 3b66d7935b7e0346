import type { ResourceDefinition } from '../types';
import { deleteTokens } from './delete.operation';
import { deleteByValue } from './deleteByValue.operation';

export const pushToken: ResourceDefinition = {
	value: 'pushToken',
	name: 'Push Token',
	description: 'Device tokens for push notifications',
	operations: [deleteTokens, deleteByValue],
	defaultOperation: 'delete',
};
