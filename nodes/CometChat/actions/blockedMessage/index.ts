import type { ResourceDefinition } from '../types';
import { approve } from './approve.operation';
import { getMany } from './getMany.operation';
import { reject } from './reject.operation';

export const blockedMessage: ResourceDefinition = {
	value: 'blockedMessage',
	name: 'Blocked Message',
	operations: [approve, getMany, reject],
	defaultOperation: getMany.value,
};
