/**
 * The HTTP side: one fastify app per host, every request through `handle`. Order of checks per
 * request: rate limit → pre-handler faults → latency → hooks → apikey → JSON or multipart body → route →
 * contract validation (core/contract.ts) → handler → post-handler faults.
 */
import type { AddressInfo } from 'net';
import * as querystring from 'querystring';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { handleControl } from './control';
import { FORM_SUBMIT_PATH, submitForm } from './forms';
import { UPLOAD_PATH } from './areas/campaigns/collection';
import { contractValidator } from './core/contract';
import { ApiError } from './core/errors';
import { multipartBoundary, parseMultipart } from './core/multipart';
import { withEcho } from './core/faults';
import type { Fault } from './core/faults';
import type { FilePart, LoggedRequest } from './core/request-log';
import { NO_CONTENT } from './core/router';
import type { Host, Router } from './core/router';
import { header } from './core/validation';
import type { Headers, Query } from './core/validation';
import { MEDIA_PREFIX } from './areas/messages/media';
import type { MediaFile } from './areas/messages/media';
import type { Runtime } from './runtime';
import type { Store } from './store';

export interface ServerContext {
	apiKey: string;
	/** The management host's `key` and `secret` headers. */
	mgmtKey: string;
	mgmtSecret: string;
	store: Store;
	runtime: Runtime;
	routers: Record<Host, Router>;
	/** The region the app lives in: a request to its hosts in another region finds no app. */
	region: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tooMany = () => new ApiError('ERR_TOO_MANY_REQUESTS', 'Too many requests. Please retry after some time.');

async function handle(ctx: ServerContext, host: Host, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
	const { runtime } = ctx;
	const { faults } = runtime;
	const rawUrl = request.raw.url ?? '/';
	const qi = rawUrl.indexOf('?');
	const rawPath = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
	const query = { ...(qi < 0 ? {} : querystring.parse(rawUrl.slice(qi + 1))) } as Query;
	const method = request.method.toUpperCase();
	const headers: Headers = { ...request.headers };

	let body: unknown;
	let badJson = false;
	let badMultipart = false;
	const fileParts: Record<string, FilePart> = {};
	const rawBody = typeof request.body === 'string' ? request.body : undefined;
	const boundary = multipartBoundary(header(headers, 'content-type'));
	if (rawBody !== undefined && boundary !== undefined) {
		body = parseMultipart(rawBody, boundary, fileParts);
		badMultipart = body === undefined;
	} else if (rawBody !== undefined && rawBody.trim() !== '') {
		try {
			body = JSON.parse(rawBody);
		} catch {
			badJson = true;
		}
	}

	const send = (status: number, payload: unknown, extraHeaders: Record<string, string> = {}) =>
		reply.code(status).headers(extraHeaders).type(JSON_TYPE).send(JSON.stringify(payload));

	if (rawPath === '/__emulator' || rawPath.startsWith('/__emulator/')) {
		try {
			const formSubmit = method === 'POST' ? FORM_SUBMIT_PATH.exec(rawPath) : null;
			if (formSubmit) return send(200, { data: await submitForm(ctx.store, decodeURIComponent(formSubmit[1]), body) });
			// A campaign's recipients CSV PUT to its upload URL, as to the presigned URL CometChat hands out.
			const upload = method === 'PUT' ? UPLOAD_PATH.exec(rawPath) : null;
			if (upload) return send(200, { data: ctx.store.areas.campaigns.upload(decodeURIComponent(upload[1]), rawBody ?? '') });
			return send(200, { data: handleControl(method, rawPath, body, ctx.store, runtime) });
		} catch (err) {
			const e = err instanceof ApiError ? err : new ApiError('ERR_INTERNAL_SERVER_ERROR', String((err as Error)?.message ?? err));
			return send(e.status, e.toBody());
		}
	}

	const entry: LoggedRequest = { host, method, path: rawPath, query, headers, body, status: null };
	if (Object.keys(fileParts).length > 0) entry.fileParts = fileParts;
	runtime.log.add(entry);
	/** An API answer, with the request in it in echo mode. */
	const answer = (status: number, payload: unknown, extraHeaders: Record<string, string> = {}) =>
		send(status, faults.options.echo ? withEcho(payload, { method, path: rawPath, query, headers, body }) : payload, extraHeaders);

	const rl = runtime.limiter.take();
	if (!rl.allowed) {
		faults.counts.rateLimited++;
		entry.status = 429;
		entry.fault = 'rateLimited';
		return answer(429, tooMany().toBody(), rl.headers);
	}
	// An endpoint's own limit (Data Import's), on top of the app's: its headers are the ones the answer carries.
	const endpointLimit = host === 'chat' ? runtime.endpointLimiters.get(`${method} ${rawPath}`) : undefined;
	const own = endpointLimit?.limiter.take();
	if (endpointLimit && own && !own.allowed) {
		faults.counts.rateLimited++;
		entry.status = 429;
		entry.fault = 'rateLimited';
		return answer(429, new ApiError('ERR_TOO_MANY_REQUESTS', endpointLimit.message).toBody(), { ...rl.headers, ...own.headers });
	}
	const extraHeaders = { ...rl.headers, ...own?.headers };

	const fault = faults.pick({ method, rawPath, host, query });
	if (fault) entry.fault = fault.kind;
	if (fault?.kind === '429') {
		const retryAfter = fault.retryAfter ?? faults.options.retryAfter;
		entry.status = 429;
		return answer(429, tooMany().toBody(), {
			...extraHeaders,
			'retry-after': String(retryAfter),
			'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + Math.ceil(retryAfter)),
		});
	}
	if (fault?.kind === '500' || fault?.kind === '503') {
		const code = fault.kind === '500' ? 'ERR_INTERNAL_SERVER_ERROR' : 'ERR_SERVICE_UNAVAILABLE';
		entry.status = Number(fault.kind);
		return answer(
			entry.status,
			new ApiError(code, fault.kind === '500' ? 'Internal server error (injected).' : 'Service unavailable (injected).').toBody(),
			extraHeaders,
		);
	}
	if (fault?.kind === 'reset') {
		reply.hijack();
		request.raw.socket.destroy();
		return;
	}
	if (fault?.kind === 'stall') {
		// Accepts the request and never answers.
		reply.hijack();
		runtime.stalledSockets.add(request.raw.socket);
		return;
	}

	if (runtime.latencyMs > 0) await sleep(runtime.latencyMs);
	for (const hook of runtime.hooks) await hook({ host, method, path: rawPath, query });
	const routedQuery = runtime.routedQuery(query);

	if (host === 'chat' && rawPath.startsWith(MEDIA_PREFIX) && (method === 'GET' || method === 'HEAD')) {
		return serveMedia(ctx.store.areas.messages.media.find(rawPath), entry, fault, runtime, request, reply);
	}

	let status = 200;
	let payload: unknown;
	try {
		checkAuth(ctx, host, headers);
		if (badJson) throw new ApiError('ERR_BAD_JSON', 'The request body is not valid JSON.');
		if (badMultipart) throw new ApiError('ERR_BAD_REQUEST', 'The request body is not valid multipart/form-data.');
		const m = ctx.routers[host].match(method, rawPath);
		if (!m || 'methodMismatch' in m) {
			throw new ApiError('ERR_ROUTE_NOT_FOUND', `No route for ${method} ${rawPath} on the ${host} host.`);
		}
		contractValidator().check({ host, method, rawPath, query: routedQuery, body });
		payload = await m.handler({ method, rawPath, params: m.params, query: routedQuery, headers, body, host });
	} catch (err) {
		if (err instanceof ApiError) {
			status = err.status;
			payload = err.toBody();
		} else {
			status = 500;
			payload = new ApiError('ERR_INTERNAL_SERVER_ERROR', 'Internal emulator error.', {
				devMessage: String((err as Error)?.stack ?? err),
			}).toBody();
		}
	}
	if (payload === NO_CONTENT) {
		entry.status = 204;
		return reply.code(204).headers(extraHeaders).send();
	}
	entry.status = status;
	if (fault && status >= 200 && status < 300) payload = misshapenList(fault, payload);
	if (faults.options.echo) payload = withEcho(payload, { method, path: rawPath, query, headers, body });
	const text = JSON.stringify(payload);

	if (fault?.kind === 'slow') await sleep(fault.slowMs ?? faults.options.slowMs);
	if (fault?.kind === 'truncated' || fault?.kind === 'stallBody') {
		// Declares the full length and sends half of the bytes; then `truncated` drops the
		// connection and `stallBody` goes silent with it open.
		const buf = Buffer.from(text);
		reply.hijack();
		const res = reply.raw;
		if (fault.kind === 'stallBody') runtime.stalledSockets.add(request.raw.socket);
		res.writeHead(status, { ...extraHeaders, 'content-type': JSON_TYPE, 'content-length': String(buf.length) });
		const half = buf.subarray(0, Math.floor(buf.length / 2));
		if (fault.kind === 'truncated') res.write(half, () => res.socket?.destroy());
		else res.write(half);
		return;
	}
	if (fault?.kind === 'invalidJson') {
		// A complete HTTP answer whose body is not JSON.
		return reply
			.code(status)
			.headers(extraHeaders)
			.type(JSON_TYPE)
			.send(`${text.slice(0, Math.floor(text.length / 2))}<!-- upstream error -->`);
	}
	return reply.code(status).headers(extraHeaders).type(JSON_TYPE).send(text);
}

/**
 * A media file's bytes (areas/messages/media.ts), without an apikey, or a 404; the faults that
 * cut a body short (`truncated`, `stallBody`) cut the file's, `slow` delays it.
 */
async function serveMedia(
	file: MediaFile | undefined,
	entry: LoggedRequest,
	fault: Fault | undefined,
	runtime: Runtime,
	request: FastifyRequest,
	reply: FastifyReply,
): Promise<unknown> {
	if (file === undefined) {
		entry.status = 404;
		return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
	}
	entry.status = 200;
	if (fault?.kind === 'slow') await sleep(fault.slowMs ?? runtime.faults.options.slowMs);
	const headers = {
		'content-type': file.mimeType,
		'content-length': String(file.bytes.length),
		'content-disposition': `inline; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`,
	};
	if (fault?.kind === 'truncated' || fault?.kind === 'stallBody') {
		reply.hijack();
		const res = reply.raw;
		if (fault.kind === 'stallBody') runtime.stalledSockets.add(request.raw.socket);
		res.writeHead(200, headers);
		const half = file.bytes.subarray(0, Math.floor(file.bytes.length / 2));
		if (fault.kind === 'truncated') res.write(half, () => res.socket?.destroy());
		else res.write(half);
		return;
	}
	return reply
		.code(200)
		.headers(headers)
		.send(request.method === 'HEAD' ? undefined : file.bytes);
}

/** The fields the lists identify their records by: the top-level ones, and a moderation record's message id. */
const ID_FIELDS = ['id', 'uid', 'guid', 'sessionId', '_id', 'tid', 'role', 'authToken'];

function withoutIds(record: unknown): unknown {
	if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
	const copy: Record<string, unknown> = Object.fromEntries(Object.entries(record).filter(([key]) => !ID_FIELDS.includes(key)));
	if (copy.message !== null && typeof copy.message === 'object') copy.message = withoutIds(copy.message);
	return copy;
}

/**
 * A list's 200 answer as the faults that garble it serve it; any other answer as it is. `meta` stays
 * as the handler wrote it, so a short page still announces the full one.
 */
function misshapenList(fault: Fault, payload: unknown): unknown {
	const answer = payload as { data?: unknown; meta?: unknown } | undefined;
	const data = answer?.data;
	switch (fault.kind) {
		case 'repeatedRecord':
			// The page holds its first record twice: the record again at its end.
			if (Array.isArray(data) && data.length > 0) data.push(data[0]);
			return payload;
		case 'shortPage':
			if (Array.isArray(data)) answer!.data = data.slice(0, Math.min(data.length, fault.keep ?? Math.floor(data.length / 2)));
			return payload;
		case 'notAPageNull':
			return { ...answer, data: null };
		case 'notAPageObject':
			return { ...answer, data: Array.isArray(data) ? Object.fromEntries(data.map((record, index) => [String(index), record])) : {} };
		case 'notAPageMissing':
			return { ...answer, data: undefined };
		case 'notAPageError':
			return new ApiError('ERR_INTERNAL_SERVER_ERROR', 'The list could not be read (injected, with status 200).').toBody();
		case 'notAPageBareList':
			return Array.isArray(data) ? data : [];
		case 'emptyWithoutMeta':
			return { data: [] };
		case 'recordWithoutId':
			// The page's first record without any of the fields a list identifies its records by.
			if (Array.isArray(data) && data.length > 0) data[0] = withoutIds(data[0]);
			return payload;
		case 'extraFields': {
			const add = (record: unknown) =>
				record !== null && typeof record === 'object' && !Array.isArray(record) ? { ...record, ...fault.fields } : record;
			return { ...answer, data: Array.isArray(data) ? data.map(add) : add(data) };
		}
		default:
			return payload;
	}
}

/** The apikey header (chat and call hosts), or key, secret and X-Webhook-Version: 2 (management host). */
function checkAuth(ctx: ServerContext, host: Host, headers: Headers): void {
	if (host === 'mgmt') {
		if (header(headers, 'key') !== ctx.mgmtKey || header(headers, 'secret') !== ctx.mgmtSecret) {
			throw new ApiError('AUTH_ERR_MANAGEMENT_KEY', 'The key and secret headers must hold a management key and its secret.');
		}
		if (header(headers, 'x-webhook-version') !== '2') {
			throw new ApiError('ERR_WEBHOOK_VERSION', 'Send the header X-Webhook-Version: 2 (the current webhooks).');
		}
		return;
	}
	checkAppHost(ctx, headers);
	const key = header(headers, 'apikey');
	if (key === undefined) throw new ApiError('AUTH_ERR_EMPTY_APIKEY', 'The apikey header is missing or empty.');
	// The key the emulator started with, or a fullAccess key created through POST /v3/apikeys.
	const accepted = key === ctx.apiKey ? 'yes' : ctx.store.areas.apiKeys.accepts(key);
	if (accepted === 'unknown') throw new ApiError('AUTH_ERR_APIKEY_NOT_FOUND', 'The apikey sent does not belong to this app.');
	if (accepted === 'authOnly')
		throw new ApiError('AUTH_ERR_NO_ACCESS', 'An authOnly API key cannot call the REST API: use a fullAccess key.');
}

/** `<app>.api-<region>.cometchat.io` and `<app>.call-<region>.cometchat.io`: CometChat's hosts of an app. */
const APP_HOST = /^([^.]+)\.(?:api|call)-([^.]+)\.cometchat\.io(?::\d+)?$/i;

/**
 * A request that came through the proxy (emulator/proxy.ts) names its app and region in its Host:
 * another app, or this app in another region, is not known there (docs/emulator.md, "CometChat's
 * hosts"). A request to 127.0.0.1 names neither and reaches the app.
 */
function checkAppHost(ctx: ServerContext, headers: Headers): void {
	const match = APP_HOST.exec(header(headers, 'host') ?? '');
	if (!match) return;
	const [, appId, region] = match;
	if (appId.toLowerCase() !== ctx.store.appId.toLowerCase() || region.toLowerCase() !== ctx.region) {
		throw new ApiError('AUTH_ERR_INVALID_APPID', `The app ${appId} does not exist in the region ${region}.`);
	}
}

/** Starts one host's server on 127.0.0.1 (or `bindHost`). */
export async function listen(
	ctx: ServerContext,
	host: Host,
	port: number,
	bindHost: string,
): Promise<{ app: FastifyInstance; url: string }> {
	/** Framework-level failures (unparsable URL, unsupported body) in the service's error shape. */
	const frameworkError = (error: { statusCode?: number; message: string; code?: string }, _req: FastifyRequest, reply: FastifyReply) => {
		const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
		const e = new ApiError(status >= 500 ? 'ERR_INTERNAL_SERVER_ERROR' : 'ERR_BAD_REQUEST', String(error.message), {
			status,
			devMessage: error.code,
		});
		reply.code(status).type(JSON_TYPE).send(JSON.stringify(e.toBody()));
	};
	const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 50 * 1024 * 1024, frameworkErrors: frameworkError });
	app.setErrorHandler(frameworkError);
	app.removeAllContentTypeParsers();
	app.addContentTypeParser('*', { parseAs: 'string' }, (_req, b, done) => done(null, b));
	app.route({
		method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
		url: '/*',
		handler: (request, reply) => handle(ctx, host, request, reply),
	});
	await app.listen({ port, host: bindHost });
	const addr = app.server.address() as AddressInfo;
	return { app, url: `http://${bindHost}:${addr.port}` };
}
