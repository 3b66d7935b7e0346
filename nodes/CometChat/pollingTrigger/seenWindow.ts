/**
 * Seconds every poll reads back below the newest record it has seen. Keys in that window are kept,
 * so a record that becomes visible late (within this time) is still emitted, once.
 */
export const READ_BACK_SECONDS = 60;
/**
 * Most keys kept per event (about 15 bytes each in the saved state). Only when more records than
 * this share the newest second are more kept: all of that second.
 */
export const MAX_KEPT_KEYS = 5000;

/** What the trigger keeps in the workflow's static data, per event. */
export interface EventState {
	/**
	 * Records older than this second are done: never read again, never emitted. It only rises.
	 * Null until something was seen: then everything that arrives is new.
	 */
	floor: number | null;
	/** The second the next poll must still read back to (see SeenWindow.settle), if any. */
	recheck?: number | null;
	/** The ids seen at each second from the floor up: `{ "1790000000": ["m1", "m2"] }`. */
	seen: Record<string, string[]>;
	/** The stretches below the floor that walks stopped by n8n's poll budget left unread, newest first. */
	backlog?: BacklogState[];
}

/**
 * A stretch of the list a walk stopped by the poll budget left unread: the records from `floor` up
 * to `ceiling` (both seconds included) that `seen` does not hold. Those above the ceiling were read
 * (and emitted) before; those below the floor are done. `page`: the whole pages of 100 above the first
 * position the walk had not read (where the search for it starts).
 */
export interface BacklogState {
	floor: number | null;
	ceiling: number;
	seen: Record<string, string[]>;
	page: number;
}

/** The state of version 1: the newest second emitted, and the keys (`id@second`) emitted at it. */
interface LegacyState {
	watermark?: { timestamp: number; keysAtTimestamp: string[] };
}

/**
 * The records one event has seen: every id at each second from `floor` up. A record is new when it
 * is at or above the floor and its id is not kept at its second. A key is `id@second`, so a message
 * flagged again later (a new latest flaggedAt) is a new record.
 */
export class SeenWindow {
	floor: number | null;
	recheck: number | null;
	private readonly bySecond = new Map<number, Set<string>>();
	private keyCount = 0;

	constructor(state?: EventState | BacklogState | LegacyState) {
		this.floor = null;
		this.recheck = null;
		if (!state) return;
		if ('seen' in state && state.seen) {
			this.floor = typeof state.floor === 'number' ? state.floor : null;
			this.recheck = 'recheck' in state && typeof state.recheck === 'number' ? state.recheck : null;
			for (const [second, ids] of Object.entries(state.seen)) {
				for (const id of ids) this.add(Number(second), id);
			}
		} else if ('watermark' in state && state.watermark) {
			const { timestamp, keysAtTimestamp } = state.watermark;
			this.floor = timestamp;
			for (const key of keysAtTimestamp) this.add(timestamp, key.slice(0, key.lastIndexOf('@')));
		}
	}

	/** Whether a record at this second is older than anything that can still be new. */
	isBelowFloor(timestamp: number): boolean {
		return this.floor !== null && timestamp < this.floor;
	}

	/** Whether a record was seen already, or is below the floor. */
	has(timestamp: number, id: string): boolean {
		return this.isBelowFloor(timestamp) || this.bySecond.get(timestamp)?.has(id) === true;
	}

	add(timestamp: number, id: string): void {
		let ids = this.bySecond.get(timestamp);
		if (!ids) {
			ids = new Set();
			this.bySecond.set(timestamp, ids);
		}
		if (!ids.has(id)) {
			ids.add(id);
			this.keyCount++;
		}
	}

	get size(): number {
		return this.keyCount;
	}

	/** The newest second seen, if any. */
	newest(): number | undefined {
		let newest: number | undefined;
		for (const second of this.bySecond.keys()) if (newest === undefined || second > newest) newest = second;
		return newest;
	}

	/**
	 * Raises the floor after a poll, as far as is safe, and forgets what is below it:
	 * - never above READ_BACK_SECONDS below the newest second seen;
	 * - never above `shiftFloor`, the lowest second where a page shift during this poll may have
	 *   hidden a new record (see the README), nor above the previous poll's, kept as `recheck`:
	 *   a record hidden from one poll is read by the next two;
	 * - and then high enough that at most MAX_KEPT_KEYS keys stay (whole seconds, the newest kept).
	 */
	settle(shiftFloor: number | null): void {
		const newest = this.newest();
		if (newest === undefined) return;
		let target = newest - READ_BACK_SECONDS;
		if (shiftFloor !== null) target = Math.min(target, shiftFloor);
		if (this.recheck !== null) target = Math.min(target, this.recheck);
		this.recheck = shiftFloor;
		this.raiseFloor(target);
		if (this.keyCount > MAX_KEPT_KEYS) this.raiseFloor(this.secondKeeping(MAX_KEPT_KEYS));
	}

	/** Sets the floor to `second` unless it is already higher, and forgets the keys below it. */
	raiseFloor(second: number): void {
		if (this.floor !== null && this.floor >= second) return;
		this.floor = second;
		for (const [kept, ids] of this.bySecond) {
			if (kept < second) {
				this.keyCount -= ids.size;
				this.bySecond.delete(kept);
			}
		}
	}

	/** The lowest second from which at most `max` keys are kept (the newest second in any case). */
	private secondKeeping(max: number): number {
		const seconds = Array.from(this.bySecond.keys()).sort((a, b) => b - a);
		let kept = 0;
		let lowest = seconds[0];
		for (const second of seconds) {
			kept += this.bySecond.get(second)!.size;
			if (kept > max) break;
			lowest = second;
		}
		return lowest;
	}

	/**
	 * After a walk the budget stopped at `second`: the part of the window at and below that second,
	 * as the backlog the next polls go on with (the records at it the walk did not reach are still
	 * unread). This window keeps the part above it: its floor rises past `second` after settling.
	 */
	splitBelow(second: number, shiftFloor: number | null, page: number): BacklogState {
		const below = new SeenWindow({ floor: this.floor, seen: {} });
		for (const [kept, ids] of this.bySecond) if (kept <= second) for (const id of ids) below.add(kept, id);
		this.settle(shiftFloor);
		this.raiseFloor(second + 1);
		return { ...below.toBacklog(second), page };
	}

	/** Forgets the keys above `second` (a backlog whose walk stopped there: what is above is done). */
	forgetAbove(second: number): void {
		for (const [kept, ids] of this.bySecond) {
			if (kept > second) {
				this.keyCount -= ids.size;
				this.bySecond.delete(kept);
			}
		}
	}

	/** This window as a backlog reaching up to `ceiling` (its page is the caller's). */
	toBacklog(ceiling: number): Omit<BacklogState, 'page'> {
		return { floor: this.floor, ceiling, seen: this.toState().seen };
	}

	toState(): EventState {
		const seen: Record<string, string[]> = {};
		const seconds = Array.from(this.bySecond.keys()).sort((a, b) => a - b);
		for (const second of seconds) seen[String(second)] = Array.from(this.bySecond.get(second)!);
		return { floor: this.floor, recheck: this.recheck, seen };
	}
}
