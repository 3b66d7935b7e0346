import type { IExecuteFunctions } from 'n8n-workflow';

import { uidListField } from '../../fields/common';
import { changeActivation } from './activation';
import type { OperationDefinition } from '../types';

/** DELETE /users {uidsToDeactivate} (docs/cometchat-api.md, Users). */
export const deactivate: OperationDefinition = {
	value: 'deactivate',
	name: 'Deactivate',
	action: 'Deactivate users',
	description: 'Deactivate users: they can no longer log in or chat and leave lists, but keep their data and can come back',
	returns: 'Returns deactivatedUids (the users deactivated) and failed (each UID CometChat did not act on, with a message).',
	properties: [uidListField({ name: 'uids', displayName: 'UIDs', description: 'The users to deactivate' })],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await changeActivation(this, itemIndex, 'deactivate');
	},
};
