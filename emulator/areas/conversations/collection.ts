/**
 * Conversations, derived from the messages store: a conversation exists for a user once a message
 * of it is stored that the user takes part in (its sender, its receiving user, or a member of its
 * group). What is each user's own is kept here: tags, read and delivered marks, pins and resets;
 * the app's global pins beside. See docs/emulator.md, Conversations.
 */
import type { App } from '../../core/app';
import { ApiError, validationError } from '../../core/errors';
import { idNum } from '../../core/util';
import type { Bots } from '../bots/collection';
import type { Groups } from '../groups/collection';
import type { Message, Messages } from '../messages/collection';
import type { Users } from '../users/collection';
import { userConversationId } from '../users/views';

/** A user can pin up to 5 conversations; an app up to 5 globally (as published). */
export const MAX_PINS_PER_USER = 5;
export const MAX_GLOBAL_PINS = 5;

/** One conversation as one party addresses it: the other user, or the group. */
export interface ConversationRef {
	type: 'user' | 'group';
	/** The other user's UID, or the group's GUID. */
	with: string;
}

/** What one user keeps of one conversation. */
export interface ConversationView {
	tags?: string[];
	/** The highest message id read (messages after it from others are unread). */
	readUpTo?: number;
	deliveredUpTo?: number;
	/** Messages up to this id are cleared for the user (Reset). */
	resetUpTo?: number;
	/** A reset with preserveOrder: the conversation keeps its place, empty, with these times. */
	keptPlace?: { createdAt: number; updatedAt: number };
	pinnedAt?: number;
}

/** A global pin: the conversation with a user (for every other user) or of a group. */
export interface GlobalPin extends ConversationRef {
	pinnedAt: number;
}

/** A user's conversation as derived from the messages: its first and last message and the unread count. */
export interface ConversationState {
	conversationId: string;
	ref: ConversationRef;
	createdAt: number;
	updatedAt: number;
	lastMessage?: Message;
	unread: number;
	view: ConversationView;
}

export function conversationIdOf(viewer: string, ref: ConversationRef): string {
	return ref.type === 'group' ? `group_${ref.with}` : userConversationId(viewer, ref.with);
}

export class Conversations {
	/** uid → conversationId → that user's view. */
	views!: Map<string, Map<string, ConversationView>>;
	/** The app's global pins, in display order. */
	globalPins!: GlobalPin[];

	constructor(
		private readonly app: App,
		private readonly users: Users,
		private readonly groups: Groups,
		private readonly messages: Messages,
		private readonly bots: Bots,
	) {
		this.reset();
	}

	reset(): void {
		this.views = new Map();
		this.globalPins = [];
	}

	/** The view `uid` keeps of a conversation (created empty on first use). */
	view(uid: string, conversationId: string): ConversationView {
		let byConversation = this.views.get(uid);
		if (!byConversation) this.views.set(uid, (byConversation = new Map()));
		let view = byConversation.get(conversationId);
		if (!view) byConversation.set(conversationId, (view = {}));
		return view;
	}

	/** The conversation of a message, as `viewer` addresses it. */
	refOf(m: Message, viewer: string): ConversationRef {
		if (m.receiverType === 'group') return { type: 'group', with: m.receiver };
		return { type: 'user', with: m.sender === viewer ? m.receiver : m.sender };
	}

	/** Whether `uid` takes part in the conversation of `m`. */
	takesPart(m: Message, uid: string): boolean {
		if (m.sender === uid) return true;
		if (m.receiverType === 'group') return this.groups.byId.get(m.receiver)?.members.has(uid) ?? false;
		return m.receiver === uid;
	}

	/** The top-level messages of one conversation, oldest first (thread replies are not counted). */
	messagesOf(conversationId: string): Message[] {
		return this.messages.list().filter((m) => m.parentId === undefined && m.conversationId === conversationId);
	}

