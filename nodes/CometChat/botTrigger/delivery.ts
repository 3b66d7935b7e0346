import type { IDataObject } from 'n8n-workflow';

/** How many message ids the trigger remembers to drop a redelivery. */
export const SEEN_IDS_KEPT = 200;

/** What the Bot Trigger keeps in the node's static data (never output, never logged). */
export interface BotTriggerState extends IDataObject {
	/** The bot this state belongs to. */
	bot?: string;
	/** The webhook URL the bot was pointed at. */
	webhookUrl?: string;
	/** The Basic Auth pair generated for the bot. */
	username?: string;
	password?: string;
	/** Ids of the messages emitted most recently, oldest first (at most SEEN_IDS_KEPT). */
	seen?: string[];
}

/**
 * Whether an `Authorization` header holds exactly this Basic Auth pair. Compared in full, with no
 * early exit on the first differing character.
 */
export function basicAuthMatches(header: unknown, username: string, password: string): boolean {
	if (typeof header !== 'string' || !/^Basic\s+/i.test(header)) return false;
	const given = Buffer.from(header.replace(/^Basic\s+/i, '').trim(), 'base64').toString('utf8');
	const expected = `${username}:${password}`;
	let difference = given.length ^ expected.length;
	for (let index = 0; index < expected.length; index++) {
		difference |= (given.charCodeAt(index) || 0) ^ expected.charCodeAt(index);
	}
	return difference === 0;
}

/**
 * The message of a bot delivery: CometChat's documented bot payload puts it directly under `data`
 * (`{trigger: 'after_message', data: <message>}`); the app webhooks' shape has it under
 * `data.message`. Both are read. Undefined when the body holds no message.
 */
export function messageOf(body: IDataObject): IDataObject | undefined {
	const data = body.data as IDataObject | undefined;
	if (!data || typeof data !== 'object') return undefined;
	const nested = data.message as IDataObject | undefined;
	const message = nested && typeof nested === 'object' && nested.id !== undefined ? nested : data;
	return message.id !== undefined ? message : undefined;
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
			receiver: message.receiverType === 'group' ? { guid: message.receiver, name: receiverEntity?.name } : { uid: message.receiver, name: receiverEntity?.name },
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

/** Remembers `id`; answers false when it was already seen (a redelivery). Keeps the newest SEEN_IDS_KEPT. */
export function rememberMessage(state: BotTriggerState, id: string): boolean {
	const seen = state.seen ?? [];
	if (seen.includes(id)) return false;
	seen.push(id);
	if (seen.length > SEEN_IDS_KEPT) seen.splice(0, seen.length - SEEN_IDS_KEPT);
	state.seen = seen;
	return true;
}
