/**
 * Bots: a bot is an existing user with a webhook. While enabled, the messages it receives (one-to-one
 * always, group messages per `groupChatSetting`) are relayed to its `webhookURL` through the
 * deliverer (core/delivery.ts). See docs/cometchat-api.md, Bots.
 */
import type { App } from '../../core/app';
import { Deliverer } from '../../core/delivery';
import type { Details } from '../../core/errors';
import { addDetail, ApiError, validationError } from '../../core/errors';
import type { Json } from '../../core/validation';
import type { Groups } from '../groups/collection';
import type { Message, Messages } from '../messages/collection';
import { messageOut } from '../messages/views';
import type { Users } from '../users/collection';

/** How many bots an app may have. */
export const MAX_BOTS = 25;
export const GROUP_CHAT_SETTINGS = ['allMessages', 'slashedMessages', 'mentionedMessages', 'none'] as const;
export type GroupChatSetting = (typeof GROUP_CHAT_SETTINGS)[number];

export interface Bot {
	uid: string;
	webhookURL: string;
	groupChatSetting: GroupChatSetting;
	useBasicAuth: boolean;
	username?: string;
	password?: string;
	enabled: boolean;
	createdAt: number;
	updatedAt?: number;
}

const LIMITS = { uid: 50, webhookURL: 255, username: 50, password: 50 };

/** The field checks of a create or update body (the published constraints). */
function checkBotFields(body: Json, details: Details): void {
	// An update may clear the URL with '' (the bot then relays nothing).
	if (body.webhookURL !== undefined && body.webhookURL !== '') {
		if (
			typeof body.webhookURL !== 'string' ||
			body.webhookURL.length > LIMITS.webhookURL ||
			!/^https?:\/\/[^\s]+$/i.test(body.webhookURL)
		) {
			addDetail(details, 'webhookURL', `The webhookURL must be a valid URL of at most ${LIMITS.webhookURL} characters.`);
		}
	}
	for (const k of ['username', 'password'] as const) {
		if (body[k] !== undefined && (typeof body[k] !== 'string' || body[k].length > LIMITS[k])) {
			addDetail(details, k, `The ${k} must be a string of at most ${LIMITS[k]} characters.`);
		}
	}
}

export class Bots {
	byId!: Map<string, Bot>;
	/** Posts the relayed messages; startEmulator sets its timeout and retry delays. */
	deliverer = new Deliverer();

	constructor(
		private readonly app: App,
		private readonly users: Users,
		private readonly groups: Groups,
		private readonly messages: Messages,
	) {
		this.reset();
		messages.listeners.add((m) => this.relay(m));
	}

	reset(): void {
		this.byId = new Map();
	}

	require(uid: string): Bot {
		const b = this.byId.get(String(uid).toLowerCase());
		if (!b) throw new ApiError('ERR_BOT_NOT_FOUND', `The bot with UID ${uid} does not exist.`, { details: { uid } });
		return b;
	}

	/** POST /bots: the uid must be an existing user; credentials are kept only with useBasicAuth. */
	add(body: Json): Bot {
		const details: Details = {};
		if (typeof body.uid !== 'string' || body.uid === '' || body.uid.length > LIMITS.uid)
			addDetail(details, 'uid', `The uid is required, at most ${LIMITS.uid} characters.`);
		if (typeof body.webhookURL !== 'string' || body.webhookURL === '') addDetail(details, 'webhookURL', 'The webhookURL is required.');
		checkBotFields(body, details);
		if (Object.keys(details).length) throw validationError(details);
		const uid = body.uid.toLowerCase();
		this.users.require(uid);
		if (this.byId.has(uid)) throw new ApiError('ERR_BOT_ALREADY_EXISTS', `The bot with UID ${uid} already exists.`, { details: { uid } });
		if (this.byId.size >= MAX_BOTS) {
			throw new ApiError('ERR_BOTS_LIMIT_EXCEEDED', `An app can have at most ${MAX_BOTS} bots.`, { details: { limit: MAX_BOTS } });
		}
		const useBasicAuth = body.useBasicAuth === true;
		const bot: Bot = {
			uid,
			webhookURL: body.webhookURL,
			groupChatSetting: body.groupChatSetting ?? 'none',
			useBasicAuth,
			enabled: body.enabled === true,
			createdAt: typeof body.createdAt === 'number' ? body.createdAt : this.app.now(),
		};
		if (useBasicAuth) {
			if (body.username !== undefined) bot.username = body.username;
			if (body.password !== undefined) bot.password = body.password;
		}
		this.byId.set(uid, bot);
		return bot;
	}

	/** PUT /bots/{uid}: every field optional; username and password stored as sent. */
	update(uid: string, body: Json): Bot {
		const bot = this.require(uid);
		const details: Details = {};
		checkBotFields(body, details);
		if (Object.keys(details).length) throw validationError(details);
		for (const k of ['webhookURL', 'groupChatSetting', 'useBasicAuth', 'username', 'password', 'enabled'] as const) {
			if (body[k] !== undefined) (bot as unknown as Json)[k] = body[k];
		}
		bot.updatedAt = this.app.now();
		return bot;
	}

	remove(uid: string): Bot {
		const bot = this.require(uid);
		this.byId.delete(bot.uid);
		return bot;
	}

	/** Whether the bot `bot` receives `m`: one-to-one always, group messages per groupChatSetting. */
	receives(bot: Bot, m: Message): boolean {
		if (m.sender === bot.uid || m.category === 'action' || m.moderationStatus !== 'approved') return false;
		if (m.receiverType !== 'group') return m.receiver === bot.uid;
		if (!this.groups.byId.get(m.receiver)?.members.has(bot.uid)) return false;
		const text = typeof m.data.text === 'string' ? m.data.text : '';
		switch (bot.groupChatSetting) {
			case 'allMessages':
				return true;
			case 'slashedMessages':
				return text.startsWith('/');
			case 'mentionedMessages':
				return (
					text.includes(`<@uid:${bot.uid}>`) ||
					(Array.isArray(m.data.mentionedUsers) && m.data.mentionedUsers.some((u: Json) => u?.uid === bot.uid))
				);
			default:
				return false;
		}
	}

	/** Relays a stored message to every enabled bot that receives it. */
	private relay(m: Message): void {
		for (const bot of this.byId.values()) {
			if (!bot.enabled || !bot.webhookURL || !this.receives(bot, m)) continue;
			const body = {
				trigger: 'after_message',
				data: messageOut({ users: this.users, groups: this.groups, messages: this.messages }, m),
				appId: this.app.appId,
				region: 'us',
			};
			const basicAuth = bot.useBasicAuth ? { username: bot.username ?? '', password: bot.password ?? '' } : undefined;
			void this.deliverer.deliver({ url: bot.webhookURL, body, basicAuth, retryOnFailure: true });
		}
	}
}

/** A bot as the API shows it: properties whose value is empty or false are left out; the password is echoed. */
export function botOut(bot: Bot): Json {
	const out: Json = {};
	for (const [k, v] of Object.entries(bot)) if (v !== undefined && v !== '' && v !== false) out[k] = v;
	return out;
}
