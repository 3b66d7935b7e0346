import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ListPage } from '../transport/paginate';
import { MODERATION_MAX_LIMIT, readPage } from '../transport/paginate';
import type { PollClock } from './budget';
import type { TriggerEvent } from './events';
import type { BacklogState } from './seenWindow';
import { SeenWindow } from './seenWindow';
import type { ListWindow } from './windows';
import { fullPageWindow, windowFrom } from './windows';

/** A record a scan found new: its output item's JSON (none when the user's filter leaves it out). */
export interface ScannedRecord {
	json?: IDataObject;
	id: string;
	timestamp: number;
}

/** Pages in a row made only of records this scan already read, after which it stops. */
const MAX_REPEATED_PAGES = 2;
/**
 * Steps back in a row after which a walk fails instead of reading on: each one means a review moved
 * the list up between two reads, so this many in a row is a service that does not page as asked.
 */
const MAX_STEPS_BACK = 20;

export interface ListScan {
	/** The records not seen before, newest first as listed. They are added to the window too. */
	fresh: ScannedRecord[];
	/**
	 * The lowest second where a page shift during this scan may have hidden a new record, or null
	 * when none can have been (one page read, or nothing new found).
	 */
	shiftFloor: number | null;
	/**
	 * Set when the poll's budget stopped the walk before its end: the lowest second it read (the
	 * records below it, and those at it the window does not hold, are still to read), and the
	 * position of the first record it had not read.
	 */
	stopped?: { second: number; offset: number };
}

export interface ScanOptions {
	/** The first poll without Include Existing: an empty window takes the newest second as its floor. */
	fromNewest?: boolean;
	/** Turns a new record into its item's JSON (undefined when the user's filter leaves it out). */
	output?: (record: IDataObject) => IDataObject | undefined;
	/** The poll's budget, where n8n gives one: the walk stops before a page it cannot read in time. */
	clock?: PollClock;
	/** A backlog's walk: the records above this second are not its own (they were read before). */
	ceiling?: number;
	/** Where a backlog's walk starts (findBacklogPage), as read; the top of the list when not given. */
	start?: { window: ListWindow; read: ListPage };
}

/**
 * Reads a moderation list newest first, window by window, until a window goes below the window's
 * floor (or the list ends), and keeps what the window has not seen, as `output` turns it into an
 * item (at once, so the raw records of a large backlog are not all held). With `fromNewest`, an
 * empty window first takes the newest second listed as its floor (the first poll, when it emits
 * nothing).
 *
 * Positions move while the list is read: a record that arrives (or is flagged again) pushes the
 * others down, and the scan reads one of them twice (it is kept once); a record that is reviewed
 * pulls them up. Each read after the first holds the last position already read (windowFrom), so
 * the scan takes a window only when it starts with a record it has read (or one above its
 * stretch): then no record lies between what it read and the window. Otherwise (also when the
 * window is empty: the list shrank past it) the list moved up under it, and it steps back: to the
 * window before, then a page further for each step back in a row. (`shiftFloor` and the read-back
 * of the next two polls, SeenWindow.settle, are kept for records that become visible late.)
 *
 * A scan ends only at the floor or on a window that is short by its own `meta`: an answer that is
 * not a page, or short of what it says, fails the scan (readPage) instead of ending it, so the
 * poll saves nothing and the floor never rises past records the scan did not read.
 *
 * With a `clock` (n8n's poll budget), the scan also stops before a read it has no time for, and
 * says where (`stopped`). The walk from the top of the list always reads its first window; a
 * backlog's walk (`ceiling`) may read none.
 */
