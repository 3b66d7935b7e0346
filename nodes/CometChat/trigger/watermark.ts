import type { IDataObject } from 'n8n-workflow';

/**
 * How far the trigger has emitted one event: the newest timestamp emitted, and the keys of the
 * records emitted at exactly that timestamp. Timestamps are whole seconds, so records that share
 * the newest second can arrive across two polls; the keys tell which of them were already emitted.
 */
export interface Watermark {
	timestamp: number;
	keysAtTimestamp: string[];
}

export interface ScannedRecord {
	record: IDataObject;
	timestamp: number;
	key: string;
}

/** Whether a record at or below the watermark was already emitted (or is older than anything new). */
export function isSeen(watermark: Watermark | undefined, timestamp: number, key: string): boolean {
	if (!watermark) return false;
	if (timestamp < watermark.timestamp) return true;
	return timestamp === watermark.timestamp && watermark.keysAtTimestamp.includes(key);
}

/**
 * Whether a newest-first page has gone below the watermark, so that older pages hold nothing new.
 * Records at the watermark's own second are still read: one of them may be new.
 */
export function reachedOlder(watermark: Watermark | undefined, oldestOnPage: number): boolean {
	return watermark !== undefined && oldestOnPage < watermark.timestamp;
}

/** The watermark after emitting `emitted` (in any order) on top of `previous`. */
export function advance(previous: Watermark | undefined, emitted: ScannedRecord[]): Watermark | undefined {
	if (emitted.length === 0) return previous;
	const newest = Math.max(...emitted.map((entry) => entry.timestamp));
	const keysAtNewest = emitted.filter((entry) => entry.timestamp === newest).map((entry) => entry.key);
	if (previous && previous.timestamp === newest) {
		return { timestamp: newest, keysAtTimestamp: [...new Set([...previous.keysAtTimestamp, ...keysAtNewest])] };
	}
	if (previous && previous.timestamp > newest) return previous;
	return { timestamp: newest, keysAtTimestamp: keysAtNewest };
}
