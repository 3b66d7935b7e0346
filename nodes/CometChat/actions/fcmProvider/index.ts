import type { ResourceDefinition } from '../types';
import { add } from './add.operation';
import { deleteProvider } from './delete.operation';
import { getMany } from './getMany.operation';
import { setDefault } from './setDefault.operation';
import { update } from './update.operation';

export const fcmProvider: ResourceDefinition = {
	value: 'fcmProvider',
	name: 'FCM Provider',
	description: "The Firebase projects the app's push notifications go through: add, list, update, delete and pick the default",
	operations: [add, deleteProvider, getMany, setDefault, update],
	defaultOperation: getMany.value,
};
