import type { ResourceDefinition } from '../types';
import { approve } from './approve.operation';
import { disapprove } from './disapprove.operation';
import { getMany } from './getMany.operation';

export const flaggedMessage: ResourceDefinition = {
	value: 'flaggedMessage',
	name: 'Flagged Message',
	description: 'Messages users reported, with who flagged them and why: list, approve or disapprove',
	operations: [approve, disapprove, getMany],
	defaultOperation: getMany.value,
};
