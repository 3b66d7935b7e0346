import type { IDataObject } from 'n8n-workflow';

import { withIsoTimes } from '../../fields/lists';
import { compact } from '../../readers/values';

/**
 * The fields a simplified blocked message has (Simplify, and the trigger's output, which
 * adds `event`): at most 10 in all, as n8n's guidelines ask. The receiver's type and the message's
 * type stay in the raw record.
 */
export const SIMPLIFIED_BLOCKED_MESSAGE_FIELDS = [
	'id',
	'sender',
	'receiver',
	'text',
	'status',
	'ruleId',
	'ruleName',
	'action',
	'createdAt',
];

/**
 * What a moderation list says of the message a record is about (blocked, reviewed): its id, sender,
 * receiver, text and moderation status, then the rule that held it.
 */
export function moderatedMessageHead(message: IDataObject, record: IDataObject): IDataObject {
	const data = (message.data ?? {}) as IDataObject;
	const moderation = (data.moderation ?? {}) as IDataObject;
	return {
		id: message.id,
		sender: message.sender,
		receiver: message.receiver,
		text: data.text,
		status: moderation.status,
		ruleId: record.ruleId,
		ruleName: record.ruleName,
	};
}

/**
 * A blocked-message record (docs/cometchat-api.md, Moderation) in short: the message's id, sender,
 * receiver and text, its moderation status, and the rule that blocked it.
 */
export function simplifyBlockedMessage(record: IDataObject): IDataObject {
	return withIsoTimes(
		compact({
			...moderatedMessageHead((record.message ?? {}) as IDataObject, record),
			action: record.action,
			createdAt: record.createdAt,
		}),
	);
}
