/**
 * The Campaigns service's lists: cursor pages in the envelope overview.mdx shows,
 * `{ data, meta: { current: { limit, count }, next: { affix, <sort field>, id } } }`. `next` names
 * the first record not returned; sent back as query parameters (`affix`, the sort field, `id`), it
 * is where the next page starts. Records are ordered by the sort field, then by `id`.
 */
import type { Json, Query } from '../../core/validation';
import { queryInt, queryOne } from '../../core/validation';
import { invalid, queryNumber } from './parse';

/** The page size when `limit` is not given (the emulator's choice) and the published maximum (1–100). */
export const LIST_DEFAULT_LIMIT = 20;
export const LIST_MAX_LIMIT = 100;

export interface CursorAnswer {
	data: Json[];
	meta: { current: { limit: number; count: number }; next?: Json };
}

/**
 * One page of `records`. `sortFields`: the list's published `sort` values, the first one its default;
 * a numeric sort field is read from the query as a number. `order` defaults to `desc` (newest first).
 */
export function cursorPage<T extends { id: string }>(
	records: readonly T[],
	query: Query,
	sortFields: readonly string[],
	out: (record: T) => Json,
): CursorAnswer {
	const sort = queryOne(query, 'sort') ?? sortFields[0];
	if (!sortFields.includes(sort)) throw invalid([`sort must be one of the following values: ${sortFields.join(', ')}`]);
	const order = queryOne(query, 'order') ?? 'desc';
	const affix = queryOne(query, 'affix') ?? 'append';
	const limit = queryInt(query, 'limit', LIST_DEFAULT_LIMIT, LIST_MAX_LIMIT);
	const direction = order === 'asc' ? 1 : -1;
	const compare = (a: { sortValue: unknown; id: string }, b: { sortValue: unknown; id: string }): number => {
		const bySort = compareValues(a.sortValue, b.sortValue);
		return direction * (bySort !== 0 ? bySort : a.id.localeCompare(b.id));
	};
	const valueOf = (record: T): unknown => (record as unknown as Record<string, unknown>)[sort];
	const ordered = [...records].sort((a, b) => compare({ sortValue: valueOf(a), id: a.id }, { sortValue: valueOf(b), id: b.id }));
	const cursorId = queryOne(query, 'id');
	const cursorSort = ordered.length > 0 && typeof valueOf(ordered[0]) === 'number' ? queryNumber(query, sort) : queryOne(query, sort);
	/** The first record at or after the cursor; without one, the first (append) or past the last (prepend). */
	let start = affix === 'prepend' ? ordered.length : 0;
	if (cursorId !== undefined && cursorSort !== undefined) {
		const cursor = { sortValue: cursorSort, id: cursorId };
		start = ordered.findIndex((record) => compare({ sortValue: valueOf(record), id: record.id }, cursor) >= 0);
		if (start < 0) start = ordered.length;
	}
	const [from, to] = affix === 'prepend' ? [Math.max(0, start - limit), start] : [start, start + limit];
	const page = ordered.slice(from, to);
	const nextRecord = affix === 'prepend' ? (from > 0 ? ordered[from] : undefined) : ordered[to];
	const meta: CursorAnswer['meta'] = { current: { limit, count: page.length } };
	if (nextRecord !== undefined && page.length > 0) meta.next = { affix, [sort]: valueOf(nextRecord), id: nextRecord.id };
	return { data: page.map(out), meta };
}

function compareValues(a: unknown, b: unknown): number {
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	return String(a ?? '').localeCompare(String(b ?? ''));
}
