import type { IDataObject } from 'n8n-workflow';

import { withIsoTimes } from '../../fields/lists';
import { compact } from '../../readers/values';

/** The 10 fields of a simplified message (Simplify): `category` is left out, `type` says the kind. */
export const SIMPLIFIED_MESSAGE_FIELDS = [
	'id',
	'parentId',
	'sender',
	'receiverType',
	'receiver',
	'type',
	'text',
	'status',
	'sentAt',
	'deletedAt',
];

/**
 * What every short message starts with: its id, its thread's parent (where it is a reply), who sent
 * it and to whom.
 */
export function messageHead(message: IDataObject): IDataObject {
	return {
		id: message.id,
		parentId: message.parentId,
		sender: message.sender,
		receiverType: message.receiverType,
		receiver: message.receiver,
	};
}

/** A message's `data`, and the moderation status inside it. */
function contentOf(message: IDataObject): { data: IDataObject; moderation: IDataObject } {
	const data = (message.data ?? {}) as IDataObject;
	return { data, moderation: (data.moderation ?? {}) as IDataObject };
}

/** A message (docs/cometchat-api.md, Messages) in short: ids, parties, kind, text, moderation status, and when deleted. */
export function simplifyMessage(message: IDataObject): IDataObject {
	const { data, moderation } = contentOf(message);
	return withIsoTimes(
		compact({
			...messageHead(message),
			type: message.type,
			text: data.text,
			status: moderation.status,
			sentAt: message.sentAt,
			deletedAt: message.deletedAt,
		}),
	);
}

/**
 * The fields of a sent message with Simplify (Send, Send as Bot, Send Form): who sent what to whom,
 * its moderation status and time. The content is one of text, attachments, custom data or a form's
 * title, whichever the message has.
 */
export const SIMPLIFIED_SENT_MESSAGE_FIELDS = [
	'id',
	'parentId',
	'sender',
	'receiverType',
	'receiver',
	'category',
	'type',
	'text, attachments, customData or formTitle',
	'status',
	'sentAt',
];

/**
 * A message as a send answers it, in short; `appliedByEarlierAttempt` stays, since it says the message
 * was found sent rather than sent now. A receiver refused among several (`{receiverType, receiver,
 * error}`) is already short and stays as it is.
 */
export function simplifySentMessage(message: IDataObject): IDataObject {
	if (message.id === undefined && message.error !== undefined) return message;
	const { data, moderation } = contentOf(message);
	const form = (data.interactiveData ?? {}) as IDataObject;
	return withIsoTimes(
		compact({
			...messageHead(message),
			category: message.category,
			type: message.type,
			text: data.text,
			attachments: data.attachments,
			customData: data.customData,
			formTitle: form.title,
			status: moderation.status,
			sentAt: message.sentAt,
			appliedByEarlierAttempt: message.appliedByEarlierAttempt,
		}),
	);
}
