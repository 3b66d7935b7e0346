import type { IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { blockFields, changeBlocks, changeReturns } from './change';

export const unblock: OperationDefinition = {
	value: 'unblock',
	name: 'Unblock',
	action: 'Unblock users for a user',
	description: 'Lift blocks a user made. The output lists the UIDs unblocked and any CometChat refused.',
	returns: changeReturns('unblocked'),
	properties: blockFields('unblock'),
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await changeBlocks(this, itemIndex, 'DELETE', 'unblocked');
	},
};
