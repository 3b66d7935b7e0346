import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { LOCATOR_KINDS, locatorField, metadataField, tagsField } from '../../fields/common';
import { optionalEpochSecondsOf } from '../../readers/dates';
import { tagsOf } from '../../readers/lists';
import { optionalTextOf, readRequiredText, requiredGuid, requiredUid } from '../../readers/text';
import { compact, messageTextOf, metadataOf, readOption } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import { receiverLocatorFields } from '../message/delivery';
import type { OperationDefinition } from '../types';

const RECEIVER_TYPES = ['group', 'user'] as const;

/**
 * The receiver fields are not `required`: with Receiver Type from an expression n8n would count
 * both as shown; the operation checks the one it uses (as Message → Send does).
 */
const properties: INodeProperties[] = [
	{
		...locatorField(LOCATOR_KINDS.user, {
			name: 'sender',
			displayName: 'Sender',
			required: true,
			description: 'The user who sends the message',
		}),
	},
	{
		displayName: 'Receiver Type',
		name: 'receiverType',
		type: 'options',
		options: [
			{ name: 'Group', value: 'group', description: 'The members of one group' },
			{ name: 'User', value: 'user', description: 'One user, in a one-to-one conversation' },
		],
		default: 'user',
	},
	...receiverLocatorFields,
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		required: true,
		default: '',
		typeOptions: { rows: 3 },
		placeholder: 'e.g. See you tomorrow',
		description: 'The text of the message, checked against the moderation rules',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ ...metadataField, description: 'Free JSON stored with the message in data.metadata' },
			{
				displayName: 'Muid',
				name: 'muid',
				type: 'string',
				default: '',
				placeholder: 'e.g. order-4711-reminder',
				description: 'Your own unique ID for the message',
			},
			{
				displayName: 'Sent At',
				name: 'sentAt',
				type: 'dateTime',
				default: '',
				description: 'When the message counts as sent. Leave empty for now.',
			},
			{ ...tagsField, description: 'Tags of the message, separated by commas, or an array from an expression' },
		],
	},
];

/** POST /moderation/messages (docs/cometchat-api.md, Moderation set-up): a text message, scanned against the rules. */
export const submit: OperationDefinition = {
	value: 'submit',
	name: 'Submit',
	action: 'Submit a message for moderation',
	description: "Send a text message through CometChat's moderation: the answer shows approved, pending or disapproved",
	returns: 'Returns the message as CometChat answers: id, sender, receiver, data with text and moderation.status, sentAt and more.',
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const sender = requiredUid(this, itemIndex, 'sender', 'Sender');
		const receiverType = readOption(this, itemIndex, 'receiverType', 'Receiver Type', RECEIVER_TYPES, 'user');
		const receiver =
			receiverType === 'group'
				? requiredGuid(this, itemIndex, 'receiverGuid', 'Receiver Group')
				: requiredUid(this, itemIndex, 'receiverUid', 'Receiver User');
		const text = messageTextOf(
			this,
			itemIndex,
			'Text',
			readRequiredText(this, itemIndex, 'text', 'Text', 'Enter the text of the message.'),
		);
		const options = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const tags = tagsOf(this, itemIndex, 'Tags', options.tags);
		const body = compact({
			sender,
			receiver,
			receiverType,
			category: 'message',
			type: 'text',
			data: compact({ text, metadata: metadataOf(this, itemIndex, 'Metadata (JSON)', options.metadata) }),
			muid: optionalTextOf(this, itemIndex, 'Muid', options.muid),
			tags,
			sentAt: optionalEpochSecondsOf(this, itemIndex, 'Sent At', options.sentAt),
		});
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['moderation', 'messages'], body });
		return response.data as IDataObject;
	},
};