	/** Every conversation of `viewer`, after their resets; a reset with preserveOrder keeps an empty place. */
	statesOf(viewer: string): ConversationState[] {
		const states = new Map<string, ConversationState>();
		const own = this.views.get(viewer);
		for (const m of this.messages.list()) {
			if (m.parentId !== undefined || !this.takesPart(m, viewer)) continue;
			const view = own?.get(m.conversationId) ?? {};
			if (view.resetUpTo !== undefined && idNum(m.id) <= view.resetUpTo) continue;
			let state = states.get(m.conversationId);
			if (!state) {
				state = { conversationId: m.conversationId, ref: this.refOf(m, viewer), createdAt: m.sentAt, updatedAt: m.sentAt, unread: 0, view };
				states.set(m.conversationId, state);
			}
			state.lastMessage = m;
			state.updatedAt = m.sentAt;
			if (m.sender !== viewer && idNum(m.id) > (view.readUpTo ?? 0)) state.unread += 1;
		}
		for (const [conversationId, view] of own ?? []) {
			if (view.keptPlace === undefined || states.has(conversationId)) continue;
			const ref = refOfId(conversationId, viewer);
			if (ref) states.set(conversationId, { conversationId, ref, ...view.keptPlace, unread: 0, view });
		}
		return [...states.values()];
	}

	/** One conversation of `viewer`, or 404 ERR_CONVERSATION_NOT_FOUND. */
	require(viewer: string, ref: ConversationRef): ConversationState {
		const conversationId = conversationIdOf(viewer, ref);
		const state = this.statesOf(viewer).find((s) => s.conversationId === conversationId);
		if (!state) {
			throw new ApiError('ERR_CONVERSATION_NOT_FOUND', `The conversation ${conversationId} does not exist for the user ${viewer}.`, {
				details: { conversationId },
			});
		}
		return state;
	}

	/** The other party of a conversation must exist: the user (404 ERR_UID_NOT_FOUND) or the group (ERR_GUID_NOT_FOUND). */
	requireParty(ref: ConversationRef): void {
		if (ref.type === 'group') this.groups.require(ref.with);
		else this.users.require(ref.with);
	}

	/** Every user who takes part in at least one conversation, in UID order. */
	participants(): string[] {
		const uids = new Set<string>();
		for (const m of this.messages.list()) {
			if (m.parentId !== undefined) continue;
			uids.add(m.sender);
			if (m.receiverType === 'group') for (const uid of this.groups.byId.get(m.receiver)?.members.keys() ?? []) uids.add(uid);
			else uids.add(m.receiver);
		}
		for (const [uid, views] of this.views) if ([...views.values()].some((v) => v.keptPlace)) uids.add(uid);
		return [...uids].filter((uid) => this.users.byId.has(uid)).sort();
	}

	/** The global pin of a conversation, if the app pinned it. */
	globalPinOf(ref: ConversationRef): GlobalPin | undefined {
		return this.globalPins.find((p) => p.type === ref.type && p.with === ref.with);
	}

	/** Whether the conversation is with a bot (an agentic conversation). */
	isAgentic(ref: ConversationRef): boolean {
		return ref.type === 'user' && this.bots.byId.has(ref.with);
	}

	/** Pins a conversation for `viewer` (idempotent; at most 5; a globally pinned one is refused). */
	pin(viewer: string, ref: ConversationRef): ConversationView {
		this.refuseGlobal(ref, 'pinned');
		const conversationId = conversationIdOf(viewer, ref);
		const view = this.view(viewer, conversationId);
		if (view.pinnedAt !== undefined) return view;
		const pinned = [...(this.views.get(viewer)?.values() ?? [])].filter((v) => v.pinnedAt !== undefined).length;
		if (pinned >= MAX_PINS_PER_USER) {
			throw new ApiError(
				'ERR_PINNED_CONVERSATIONS_LIMIT_EXCEEDED',
				`The number of pinned conversations for the user with uid ${viewer} has reached the allowed limit of ${MAX_PINS_PER_USER}.`,
			);
		}
		view.pinnedAt = this.app.now();
		return view;
	}

	unpin(viewer: string, ref: ConversationRef): void {
		this.refuseGlobal(ref, 'unpinned');
		delete this.view(viewer, conversationIdOf(viewer, ref)).pinnedAt;
	}

