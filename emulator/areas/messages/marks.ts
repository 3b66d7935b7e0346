/**
 * What users and the app mark on messages, apart from the messages themselves: pins (one per
 * message, shared by its conversation), saves (per user), thread subscriptions (per user) and the
 * interactions recorded on interactive messages (per user and element). See docs/emulator.md,
 * Message marks.
 */
import { ApiError, validationError } from '../../core/errors';
import type { Json } from '../../core/validation';

/** Pinned messages per conversation, pins by users and by the app together, as published. */
export const PINNED_MESSAGES_LIMIT = 100;
/** Saved messages per user, as published. */
export const SAVED_MESSAGES_LIMIT = 100;

/** What the marks read of a message (collection.ts holds the marks, so the type is not imported from there). */
export interface MarkedMessage {
	id: string;
	conversationId: string;
	category: string;
	data: Json;
}

export interface Pin {
	pinnedBy: string;
	pinnedAt: number;
}

export class MessageMarks {
	/** Message id → its pin. */
	pins = new Map<string, Pin>();
	/** Uid → message id → savedAt. */
	saves = new Map<string, Map<string, number>>();
	/** Message id → the uids subscribed to its thread. */
	subscriptions = new Map<string, Set<string>>();
	/** Message id → uid → element id → interactedAt. */
	interactions = new Map<string, Map<string, Map<string, number>>>();

	reset(): void {
		this.pins = new Map();
		this.saves = new Map();
		this.subscriptions = new Map();
		this.interactions = new Map();
	}

	/** Pins `m` (a pinned message keeps its first pin); 400 once its conversation holds the limit. */
	pin(m: MarkedMessage, by: string, now: number, pinnedIn: (conversationId: string) => number): Pin {
		const pinned = this.pins.get(m.id);
		if (pinned) return pinned;
		if (pinnedIn(m.conversationId) >= PINNED_MESSAGES_LIMIT) {
			throw new ApiError(
				'ERR_PINNED_MESSAGES_LIMIT_EXCEEDED',
				`The number of pinned messages for the conversation with id ${m.conversationId} has reached the allowed limit of ${PINNED_MESSAGES_LIMIT}.`,
			);
		}
		const pin = { pinnedBy: by, pinnedAt: now };
		this.pins.set(m.id, pin);
		return pin;
	}

	/** Saves `m` for `uid` (a saved message keeps its first savedAt); 400 once the user holds the limit. */
	save(uid: string, m: MarkedMessage, now: number): number {
		const saved = this.saves.get(uid) ?? new Map<string, number>();
		const savedAt = saved.get(m.id);
		if (savedAt !== undefined) return savedAt;
		if (saved.size >= SAVED_MESSAGES_LIMIT) {
			throw new ApiError(
				'ERR_SAVED_MESSAGES_LIMIT_EXCEEDED',
				`The number of saved messages for the user with uid ${uid} has reached the allowed limit of ${SAVED_MESSAGES_LIMIT}.`,
			);
		}
		saved.set(m.id, now);
		this.saves.set(uid, saved);
		return now;
	}

	unsave(uid: string, messageId: string): void {
		this.saves.get(uid)?.delete(messageId);
	}

	subscribe(messageId: string, uid: string): void {
		const uids = this.subscriptions.get(messageId) ?? new Set<string>();
		uids.add(uid);
		this.subscriptions.set(messageId, uids);
	}

	unsubscribe(messageId: string, uid: string): void {
		this.subscriptions.get(messageId)?.delete(uid);
	}

	/**
	 * Records `uid`'s interactions with elements of the interactive message `m`: 400 when `m` is not
	 * interactive or an element is not one it declares. An element already recorded keeps its time.
	 */
	interact(m: MarkedMessage, uid: string, elementIds: string[], now: number): void {
		if (m.category !== 'interactive') {
			throw validationError({ id: [`The message with id ${m.id} is not an interactive message.`] });
		}
		const declared = new Set(elementIdsOf(m.data));
		const unknown = elementIds.filter((id) => !declared.has(id));
		if (unknown.length > 0) {
			throw validationError({ interactions: [`The message with id ${m.id} declares no element ${unknown.join(', ')}.`] });
		}
		const byUser = this.interactions.get(m.id) ?? new Map<string, Map<string, number>>();
		const recorded = byUser.get(uid) ?? new Map<string, number>();
		for (const id of elementIds) if (!recorded.has(id)) recorded.set(id, now);
		byUser.set(uid, recorded);
		this.interactions.set(m.id, byUser);
	}
}

/** Every `elementId` an interactive message's data declares (form fields, buttons, the submit element). */
function elementIdsOf(data: Json): string[] {
	const ids: string[] = [];
	const walk = (value: unknown): void => {
		if (Array.isArray(value)) value.forEach(walk);
		else if (value !== null && typeof value === 'object') {
			for (const [key, member] of Object.entries(value)) {
				if (key === 'elementId' && typeof member === 'string') ids.push(member);
				else walk(member);
			}
		}
	};
	walk(data.interactiveData);
	return ids;
}
