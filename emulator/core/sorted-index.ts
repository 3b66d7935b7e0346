/** The ordering helpers of every collection: a sorted index, and newest-first lists. */

/** Binary search: first index in `arr` whose element is not "less than" `item` under `less`. */
export function lowerBound<T>(arr: readonly T[], item: T, less: (a: T, b: T) => boolean): number {
	let lo = 0;
	let hi = arr.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (less(arr[mid], item)) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** An array kept sorted ascending by `less`, read from the end for newest-first pages. */
export class SortedIndex<T> {
	readonly items: T[] = [];

	constructor(readonly less: (a: T, b: T) => boolean) {}

	get size(): number {
		return this.items.length;
	}

	/** The largest item, if any. */
	last(): T | undefined {
		return this.items[this.items.length - 1];
	}

	insert(item: T): void {
		const a = this.items;
		if (a.length === 0 || !this.less(item, a[a.length - 1])) a.push(item);
		else a.splice(lowerBound(a, item, this.less), 0, item);
	}

	/** Removes `item` (its sort key must not have changed since insert). */
	remove(item: T): boolean {
		const a = this.items;
		let i = lowerBound(a, item, this.less);
		while (i < a.length && a[i] !== item && !this.less(item, a[i])) i++;
		if (a[i] !== item) i = a.indexOf(item);
		if (i < 0) return false;
		a.splice(i, 1);
		return true;
	}

	/** Page `page` (from 1) of `limit` items in descending order, optionally filtered. */
	pageDesc(page: number, limit: number, keep?: (x: T) => boolean): T[] {
		const a = this.items;
		const skip = (page - 1) * limit;
		const out: T[] = [];
		if (!keep) {
			for (let i = a.length - 1 - skip; i >= 0 && out.length < limit; i--) out.push(a[i]);
			return out;
		}
		let seen = 0;
		for (let i = a.length - 1; i >= 0 && out.length < limit; i--) {
			if (!keep(a[i])) continue;
			if (seen++ >= skip) out.push(a[i]);
		}
		return out;
	}
}

/** Newest first by `at`; ties: the later-inserted item (later in `items`) first. */
export function newestFirst<T>(items: Iterable<T>, at: (x: T) => number): T[] {
	return [...items].reverse().sort((a, b) => at(b) - at(a));
}
