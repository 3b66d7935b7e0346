/**
 * The polling trigger's reads of a moderation list (pollingTrigger/windows.ts): each read after the
 * first holds the last position the one before it read, so a walk sees when the list moved up.
 */
import { MODERATION_MAX_LIMIT } from '../../nodes/CometChat/transport/paginate';
import { windowFrom } from '../../nodes/CometChat/pollingTrigger/windows';

describe('windowFrom', () => {
	it('starts a walk with the first full page', () => {
		expect(windowFrom(0)).toEqual({ limit: MODERATION_MAX_LIMIT, page: 1, start: 0 });
	});

	it('from every position up to 300,000: a page of at most 100 that holds the last position read and reaches at least 49 further', () => {
		const wrong: number[] = [];
		let shortest = Infinity;
		for (let offset = 1; offset <= 300_000; offset++) {
			const { limit, page, start } = windowFrom(offset);
			const end = start + limit;
			if (limit > MODERATION_MAX_LIMIT || limit < 1 || start !== (page - 1) * limit || start > offset - 1 || end <= offset)
				wrong.push(offset);
			shortest = Math.min(shortest, end - offset);
		}
		expect(wrong).toEqual([]);
		expect(shortest).toBeGreaterThanOrEqual(49);
	});

	it('after a full page: positions 99 to 197 (page 2 of 99)', () => {
		expect(windowFrom(100)).toEqual({ limit: 99, page: 2, start: 99 });
	});
});
