import type { RequestWindow } from '../transport/window';

/**
 * Runs a node's items with many in flight (docs/cometchat-api.md, Items in flight), as the window
 * allows, under two rules:
 * - items that share a key (the same user, group member, conversation: actions/orderKeys.ts) run in
 *   input order, one after the other; an item with several keys waits for all of them;
 * - an item with no keys (`undefined`: a list, or every item with One at a Time) runs alone, with
 *   nothing else in flight, after every item before it has ended.
 * Nothing starts after `run` answered false (an item failed and the run stops); what is in flight
 * still ends. `run` must not throw: it keeps each item's outcome itself.
 */
export async function runItemsInFlight(
	count: number,
	keysOf: (itemIndex: number) => string[] | undefined,
	run: (itemIndex: number) => Promise<boolean>,
	window: RequestWindow,
): Promise<void> {
	const lanes = new Lanes();
	/** Items whose keys are all free, in the order they became so. */
	const ready: number[] = [];
	let nextToRead = 0;
	let inFlight = 0;
	let stopped = false;

	const start = (itemIndex: number): void => {
		inFlight++;
		// The bookkeeping is done inside the window's work, so it is done when the window wakes the loop.
		void window.run(async () => {
			const goOn = await run(itemIndex).catch(() => false);
			if (!goOn) stopped = true;
			inFlight--;
			ready.push(...lanes.leave(itemIndex));
		});
	};

	for (;;) {
		while (!stopped && window.hasRoom()) {
			const readyItem = ready.shift();
			if (readyItem !== undefined) {
				start(readyItem);
				continue;
			}
			if (nextToRead >= count) break;
			const keys = keysOf(nextToRead);
			if (keys === undefined) {
				// Alone: only once everything before it has ended.
				if (inFlight > 0 || lanes.busy) break;
				const itemIndex = nextToRead++;
				if (!(await run(itemIndex))) stopped = true;
				continue;
			}
			const itemIndex = nextToRead++;
			if (lanes.enter(itemIndex, keys)) start(itemIndex);
		}
		const finished = nextToRead >= count && ready.length === 0 && !lanes.busy;
		if (inFlight === 0 && (stopped || finished)) return;
		await window.waitForRoom();
	}
}

/**
 * One queue of items per key, each in input order: an item may run when it is first in every queue
 * it is in. The queues keep a moving head rather than shifting arrays, so 10,000 items on one key
 * cost no more than 10,000 on different ones.
 */
class Lanes {
	private readonly queues = new Map<string, { items: number[]; head: number }>();
	private readonly keysByItem = new Map<number, string[]>();

	/** Whether any item is waiting or running. */
	get busy(): boolean {
		return this.keysByItem.size > 0;
	}

	/** Queues the item on its keys; true when it may run now. */
	enter(itemIndex: number, keys: string[]): boolean {
		const unique = [...new Set(keys)];
		this.keysByItem.set(itemIndex, unique);
		for (const key of unique) {
			const queue = this.queues.get(key);
			if (queue) queue.items.push(itemIndex);
			else this.queues.set(key, { items: [itemIndex], head: 0 });
		}
		return this.mayRun(itemIndex);
	}

	/** Takes an item that ended off its queues; answers the items that may run now because of it. */
	leave(itemIndex: number): number[] {
		const keys = this.keysByItem.get(itemIndex) ?? [];
		this.keysByItem.delete(itemIndex);
		const freed: number[] = [];
		for (const key of keys) {
			const queue = this.queues.get(key)!;
			queue.head++;
			if (queue.head >= queue.items.length) {
				this.queues.delete(key);
				continue;
			}
			const next = queue.items[queue.head];
			if (!freed.includes(next) && this.mayRun(next)) freed.push(next);
		}
		return freed;
	}

	private mayRun(itemIndex: number): boolean {
		return this.keysByItem.get(itemIndex)!.every((key) => {
			const queue = this.queues.get(key)!;
			return queue.items[queue.head] === itemIndex;
		});
	}
}
