import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { conversationFields, conversationRequest, conversationTarget, MARK_RETURNS, markMessageField, markMessageIdValue } from './fields';

/** POST /users/{uid}/conversation/read or /groups/{guid}/conversation/read with {messageId}: see docs/cometchat-api.md, Conversations. */
export const markRead: OperationDefinition = {
	value: 'markRead',
	name: 'Mark as Read',
	action: 'Mark a conversation as read',
	description: "Mark the messages of a conversation as read by a user, up to a message: the user's unread count drops",
	returns: MARK_RETURNS,
	properties: [...conversationFields('to mark'), markMessageField('read')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const messageId = markMessageIdValue(this, itemIndex);
		const response = await conversationRequest(this, target, 'POST', ['read'], { messageId });
		return { ...target.names, messageId: String(messageId), ...(response.data as IDataObject) };
	},
};
