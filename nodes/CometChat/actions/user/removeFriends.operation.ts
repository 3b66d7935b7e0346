import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { uidListField, uidListValue, userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** DELETE /users/{uid}/friends {friends}: the friendships end both ways; sending it again changes nothing. */
export const removeFriends: OperationDefinition = {
	value: 'removeFriends',
	name: 'Remove Friends',
	action: 'Remove friends of a user',
	description: 'End the friendship of a user with other users (both ways)',
	returns: "Returns uid, removed (the UIDs sent) and CometChat's success and message.",
	properties: [
		userField('The user whose friends to remove'),
		uidListField({ name: 'friends', displayName: 'Friends', description: 'The friends to remove' }),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const friends = uidListValue(this, itemIndex, 'friends', 'Friends');
		const response = await cometChatRequest.call(this, { method: 'DELETE', path: ['users', uid, 'friends'], body: { friends } });
		return { uid, removed: friends, ...(response.data as IDataObject) };
	},
};
