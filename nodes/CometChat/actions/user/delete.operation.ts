import type { IExecuteFunctions } from 'n8n-workflow';

import { userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { readBoolean } from '../../readers/values';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** DELETE /users/{uid} with `permanent` (docs/cometchat-api.md, Users). */
export const deleteUser: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a user',
	description: 'Delete a user; without Permanent the UID stays taken (to only stop someone chatting, use Deactivate)',
	returns: 'Returns deleted (true), the uid and permanent (whether it was deleted for good).',
	properties: [
		userField('The user to delete'),
		{
			displayName: 'Permanent',
			name: 'permanent',
			type: 'boolean',
			default: false,
			description:
				'Whether to delete the user for good, with their messages and conversations, which frees the UID. This cannot be undone.',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		const permanent = readBoolean(this, itemIndex, 'permanent', 'Permanent', false);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['users', uid],
			body: { permanent },
			alreadyDone: ['ERR_UID_NOT_FOUND'],
		});
		return { deleted: true, uid, permanent, ...appliedEarlier(response) };
	},
};
