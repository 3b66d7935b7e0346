import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { tagsField } from '../../fields/common';
import { fieldError } from '../../readers/fieldErrors';
import { tagsOf } from '../../readers/lists';
import { guidOf, optionalTextOf, requiredId, uidOf } from '../../readers/text';
import { compact, messageTextOf, optionOf, parseJsonObject, readOption } from '../../readers/values';
import type { EntityImport, OperationDefinition } from '../types';
import { importOneItem, importReturns } from './batches';
import { detailsOf, GROUP_DETAILS, jsonField, requiredTimeOf, timeField, timeOf, USER_DETAILS } from './fields';

const RECEIVER_TYPES = ['user', 'group'] as const;
const CATEGORIES = ['message', 'custom'] as const;
/** The published enum of `type`; a custom message's type is free text (its description says so). */
const MESSAGE_TYPES = ['text', 'image', 'file', 'audio', 'video'] as const;
const ATTACHMENT_FIELDS = ['url', 'name', 'mimeType', 'extension'] as const;

const messages: EntityImport = {
	endpoint: 'messages',
	noun: 'message',
	idLabel: 'MUID',
	read(context: IExecuteFunctions, itemIndex: number) {
		const fields = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const muid = requiredId(
			context,
			itemIndex,
			'muid',
			'MUID',
			"Enter the message's unique ID from the system the import comes from, e.g. {{ $json.id }}.",
		);
		const receiverType = readOption(context, itemIndex, 'receiverType', 'Receiver Type', RECEIVER_TYPES, 'user');
		const receiver = requiredId(context, itemIndex, 'receiver', 'Receiver', 'Enter the UID or GUID the message was sent to.');
		const category = fields.category === undefined ? 'message' : optionOf(context, itemIndex, 'Category', fields.category, CATEGORIES);
		const text = fields.text === undefined || fields.text === '' ? undefined : messageTextOf(context, itemIndex, 'Text', fields.text);
		const entity = compact({
			muid,
			sender: uidOf(context, itemIndex, 'Sender', requiredId(context, itemIndex, 'sender', 'Sender', 'Enter the UID of the sender.')),
			receiverType,
			receiver:
				receiverType === 'group' ? guidOf(context, itemIndex, 'Receiver', receiver) : uidOf(context, itemIndex, 'Receiver', receiver),
			category,
			type: typeOf(context, itemIndex, category, fields.type),
			data: compact({
				text,
				customData: parseJsonObject(context, itemIndex, fields.customData, 'Custom Data (JSON)'),
				attachments: attachmentsOf(context, itemIndex, fields.attachments),
				metadata: parseJsonObject(context, itemIndex, fields.metadata, 'Metadata (JSON)'),
			}),
			tags: tagsOf(context, itemIndex, 'Tags', fields.tags),
			sentAt: requiredTimeOf(context, itemIndex, 'Sent At', context.getNodeParameter('sentAt', itemIndex, '')),
			deliveredAt: timeOf(context, itemIndex, 'Delivered At', fields.deliveredAt),
			readAt: timeOf(context, itemIndex, 'Read At', fields.readAt),
			senderUserDetails: detailsOf(context, itemIndex, 'Sender Details (JSON)', fields.senderUserDetails, USER_DETAILS),
			receiverUserDetails: detailsOf(context, itemIndex, 'Receiver User Details (JSON)', fields.receiverUserDetails, USER_DETAILS),
			receiverGroupDetails: detailsOf(context, itemIndex, 'Receiver Group Details (JSON)', fields.receiverGroupDetails, GROUP_DETAILS),
			receiverGroupOwnerDetails: detailsOf(
				context,
				itemIndex,
				'Receiver Group Owner Details (JSON)',
				fields.receiverGroupOwnerDetails,
				USER_DETAILS,
			),
			mentionedUserDetails: parseJsonObject(context, itemIndex, fields.mentionedUserDetails, 'Mentioned Users (JSON)'),
		});
		return { id: muid, entity };
	},
};

/** A message's type: one of the published enum, or free text for a custom message. */
function typeOf(context: IExecuteFunctions, itemIndex: number, category: string, value: unknown): string {
	if (value === undefined || value === '') return 'text';
	if (category === 'message') return optionOf(context, itemIndex, 'Type', value, MESSAGE_TYPES);
	return optionalTextOf(context, itemIndex, 'Type', value) ?? 'text';
}

