import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { messageIdField, messageIdValue } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** GET /moderation/messages/{id}: the message with its current moderation status. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a moderated message',
	description: 'Get a message submitted for moderation, with its current moderation status (data.moderation.status)',
	returns: 'Returns the message as CometChat answers: id, sender, receiver, data with text and moderation.status, sentAt and more.',
	properties: [messageIdField('ID of the message to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = messageIdValue(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['moderation', 'messages', id] });
		return response.data as IDataObject;
	},
};
