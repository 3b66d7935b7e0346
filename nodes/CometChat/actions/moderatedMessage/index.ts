import type { ResourceDefinition } from '../types';
import { deleteModeratedMessage } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { submit } from './submit.operation';

export const moderatedMessage: ResourceDefinition = {
	value: 'moderatedMessage',
	name: 'Moderated Message',
	description: "Messages sent through CometChat's moderation before delivery: submit, get, list, delete",
	operations: [deleteModeratedMessage, get, getMany, submit],
	defaultOperation: getMany.value,
};
