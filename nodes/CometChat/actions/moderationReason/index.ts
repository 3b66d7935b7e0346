import type { ResourceDefinition } from '../types';
import { getMany } from './getMany.operation';

export const moderationReason: ResourceDefinition = {
	value: 'moderationReason',
	name: 'Moderation Reason',
	description: 'The reasons users can give when they flag a message',
	operations: [getMany],
	defaultOperation: getMany.value,
};
