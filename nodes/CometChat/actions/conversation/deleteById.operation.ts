import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { conversationIdField, conversationIdValue } from './conversationId';

/** DELETE /conversations/{conversationId}, published as deprecated: see docs/cometchat-api.md, Conversations. */
export const deleteById: OperationDefinition = {
	value: 'deleteById',
	name: 'Delete by ID (Deprecated)',
	action: 'Delete a conversation by its ID (deprecated)',
	description: 'Deprecated by CometChat: use Reset, which names the conversation by its user or group',
	returns: "Returns CometChat's success and message.",
	properties: [conversationIdField(), onBehalfOfField(ACTING_USER.actAs, true, 'The user (UID) whose view of the conversation it is')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const conversationId = conversationIdValue(this, itemIndex);
		const onBehalfOf = requiredOnBehalfOf(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, { method: 'DELETE', path: ['conversations', conversationId], onBehalfOf });
		return response.data as IDataObject | IDataObject[];
	},
};
