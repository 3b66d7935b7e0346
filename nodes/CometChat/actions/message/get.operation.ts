import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, messageIdField, messageIdValue, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import { ItemWithFiles } from '../types';
import type { OperationDefinition } from '../types';
import { attachmentDownloader, downloadAttachmentFields } from './attachments';

/** GET /messages/{id}: see docs/cometchat-api.md, Messages. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a message',
	description: 'Get one message by ID: its text, parties, moderation status and, if deleted, when and by whom',
	returns:
		'Returns the message as CometChat answers: id, sender, receiver, type, data (text, attachments, moderation), times; with Download Attachments, its files in binary.',
	properties: [
		messageIdField('The message to get'),
		onBehalfOfField(ACTING_USER.actAs, false, 'The user (UID) whose view of the message is read. Leave empty to read it as the app.'),
		...downloadAttachmentFields,
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = messageIdValue(this, itemIndex);
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const files = attachmentDownloader(this, itemIndex);
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['messages', id], onBehalfOf });
		const message = response.data as IDataObject;
		const binary = await files?.(message);
		return binary ? new ItemWithFiles(message, binary) : message;
	},
};
