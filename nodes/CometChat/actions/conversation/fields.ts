/**
 * What the operations on one conversation share (docs/cometchat-api.md, Conversations): the
 * conversation is a user's, seen by Act As, with another user (`/users/{uid}/conversation`)
 * or in a group (`/groups/{guid}/conversation`); one operation serves both.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import {
	ACTING_USER,
	LOCATOR_KINDS,
	locatorField,
	messageIdField,
	messageIdValue,
	onBehalfOfField,
	requiredOnBehalfOf,
} from '../../fields/common';
import { fieldError } from '../../readers/fieldErrors';
import { requiredGuid, requiredUid } from '../../readers/text';
import { readOption } from '../../readers/values';
import type { CometChatResponse } from '../../transport/request';
import { cometChatRequest } from '../../transport/request';

export const CONVERSATION_KINDS = ['user', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/**
 * Conversation With, the other user or the group, and Act As (whose view of the conversation it
 * is). Conversation With may come from an expression, so the two fields it shows are not `required`
 * (n8n would count both as shown and refuse to start the workflow); `conversationTarget` checks the
 * one it uses.
 */
export function conversationFields(purpose: string): INodeProperties[] {
	return [
		{
			displayName: 'Conversation With',
			name: 'conversationWith',
			type: 'options',
			options: [
				{ name: 'Group', value: 'group', description: "The conversation of a group the user in 'Act As' is a member of" },
				{ name: 'User', value: 'user', description: "The one-to-one conversation of the user in 'Act As' with another user" },
			],
			default: 'user',
		},
		{
			...locatorField(LOCATOR_KINDS.user, {
				name: 'uid',
				displayName: 'With User',
				description: `The other user of the one-to-one conversation ${purpose}`,
			}),
			displayOptions: { show: { conversationWith: ['user'] } },
		},
		{
			...locatorField(LOCATOR_KINDS.group, {
				name: 'guid',
				displayName: 'Group',
				description: `The group whose conversation ${purpose}`,
			}),
			displayOptions: { show: { conversationWith: ['group'] } },
		},
		onBehalfOfField(
			ACTING_USER.actAs,
			true,
			"The user (UID) whose view of the conversation it is: conversations, their tags, pins and read marks are each user's own",
		),
	];
}

/** The conversation an item names: its path (`users/{uid}/conversation` or `groups/{guid}/conversation`) and Act As. */
export interface ConversationTarget {
	kind: ConversationKind;
	path: string[];
	onBehalfOf: string;
	/** How the output names the conversation: `{uid}` or `{guid}`, and `onBehalfOf`. */
	names: IDataObject;
}

/** Reads Conversation With, the user or group, and Act As, in the order the editor shows them. */
export function conversationTarget(context: IExecuteFunctions, itemIndex: number): ConversationTarget {
	const kind = readOption(context, itemIndex, 'conversationWith', 'Conversation With', CONVERSATION_KINDS, 'user');
	const id =
		kind === 'user'
			? requiredUid(context, itemIndex, 'uid', 'With User', 'Choose the other user of the conversation from the list, or enter a UID.')
			: requiredGuid(context, itemIndex, 'guid', 'Group');
	const onBehalfOf = requiredOnBehalfOf(context, itemIndex, ACTING_USER.actAs);
	const segment = kind === 'user' ? 'users' : 'groups';
	return { kind, path: [segment, id, 'conversation'], onBehalfOf, names: { [kind === 'user' ? 'uid' : 'guid']: id, onBehalfOf } };
}

/** The conversation operation's request: its path (with `extra` segments), Act As, and a body if any. */
export async function conversationRequest(
	context: IExecuteFunctions,
	target: ConversationTarget,
	method: 'GET' | 'POST' | 'PUT' | 'DELETE',
	extra: string[] = [],
	body?: IDataObject,
): Promise<CometChatResponse> {
	return await cometChatRequest.call(context, { method, path: [...target.path, ...extra], onBehalfOf: target.onBehalfOf, body });
}

/** The Message field of the marks: up to which message the conversation is marked. */
export function markMessageField(what: string): INodeProperties {
	return messageIdField(`The message up to which the conversation is marked as ${what}: a message of this conversation`);
}

/** A message ID as the marks send it: a whole number (the published body declares an integer), one JSON carries exactly. */
export function markMessageIdValue(context: IExecuteFunctions, itemIndex: number): number {
	const id = messageIdValue(context, itemIndex);
	const number = Number(id);
	if (!Number.isSafeInteger(number)) {
		throw fieldError(
			context,
			itemIndex,
			'Message',
			`holds "${id}", which is not a message ID: CometChat's message IDs are whole numbers`,
			'Give the ID of a message of this conversation, e.g. with the expression {{ $json.id }} after a step that sent or listed it.',
		);
	}
	return number;
}

/** What a conversation's record holds (Get, Get by ID), for the AI tool's description. */
export const CONVERSATION_RETURNS =
	'Returns the conversation: conversationId, conversationType, unreadMessageCount, lastMessage, conversationWith, tags and more.';

/** What Mark as Delivered, Read and Unread output, for the AI tool's description. */
export const MARK_RETURNS = "Returns uid or guid, onBehalfOf, messageId and CometChat's success and message.";
