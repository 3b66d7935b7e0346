import type { App } from '../../core/app';
import { ApiError, validationError } from '../../core/errors';
import { clone, idNum } from '../../core/util';
import { isObject } from '../../core/validation';
import type { Json } from '../../core/validation';
import type { Groups } from '../groups/collection';
import type { Users } from '../users/collection';
import { userConversationId } from '../users/views';
import { MessageMarks } from './marks';
import { MediaFiles } from './media';

export interface Message {
	id: string;
	muid?: string;
	conversationId: string;
	sender: string;
	receiverType: string;
	receiver: string;
	category: string;
	type: string;
	data: Json;
	tags?: string[];
	parentId?: string;
	quotedMessageId?: string;
	sentAt: number;
	updatedAt: number;
	editedAt?: number;
	editedBy?: string;
	replyCount?: number;
	moderationStatus: string;
	/** A soft delete: when and by whom (`app_system` when no user asked). */
	deletedAt?: number;
	deletedBy?: string;
}

export interface Reaction {
	id: string;
	messageId: string;
	reaction: string;
	uid: string;
	reactedAt: number;
}

/** Messages, thread replies and reactions. */
export class Messages {
	byId!: Map<string, Message>;
	private nextId!: number;
	/** Parent id → reply ids, ascending. */
	threads!: Map<string, string[]>;
	/** Message id → reactions, ascending id. */
	reactions!: Map<string, Reaction[]>;
	private nextReactionId!: number;
	/** Pins, saves, thread subscriptions and interactions. */
	readonly marks = new MessageMarks();
	/** The files attachments link to (media.ts). */
	readonly media = new MediaFiles();
	/** Called with each stored message (bots relay them); kept across resets. */
	readonly listeners = new Set<(m: Message) => void>();

	constructor(
		private readonly app: App,
		private readonly users: Users,
		private readonly groups: Groups,
	) {
		this.reset();
	}

	reset(): void {
		this.byId = new Map();
		this.nextId = 1;
		this.threads = new Map();
		this.reactions = new Map();
		this.nextReactionId = 1;
		this.marks.reset();
		this.media.reset();
	}

	/** Seed data: `messages` (stored in id order) and `reactions`. */
	seed(data: Json): void {
		const msgs = [...(data.messages ?? [])].sort((a, b) => idNum(a.id ?? '0') - idNum(b.id ?? '0'));
		for (const m of msgs) this.add(m);
		for (const r of data.reactions ?? []) this.addReaction(r);
	}

