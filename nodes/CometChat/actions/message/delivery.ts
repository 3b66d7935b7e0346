import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	ACTING_USER,
	LOCATOR_KINDS,
	locatorField,
	metadataField,
	onBehalfOfField,
	requiredOnBehalfOf,
	tagsField,
} from '../../fields/common';
import { inputError } from '../../readers/fieldErrors';
import { guidListOf, tagsOf, uidListOf } from '../../readers/lists';
import { optionalMessageIdOf, optionalTextOf, requiredGuid, requiredUid } from '../../readers/text';
import { compact, metadataOf, readBoolean, readOption } from '../../readers/values';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import { muidFor, sentMessageLookup } from './muid';
import { SIMPLIFIED_SENT_MESSAGE_FIELDS, simplifySentMessage } from './simplify';

/** The receiver of one user or one group, shown by Receiver Type (`user` or `group`). */
export const receiverLocatorFields: INodeProperties[] = [
	{
		...locatorField(LOCATOR_KINDS.user, {
			name: 'receiverUid',
			displayName: 'Receiver User',
			description: 'The user who receives the message',
		}),
		displayOptions: { show: { receiverType: ['user'] } },
	},
	{
		...locatorField(LOCATOR_KINDS.group, {
			name: 'receiverGuid',
			displayName: 'Receiver Group',
			description: 'The group that receives the message',
		}),
		displayOptions: { show: { receiverType: ['group'] } },
	},
];

/**
 * Who sends a message and to whom: the fields Send and Send Form share (docs/cometchat-api.md, Messages). "Several Users
 * and Groups" sends one message to each, through the body's `multipleReceivers`. The receiver
 * fields are not `required`: with Receiver Type from an expression n8n would count both as shown
 * and refuse to start the workflow while one is empty; the operation checks the one it uses.
 */
export const senderAndReceiverFields: INodeProperties[] = [
	onBehalfOfField(ACTING_USER.sender, true, 'The user (UID) who sends the message. CometChat requires it.'),
	{
		displayName: 'Receiver Type',
		name: 'receiverType',
		type: 'options',
		options: [
			{ name: 'Group', value: 'group', description: 'The members of one group' },
			{
				name: 'Several Users and Groups',
				value: 'multiple',
				description: 'One message to each of several users and groups (multipleReceivers)',
			},
			{ name: 'User', value: 'user', description: 'One user, in a one-to-one conversation' },
		],
		default: 'user',
	},
	...receiverLocatorFields,
	{
		displayName: 'Receiver UIDs',
		name: 'receiverUids',
		type: 'string',
		default: '',
		placeholder: 'e.g. cometchat-uid-1, cometchat-uid-2',
		description: 'Users who each receive the message: UIDs separated by commas, or an array from an expression',
		displayOptions: { show: { receiverType: ['multiple'] } },
	},
	{
		displayName: 'Receiver GUIDs',
		name: 'receiverGuids',
		type: 'string',
		default: '',
		placeholder: 'e.g. cometchat-guid-1',
		description: 'Groups that each receive the message: GUIDs separated by commas, or an array from an expression',
		displayOptions: { show: { receiverType: ['multiple'] } },
	},
];

/** Optional members of a send body that are not part of `data`. */
export const deliveryOptionsField: INodeProperties = {
	displayName: 'Additional Fields',
	name: 'additionalFields',
	type: 'collection',
	placeholder: 'Add Field',
	default: {},
	options: [
		{
			...metadataField,
			description: 'Free JSON stored with the message in data.metadata',
		},
		{
			displayName: 'Muid',
			name: 'muid',
			type: 'string',
			default: '',
			placeholder: 'e.g. order-4711-reminder',
			description:
				'Your own unique ID for the message, e.g. to recognise it in webhooks. Left empty, the node gives one, by which a send whose answer was lost is found instead of sent twice.',
		},
		{
			displayName: 'Quoted Message ID',
			name: 'quotedMessageId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 1234',
			description: 'ID of a message this one quotes; the output then carries the quoted message',
		},
		{ ...tagsField, description: 'Tags of the message, separated by commas, or an array from an expression' },
	],
};

/**
 * Simplify of Send, Send as Bot and Send Form. Off by default, unlike the lists' Simplify: n8n fills a
 * parameter a saved workflow lacks with its default, so a default of on would change the output of
 * every send saved before it. (On by default needs a new node version, whose saved nodes have it.)
 */
export const sentMessageSimplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description: `Whether to return the sent message in short (${SIMPLIFIED_SENT_MESSAGE_FIELDS.join(', ')}) instead of the raw data. Its time also comes as ISO 8601 (sentAtIso).`,
};

