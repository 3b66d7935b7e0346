import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteReason } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const moderationReason: ResourceDefinition = {
	value: 'moderationReason',
	name: 'Moderation Reason',
	description: 'The reasons users can give when they flag a message: create, get, list, rename, delete',
	operations: [create, deleteReason, get, getMany, update],
	defaultOperation: getMany.value,
};