export async function scanList(
	context: IPollFunctions,
	event: TriggerEvent,
	window: SeenWindow,
	{ fromNewest = false, output, clock, ceiling, start }: ScanOptions = {},
): Promise<ListScan> {
	const fresh: ScannedRecord[] = [];
	const readKeys = new Set<string>();
	const keyOf = (record: IDataObject) => `${event.idOf(record)}@${event.timestampOf(record)}`;
	// Read before this walk: above a backlog's stretch, or at its ceiling and kept.
	const readBefore = (record: IDataObject) => {
		if (ceiling === undefined) return false;
		const timestamp = event.timestampOf(record);
		return timestamp > ceiling || (timestamp === ceiling && window.has(timestamp, event.idOf(record)));
	};
	const firstSecondOfPage: number[] = [];
	let deepestFreshPage = 0;
	let repeatedPages = 0;
	let stepsBack = 0;
	let lowestRead = ceiling ?? Infinity;
	let offset = start?.window.start ?? 0;
	let given = start;
	let stopped: ListScan['stopped'];
	for (let reads = 0; ; reads++) {
		if (!given && clock && (reads > 0 || ceiling !== undefined) && !clock.mayReadPage()) {
			stopped = { second: lowestRead, offset };
			break;
		}
		const listWindow = given?.window ?? windowFrom(offset);
		const page = given?.read ?? (await readListWindow(context, event, listWindow, clock));
		given = undefined;
		const [first] = page.records;
		// A window after the first always holds a record already read, unless the list moved up
		// since the last read (an empty one: it shrank past it): records may lie in between.
		const movedUp = listWindow.start > 0 && (first === undefined || (!readKeys.has(keyOf(first)) && !readBefore(first)));
		if (movedUp) {
			if (++stepsBack > MAX_STEPS_BACK) throw unanchoredError(context, event);
			// Back to the window before this one, then a page further for each step back in a row.
			offset = Math.max(0, listWindow.start - MODERATION_MAX_LIMIT * (stepsBack - 1));
			continue;
		}
		stepsBack = 0;
		if (first) firstSecondOfPage.push(event.timestampOf(first));
		// The non-empty windows taken so far.
		const readOrder = firstSecondOfPage.length;
		let oldestOnPage = Infinity;
		let repeated = 0;
		for (const record of page.records) {
			const timestamp = event.timestampOf(record);
			const id = event.idOf(record);
			if (fromNewest && window.floor === null) window.raiseFloor(timestamp);
			oldestOnPage = Math.min(oldestOnPage, timestamp);
			// keyOf(record), from the values already read here (this loop runs over every record).
			const key = `${id}@${timestamp}`;
			if (readKeys.has(key)) {
				repeated++;
				continue;
			}
			readKeys.add(key);
			if (ceiling !== undefined && timestamp > ceiling) continue;
			lowestRead = Math.min(lowestRead, timestamp);
			if (window.has(timestamp, id)) continue;
			window.add(timestamp, id);
			fresh.push({ json: output?.(record), id, timestamp });
			deepestFreshPage = readOrder;
		}
		offset = listWindow.start + page.records.length;
		const allRepeated = page.records.length > 0 && readOrder > 1 && repeated === page.records.length;
		repeatedPages = allRepeated ? repeatedPages + 1 : 0;
		if (repeatedPages >= MAX_REPEATED_PAGES) throw ignoredPageError(context, event, listWindow);
		if (window.floor !== null && oldestOnPage < window.floor) break;
		if (!page.next) break;
	}
	const pages = firstSecondOfPage.length;
	const shiftPage = Math.min(deepestFreshPage + 1, pages);
	return {
		fresh,
		shiftFloor: pages > 1 && deepestFreshPage > 0 ? firstSecondOfPage[shiftPage - 1] : null,
		stopped,
	};
}

/** One window of the event's list (limit and page), timed against the budget when there is one. */
async function readListWindow(
	context: IPollFunctions,
	event: TriggerEvent,
	{ limit, page }: ListWindow,
	clock?: PollClock,
): Promise<ListPage> {
	const read = async () =>
		await readPage.call(context, 'limitAndPage', { method: 'GET', path: event.path, strictCounts: true, identity: event.identity }, limit, {
			page,
		});
	return clock ? await clock.timed(read) : await read();
}

/**
 * Goes on with a backlog a walk stopped by the budget left (see SeenWindow.splitBelow): finds the
 * page where its unread records begin (findBacklogPage), reads down from there to the backlog's
 * floor, and answers its new records and what is left of it (undefined when it is all read).
 * `shift`: how many records arrived on top since the backlog was last read (they push it down).
 */
export async function scanBacklog(
	context: IPollFunctions,
	event: TriggerEvent,
	backlog: BacklogState,
	{ output, clock, shift }: { output: ScanOptions['output']; clock?: PollClock; shift: number },
): Promise<{ fresh: ScannedRecord[]; rest?: BacklogState }> {
	const window = new SeenWindow(backlog);
	// The page after the last one read, moved down by the arrivals since.
	const hint = backlog.page + 1 + Math.floor(shift / MODERATION_MAX_LIMIT);
	const start = await findBacklogPage(context, event, window, backlog.ceiling, hint, clock);
	// Out of time while searching: the next poll searches on from the last page known to hold none.
	if ('notBefore' in start) return { fresh: [], rest: { ...backlog, page: Math.max(start.notBefore, hint - 1) } };
	const scan = await scanList(context, event, window, {
		output,
		clock,
		ceiling: backlog.ceiling,
		start: { window: fullPageWindow(start.page), read: start.read },
	});
	if (!scan.stopped) return { fresh: scan.fresh };
	window.forgetAbove(scan.stopped.second);
	return { fresh: scan.fresh, rest: { ...window.toBacklog(scan.stopped.second), page: pagesBefore(scan.stopped.offset) } };
}

