import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteRule } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { getRevisions } from './getRevisions.operation';
import { update } from './update.operation';

export const moderationRule: ResourceDefinition = {
	value: 'moderationRule',
	name: 'Moderation Rule',
	description: 'Rules that block or drop matching messages: create, get, list, read revisions, update, delete',
	operations: [create, deleteRule, get, getMany, getRevisions, update],
	defaultOperation: getMany.value,
};
