/**
 * The files of message attachments, served at `GET /media/{id}/{name}` of the chat host (CometChat
 * keeps uploaded media on a files host of its own; the emulator serves them from the chat host
 * under a path no API operation has). No `apikey` is needed, as for CometChat's media links; the
 * request is logged and faulted like an API request (docs/emulator.md, Media files).
 */
import { validationError } from '../../core/errors';
import type { Json } from '../../core/validation';

export interface MediaFile {
	id: string;
	name: string;
	mimeType: string;
	bytes: Buffer;
}

/** The path prefix of the media files on the chat host. */
export const MEDIA_PREFIX = '/media/';

export class MediaFiles {
	readonly byId = new Map<string, MediaFile>();
	private nextId = 1;

	reset(): void {
		this.byId.clear();
		this.nextId = 1;
	}

	/** Keeps a file; answers its path on the chat host and the attachment fields of a message that links to it. */
	add(file: { name: string; mimeType?: string; bytes: Buffer }): { path: string; attachment: Json } {
		const id = `f${this.nextId++}`;
		const mimeType = file.mimeType ?? 'application/octet-stream';
		this.byId.set(id, { id, name: file.name, mimeType, bytes: file.bytes });
		const path = `${MEDIA_PREFIX}${id}/${encodeURIComponent(file.name)}`;
		const dot = file.name.lastIndexOf('.');
		const extension = dot > 0 ? file.name.slice(dot + 1) : '';
		return { path, attachment: { name: file.name, mimeType, extension, size: String(file.bytes.length) } };
	}

	/** A file added through the control API: `{name, mimeType?, base64}` (or `text`). */
	addFromJson(body: Json): { path: string; attachment: Json } {
		if (typeof body.name !== 'string' || body.name === '') throw validationError({ name: ['The name is required.'] });
		let bytes: Buffer;
		if (typeof body.base64 === 'string') bytes = Buffer.from(body.base64, 'base64');
		else if (typeof body.text === 'string') bytes = Buffer.from(body.text);
		else if (Number.isInteger(body.size) && body.size >= 0) bytes = Buffer.alloc(body.size, 0x61);
		else throw validationError({ base64: ['Give the content as base64, as text, or a size in bytes.'] });
		return this.add({ name: body.name, mimeType: typeof body.mimeType === 'string' ? body.mimeType : undefined, bytes });
	}

	/** The file of a media path, or undefined. */
	find(rawPath: string): MediaFile | undefined {
		if (!rawPath.startsWith(MEDIA_PREFIX)) return undefined;
		const id = rawPath.slice(MEDIA_PREFIX.length).split('/')[0];
		return this.byId.get(id);
	}
}
