import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, messageIdField, messageIdValue, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { readBoolean } from '../../readers/values';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** DELETE /messages/{id} with `permanent`: see docs/cometchat-api.md, Messages. */
export const deleteMessage: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a message',
	description: 'Delete a message: by default it stays in the history marked deleted; Delete Permanently removes it',
	returns: "Returns deleted (true), the message's id and permanent (whether it was removed for good).",
	properties: [
		messageIdField('The message to delete'),
		{
			displayName: 'Delete Permanently',
			name: 'permanent',
			type: 'boolean',
			default: false,
			description:
				'Whether to remove the message for good. Off: the message is marked deleted and can still be listed with its deletion time.',
		},
		onBehalfOfField(
			ACTING_USER.actAs,
			false,
			'The user (UID) who deletes the message, shown as deletedBy: its sender, or an admin or moderator of its group. Leave empty to delete as the app.',
		),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = messageIdValue(this, itemIndex);
		const permanent = readBoolean(this, itemIndex, 'permanent', 'Delete Permanently', false);
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['messages', id],
			body: { permanent },
			onBehalfOf,
			alreadyDone: ['ERR_MESSAGE_ID_NOT_FOUND'],
		});
		return { deleted: true, id, permanent, ...appliedEarlier(response) };
	},
};
