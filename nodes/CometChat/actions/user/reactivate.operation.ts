import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { uidListField, uidListValue } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** PUT /users {uidsToActivate}; CometChat answers the reactivated UIDs as `nonDeactivatedUids`. */
export const reactivate: OperationDefinition = {
	value: 'reactivate',
	name: 'Reactivate',
	action: 'Reactivate users',
	description: 'Reactivate one or more deactivated users, so they can log in and chat again',
	properties: [uidListField({ name: 'uids', displayName: 'UIDs', description: 'The users to reactivate' })],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uids = uidListValue(this, itemIndex, 'uids', 'UIDs');
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['users'], body: { uidsToActivate: uids } });
		const data = (response.data ?? {}) as IDataObject;
		return { reactivatedUids: (data.nonDeactivatedUids as string[] | undefined) ?? [] };
	},
};
