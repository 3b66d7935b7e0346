import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { blockFields, changeBlocks, changeReturns } from './change';

export const block: OperationDefinition = {
	value: 'block',
	name: 'Block',
	action: 'Block users for a user',
	description: 'Make a user block others so they no longer get their messages; the output lists the UIDs blocked or refused',
	returns: changeReturns('blocked'),
	properties: blockFields('block'),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await changeBlocks(this, itemIndex, 'POST', 'blocked');
	},
};
