import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pagesByLimitAndPage } from '../transport/paginate';
import type { TriggerEvent } from './events';
import type { SeenWindow } from './seenWindow';

/** A record a scan found new: its output item's JSON (none when the user's filter leaves it out). */
export interface ScannedRecord {
	json?: IDataObject;
	id: string;
	timestamp: number;
}

/** Pages in a row made only of records this scan already read, after which it stops. */
const MAX_REPEATED_PAGES = 2;

export interface ListScan {
	/** The records not seen before, newest first as listed. They are added to the window too. */
	fresh: ScannedRecord[];
	/**
	 * The lowest second where a page shift during this scan may have hidden a new record, or null
	 * when none can have been (one page read, or nothing new found).
	 */
	shiftFloor: number | null;
}

/**
 * Reads a moderation list newest first, page by page, until a page goes below the window's floor
 * (or the list ends), and keeps what the window has not seen, as `output` turns it into an item
 * (at once, so the raw records of a large backlog are not all held). With `fromNewest`, an empty
 * window first takes the newest second listed as its floor (the first poll, when it emits nothing).
 *
 * Pages are numbered, so the list can shift while they are read: a record that arrives (or is
 * flagged again) pushes the others down, and the scan reads one of them twice (it is kept once);
 * a record that is removed (reviewed) pulls them up, and one record slips into a page already
 * read. When that one is new, it lies at or above `shiftFloor` (the page after the deepest one
 * that held new records): the next two polls read back that far (SeenWindow.settle) and find it.
 *
 * A scan ends only at the floor or on a page that is short by its own `meta`: an answer that is
 * not a page, or short of what it says, fails the scan (readPage) instead of ending it, so the
 * poll saves nothing and the floor never rises past records the scan did not read.
 */
export async function scanList(
	context: IPollFunctions,
	event: TriggerEvent,
	window: SeenWindow,
	{ fromNewest = false, output }: { fromNewest?: boolean; output?: (record: IDataObject) => IDataObject | undefined } = {},
): Promise<ListScan> {
	const fresh: ScannedRecord[] = [];
	const readKeys = new Set<string>();
	const firstSecondOfPage: number[] = [];
	let deepestFreshPage = 0;
	let repeatedPages = 0;
	for await (const page of pagesByLimitAndPage.call(context, { method: 'GET', path: event.path })) {
		const pageNumber = firstSecondOfPage.length + 1;
		let oldestOnPage = Infinity;
		let repeated = 0;
		for (const record of page) {
			const timestamp = event.timestampOf(record);
			const id = event.idOf(record);
			if (firstSecondOfPage.length < pageNumber) firstSecondOfPage.push(timestamp);
			if (fromNewest && window.floor === null) window.raiseFloor(timestamp);
			oldestOnPage = Math.min(oldestOnPage, timestamp);
			const key = `${id}@${timestamp}`;
			if (readKeys.has(key)) {
				repeated++;
				continue;
			}
			readKeys.add(key);
			if (window.has(timestamp, id)) continue;
			window.add(timestamp, id);
			fresh.push({ json: output?.(record), id, timestamp });
			deepestFreshPage = pageNumber;
		}
		repeatedPages = pageNumber > 1 && repeated === page.length ? repeatedPages + 1 : 0;
		if (repeatedPages >= MAX_REPEATED_PAGES) throw ignoredPageError(context, event, pageNumber);
		if (window.floor !== null && oldestOnPage < window.floor) break;
	}
	const pages = firstSecondOfPage.length;
	const shiftPage = Math.min(deepestFreshPage + 1, pages);
	return {
		fresh,
		shiftFloor: pages > 1 && deepestFreshPage > 0 ? firstSecondOfPage[shiftPage - 1] : null,
	};
}

function ignoredPageError(context: IPollFunctions, event: TriggerEvent, pageNumber: number) {
	return new NodeOperationError(
		context.getNode(),
		`CometChat ignored the page number: pages ${pageNumber - 1} and ${pageNumber} of ${event.path.join('/')} only repeat records already read`,
		{
			description:
				'The moderation lists are read page by page (limit and page). The service answered the same records for different pages, so the trigger stopped instead of reading forever. Nothing was emitted and the state was kept. Check the Base URL in the credential (a proxy may drop query parameters).',
		},
	);
}
