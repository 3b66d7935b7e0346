import type { ResourceDefinition } from '../types';
import { approve } from './approve.operation';
import { getMany } from './getMany.operation';
import { reject } from './reject.operation';

export const blockedMessage: ResourceDefinition = {
	value: 'blockedMessage',
	name: 'Blocked Message',
	description: 'Messages a moderation rule held back: list, approve or reject',
	operations: [approve, getMany, reject],
	defaultOperation: getMany.value,
};
