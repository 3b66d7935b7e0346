import type { ResourceDefinition } from '../types';
import { add } from './add.operation';
import { ban } from './ban.operation';
import { changeScope } from './changeScope.operation';
import { getMany } from './getMany.operation';
import { remove } from './remove.operation';
import { unban } from './unban.operation';

export const groupMember: ResourceDefinition = {
	value: 'groupMember',
	name: 'Group Member',
	description: 'The members of a group: add, list, remove, change scope, ban and unban',
	operations: [add, getMany, remove, changeScope, ban, unban],
	defaultOperation: 'add',
};
