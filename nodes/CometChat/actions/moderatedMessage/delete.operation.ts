import type { IExecuteFunctions } from 'n8n-workflow';

import { messageIdField, messageIdValue } from '../../fields/common';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** DELETE /moderation/messages/{id}: the message and its moderation data go. */
export const deleteModeratedMessage: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a moderated message',
	description: 'Delete a message submitted for moderation, with its moderation data (a blocked message leaves the blocked list)',
	returns: "Returns the message's id and deleted (true).",
	properties: [messageIdField('ID of the message to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = messageIdValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['moderation', 'messages', id],
			alreadyDone: ['ERR_MESSAGE_ID_NOT_FOUND'],
		});
		return { id, deleted: true, ...appliedEarlier(response) };
	},
};
