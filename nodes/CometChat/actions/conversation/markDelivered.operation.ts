import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { OperationDefinition } from '../types';
import { conversationFields, conversationRequest, conversationTarget, MARK_RETURNS, markMessageField, markMessageIdValue } from './fields';

/** POST /users/{uid}/conversation/delivered or /groups/{guid}/conversation/delivered with {messageId}: see docs/cometchat-api.md, Conversations. */
export const markDelivered: OperationDefinition = {
	value: 'markDelivered',
	name: 'Mark as Delivered',
	action: 'Mark a conversation as delivered',
	description: 'Mark the messages of a conversation as delivered to a user, up to a message',
	returns: MARK_RETURNS,
	properties: [...conversationFields('to mark'), markMessageField('delivered')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const target = conversationTarget(this, itemIndex);
		const messageId = markMessageIdValue(this, itemIndex);
		const response = await conversationRequest(this, target, 'POST', ['delivered'], { messageId });
		return { ...target.names, messageId: String(messageId), ...(response.data as IDataObject) };
	},
};
