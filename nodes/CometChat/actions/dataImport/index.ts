import type { ResourceDefinition } from '../types';
import { importGroups } from './groups.operation';
import { importMembers } from './members.operation';
import { importMessages } from './messages.operation';
import { importUsers } from './users.operation';

/** One resource for the four imports: they share the batching, the per-entity answers and the rate limit (batches.ts). */
export const dataImport: ResourceDefinition = {
	value: 'dataImport',
	name: 'Data Import',
	description: 'Move users, groups, members and message history into CometChat, 50 to a request',
	operations: [importUsers, importGroups, importMembers, importMessages],
	defaultOperation: importUsers.value,
};
