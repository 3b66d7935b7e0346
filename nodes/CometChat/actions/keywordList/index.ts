import type { ResourceDefinition } from '../types';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const keywordList: ResourceDefinition = {
	value: 'keywordList',
	name: 'Keyword List',
	operations: [get, getMany],
	defaultOperation: getMany.value,
};
