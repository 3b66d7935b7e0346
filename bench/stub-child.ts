/**
 * A minimal stand-in for the users list, not the emulator: a plain Node HTTP server in a process of
 * its own that serves pages it serialized once, so that the service's own cost per page is as small
 * as a server's can be (a lookup and a write of bytes it holds). bench/n8n.ts uses it for Return All,
 * to time the clients rather than the service.
 *
 *   node --import tsx bench/stub-child.ts <latencyMs> <sourceBaseUrl> <apiKey> <perPage>
 *
 * At start it reads every page of `GET /v3/users?perPage=<perPage>` from the source (the emulator,
 * once, untimed) and keeps each answer's bytes. Then it answers `GET /v3/users?…&page=N` with page N's
 * bytes after `latencyMs` (the same latency the emulator adds), checks the `apikey` header and that
 * `perPage` is the one it holds, and counts the requests it served (asked over IPC, as the emulator's
 * process does: `{ type: 'count' }`).
 */
import { createServer } from 'http';
import type { AddressInfo } from 'net';

import type { EmulatorCount } from './emulator-child';

export interface StubReady {
	type: 'stub-ready';
	baseUrl: string;
	pages: number;
	bytes: number;
	pid: number;
}

async function main(): Promise<void> {
	const [latencyArg, source, apiKey, perPageArg] = process.argv.slice(2);
	const latencyMs = Number(latencyArg);
	const perPage = String(Number(perPageArg));
	const pages: Buffer[] = [];
	for (let page = 1; ; page++) {
		const response = await fetch(`${source}/v3/users?perPage=${perPage}&page=${page}`, { headers: { apikey: apiKey } });
		if (!response.ok) throw new Error(`the source answered page ${page} with ${response.status}`);
		const text = await response.text();
		pages.push(Buffer.from(text));
		const meta = (JSON.parse(text) as { meta: { pagination: { total_pages: number } } }).meta.pagination;
		if (page >= meta.total_pages) break;
	}
	let served = 0;
	const server = createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://stub');
		const fail = (status: number, message: string) => {
			response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
			response.end(JSON.stringify({ error: { code: 'ERR_STUB', message } }));
		};
		request.resume();
		setTimeout(() => {
			served++;
			if (request.method !== 'GET' || url.pathname !== '/v3/users')
				return fail(404, `the stub serves GET /v3/users only, not ${url.pathname}`);
			if (request.headers.apikey !== apiKey) return fail(401, 'wrong apikey');
			if (url.searchParams.get('perPage') !== perPage) return fail(400, `the stub holds perPage=${perPage} only`);
			const page = Number(url.searchParams.get('page') ?? '1');
			const body = pages[page - 1];
			if (!body) return fail(400, `no page ${page}`);
			response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
			response.end(body);
		}, latencyMs);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	process.on('message', (message: { type?: string; id?: number }) => {
		if (message?.type === 'count') {
			const answer: EmulatorCount = { type: 'count', id: message.id ?? 0, served };
			process.send?.(answer);
		} else if (message?.type === 'stop') {
			server.closeAllConnections();
			server.close(() => process.exit(0));
		}
	});
	process.on('disconnect', () => process.exit(0));
	const ready: StubReady = {
		type: 'stub-ready',
		baseUrl: `http://127.0.0.1:${port}`,
		pages: pages.length,
		bytes: pages.reduce((sum, page) => sum + page.length, 0),
		pid: process.pid,
	};
	process.send?.(ready);
}

main().catch((error) => {
	process.stderr.write(`${(error as Error)?.stack ?? error}\n`);
	process.exit(1);
});
