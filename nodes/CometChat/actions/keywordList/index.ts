import type { ResourceDefinition } from '../types';
import { create } from './create.operation';
import { deleteKeywordList } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

export const keywordList: ResourceDefinition = {
	value: 'keywordList',
	name: 'Keyword List',
	description: 'Lists of words, patterns or sentences that moderation rules refer to: create, get, list, update, delete',
	operations: [create, deleteKeywordList, get, getMany, update],
	defaultOperation: getMany.value,
};
