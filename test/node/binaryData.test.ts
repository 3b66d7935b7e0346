/**
 * Files from and to binary data, through n8n's engine against the emulator over real HTTP: a
 * keyword list's CSV file uploaded from the input item's binary property (the only published
 * operation that takes a file), and a message's attachments downloaded into binary properties
 * (Message → Get and Get Many, Download Attachments).
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IBinaryData, IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { BinaryDataService } from 'n8n-core';
import { Container } from '@n8n/di';

import { csvHasTerm, decodeTextFile } from '../../nodes/CometChat/readers/textFile';
import { overrideRequestLimits } from '../../nodes/CometChat/transport/limits';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, clearFaultQueue, expectErrorItem, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const store = () => emulator().store;
const run = async (parameters: INodeParameters, input?: IDataObject[], nodeOptions = {}) =>
	await runNode(credentialsFor(emulator()), parameters, input, nodeOptions);

const CSV = 'darn,heck\nfrick\r\ngosh\n';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10, 0x80, 0x7f]);

describe('Keyword List: the CSV file from binary data', () => {
	it('Create uploads the binary property as the `file` part; the emulator reads the terms from it', async () => {
		const { items, error } = await run(
			{
				resource: 'keywordList',
				operation: 'create',
				keywordListId: 'from-csv',
				termsFrom: 'binary',
				binaryPropertyName: 'terms',
				additionalFields: { name: 'From a file' },
			},
			[{ $binary: { terms: { text: CSV, fileName: 'mild.csv', mimeType: 'text/csv' } } }],
		);
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'POST', path: '/v3/moderation/keywords' });
		expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
		expect(request.body).toEqual({ id: 'from-csv', name: 'From a file', category: 'word', searchTerms: '', file: CSV });
		expect(request.fileParts).toEqual({ file: { fileName: 'mild.csv', mimeType: 'text/csv' } });
		expect(store().keywordLists.get('from-csv')).toMatchObject({ searchTerms: ['darn', 'heck', 'frick', 'gosh'], isCSV: true });
		expect(items[0].json).toMatchObject({ id: 'from-csv', searchTerms: ['darn', 'heck', 'frick', 'gosh'], isCSV: true });
	});

	it('Update replaces the terms with the file of each item (default property `data`, a pattern list)', async () => {
		store().addKeywordList({ id: 'patterns', category: 'pattern', searchTerms: ['old'] });
		const { items, error } = await run(
			{ resource: 'keywordList', operation: 'update', keywordListId: byId('patterns'), category: 'pattern', termsFrom: 'binary' },
			[{ $binary: { data: { text: 'a+b\nc.*d', fileName: 'p.csv', mimeType: 'text/csv' } } }],
		);
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		expect(request).toMatchObject({ method: 'PUT', path: '/v3/moderation/keywords/patterns' });
		expect(request.body).toEqual({ category: 'pattern', searchTerms: '', file: 'a+b\nc.*d' });
		expect(items[0].json).toMatchObject({ searchTerms: ['a+b', 'c.*d'], isCSV: true });
	});

	it('a missing binary property or an empty field is refused before sending, naming the field and the item', async () => {
		const create = { resource: 'keywordList', operation: 'create', keywordListId: 'l', termsFrom: 'binary', binaryPropertyName: 'csv' };
		expectInputError(
			await run(create, [{ $binary: { data: { text: 'a', fileName: 'a.csv' } } }]),
			/'Input Binary Field' names the binary property "csv", which the input item does not have/,
			/binary properties are: data/,
		);
		expectInputError(await run(create, [{}]), /'Input Binary Field' names the binary property "csv"/, /has no binary data/);
		expectInputError(await run({ ...create, binaryPropertyName: '' }, [{}]), /'Input Binary Field' is empty/, /e\.g\. data/);
		expect(apiRequests(emulator())).toHaveLength(0);

		const { items } = await run(create, [{}, { $binary: { csv: { text: 'x,y', fileName: 'x.csv' } } }], {
			onError: 'continueRegularOutput',
		});
		expectErrorItem(items[0], 0, /'Input Binary Field' names the binary property "csv"/);
		expect(items[1].json).toMatchObject({ id: 'l', searchTerms: ['x', 'y'] });
	});
});

/** Terms with accents and CJK: what a file in the wrong encoding garbles. */
const ACCENTED = 'café,naïve\r\n日本\n';
const ACCENTED_TERMS = ['café', 'naïve', '日本'];
/** UTF-16 with a byte order mark, little or big endian. */
const utf16le = (text: string) => Buffer.from(`\ufeff${text}`, 'utf16le');
const utf16be = (text: string) => utf16le(text).swap16();
/** The files of a keyword list read right, each sent as the same UTF-8 text. */
const READ_RIGHT: Array<[string, Buffer]> = [
	['UTF-8', Buffer.from(ACCENTED, 'utf8')],
	['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ACCENTED, 'utf8')])],
	['UTF-16 LE with BOM', utf16le(ACCENTED)],
	['UTF-16 BE with BOM', utf16be(ACCENTED)],
];
/** The files refused before any request: the message after the property and file, and the fix. */
const REFUSED: Array<[string, Buffer, RegExp, RegExp]> = [
	['Latin-1', Buffer.from(ACCENTED, 'latin1'), /is not UTF-8 text \(it may be saved as Latin-1/, /Save the CSV as UTF-8 \(in Excel/],
	['PNG bytes', PNG, /is a PNG image, not a text file/, /Give the node the CSV file of terms/],
	[
		'NUL bytes in UTF-8',
		Buffer.from('darn,\u0000heck'),
		/is not text: it holds the control character U\+0000 \(NUL\) at character 6/,
		/UTF-8/,
	],
	['UTF-16 without a BOM', Buffer.from('darn,heck', 'utf16le'), /U\+0000 \(NUL\).*UTF-16 without a byte order mark/, /UTF-8/],
	['UTF-16 with a BOM and an odd byte', Buffer.concat([utf16le('darn'), Buffer.from([0x61])]), /is not valid UTF-16LE text/, /UTF-8/],
	['empty', Buffer.alloc(0), /is empty \(0 bytes\)/, /Put the terms in the file/],
	['separators only', Buffer.from(',,\n,'), /holds no term: only separators, quotes or spaces/, /Put the terms in the file/],
	['quotes, semicolons and spaces only', Buffer.from('\ufeff"", ;\r\n\t" "\n'), /holds no term/, /Put the terms in the file/],
	['a UTF-16 BOM and blank lines only', utf16le(' \r\n \r\n'), /holds no term/, /Put the terms in the file/],
];

const fileItem = (bytes: Buffer, fileName = 'terms.csv', mimeType = 'text/plain') => ({
	$binary: { data: { base64: bytes.toString('base64'), fileName, mimeType } },
});

describe('Keyword List: the CSV file is decoded by what it is, and refused when it holds no terms', () => {
	it('decodeTextFile tells the encoding by the byte order mark, UTF-8 without one, and drops the mark', () => {
		expect(READ_RIGHT.map(([, bytes]) => decodeTextFile(bytes))).toEqual(
			['UTF-8', 'UTF-8 with BOM', 'UTF-16LE', 'UTF-16BE'].map((encoding) => ({ text: ACCENTED, encoding })),
		);
		expect(decodeTextFile(Buffer.from('\ufeff'))).toEqual({ text: '', encoding: 'UTF-8 with BOM' });
		expect(csvHasTerm('\ufeff, ;\n"\'')).toBe(false);
		expect(csvHasTerm(',,x')).toBe(true);
	});

	it.each(READ_RIGHT)('%s: sent as UTF-8 text/csv under its own name; Get reads back the exact terms', async (_what, bytes) => {
		const { items, error } = await run({ resource: 'keywordList', operation: 'create', keywordListId: 'accents', termsFrom: 'binary' }, [
			fileItem(bytes, 'accents.csv', 'application/vnd.ms-excel'),
		]);
		expect(error).toBeUndefined();
		const [request] = apiRequests(emulator());
		// The emulator reads the part as UTF-8: the text arrives unchanged, without a BOM.
		expect(request.body).toEqual({ id: 'accents', category: 'word', searchTerms: '', file: ACCENTED });
		expect(request.fileParts).toEqual({ file: { fileName: 'accents.csv', mimeType: 'text/csv' } });
		expect(items[0].json).toMatchObject({ searchTerms: ACCENTED_TERMS, isCSV: true });
		const got = await run({ resource: 'keywordList', operation: 'get', keywordListId: byId('accents') });
		expect(got.items[0].json).toMatchObject({ id: 'accents', searchTerms: ACCENTED_TERMS, isCSV: true });
	});

	it.each(REFUSED)(
		'%s: refused before any request, naming the field, the property, the file and the item',
		async (_what, bytes, problem, fix) => {
			for (const operation of ['create', 'update']) {
				store().addKeywordList({ id: 'kw', searchTerms: ['old'] });
				const result = await run(
					{ resource: 'keywordList', operation, keywordListId: operation === 'create' ? 'new' : byId('kw'), termsFrom: 'binary' },
					[fileItem(bytes, 'old export.csv')],
				);
				expectInputError(result, /^'Input Binary Field' names the binary property "data", whose file "old export\.csv" /, fix);
				expect(result.error?.message).toMatch(problem);
				expect(apiRequests(emulator())).toHaveLength(0);
				expect(store().keywordLists.get('kw')?.searchTerms).toEqual(['old']);
			}
		},
	);

	it('with Continue On Fail the refused files fail their items and the files around them are sent', async () => {
		store().addKeywordList({ id: 'kw', searchTerms: ['old'] });
		const { items, error } = await run(
			{ resource: 'keywordList', operation: 'update', keywordListId: byId('kw'), termsFrom: 'binary' },
			[fileItem(utf16be('un,deux')), fileItem(Buffer.alloc(0)), fileItem(Buffer.from('ça', 'latin1')), fileItem(utf16le('trois'))],
			{ onError: 'continueRegularOutput' },
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ searchTerms: ['un', 'deux'] });
		expectErrorItem(items[1], 1, /'Input Binary Field' names the binary property "data", whose file "terms\.csv" is empty/);
		expectErrorItem(items[2], 2, /whose file "terms\.csv" is not UTF-8 text/);
		expect(items[3].json).toMatchObject({ searchTerms: ['trois'] });
		expect(apiRequests(emulator()).map((request) => (request.body as IDataObject).file)).toEqual(['un,deux', 'trois']);
	});
});

/** The bytes of a binary property of an output item, as the next node would read them. */
async function bytesOf(item: INodeExecutionData, property: string): Promise<Buffer> {
	const binary = item.binary?.[property] as IBinaryData;
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

/** A files host that is not CometChat's: it serves one file and keeps the headers of every request. */
async function startForeignHost(file: Buffer, mimeType: string): Promise<{ url: string; headers: IncomingHttpHeaders[]; server: Server }> {
	const headers: IncomingHttpHeaders[] = [];
	const server = createServer((request, response) => {
		headers.push(request.headers);
		response.writeHead(200, { 'content-type': mimeType, 'content-length': String(file.length) });
		response.end(file);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, headers, server };
}

const PDF = Buffer.from('%PDF-1.4\n% a small file\n');

/** A message whose attachments link to `files`, stored in the emulator. */
function messageWith(attachments: IDataObject[], text = 'Files'): string {
	return store().addMessage({ sender: 'ada', receiver: 'bob', type: 'file', data: { text, attachments } }).id;
}

describe('Message: Download Attachments into binary data', () => {
	beforeEach(() => {
		store().addUser({ uid: 'ada', name: 'Ada' });
		store().addUser({ uid: 'bob', name: 'Bob' });
	});

	it('Get downloads each attachment into attachment_N: the bytes, file name and MIME type; the JSON stays the message', async () => {
		const image = emulator().addMedia({ name: 'chart.png', mimeType: 'image/png', bytes: PNG });
		const pdf = emulator().addMedia({ name: 'report.pdf', mimeType: 'application/pdf', bytes: PDF });
		const id = messageWith([image.attachment, pdf.attachment]);
		const { items, error } = await run({ resource: 'message', operation: 'get', messageId: byId(id), downloadAttachments: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id, data: { text: 'Files' } });
		expect(Object.keys(items[0].binary ?? {})).toEqual(['attachment_0', 'attachment_1']);
		expect(items[0].binary?.attachment_0).toMatchObject({ fileName: 'chart.png', mimeType: 'image/png', fileExtension: 'png' });
		expect(items[0].binary?.attachment_1).toMatchObject({ fileName: 'report.pdf', mimeType: 'application/pdf' });
		expect(await bytesOf(items[0], 'attachment_0')).toEqual(PNG);
		expect(await bytesOf(items[0], 'attachment_1')).toEqual(PDF);
		// The files were read from the media path, without the API key.
		const media = emulator().requests.filter((request) => request.path.startsWith('/media/'));
		expect(media.map((request) => [request.method, request.status, request.headers.apikey])).toEqual([
			['GET', 200, undefined],
			['GET', 200, undefined],
		]);
	});

	it('the name and type come from the answer when the attachment has none; a message without attachments has no binary', async () => {
		const { url } = emulator().addMedia({ name: 'voice note.ogg', mimeType: 'audio/ogg', bytes: PDF });
		const id = messageWith([{ url }]);
		const plain = messageWith([], 'No files');
		const { items } = await run(
			{ resource: 'message', operation: 'get', messageId: '={{ $json.id }}', downloadAttachments: true, attachmentPrefix: 'file_' },
			[{ id }, { id: plain }],
		);
		expect(items[0].binary?.file_0).toMatchObject({ fileName: 'voice note.ogg', mimeType: 'audio/ogg' });
		expect(await bytesOf(items[0], 'file_0')).toEqual(PDF);
		expect(items[1].json).toMatchObject({ id: plain });
		expect(items[1].binary).toBeUndefined();
	});

	it('Get Many with Simplify gives each message its files; Download Attachments off downloads nothing', async () => {
		const first = emulator().addMedia({ name: 'a.png', mimeType: 'image/png', bytes: PNG });
		const second = emulator().addMedia({ name: 'b.pdf', mimeType: 'application/pdf', bytes: PDF });
		messageWith([first.attachment], 'one');
		messageWith([], 'none');
		messageWith([second.attachment], 'two');
		const parameters = { resource: 'message', operation: 'getAll', returnAll: true, order: 'oldest', options: { simplify: true } };
		const { items, error } = await run({ ...parameters, downloadAttachments: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.text, Object.keys(item.binary ?? {})])).toEqual([
			['one', ['attachment_0']],
			['none', []],
			['two', ['attachment_0']],
		]);
		expect(await bytesOf(items[0], 'attachment_0')).toEqual(PNG);
		expect(await bytesOf(items[2], 'attachment_0')).toEqual(PDF);
		expect(items[2].binary?.attachment_0).toMatchObject({ fileName: 'b.pdf', mimeType: 'application/pdf' });

		emulator().clearRequests();
		const off = await run(parameters);
		expect(off.items.every((item) => item.binary === undefined)).toBe(true);
		expect(emulator().requests.filter((request) => request.path.startsWith('/media/'))).toEqual([]);
	});

	it('never sends the API key or any credential to a files host that is not CometChat', async () => {
		const foreign = await startForeignHost(PNG, 'image/png');
		try {
			const id = messageWith([{ url: `${foreign.url}/uploads/photo.png`, name: 'photo.png', mimeType: 'image/png' }]);
			const { items, error } = await run({ resource: 'message', operation: 'get', messageId: byId(id), downloadAttachments: true });
			expect(error).toBeUndefined();
			expect(await bytesOf(items[0], 'attachment_0')).toEqual(PNG);
			expect(foreign.headers).toHaveLength(1);
			const sent = JSON.stringify(foreign.headers[0]);
			expect(sent).not.toContain(emulator().apiKey);
			expect(Object.keys(foreign.headers[0])).not.toEqual(expect.arrayContaining(['apikey']));
			expect(foreign.headers[0].authorization).toBeUndefined();
			expect(foreign.headers[0].onbehalfof).toBeUndefined();
		} finally {
			await new Promise((resolve) => foreign.server.close(resolve));
		}
	});

	it('a file over Max File Size fails its item, naming the message, the file and the limit, before reading when the size is declared', async () => {
		const big = emulator().addMedia({ name: 'big.bin', mimeType: 'application/octet-stream', bytes: Buffer.alloc(1024 * 1024 + 1, 7) });
		const small = emulator().addMedia({ name: 'small.png', mimeType: 'image/png', bytes: PNG });
		// The declared size says nothing: the body is read and dropped at the limit.
		const undeclared = messageWith([{ url: big.url, name: 'big.bin' }]);
		const declared = messageWith([big.attachment]);
		const fine = messageWith([small.attachment]);
		const parameters = {
			resource: 'message',
			operation: 'get',
			messageId: '={{ $json.id }}',
			downloadAttachments: true,
			maxAttachmentSizeMb: 1,
		};
		const { items } = await run(parameters, [{ id: undeclared }, { id: declared }, { id: fine }], { onError: 'continueRegularOutput' });
		expectErrorItem(items[0], 0, `Could not download attachment 0 (big.bin) of message ${undeclared}: it is larger than 1 MB`);
		expectErrorItem(items[1], 1, `Could not download attachment 0 (big.bin) of message ${declared}: it is larger than 1 MB`);
		expect(items[1].error?.description).toMatch(/declares 1048577 bytes.*Raise Max File Size/);
		expect(await bytesOf(items[2], 'attachment_0')).toEqual(PNG);
		// The declared size was refused before the file was asked for.
		expect(
			emulator()
				.requests.filter((request) => request.path.startsWith('/media/'))
				.map((request) => request.path),
		).toEqual([new URL(big.url).pathname, new URL(small.url).pathname]);

		const stopped = await run(parameters, [{ id: undeclared }]);
		expect(stopped.error?.name).toBe('NodeOperationError');
		expect(stopped.error?.message).toContain('it is larger than 1 MB [item 0]');
	});

	it('a file of undeclared length (chunked) is dropped at the limit: the host sees the connection closed long before its end', async () => {
		const chunk = Buffer.alloc(64 * 1024, 1);
		let written = 0;
		let closedAfter: (bytes: number) => void = () => undefined;
		// The bytes written when the reader closed the connection (never, if it read to the end and kept it).
		const closed = new Promise<number>((resolve) => (closedAfter = resolve));
		const server = createServer((_request, response) => {
			response.writeHead(200, { 'content-type': 'video/mp4' });
			response.on('close', () => closedAfter(written));
			// Up to 64 MB, as long as the reader takes it.
			const pump = (): void => {
				while (written < 64 * 1024 * 1024 && !response.destroyed) {
					written += chunk.length;
					if (!response.write(chunk)) {
						response.once('drain', pump);
						return;
					}
				}
				response.end();
			};
			pump();
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clip.mp4`;
			const id = messageWith([{ url, name: 'clip.mp4' }]);
			const { error } = await run({
				resource: 'message',
				operation: 'get',
				messageId: byId(id),
				downloadAttachments: true,
				maxAttachmentSizeMb: 1,
			});
			expect(error?.message).toBe(`Could not download attachment 0 (clip.mp4) of message ${id}: it is larger than 1 MB [item 0]`);
			expect(error?.description).toMatch(/Reading stopped at the limit/);
			expect(await closed).toBeLessThan(16 * 1024 * 1024);
		} finally {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		}
	});

	it('a missing file (404) and a files host that stalls fail the item with what happened; the others go on', async () => {
		const restore = overrideRequestLimits({ attemptTimeoutMs: 300 });
		try {
			const gone = emulator().addMedia({ name: 'gone.png', mimeType: 'image/png', bytes: PNG });
			const missing = messageWith([{ ...gone.attachment, url: gone.url.replace(/\/media\/f\d+\//, '/media/f999/') }]);
			const stalled = emulator().addMedia({ name: 'slow.pdf', mimeType: 'application/pdf', bytes: PDF });
			const stalling = messageWith([stalled.attachment]);
			const fine = messageWith([gone.attachment]);
			emulator().injectNext([{ kind: 'stallBody' }], { pathPrefix: new URL(stalled.url).pathname });
			const { items } = await run(
				{ resource: 'message', operation: 'get', messageId: '={{ $json.id }}', downloadAttachments: true },
				[{ id: missing }, { id: stalling }, { id: fine }],
				{ onError: 'continueRegularOutput' },
			);
			const host = new URL(gone.url).host;
			expectErrorItem(items[0], 0, `Could not download attachment 0 (gone.png) of message ${missing}: ${host} answered HTTP 404`);
			expectErrorItem(items[1], 1, `Could not download attachment 0 (slow.pdf) of message ${stalling}: ${host} sent nothing for 0.3 s`);
			expect(await bytesOf(items[2], 'attachment_0')).toEqual(PNG);
		} finally {
			restore();
			await clearFaultQueue(emulator());
		}
	});

	it('refuses a wrong Max File Size, an empty prefix and a link that is not http(s), naming the field or the file', async () => {
		const id = messageWith([{ url: 'ftp://files.example.com/a.png', name: 'a.png' }]);
		const parameters = { resource: 'message', operation: 'get', messageId: byId(id), downloadAttachments: true };
		expectInputError(
			await run({ ...parameters, maxAttachmentSizeMb: 0.5 }),
			/'Max File Size \(MB\)' must be a whole number of at least 1/,
			/.+/,
		);
		expectInputError(await run({ ...parameters, attachmentPrefix: '={{ "" }}' }), /'Attachment Prefix' is empty/, /attachment_/);
		expect(apiRequests(emulator())).toHaveLength(0);
		const { error } = await run(parameters);
		expect(error?.message).toBe(`Could not download attachment 0 (a.png) of message ${id}: its URL is not an http(s) link [item 0]`);
	});
});
