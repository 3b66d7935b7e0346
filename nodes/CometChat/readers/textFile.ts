/**
 * Text files from the input item's binary data (a keyword list's CSV file): decoded by what their
 * bytes are, and refused before any request when they are not text or hold nothing. What is sent
 * is always UTF-8 (docs/cometchat-api.md, Moderation set-up).
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { FormFile } from '../transport/request';
import { readBinaryFile } from './binary';
import { fieldError } from './fieldErrors';

/** The encodings a text file is read in: told by its byte order mark, UTF-8 without one. */
export type TextEncodingName = 'UTF-8' | 'UTF-8 with BOM' | 'UTF-16LE' | 'UTF-16BE';

/** A file's text, or why it is not text (after "the file ...") and what to do. */
export type DecodedTextFile = { text: string; encoding: TextEncodingName } | { problem: string; howToFix: string };

const SAVE_AS_UTF8 =
	'Save the CSV as UTF-8 (in Excel: Save As → "CSV UTF-8 (Comma delimited)"; in Convert to File: Encoding utf8) and use that file. UTF-16 with a byte order mark (Excel\'s "Unicode Text") is read too.';

/** Files picked by mistake, known by their first bytes. */
const NOT_TEXT_SIGNATURES: Array<[number[], string]> = [
	[[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
	[[0xff, 0xd8, 0xff], 'a JPEG image'],
	[[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
	[[0x25, 0x50, 0x44, 0x46, 0x2d], 'a PDF document'],
	[[0x50, 0x4b, 0x03, 0x04], 'a ZIP file (an Excel .xlsx workbook is one)'],
	[[0xd0, 0xcf, 0x11, 0xe0], 'an Office file (an Excel .xls workbook is one)'],
];

const BOMS: Array<[number[], TextEncodingName, string]> = [
	[[0xef, 0xbb, 0xbf], 'UTF-8 with BOM', 'utf-8'],
	[[0xff, 0xfe], 'UTF-16LE', 'utf-16le'],
	[[0xfe, 0xff], 'UTF-16BE', 'utf-16be'],
];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

/**
 * Whether a character code is one no text file holds: NUL and the other C0 controls but tab, line
 * breaks, vertical tab and form feed (0x09 to 0x0D), and DEL.
 */
const isControl = (code: number) => code <= 0x08 || (code >= 0x0e && code <= 0x1f) || code === 0x7f;

/** The index of the first control character of a text (see isControl), or -1. */
function controlIndexOf(text: string): number {
	for (let index = 0; index < text.length; index++) if (isControl(text.charCodeAt(index))) return index;
	return -1;
}

/**
 * The text of a file's bytes: UTF-8 with or without a byte order mark, UTF-16 LE or BE with one
 * (the mark is dropped). Anything else is refused: an empty file, bytes that are not valid in the
 * encoding (a CSV saved as Latin-1 or Windows-1252, an image), or control characters such as NUL
 * (UTF-16 without a mark, a binary file).
 */
export function decodeTextFile(bytes: Uint8Array): DecodedTextFile {
	if (bytes.length === 0)
		return { problem: 'is empty (0 bytes)', howToFix: 'Put the terms in the file, separated by commas or one per line.' };
	const known = NOT_TEXT_SIGNATURES.find(([signature]) => startsWith(bytes, signature));
	if (known !== undefined) {
		return {
			problem: `is ${known[1]}, not a text file`,
			howToFix: `Give the node the CSV file of terms: check which file the node before this one puts in that binary property. ${SAVE_AS_UTF8}`,
		};
	}
	const [, encoding, label] = BOMS.find(([bom]) => startsWith(bytes, bom)) ?? [[], 'UTF-8', 'utf-8'];
	let text: string;
	try {
		text = new TextDecoder(label, { fatal: true }).decode(bytes);
	} catch {
		return {
			problem: encoding.startsWith('UTF-16')
				? `is not valid ${encoding} text, though it starts with that byte order mark`
				: 'is not UTF-8 text (it may be saved as Latin-1 / Windows-1252, as older Excel does, or not be a text file)',
			howToFix: SAVE_AS_UTF8,
		};
	}
	const control = controlIndexOf(text);
	if (control !== -1) {
		const code = `U+${text.charCodeAt(control).toString(16).toUpperCase().padStart(4, '0')}`;
		return {
			problem: `is not text: it holds the control character ${code}${code === 'U+0000' ? ' (NUL)' : ''} at character ${control + 1}${
				encoding === 'UTF-8' ? ' (it may be UTF-16 without a byte order mark, or not a text file)' : ''
			}`,
			howToFix: SAVE_AS_UTF8,
		};
	}
	return { text, encoding };
}

/** Whether a CSV text holds a term: anything but separators (commas, semicolons, line breaks), quotes and spaces. */
export function csvHasTerm(text: string): boolean {
	return /[^\s,;"']/u.test(text);
}

/**
 * The CSV file of terms of the input item's binary property named in the parameter `name`, as
 * UTF-8 (no byte order mark) under its own file name, MIME type text/csv. A file that is not
 * text, or holds no term, fails the item before any request, naming the field, the binary
 * property and the file.
 */
export async function readCsvFile(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	fallbackFileName: string,
): Promise<FormFile> {
	const file = await readBinaryFile(context, itemIndex, name, label, fallbackFileName);
	const which = `names the binary property "${file.property}", whose file "${file.fileName}"`;
	const decoded = decodeTextFile(file.bytes);
	if ('problem' in decoded) throw fieldError(context, itemIndex, label, `${which} ${decoded.problem}`, decoded.howToFix);
	if (!csvHasTerm(decoded.text)) {
		throw fieldError(
			context,
			itemIndex,
			label,
			`${which} holds no term: only separators, quotes or spaces`,
			'Put the terms in the file, separated by commas or one per line.',
		);
	}
	return { bytes: Buffer.from(decoded.text, 'utf8'), fileName: file.fileName, mimeType: 'text/csv' };
}
