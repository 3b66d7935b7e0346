import type { ResourceDefinition } from '../types';
import { deleteRule } from './delete.operation';
import { getMany } from './getMany.operation';
import { getRevisions } from './getRevisions.operation';
import { update } from './update.operation';

export const moderationRule: ResourceDefinition = {
	value: 'moderationRule',
	name: 'Moderation Rule',
	description: 'Rules that block or drop matching messages: list, read revisions, update, delete',
	operations: [deleteRule, getMany, getRevisions, update],
	defaultOperation: getMany.value,
};
