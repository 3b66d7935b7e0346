import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteCategory } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const templateCategory: ResourceDefinition = {
	value: 'templateCategory',
	name: 'Template Category',
	description: "The app's categories of campaign templates (Campaigns service)",
	operations: [create, deleteCategory, get, getMany, update],
	defaultOperation: getMany.value,
};
