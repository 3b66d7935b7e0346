import type { IExecuteFunctions } from 'n8n-workflow';

import {
	ACTING_USER,
	LOCATOR_KINDS,
	locatorField,
	messageIdField,
	messageIdValue,
	onBehalfOfField,
	requiredOnBehalfOf,
} from '../../fields/common';
import { optionalTextOf, requiredId } from '../../readers/text';
import { compact } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import { confirmationOf } from '../moderation';
import type { OperationDefinition } from '../types';

/** POST /messages/{id}/flagged: see docs/cometchat-api.md, Moderation. */
export const flag: OperationDefinition = {
	value: 'flag',
	name: 'Flag',
	action: 'Flag a message',
	description: 'Report a message for moderation on behalf of a user, with a reason (then listed under Flagged Message)',
	returns: "Returns the message's id, the reasonId and CometChat's confirmation (success and message).",
	properties: [
		messageIdField('ID of the message to flag'),
		onBehalfOfField(ACTING_USER.actAs, true, 'The user (UID) who flags the message. CometChat requires it.'),
		locatorField(LOCATOR_KINDS.reason, {
			name: 'reasonId',
			displayName: 'Reason',
			required: true,
			description: 'Why the message is flagged (see Moderation Reason → Get Many)',
		}),
		{
			displayName: 'Remark',
			name: 'remark',
			type: 'string',
			default: '',
			placeholder: 'e.g. Repeated insults after a warning',
			description: "The flagging user's note for the moderators",
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = messageIdValue(this, itemIndex);
		const onBehalfOf = requiredOnBehalfOf(this, itemIndex, ACTING_USER.actAs);
		const reasonId = requiredId(this, itemIndex, 'reasonId', 'Reason');
		// The newest published body is {id}; an earlier one took {reasonId, remark}. Both are sent,
		// so the service finds the reason under either name (docs/cometchat-api.md, Moderation).
		const remark = optionalTextOf(this, itemIndex, 'Remark', this.getNodeParameter('remark', itemIndex, ''));
		const body = compact({ id: reasonId, reasonId, remark });
		const response = await cometChatRequest.call(this, {
			method: 'POST',
			path: ['messages', id, 'flagged'],
			body,
			onBehalfOf,
		});
		return { id, reasonId, ...confirmationOf(response) };
	},
};
