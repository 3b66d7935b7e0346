/**
 * Download Attachments (Message → Get and Get Many): each file a message's `data.attachments`
 * links to becomes a binary property of its output item. The files are read one after the other,
 * without the credential (a link may point anywhere), each at most Max File Size.
 * docs/cometchat-api.md, Attachments as binary data.
 */
import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isRecord } from '../../helpers/records';
import { readRequiredText } from '../../readers/text';
import { integerOf, readBoolean } from '../../readers/values';
import { downloadFile } from '../../transport/download';
import type { DownloadOutcome } from '../../transport/download';
import { formatSeconds } from '../../transport/requestErrors';

const ON = { show: { downloadAttachments: [true] } };

/** The default of Max File Size (MB). */
export const DEFAULT_MAX_ATTACHMENT_MB = 25;

export const downloadAttachmentFields: INodeProperties[] = [
	{
		displayName: 'Download Attachments',
		name: 'downloadAttachments',
		type: 'boolean',
		default: false,
		description:
			"Whether to download the message's attachments into the item's binary data, one binary property per file, for the next node (e.g. an AI vision model or a storage node)",
	},
	{
		displayName: 'Attachment Prefix',
		name: 'attachmentPrefix',
		type: 'string',
		default: 'attachment_',
		placeholder: 'e.g. attachment_',
		description: 'The name of each binary property: this prefix and the position of the file, from 0, e.g. attachment_0',
		displayOptions: ON,
	},
	{
		displayName: 'Max File Size (MB)',
		name: 'maxAttachmentSizeMb',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: DEFAULT_MAX_ATTACHMENT_MB,
		description: 'A larger file fails the item (with Continue On Fail, only that item); reading stops at the limit',
		displayOptions: ON,
	},
];

/** Downloads the attachments of one message into binary properties (none when it has no attachment). */
export type AttachmentDownloader = (message: IDataObject) => Promise<IBinaryKeyData | undefined>;

/** The downloader of the item's settings, or undefined when Download Attachments is off; read before any request. */
export function attachmentDownloader(context: IExecuteFunctions, itemIndex: number): AttachmentDownloader | undefined {
	if (!readBoolean(context, itemIndex, 'downloadAttachments', 'Download Attachments')) return undefined;
	const prefix = readRequiredText(context, itemIndex, 'attachmentPrefix', 'Attachment Prefix', 'Enter a prefix, e.g. attachment_.');
	const maxMb = integerOf(
		context,
		itemIndex,
		'Max File Size (MB)',
		context.getNodeParameter('maxAttachmentSizeMb', itemIndex, DEFAULT_MAX_ATTACHMENT_MB),
		1,
	);
	const maxBytes = maxMb * 1024 * 1024;
	return async (message) => {
		const attachments = attachmentsOf(message);
		if (attachments.length === 0) return undefined;
		const binary: IBinaryKeyData = {};
		// One file after the other: n8n stores each (on disk in its filesystem mode) before the next is read.
		for (const [position, attachment] of attachments.entries()) {
			const file = await download(context, itemIndex, message, attachment, position, maxMb, maxBytes);
			binary[`${prefix}${position}`] = await context.helpers.prepareBinaryData(file.bytes, file.fileName, file.mimeType);
		}
		return binary;
	};
}

/** The attachments of a message as published: `data.attachments[]` {url, name, mimeType, extension, size}. */
function attachmentsOf(message: IDataObject): IDataObject[] {
	const data = isRecord(message.data) ? message.data : {};
	return Array.isArray(data.attachments) ? data.attachments.filter(isRecord) : [];
}

interface File {
	bytes: Buffer;
	fileName?: string;
	mimeType?: string;
}

async function download(
	context: IExecuteFunctions,
	itemIndex: number,
	message: IDataObject,
	attachment: IDataObject,
	position: number,
	maxMb: number,
	maxBytes: number,
): Promise<File> {
	const url = typeof attachment.url === 'string' ? attachment.url.trim() : '';
	const named = typeof attachment.name === 'string' && attachment.name !== '' ? attachment.name : undefined;
	const what = `attachment ${position} (${named ?? lastSegment(url) ?? 'no name'}) of message ${String(message.id)}`;
	const fail = (problem: string, description: string) =>
		new NodeOperationError(context.getNode(), `Could not download ${what}: ${problem}`, { itemIndex, description });
	const host = hostOf(url);
	if (host === undefined) {
		throw fail(
			'its URL is not an http(s) link',
			'CometChat holds no file for it to download. Turn Download Attachments off for such messages.',
		);
	}
	// A size the attachment declares over the limit fails before anything is read.
	if (Number(attachment.size) > maxBytes) {
		throw fail(
			`it is larger than ${maxMb} MB`,
			`The attachment declares ${String(attachment.size)} bytes. Raise Max File Size (MB) to download it.`,
		);
	}
	const outcome: DownloadOutcome = await downloadFile(context, url, maxBytes);
	if ('tooLarge' in outcome) {
		throw fail(`it is larger than ${maxMb} MB`, `Reading stopped at the limit. Raise Max File Size (MB) to download it.`);
	}
	if ('status' in outcome) {
		throw fail(`${host} answered HTTP ${outcome.status}`, 'The file may have been deleted, or its link may have expired.');
	}
	if ('timedOut' in outcome) {
		throw fail(
			`${host} sent nothing for ${formatSeconds(outcome.timeoutMs)}`,
			'The files host did not answer, or stopped half-way. Try again later.',
		);
	}
	if ('failed' in outcome) throw fail(`could not reach ${host}: ${outcome.failed}`, 'Check that the files host can be reached from n8n.');
	const { bytes, contentType, contentDisposition } = outcome.file;
	const mimeType =
		typeof attachment.mimeType === 'string' && attachment.mimeType !== '' ? attachment.mimeType : contentType?.split(';')[0].trim();
	return { bytes, fileName: named ?? dispositionName(contentDisposition) ?? lastSegment(url), mimeType: mimeType || undefined };
}

function hostOf(url: string): string | undefined {
	try {
		const parsed = new URL(url);
		return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : undefined;
	} catch {
		return undefined;
	}
}

/** The last segment of a URL's path, decoded, e.g. `sunset.jpg`. */
function lastSegment(url: string): string | undefined {
	try {
		const segment = new URL(url).pathname.split('/').pop();
		return segment ? decodeURIComponent(segment) : undefined;
	} catch {
		return undefined;
	}
}

/** `filename="…"` of a Content-Disposition header. */
function dispositionName(header: string | undefined): string | undefined {
	return header === undefined ? undefined : (/filename="([^"]+)"/i.exec(header)?.[1] ?? undefined);
}
