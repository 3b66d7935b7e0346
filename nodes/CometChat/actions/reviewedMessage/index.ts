import type { ResourceDefinition } from '../types';
import { getMany } from './getMany.operation';

export const reviewedMessage: ResourceDefinition = {
	value: 'reviewedMessage',
	name: 'Reviewed Message',
	description: 'Messages a moderator has reviewed: flagged or blocked messages approved, rejected or disapproved',
	operations: [getMany],
	defaultOperation: getMany.value,
};
