import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { conversationFields, conversationRequest, conversationTarget, MARK_RETURNS, markMessageField, markMessageIdValue } from './fields';

/** DELETE /users/{uid}/conversation/read or /groups/{guid}/conversation/read with {messageId}: see docs/cometchat-api.md, Conversations. */
export const markUnread: OperationDefinition = {
	value: 'markUnread',
	name: 'Mark as Unread',
	action: 'Mark a conversation as unread',
	description: "Mark the messages of a conversation after a message as unread for a user: the user's unread count rises",
	returns: MARK_RETURNS,
	properties: [...conversationFields('to mark'), markMessageField('unread')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const messageId = markMessageIdValue(this, itemIndex);
		const response = await conversationRequest(this, target, 'DELETE', ['read'], { messageId });
		return { ...target.names, messageId: String(messageId), ...(response.data as IDataObject) };
	},
};
