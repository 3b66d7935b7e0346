import type { ResourceDefinition } from '../types';
import { getMany } from './getMany.operation';

export const moderationReason: ResourceDefinition = {
	value: 'moderationReason',
	name: 'Moderation Reason',
	operations: [getMany],
	defaultOperation: getMany.value,
};