/** Attachments: a JSON list of objects, each with the fields the published schema requires; `size` is sent as text, as declared. */
function attachmentsOf(context: IExecuteFunctions, itemIndex: number, value: unknown): IDataObject[] | undefined {
	const label = 'Attachments (JSON)';
	let parsed: unknown = value;
	if (value === undefined || value === null || value === '') return undefined;
	const howToFix = `Give '${label}' as a list of objects with url, name, mimeType and extension, e.g. [{"url": "https://example.com/a.png", "name": "a.png", "mimeType": "image/png", "extension": "png"}].`;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw fieldError(context, itemIndex, label, `is not valid JSON (${(error as Error).message})`, howToFix);
		}
	}
	if (!Array.isArray(parsed)) throw fieldError(context, itemIndex, label, 'must be a JSON list', howToFix);
	return parsed.map((entry: unknown, index) => {
		const attachment = entry as IDataObject;
		const missing =
			typeof entry !== 'object' || entry === null || Array.isArray(entry)
				? ['an object']
				: ATTACHMENT_FIELDS.filter((key) => typeof attachment[key] !== 'string' || (attachment[key] as string).trim() === '');
		if (missing.length > 0)
			throw fieldError(context, itemIndex, label, `has an entry ${index + 1} without ${missing.join(', ')}`, howToFix);
		return attachment.size === undefined ? attachment : { ...attachment, size: String(attachment.size) };
	});
}

export const importMessages: OperationDefinition = {
	value: 'importMessages',
	name: 'Import Messages',
	action: 'Import messages',
	description: 'Import messages with their original times, 50 to a request in item order; a MUID imported before is reported so',
	returns: importReturns('its MUID'),
	entityImport: messages,
	properties: [
		{
			displayName: 'MUID',
			name: 'muid',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 3118',
			description: "The message's unique ID in the system the import comes from; a second import of it is refused",
		},
		{
			displayName: 'Sender',
			name: 'sender',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. cometchat-uid-1',
			description: 'UID of the user who sent the message',
		},
		{
			displayName: 'Receiver Type',
			name: 'receiverType',
			type: 'options',
			required: true,
			options: [
				{ name: 'User', value: 'user' },
				{ name: 'Group', value: 'group' },
			],
			default: 'user',
			description: 'Whether the message went to a user or to a group',
		},
		{
			displayName: 'Receiver',
			name: 'receiver',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. cometchat-uid-2',
			description: 'UID of the user, or GUID of the group, the message was sent to',
		},
		timeField('sentAt', 'Sent At', 'When the message was sent', true),
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				jsonField(
					'attachments',
					'Attachments (JSON)',
					'Files of the message: a list of objects with url, name, mimeType and extension (size optional). CometChat downloads each URL.',
					'[{"url": "https://example.com/a.png", "name": "a.png", "mimeType": "image/png", "extension": "png"}]',
				),
				{
					displayName: 'Category',
					name: 'category',
					type: 'options',
					options: [
						{ name: 'Message', value: 'message' },
						{ name: 'Custom', value: 'custom' },
					],
					default: 'message',
					description: 'A standard message, or a custom one whose Type is free text',
				},
				jsonField('customData', 'Custom Data (JSON)', 'The data of a custom message', '{"latitude": 51.5}'),
				timeField('deliveredAt', 'Delivered At', 'When the message was delivered'),
				jsonField(
					'mentionedUserDetails',
					'Mentioned Users (JSON)',
					'The users the text mentions as <@uid:UID>, keyed by UID',
					'{"ada": {"uid": "ada", "name": "Ada Lovelace"}}',
				),
				jsonField('metadata', 'Metadata (JSON)', 'Free JSON stored with the message', '{"source": "legacy-chat"}'),
				timeField('readAt', 'Read At', 'When the message was read'),
				jsonField(
					'receiverGroupDetails',
					'Receiver Group Details (JSON)',
					'The receiving group to create when not imported yet: at least "guid", "name" and "type"',
					'{"guid": "support", "name": "Support", "type": "public"}',
				),
				jsonField(
					'receiverGroupOwnerDetails',
					'Receiver Group Owner Details (JSON)',
					'The receiving group\'s owner to create when not imported yet: at least "uid" and "name"',
					'{"uid": "ada", "name": "Ada Lovelace"}',
				),
				jsonField(
					'receiverUserDetails',
					'Receiver User Details (JSON)',
					'The receiving user to create when not imported yet: at least "uid" and "name"',
					'{"uid": "alan", "name": "Alan Turing"}',
				),
				jsonField(
					'senderUserDetails',
					'Sender Details (JSON)',
					'The sender to create when not imported yet: at least "uid" and "name"',
					'{"uid": "ada", "name": "Ada Lovelace"}',
				),
				tagsField,
				{
					displayName: 'Text',
					name: 'text',
					type: 'string',
					default: '',
					placeholder: 'e.g. Hello!',
					description: 'The text of the message',
				},
				{
					displayName: 'Type',
					name: 'type',
					type: 'string',
					default: 'text',
					placeholder: 'e.g. text',
					description: 'Text, image, file, audio or video; any text for a custom message',
				},
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		return await importOneItem(this, itemIndex, messages);
	},
};
