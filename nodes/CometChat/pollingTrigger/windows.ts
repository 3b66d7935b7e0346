import { MODERATION_MAX_LIMIT } from '../transport/paginate';

/** One read of a moderation list: `limit` records from position `start` (`page` counts from 1). */
export interface ListWindow {
	limit: number;
	page: number;
	start: number;
}

/**
 * The read that goes on from `offset`, the position of the first record a walk has not read: the
 * limit and page whose window reaches furthest while still holding the record at `offset - 1`.
 *
 * A moderation list is read by limit and page, so its positions move while a walk reads it: when a
 * record above the walk is reviewed, every record below moves up one place, and with windows that
 * only touch, the one that moves up across the boundary would never be read. A window that holds
 * the last position already read shows whether the list moved: its first record is one the walk
 * has read (it did not, or it moved down), or the walk must step back. Windows of up to 100
 * records start at multiples of their limit, so the overlap varies; from any position one reaches
 * at least 49 records further (about 88 on average).
 */
export function windowFrom(offset: number, maxLimit = MODERATION_MAX_LIMIT): ListWindow {
	if (offset <= 0) return { limit: maxLimit, page: 1, start: 0 };
	let best: ListWindow = { limit: 1, page: offset, start: offset - 1 };
	for (let limit = maxLimit; limit > 1; limit--) {
		const page = Math.floor((offset - 1) / limit) + 1;
		if (page * limit > best.page * best.limit) best = { limit, page, start: (page - 1) * limit };
	}
	return best;
}

/** The window of page `page` at the list's full limit (the search for a backlog reads those). */
export function fullPageWindow(page: number): ListWindow {
	return { limit: MODERATION_MAX_LIMIT, page, start: (page - 1) * MODERATION_MAX_LIMIT };
}