	require(id: string): Message {
		const m = this.byId.get(id);
		if (!m) throw new ApiError('ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${id} does not exist.`, { details: { id } });
		return m;
	}

	/**
	 * Stores a message as given (no moderation run: the route does that). Sender and receiver must
	 * exist. Seeds may set `moderationStatus` (default `approved`).
	 */
	add(input: Json): Message {
		const m = this.build(input);
		if (this.byId.has(m.id)) throw new ApiError('ERR_BAD_REQUEST', `The message id ${m.id} is taken.`, { status: 409 });
		this.store(m);
		return m;
	}

	/** Builds a message record without storing it (takes an id when none is given: increasing integers as strings). */
	build(input: Json): Message {
		this.users.require(input.sender);
		const receiverType: string = input.receiverType ?? 'user';
		if (receiverType === 'group') this.groups.require(input.receiver);
		else this.users.require(input.receiver);
		if (input.parentId !== undefined) this.require(String(input.parentId));
		const id = input.id !== undefined ? String(input.id) : String(this.nextId++);
		if (/^\d+$/.test(id) && Number(id) >= this.nextId) this.nextId = Number(id) + 1;
		const sentAt: number = input.sentAt ?? this.app.now();
		const data: Json = isObject(input.data) ? clone(input.data) : {};
		delete data.entities;
		const moderationStatus: string = input.moderationStatus ?? data.moderation?.status ?? 'approved';
		delete data.moderation;
		const m: Message = {
			id,
			conversationId: receiverType === 'group' ? `group_${input.receiver}` : userConversationId(input.sender, input.receiver),
			sender: input.sender,
			receiverType,
			receiver: input.receiver,
			category: input.category ?? 'message',
			type: input.type ?? 'text',
			data,
			sentAt,
			updatedAt: input.updatedAt ?? sentAt,
			moderationStatus,
		};
		for (const k of ['muid', 'parentId', 'quotedMessageId', 'editedBy'] as const) if (input[k] !== undefined) m[k] = String(input[k]);
		if (input.editedAt !== undefined) m.editedAt = input.editedAt;
		if (input.deletedAt !== undefined) {
			m.deletedAt = input.deletedAt;
			m.deletedBy = input.deletedBy !== undefined ? String(input.deletedBy) : 'app_system';
		}
		if (input.tags !== undefined) m.tags = [...input.tags];
		return m;
	}

	/** Stores a built message; a reply joins its parent's thread. */
	store(m: Message): void {
		if (m.parentId !== undefined) {
			const parent = this.require(m.parentId);
			const list = this.threads.get(parent.id) ?? [];
			list.push(m.id);
			if (list.length > 1 && idNum(list[list.length - 2]) > idNum(m.id)) list.sort((a, b) => idNum(a) - idNum(b));
			this.threads.set(parent.id, list);
			parent.replyCount = (parent.replyCount ?? 0) + 1;
		}
		this.byId.set(m.id, m);
		for (const listener of this.listeners) listener(m);
	}

	/** Takes the next message id, e.g. for an action message that is answered but not listed. */
	nextMessageId(): string {
		return String(this.nextId++);
	}

	/** Every message (replies included), oldest first: ascending numeric id. */
	list(): Message[] {
		const all = [...this.byId.values()];
		for (let i = 1; i < all.length; i++) {
			if (idNum(all[i - 1].id) > idNum(all[i].id)) return all.sort((a, b) => idNum(a.id) - idNum(b.id));
		}
		return all;
	}

	/** A soft delete: the message stays, marked with `deletedAt` and `deletedBy`. */
	softDelete(m: Message, by: string): void {
		m.deletedAt = this.app.now();
		m.deletedBy = by;
		m.updatedAt = m.deletedAt;
	}

	/** A permanent delete: the message, its reactions and its place in its parent's thread are gone. */
	remove(m: Message): void {
		this.byId.delete(m.id);
		this.reactions.delete(m.id);
		this.marks.pins.delete(m.id);
		if (m.parentId === undefined) return;
		const siblings = this.threads.get(m.parentId);
		if (siblings)
			this.threads.set(
				m.parentId,
				siblings.filter((id) => id !== m.id),
			);
		const parent = this.byId.get(m.parentId);
		if (parent?.replyCount) parent.replyCount -= 1;
	}

	/** The replies of a message, oldest first. */
	replies(parentId: string): Message[] {
		return (this.threads.get(parentId) ?? []).map((id) => this.byId.get(id)).filter((m): m is Message => m !== undefined);
	}

	/**
	 * Bulk: n text messages from `sender` to `receiver` (created when absent), one second apart,
	 * the newest at the current clock.
	 */
	addMany(n: number, o: { sender?: string; receiver?: string; text?: string } = {}): Message[] {
		const sender = o.sender ?? 'bulk-sender';
		const receiver = o.receiver ?? 'bulk-receiver';
		if (!this.users.byId.has(sender)) this.users.add({ uid: sender, name: 'Bulk Sender' });
		if (!this.users.byId.has(receiver)) this.users.add({ uid: receiver, name: 'Bulk Receiver' });
		const now = this.app.now();
		const out: Message[] = [];
		for (let i = 0; i < n; i++) {
			out.push(
				this.add({
					sender,
					receiver,
					receiverType: 'user',
					data: { text: `${o.text ?? 'Bulk message'} ${i + 1}` },
					sentAt: now - n + i + 1,
				}),
			);
		}
		return out;
	}

	addReaction(input: { messageId: string; uid: string; reaction: string; reactedAt?: number; id?: string }): Reaction {
		const m = this.require(String(input.messageId));
		this.users.require(input.uid);
		if (typeof input.reaction !== 'string' || input.reaction === '') throw validationError({ reaction: ['The reaction is required.'] });
		const id = input.id !== undefined ? String(input.id) : String(this.nextReactionId);
		if (idNum(id) >= this.nextReactionId) this.nextReactionId = idNum(id) + 1;
		const r: Reaction = { id, messageId: m.id, reaction: input.reaction, uid: input.uid, reactedAt: input.reactedAt ?? this.app.now() };
		const list = this.reactions.get(m.id) ?? [];
		list.push(r);
		list.sort((a, b) => idNum(a.id) - idNum(b.id));
		this.reactions.set(m.id, list);
		return r;
	}

	/** Removes `uid`'s `reaction` from a message; false when there was none. */
	removeReaction(messageId: string, uid: string, reaction: string): boolean {
		const list = this.reactions.get(messageId) ?? [];
		const kept = list.filter((r) => r.uid !== uid || r.reaction !== reaction);
		this.reactions.set(messageId, kept);
		return kept.length < list.length;
	}

	/** A user's reaction to a message, if they reacted so. */
	reactionOf(messageId: string, uid: string, reaction: string): Reaction | undefined {
		return this.reactions.get(messageId)?.find((r) => r.uid === uid && r.reaction === reaction);
	}

	/** How many reactions there are in all. */
	reactionCount(): number {
		let n = 0;
		for (const l of this.reactions.values()) n += l.length;
		return n;
	}
}