/**
 * The first page that holds part of a backlog (and that page, as read): a record below its
 * ceiling, one at its ceiling the window has not seen, or the end of the list. The pages before it
 * hold only newer records and those of the ceiling's second already read. Found from `hint` (the
 * page after the last one the previous walk read, moved down by the arrivals since): the page
 * before it is read first, which holds none when the list did not move up, then the hint, where the
 * walk goes on (two requests, the second one the walk's first page); when the list moved,
 * galloping, then halving, finds it in a few more.
 * When the budget runs out first: the last page found to hold none (0 if none was).
 */
async function findBacklogPage(
	context: IPollFunctions,
	event: TriggerEvent,
	window: SeenWindow,
	ceiling: number,
	hint: number,
	clock?: PollClock,
): Promise<{ page: number; read: ListPage } | { notBefore: number }> {
	const read = new Map<number, ListPage>();
	const holdsBacklog = async (page: number): Promise<boolean | undefined> => {
		if (clock && !clock.mayReadPage()) return undefined;
		const listPage = await readListWindow(context, event, fullPageWindow(page), clock);
		read.set(page, listPage);
		if (!listPage.next) return true;
		return listPage.records.some((record) => {
			const timestamp = event.timestampOf(record);
			return timestamp < ceiling || (timestamp === ceiling && !window.has(timestamp, event.idOf(record)));
		});
	};
	// `below` holds no backlog (0: before page 1); `from` holds some.
	let below = 0;
	let from: number | undefined;
	const start = Math.max(1, hint - 1);
	const atStart = await holdsBacklog(start);
	if (atStart === undefined) return { notBefore: below };
	if (atStart) {
		from = start;
		for (let step = 1; from - step >= 1; step *= 2) {
			const holds = await holdsBacklog(from - step);
			if (holds === undefined) return { notBefore: below };
			if (!holds) {
				below = from - step;
				break;
			}
			from -= step;
		}
	} else {
		below = start;
		for (let step = 1; from === undefined; step *= 2) {
			const holds = await holdsBacklog(below + step);
			if (holds === undefined) return { notBefore: below };
			if (holds) from = below + step;
			else below += step;
		}
	}
	while (from - below > 1) {
		const middle = Math.floor((below + from) / 2);
		const holds = await holdsBacklog(middle);
		if (holds === undefined) return { notBefore: below };
		if (holds) from = middle;
		else below = middle;
	}
	return { page: from, read: read.get(from)! };
}

function unanchoredError(context: IPollFunctions, event: TriggerEvent) {
	return new NodeOperationError(
		context.getNode(),
		`CometChat's list ${event.path.join('/')} did not hold the records read just before: ${MAX_STEPS_BACK} reads in a row`,
		{
			description:
				'Each read of a moderation list also holds the last record the one before it read, so that no record slips between two reads when the list moves. The service kept answering other records, so the trigger stopped instead of skipping any. Nothing was emitted and the state was kept; the next poll reads again. Check the Base URL in the credential (a proxy may drop query parameters).',
		},
	);
}

/** The whole pages of the list's full limit before `offset` (where a backlog's search starts from). */
export function pagesBefore(offset: number): number {
	return Math.floor(offset / MODERATION_MAX_LIMIT);
}

function ignoredPageError(context: IPollFunctions, event: TriggerEvent, { limit, page }: ListWindow) {
	return new NodeOperationError(
		context.getNode(),
		`CometChat ignored the page number: two reads of ${event.path.join('/')} in a row, the last one page ${page} of ${limit}, only repeat records already read`,
		{
			description:
				'The moderation lists are read page by page (limit and page). The service answered the same records for different pages, so the trigger stopped instead of reading forever. Nothing was emitted and the state was kept. Check the Base URL in the credential (a proxy may drop query parameters).',
		},
	);
}
