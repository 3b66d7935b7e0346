import type { ResourceDefinition } from '../types';
import { getMany } from './getMany.operation';

export const notificationLog: ResourceDefinition = {
	value: 'notificationLog',
	name: 'Notification Log',
	description: 'What became of each notification: sent through which provider, or held back and why',
	operations: [getMany],
	defaultOperation: getMany.value,
};
