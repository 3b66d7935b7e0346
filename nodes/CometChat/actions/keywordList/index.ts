import type { ResourceDefinition } from '../types';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

export const keywordList: ResourceDefinition = {
	value: 'keywordList',
	name: 'Keyword List',
	description: 'Lists of words that moderation rules refer to',
	operations: [get, getMany],
	defaultOperation: getMany.value,
};