/** Sends as sendMessage does; with Simplify on (read before sending), each message sent comes out in short. */
export async function sendAndShape(
	context: IExecuteFunctions,
	itemIndex: number,
	message: Parameters<typeof sendMessage>[2],
): Promise<IDataObject | IDataObject[]> {
	const simplify = readBoolean(context, itemIndex, 'simplify', 'Simplify', false);
	const sent = await sendMessage(context, itemIndex, message);
	if (!simplify) return sent;
	return Array.isArray(sent) ? sent.map(simplifySentMessage) : simplifySentMessage(sent);
}

const RECEIVER_TYPES = ['group', 'multiple', 'user'] as const;

/** The receiver members of the send body, from the Receiver fields. */
function receiverBody(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const receiverType = readOption(context, itemIndex, 'receiverType', 'Receiver Type', RECEIVER_TYPES, 'user');
	if (receiverType === 'group') return { receiver: requiredGuid(context, itemIndex, 'receiverGuid', 'Receiver Group'), receiverType };
	if (receiverType === 'user') return { receiver: requiredUid(context, itemIndex, 'receiverUid', 'Receiver User'), receiverType };
	const uids = uidListOf(context, itemIndex, 'Receiver UIDs', context.getNodeParameter('receiverUids', itemIndex, ''));
	const guids = guidListOf(context, itemIndex, 'Receiver GUIDs', context.getNodeParameter('receiverGuids', itemIndex, ''));
	if (uids.length + guids.length === 0) {
		throw inputError(
			context,
			itemIndex,
			"No receivers were given: 'Receiver UIDs' and 'Receiver GUIDs' are both empty",
			"Enter at least one UID in 'Receiver UIDs' or one GUID in 'Receiver GUIDs', separated by commas.",
		);
	}
	return { multipleReceivers: compact({ uids, guids }) };
}

/**
 * POST /messages on behalf of the sender, POST /messages/{parentId}/thread for a reply in the
 * thread of `parentId`, or POST /bots/{bot}/messages as the bot `bot` (the same body). Answers the sent message; with several receivers, one
 * output item per receiver: the message sent to it, or `{receiverType, receiver, error}` for a
 * receiver the service refused (the others are still sent).
 */
export async function sendMessage(
	context: IExecuteFunctions,
	itemIndex: number,
	message: { category: string; type: string; data: IDataObject; parentId?: string; bot?: string },
): Promise<IDataObject | IDataObject[]> {
	// A bot's message is sent by the bot (POST /bots/{uid}/messages), with no onBehalfOf.
	const onBehalfOf = message.bot === undefined ? requiredOnBehalfOf(context, itemIndex, ACTING_USER.sender) : undefined;
	const receiver = receiverBody(context, itemIndex);
	const options = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const metadata = metadataOf(context, itemIndex, 'Metadata (JSON)', options.metadata);
	const data = { ...message.data };
	if (metadata && Object.keys(metadata).length > 0) {
		data.metadata = { ...((data.metadata as IDataObject | undefined) ?? {}), ...metadata };
	}
	const body: IDataObject = {
		...receiver,
		category: message.category,
		type: message.type,
		data,
		muid: optionalTextOf(context, itemIndex, 'Muid', options.muid) ?? muidFor(context, itemIndex),
		...compact({
			quotedMessageId: optionalMessageIdOf(context, itemIndex, 'Quoted Message ID', options.quotedMessageId),
			tags: tagsOf(context, itemIndex, 'Tags', options.tags),
		}),
	};
	const path =
		message.bot !== undefined
			? ['bots', message.bot, 'messages']
			: message.parentId
				? ['messages', message.parentId, 'thread']
				: ['messages'];
	// The sender, whose messages the lookup after a lost answer lists (actions/message/muid.ts).
	const sender = message.bot ?? (onBehalfOf as string);
	const findApplied = sentMessageLookup(context, { sender, body, parentId: message.parentId || undefined, since: Date.now() });
	const response = await cometChatRequest.call(context, { method: 'POST', path, body, onBehalfOf, findApplied });
	const answer = (response.data ?? {}) as IDataObject;
	const applied = appliedEarlier(response);
	if (!receiver.multipleReceivers) return { ...answer, ...applied };
	return [...perReceiver(answer.uids, 'user', applied), ...perReceiver(answer.guids, 'group', applied)];
}

function perReceiver(answers: unknown, receiverType: string, applied: IDataObject): IDataObject[] {
	return Object.entries((answers ?? {}) as Record<string, IDataObject>).map(([receiver, answer]) =>
		answer && typeof answer === 'object' && 'error' in answer && !('id' in answer)
			? { receiverType, receiver, error: answer.error }
			: { ...answer, ...applied },
	);
}
