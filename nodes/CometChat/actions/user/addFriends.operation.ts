import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { uidListField, uidListValue, userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { booleanOf } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import { answersPerUid } from '../blockedUser/change';
import type { OperationDefinition } from '../types';

/**
 * POST /users/{uid}/friends {accepted, addToConversations?}: CometChat answers one entry per UID
 * under `accepted`; the output lists the UIDs it made friends (`added`) and those it refused, with
 * the service's words (`failed`), as Blocked User → Block does.
 */
export const addFriends: OperationDefinition = {
	value: 'addFriends',
	name: 'Add Friends',
	action: 'Add friends to a user',
	description: 'Make users friends of a user (both ways). The output lists the UIDs added and any CometChat refused.',
	returns: 'Returns uid, added (the UIDs made friends) and failed (each UID refused, with code and message).',
	properties: [
		userField('The user who gets the friends'),
		uidListField({ name: 'friends', displayName: 'Friends', description: 'The users who become friends of the user' }),
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Add to Conversations',
					name: 'addToConversations',
					type: 'boolean',
					default: false,
					description: 'Whether CometChat starts a conversation between the user and each new friend',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const accepted = uidListValue(this, itemIndex, 'friends', 'Friends');
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const body: IDataObject = { accepted };
		if (options.addToConversations !== undefined) {
			body.addToConversations = booleanOf(this, itemIndex, 'Add to Conversations', options.addToConversations, false);
		}
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['users', uid, 'friends'], body });
		const { succeeded: added, failed } = answersPerUid(
			accepted,
			((response.data as IDataObject | undefined)?.accepted ?? {}) as IDataObject,
		);
		return { uid, added, failed };
	},
};
