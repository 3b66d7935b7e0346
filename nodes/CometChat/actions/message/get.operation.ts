import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { messageIdField, messageIdValue, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** GET /messages/{id}: see docs/cometchat-api.md, Messages. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a message',
	description: 'Get one message by ID: its text, parties, moderation status and, if deleted, when and by whom',
	properties: [
		messageIdField('The message to get'),
		onBehalfOfField(false, 'The user (UID) whose view of the message is read. Leave empty to read it as the app.'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = messageIdValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'GET',
			path: ['messages', id],
			onBehalfOf: onBehalfOfValue(this, itemIndex),
		});
		return response.data as IDataObject;
	},
};
