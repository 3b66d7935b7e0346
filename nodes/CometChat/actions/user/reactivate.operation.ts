import type { IExecuteFunctions } from 'n8n-workflow';

import { uidListField } from '../../fields/common';
import { changeActivation } from './activation';
import type { OperationDefinition } from '../types';

/** PUT /users {uidsToActivate}; CometChat answers the reactivated UIDs as `nonDeactivatedUids`. */
export const reactivate: OperationDefinition = {
	value: 'reactivate',
	name: 'Reactivate',
	action: 'Reactivate users',
	description: 'Reactivate one or more deactivated users, so they can log in and chat again',
	returns: 'Returns reactivatedUids (the users reactivated) and failed (each UID CometChat did not act on, with a message).',
	properties: [uidListField({ name: 'uids', displayName: 'UIDs', description: 'The users to reactivate' })],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await changeActivation(this, itemIndex, 'reactivate');
	},
};
