/**
 * Reading a file from a link (a message's attachment): through n8n's plain HTTP helper, never with
 * the credential, since an attachment may link anywhere. The body is read as a stream and dropped
 * as soon as it passes the size limit; the attempt has the same timeout and backstop as a CometChat
 * request (`attempt`). docs/cometchat-api.md, Attachments as binary data.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { attempt } from './attempt';
import { requestLimits } from './limits';
import { connectionFailureInWords } from './requestErrors';
import { headerValue, networkErrorCode } from './retry';

/** What a link answered: the file, or why there is none. */
export type DownloadOutcome =
	| { file: { bytes: Buffer; contentType?: string; contentDisposition?: string } }
	| { tooLarge: true }
	| { status: number }
	| { timedOut: true; timeoutMs: number }
	/** The connection failed, in words. */
	| { failed: string };

/** The body of an answer as far as it was read. */
type Read = Buffer | 'tooLarge' | undefined;

interface StreamResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: NodeJS.ReadableStream & { destroy(): void };
}

/** One GET of `url`, at most `maxBytes` of body; nothing is sent but the request itself (no credential). */
export async function downloadFile(context: IExecuteFunctions, url: string, maxBytes: number): Promise<DownloadOutcome> {
	let stream: StreamResponse['body'] | undefined;
	const timeoutMs = requestLimits().attemptTimeoutMs;
	const startedAt = Date.now();
	const outcome = await attempt(async (timeout) => {
		const response = (await context.helpers.httpRequest({
			method: 'GET',
			url,
			encoding: 'stream',
			json: false,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout,
		})) as StreamResponse;
		stream = response.body;
		const { statusCode, headers } = response;
		const read = async (): Promise<Read> => {
			if (statusCode < 200 || statusCode >= 300) return undefined;
			// A declared length over the limit is refused before reading anything.
			if (Number(headers['content-length']) > maxBytes) return 'tooLarge';
			const chunks: Buffer[] = [];
			let size = 0;
			for await (const chunk of response.body) {
				const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
				size += bytes.length;
				if (size > maxBytes) return 'tooLarge';
				chunks.push(bytes);
			}
			return Buffer.concat(chunks);
		};
		try {
			return { statusCode, headers, body: await read() };
		} finally {
			response.body.destroy();
		}
	}, timeoutMs);
	if (!('response' in outcome)) {
		stream?.destroy();
		// A body cut short by axios's timeout surfaces as an aborted stream rather than as a timeout.
		if (outcome.timedOut === true || Date.now() - startedAt >= timeoutMs) return { timedOut: true, timeoutMs };
		return { failed: connectionFailureInWords(networkErrorCode(outcome.error)) };
	}
	const { statusCode, headers, body } = outcome.response;
	if (body === 'tooLarge') return { tooLarge: true };
	if (!Buffer.isBuffer(body)) return { status: statusCode };
	return {
		file: {
			bytes: body,
			contentType: headerValue(headers, 'content-type'),
			contentDisposition: headerValue(headers, 'content-disposition'),
		},
	};
}
