/**
 * Request shapes of CometChat's published contract, pinned byte for byte: a small local HTTP server
 * stands in for CometChat, records each request's raw URL and body, and gives the published
 * answer (some of which have no `data` wrapper). The emulator's own checks of these operations are
 * in the resource test files; here the exact query string and body are fixed.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TEST_API_KEY } from '../harness/emulator';
import { runNode, shutdownEngine } from '../harness/engine';
import { byId, nodeMuid } from '../harness/suite';

interface PinnedRequest {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
	body: unknown;
}

let server: Server;
let baseUrl: string;
let received: PinnedRequest[] = [];
let answer: IDataObject = {};

beforeAll(async () => {
	server = createServer((request, response) => {
		let text = '';
		request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
		request.on('end', () => {
			received.push({
				method: request.method ?? '',
				url: request.url ?? '',
				headers: request.headers,
				body: text ? JSON.parse(text) : undefined,
			});
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify(answer));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
	await new Promise((resolve) => server.close(resolve));
	await shutdownEngine();
});

beforeEach(() => {
	received = [];
	answer = {};
});

const run = async (parameters: INodeParameters) => await runNode({ apiKey: TEST_API_KEY, baseUrl, callUrl: baseUrl }, parameters);

describe('User → Get Many: each list parameter in its declared form', () => {
	it('roles and searchIn repeated (form, explode=true), tags one comma-separated value (explode=false)', async () => {
		answer = { data: [], meta: { pagination: { total: 0, count: 0, per_page: 1000, current_page: 1, total_pages: 1 } } };
		const { error } = await run({
			resource: 'user',
			operation: 'getAll',
			returnAll: true,
			filters: { searchKey: 'a', searchIn: ['name', 'uid'], roles: ['vip', 'moderator'], tags: 'navy, crypto' },
		});
		expect(error).toBeUndefined();
		expect(received).toHaveLength(1);
		const [path, query] = received[0].url.split('?');
		expect(path).toBe('/v3/users');
		expect(query.split('&')).toEqual([
			'searchKey=a',
			'searchIn=name',
			'searchIn=uid',
			'roles=vip',
			'roles=moderator',
			'tags=navy%2Ccrypto',
			'perPage=1000',
			'page=1',
		]);
	});

	it('a single role is one roles parameter', async () => {
		answer = { data: [], meta: { pagination: { total: 0, count: 0, per_page: 1000, current_page: 1, total_pages: 1 } } };
		await run({ resource: 'user', operation: 'getAll', returnAll: true, filters: { roles: ['vip'] } });
		expect(received[0].url).toBe('/v3/users?roles=vip&perPage=1000&page=1');
	});
});

describe('Message → Flag', () => {
	const flag: INodeParameters = {
		resource: 'message',
		operation: 'flag',
		messageId: '540092',
		onBehalfOf: byId('cy'),
		reasonId: byId('spam'),
		remark: 'Keeps posting links',
	};

	it('sends the reason as `id` (and as `reasonId`, with the remark), on behalf of the user', async () => {
		answer = { success: true, message: 'Message 540092 has been flagged successfully.' };
		const { items, error } = await run(flag);
		expect(error).toBeUndefined();
		expect(received).toHaveLength(1);
		expect(received[0]).toMatchObject({ method: 'POST', url: '/v3/messages/540092/flagged' });
		expect(received[0].headers.onbehalfof).toBe('cy');
		expect(received[0].body).toEqual({ id: 'spam', reasonId: 'spam', remark: 'Keeps posting links' });
		// The published answer has no `data` wrapper.
		expect(items.map((item) => item.json)).toEqual([
			{ id: '540092', reasonId: 'spam', success: true, message: 'Message 540092 has been flagged successfully.' },
		]);
	});

	it('reads an answer wrapped in `data` the same way', async () => {
		answer = { data: { success: true, message: 'Message 540092 has been flagged successfully.' } };
		const { items } = await run(flag);
		expect(items[0].json).toEqual({
			id: '540092',
			reasonId: 'spam',
			success: true,
			message: 'Message 540092 has been flagged successfully.',
		});
	});
});

describe('reviews', () => {
	it.each([
		['blockedMessage', 'approve', 'blocked-messages', { status: 'approved', reviewed: true }],
		['blockedMessage', 'reject', 'blocked-messages', { status: 'rejected', reviewed: true }],
		['flaggedMessage', 'approve', 'flagged-messages', { status: 'approved' }],
		['flaggedMessage', 'disapprove', 'flagged-messages', { status: 'disapproved' }],
	])('%s → %s sends PATCH /moderation/%s/{id} with %j', async (resource, operation, list, body) => {
		answer = { data: { success: true, message: 'Message with ID 2 has been reviewed successfully.' } };
		const { items, error } = await run({ resource, operation, messageId: '2' });
		expect(error).toBeUndefined();
		expect(received.map((request) => [request.method, request.url, request.body])).toEqual([['PATCH', `/v3/moderation/${list}/2`, body]]);
		expect(items[0].json).toEqual({
			id: '2',
			status: body.status,
			success: true,
			message: 'Message with ID 2 has been reviewed successfully.',
		});
	});

	it('a flagged-message review answered without `data` (the published answer) gives the same output', async () => {
		answer = { success: true, message: 'Message with id 2 has been unflagged successfully.' };
		const { items } = await run({ resource: 'flaggedMessage', operation: 'approve', messageId: '2' });
		expect(items[0].json).toEqual({
			id: '2',
			status: 'approved',
			success: true,
			message: 'Message with id 2 has been unflagged successfully.',
		});
	});
});

describe('Message → Send, media', () => {
	it('sends attachments with `size` as a string and the Media URL as an attachment, no data.url', async () => {
		answer = { data: { id: '1' } };
		const { error } = await run({
			resource: 'message',
			operation: 'send',
			onBehalfOf: byId('ada'),
			receiverType: 'user',
			receiverUid: byId('bob'),
			messageType: 'file',
			url: 'https://example.com/report.pdf',
			attachments: {
				attachment: [{ name: 'notes.txt', extension: 'txt', mimeType: 'text/plain', size: 512, url: 'https://example.com/notes.txt' }],
			},
		});
		expect(error).toBeUndefined();
		expect(received[0].body).toEqual({
			receiver: 'bob',
			receiverType: 'user',
			category: 'message',
			type: 'file',
			data: {
				attachments: [
					{ url: 'https://example.com/report.pdf' },
					{ name: 'notes.txt', extension: 'txt', mimeType: 'text/plain', size: '512', url: 'https://example.com/notes.txt' },
				],
			},
			muid: nodeMuid(),
		});
	});
});