	private refuseGlobal(ref: ConversationRef, verb: string): void {
		if (!this.globalPinOf(ref)) return;
		throw new ApiError(
			'ERR_SYSTEM_PINNED_CONVERSATION',
			`The conversation is pinned for all users by the app and can not be ${verb} by a user.`,
		);
	}

	/** Replaces the global pins: repeated entries kept once, at their first place; kept entries keep their pinnedAt. */
	replaceGlobalPins(refs: ConversationRef[]): GlobalPin[] {
		const unique = refs.filter((ref, i) => refs.findIndex((r) => r.type === ref.type && r.with === ref.with) === i);
		if (unique.length > MAX_GLOBAL_PINS) {
			throw new ApiError(
				'ERR_SYSTEM_PINNED_CONVERSATIONS_LIMIT_EXCEEDED',
				`The number of pinned conversations exceeds the allowed limit of ${MAX_GLOBAL_PINS}.`,
			);
		}
		for (const ref of unique) this.requireParty(ref);
		const now = this.app.now();
		this.globalPins = unique.map((ref) => ({ ...ref, pinnedAt: this.globalPinOf(ref)?.pinnedAt ?? now }));
		return this.globalPins;
	}

	/**
	 * Marks read, delivered or unread up to a message of the conversation (the last one when none is
	 * named). Read implies delivered. Unread: the messages after `messageId` become unread.
	 */
	mark(viewer: string, state: ConversationState, mark: 'read' | 'delivered' | 'unread', messageId: number | undefined): void {
		const all = this.messagesOf(state.conversationId);
		let upTo: number;
		if (messageId === undefined) {
			if (mark === 'unread') throw validationError({ messageId: ['The messageId is required to mark messages as unread.'] });
			upTo = all.length > 0 ? idNum(all[all.length - 1].id) : 0;
		} else {
			const m = this.messages.require(String(messageId));
			if (m.conversationId !== state.conversationId) {
				throw validationError({ messageId: [`The message ${m.id} is not in the conversation ${state.conversationId}.`] });
			}
			upTo = messageId;
		}
		const view = this.view(viewer, state.conversationId);
		if (mark === 'unread') {
			view.readUpTo = Math.min(view.readUpTo ?? 0, upTo);
			return;
		}
		view.deliveredUpTo = Math.max(view.deliveredUpTo ?? 0, upTo);
		if (mark === 'read') view.readUpTo = Math.max(view.readUpTo ?? 0, upTo);
	}

	/**
	 * Resets the conversation for `viewer`: its messages so far are cleared for them (or, with
	 * `permanent`, deleted for everyone), its tags and marks dropped. With `preserveOrder` it keeps
	 * its place in their list, empty.
	 */
	resetFor(viewer: string, state: ConversationState, o: { permanent?: boolean; preserveOrder?: boolean } = {}): void {
		const all = this.messagesOf(state.conversationId);
		const view = this.view(viewer, state.conversationId);
		const last = all.length > 0 ? idNum(all[all.length - 1].id) : (view.resetUpTo ?? 0);
		view.resetUpTo = last;
		view.readUpTo = last;
		view.deliveredUpTo = last;
		delete view.tags;
		if (o.preserveOrder) view.keptPlace = { createdAt: state.createdAt, updatedAt: state.updatedAt };
		else delete view.keptPlace;
		if (o.permanent) for (const m of all) this.messages.remove(m);
	}
}

/** The conversation an id names for `viewer` (`group_<guid>`, or `<a>_user_<b>` with the viewer one of them). */
export function refOfId(conversationId: string, viewer: string): ConversationRef | undefined {
	if (conversationId.startsWith('group_')) return { type: 'group', with: conversationId.slice('group_'.length) };
	const parts = conversationId.split('_user_');
	if (parts.length !== 2) return undefined;
	if (parts[0] === viewer) return { type: 'user', with: parts[1] };
	if (parts[1] === viewer) return { type: 'user', with: parts[0] };
	return undefined;
}
