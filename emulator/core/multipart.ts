/**
 * multipart/form-data bodies (the keyword-list operations are published with one): the text parts
 * as a JSON-like object. A name given more than once, or ending in `[]` (the name without it),
 * becomes a list; a file part gives its content as text under its field name.
 */
import type { FilePart } from './request-log';
import type { Json } from './validation';

/** The boundary of a multipart/form-data content type, or undefined when it is not one. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
	if (contentType === undefined || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
	const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	return match ? (match[1] ?? match[2]) : '';
}

/**
 * The parts of `raw` as an object, or undefined when the body is not a well-formed multipart body.
 * The file name and content type of each file part go to `fileParts` when given.
 */
export function parseMultipart(raw: string, boundary: string, fileParts?: Record<string, FilePart>): Json | undefined {
	if (boundary === '') return undefined;
	const delimiter = `--${boundary}`;
	const sections = raw.split(delimiter);
	// Before the first delimiter: the preamble; after the last: `--` and the epilogue.
	if (sections.length < 2 || !sections[sections.length - 1].startsWith('--')) return undefined;
	const body: Json = {};
	for (const section of sections.slice(1, -1)) {
		const part = section.replace(/^\r\n/, '').replace(/\r\n$/, '');
		const split = part.indexOf('\r\n\r\n');
		if (split < 0) return undefined;
		const headers = part.slice(0, split);
		const value = part.slice(split + 4);
		const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(headers)?.[1];
		const name = disposition === undefined ? undefined : /\bname="([^"]*)"/i.exec(disposition)?.[1];
		if (name === undefined || name === '') return undefined;
		const fileName = /\bfilename="([^"]*)"/i.exec(disposition ?? '')?.[1];
		if (fileName !== undefined && fileParts !== undefined) {
			const mimeType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim();
			fileParts[name] = mimeType === undefined ? { fileName } : { fileName, mimeType };
		}
		const listed = name.endsWith('[]');
		const key = listed ? name.slice(0, -2) : name;
		const before = body[key];
		if (before === undefined) body[key] = listed ? [value] : value;
		else body[key] = [...(Array.isArray(before) ? before : [before]), value];
	}
	return body;
}
