import type { IDataObject } from 'n8n-workflow';

import { deliveryKeyOf } from '../delivery/keys';
import { isRecord } from '../helpers/records';
import type { ReadDelivery } from '../delivery/receive';

/** What the Bot Trigger keeps in the node's static data (never output, never logged). */
export interface BotTriggerState extends IDataObject {
	/** The bot this state belongs to. */
	bot?: string;
	/** The webhook URL the bot was pointed at. */
	webhookUrl?: string;
	/** The Basic Auth pair generated for the bot. */
	username?: string;
	password?: string;
}

/**
 * The message of a bot delivery: CometChat's documented bot payload puts it directly under `data`
 * (`{trigger: 'after_message', data: <message>}`); the app webhooks' shape has it under
 * `data.message`. Both are read. Undefined when the body holds no message.
 */
export function messageOf(body: IDataObject): IDataObject | undefined {
	const data = body.data;
	if (!isRecord(data)) return undefined;
	const message = isRecord(data.message) && hasId(data.message) ? data.message : data;
	return hasId(message) ? message : undefined;
}

function hasId(message: IDataObject): boolean {
	return (typeof message.id === 'string' && message.id !== '') || typeof message.id === 'number';
}

function entityOf(message: IDataObject, role: 'sender' | 'receiver'): IDataObject | undefined {
	const entities = (message.data as IDataObject | undefined)?.entities as IDataObject | undefined;
	return ((entities?.[role] as IDataObject | undefined)?.entity as IDataObject | undefined) ?? undefined;
}

/** The item the trigger emits for one delivered message. */
export function botEventItem(body: IDataObject, message: IDataObject, bot: string, includeRaw: boolean): IDataObject {
	const data = (message.data ?? {}) as IDataObject;
	const senderEntity = entityOf(message, 'sender');
	const receiverEntity = entityOf(message, 'receiver');
	const item: IDataObject = {
		event: typeof body.trigger === 'string' ? body.trigger : 'after_message',
		bot,
		message: {
			id: String(message.id),
			conversationId: message.conversationId,
			text: typeof data.text === 'string' ? data.text : undefined,
			category: message.category,
			type: message.type,
			sender: {
				uid: message.sender,
				name: senderEntity?.name,
			},
			receiver:
				message.receiverType === 'group'
					? { guid: message.receiver, name: receiverEntity?.name }
					: { uid: message.receiver, name: receiverEntity?.name },
			receiverType: message.receiverType,
			sentAt: message.sentAt,
			parentId: message.parentId,
			metadata: data.metadata,
			attachments: data.attachments,
			customData: data.customData,
			tags: message.tags,
		},
	};
	if (includeRaw) item.raw = body;
	return dropUndefined(item);
}

function dropUndefined(value: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [key, inner] of Object.entries(value)) {
		if (inner === undefined) continue;
		out[key] = inner && typeof inner === 'object' && !Array.isArray(inner) ? dropUndefined(inner as IDataObject) : inner;
	}
	return out;
}

/**
 * A bot delivery read for the shared receiver: the message's id is the key (in either shape, so a
 * redelivery in the other shape is the same event), remembered as long as any id.
 */
export function readBotDelivery(body: IDataObject, bot: string, includeRaw: boolean): ReadDelivery {
	const message = messageOf(body);
	if (!message) return { refuse: 'Not a CometChat bot delivery: data must hold a message with an id' };
	return {
		key: deliveryKeyOf(bot, 'message', { id: String(message.id) }, ['id']),
		item: botEventItem(body, message, bot, includeRaw),
	};
}
