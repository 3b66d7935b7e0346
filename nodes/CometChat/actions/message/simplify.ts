import type { IDataObject } from 'n8n-workflow';

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

/** A message (docs/cometchat-api.md, Messages) in short: ids, parties, kind, text, moderation status, and when deleted. */
export function simplifyMessage(message: IDataObject): IDataObject {
	const data = (message.data ?? {}) as IDataObject;
	const moderation = (data.moderation ?? {}) as IDataObject;
	return compact({
		id: message.id,
		parentId: message.parentId,
		sender: message.sender,
		receiverType: message.receiverType,
		receiver: message.receiver,
		type: message.type,
		text: data.text,
		status: moderation.status,
		sentAt: message.sentAt,
		deletedAt: message.deletedAt,
	});
}
