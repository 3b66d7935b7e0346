import type { ResourceDefinition } from '../types';
import { add } from './add.operation';
import { deleteProvider } from './delete.operation';
import { getMany } from './getMany.operation';
import { setDefault } from './setDefault.operation';
import { update } from './update.operation';

export const apnsProvider: ResourceDefinition = {
	value: 'apnsProvider',
	name: 'APNs Provider',
	description: "The Apple keys the app's iOS notifications go through: add, list, update, delete and pick the default",
	operations: [add, deleteProvider, getMany, setDefault, update],
	defaultOperation: getMany.value,
};
