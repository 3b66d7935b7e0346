/** What the polling trigger's reads of a moderation list reach (pollingTrigger/windows.ts). */
import { windowFrom } from '../../nodes/CometChat/pollingTrigger/windows';

/**
 * How far down the list `reads` reads from the top reach, each one holding the last record the one
 * before it read (windowFrom); and how many reads it takes to reach `records`.
 */
export function reachOf(reads: number): number {
	let offset = 0;
	for (let n = 0; n < reads; n++) {
		const { start, limit } = windowFrom(offset);
		offset = start + limit;
	}
	return offset;
}
export function readsToReach(records: number): number {
	let reads = 0;
	while (reachOf(reads) < records) reads++;
	return reads;
}
