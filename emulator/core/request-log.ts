/** The log of API requests (never control calls) a test reads as `emu.requests`. */
import type { Host } from './router';
import type { Headers, Query } from './validation';

/** What a multipart file part says about its file (its content is the field's value in `body`). */
export interface FilePart {
	fileName: string;
	mimeType?: string;
}

export interface LoggedRequest {
	host: Host;
	method: string;
	/** The raw, still percent-encoded path without the query. */
	path: string;
	query: Query;
	headers: Headers;
	body: unknown;
	/** The file parts of a multipart body, by field name: the file name and content type they came with. */
	fileParts?: Record<string, FilePart>;
	/** The answer's status; null for a connection dropped without one. */
	status: number | null;
	fault?: string;
}

export class RequestLog {
	/** The entries, oldest first; the same array for the emulator's whole life. */
	readonly entries: LoggedRequest[] = [];

	/** `limit` keeps at most that many entries (0 = all). */
	constructor(
		public enabled: boolean,
		private readonly limit: number,
	) {}

	add(entry: LoggedRequest): void {
		if (!this.enabled) return;
		this.entries.push(entry);
		if (this.limit > 0 && this.entries.length > this.limit) this.entries.splice(0, this.entries.length - this.limit);
	}

	clear(): void {
		this.entries.length = 0;
	}
}
