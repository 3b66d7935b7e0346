// @ts-check
'use strict';

const fs = require('fs');
const path = require('path');
const querystring = require('querystring');
const Fastify = require('fastify');

const { Store } = require('./store');
const { Router } = require('./router');
const { ApiError, ERROR_STATUS, validationError } = require('./errors');
const { Faults, RateLimiter, FAULT_KINDS } = require('./faults');
const { header, isObject } = require('./util');
const control = require('./routes/control');

/** The API key the emulator accepts unless told otherwise (the CLI prints it). */
const DEFAULT_API_KEY = 'emulator-demo-api-key-0000';
const DEMO_SEED_PATH = path.join(__dirname, 'seed', 'demo.json');

/**
 * @typedef {{
 *   host: 'chat' | 'call', method: string, path: string,
 *   query: Record<string, string | string[]>, headers: Record<string, string | string[] | undefined>,
 *   body: any, status: number | null, fault?: string,
 * }} LoggedRequest
 *
 * @typedef {{
 *   port?: number, callPort?: number, host?: string, apiKey?: string, appId?: string,
 *   seed?: 'none' | 'demo' | string | Record<string, any>,
 *   rateLimitPerMinute?: number, latencyMs?: number,
 *   faults?: Partial<import('./faults').FaultOptions>,
 *   logRequests?: boolean, requestLogLimit?: number, ignoreQueryParams?: string[],
 * }} EmulatorOptions
 */

/**
 * Resolves a seed option into seed data (undefined for `none`).
 * @param {EmulatorOptions['seed']} seed
 * @returns {Record<string, any> | undefined}
 */
function loadSeed(seed) {
	if (seed === undefined || seed === 'none' || seed === null) return undefined;
	if (isObject(seed)) return seed;
	const file = seed === 'demo' ? DEMO_SEED_PATH : path.resolve(String(seed));
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Builds the routers of both hosts. @param {Store} store */
function buildRouters(store) {
	const chat = new Router();
	for (const name of ['users', 'roles', 'groups', 'messages', 'moderation', 'push']) {
		const file = path.join(__dirname, 'routes', `${name}.js`);
		if (fs.existsSync(file)) require(file).register(chat, store);
	}
	const call = new Router();
	const callsFile = path.join(__dirname, 'routes', 'calls.js');
	if (fs.existsSync(callsFile)) require(callsFile).register(call, store);
	return { chat, call };
}

/**
 * Starts the emulator: a chat host and a call host, both on 127.0.0.1.
 * @param {EmulatorOptions} [options]
 */
async function startEmulator(options = {}) {
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	const bindHost = options.host ?? '127.0.0.1';
	const store = new Store({ appId: options.appId ?? 'demo-app' });
	const seedData = loadSeed(options.seed ?? 'none');
	if (seedData) store.seed(seedData);

	const faults = new Faults(options.faults ?? {});
	const limiter = new RateLimiter(options.rateLimitPerMinute ?? 0);
	let latencyMs = options.latencyMs ?? 0;
	let logRequests = options.logRequests ?? true;
	const requestLogLimit = options.requestLogLimit ?? 0;
	/** @type {LoggedRequest[]} */
	const requests = [];
	const routers = buildRouters(store);
	/** @typedef {{ host: 'chat' | 'call', method: string, path: string, query: Record<string, string | string[]> }} RequestHookInfo */
	/** Called before each API request's handler: lets a test change the data between two page reads. @type {Set<(r: RequestHookInfo) => void | Promise<void>>} */
	const requestHooks = new Set();
	/** Query parameters dropped before routing, as by a service that does not know them (e.g. `page`). @type {Set<string>} */
	let ignoredQueryParams = new Set(options.ignoreQueryParams ?? []);
	/** Sockets of stalled answers, destroyed on close. @type {Set<import('net').Socket>} */
	const stalledSockets = new Set();

	/** @type {any} */
	const emu = {};

	/**
	 * @param {'chat' | 'call'} host
	 * @param {import('fastify').FastifyRequest} request
	 * @param {import('fastify').FastifyReply} reply
	 */
	async function handle(host, request, reply) {
		const rawUrl = request.raw.url ?? '/';
		const qi = rawUrl.indexOf('?');
		const rawPath = qi < 0 ? rawUrl : rawUrl.slice(0, qi);
		const query = /** @type {Record<string, string | string[]>} */ ({ ...(qi < 0 ? {} : querystring.parse(rawUrl.slice(qi + 1))) });
		const method = request.method.toUpperCase();
		const headers = /** @type {Record<string, string | string[] | undefined>} */ ({ ...request.headers });

		/** @type {any} */
		let body;
		let badJson = false;
		const rawBody = typeof request.body === 'string' ? request.body : undefined;
		if (rawBody !== undefined && rawBody.trim() !== '') {
			try {
				body = JSON.parse(rawBody);
			} catch {
				badJson = true;
			}
		}

		/** @param {number} status @param {any} payload @param {Record<string, string>} [extraHeaders] */
		const send = (status, payload, extraHeaders = {}) =>
			reply.code(status).headers(extraHeaders).type('application/json; charset=utf-8').send(JSON.stringify(payload));

		if (rawPath === '/__emulator' || rawPath.startsWith('/__emulator/')) {
			try {
				const out = await control.handle({ method, rawPath, query, body, emu, store, faults, requests });
				return send(200, out);
			} catch (err) {
				const e = err instanceof ApiError ? err : new ApiError('ERR_INTERNAL_SERVER_ERROR', String(/** @type {Error} */ (err)?.message ?? err));
				return send(e.status, e.toBody());
			}
		}

		/** @type {LoggedRequest} */
		const entry = { host, method, path: rawPath, query, headers, body, status: null };
		if (logRequests) {
			requests.push(entry);
			if (requestLogLimit > 0 && requests.length > requestLogLimit) requests.splice(0, requests.length - requestLogLimit);
		}

		const rl = limiter.take();
		if (!rl.allowed) {
			faults.counts.rateLimited++;
			entry.status = 429;
			entry.fault = 'rateLimited';
			const e = new ApiError('ERR_TOO_MANY_REQUESTS', 'Too many requests. Please retry after some time.');
			return send(429, e.toBody(), rl.headers);
		}
		const extraHeaders = rl.headers;

		const fault = faults.pick({ method, rawPath, host, query });
		if (fault) entry.fault = fault.kind;
		if (fault?.kind === '429') {
			const retryAfter = fault.retryAfter ?? faults.options.retryAfter;
			entry.status = 429;
			return send(429, new ApiError('ERR_TOO_MANY_REQUESTS', 'Too many requests. Please retry after some time.').toBody(), {
				...extraHeaders,
				'retry-after': String(retryAfter),
				'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + Math.ceil(retryAfter)),
			});
		}
		if (fault?.kind === '500' || fault?.kind === '503') {
			const code = fault.kind === '500' ? 'ERR_INTERNAL_SERVER_ERROR' : 'ERR_SERVICE_UNAVAILABLE';
			entry.status = Number(fault.kind);
			return send(entry.status, new ApiError(code, fault.kind === '500' ? 'Internal server error (injected).' : 'Service unavailable (injected).').toBody(), extraHeaders);
		}
		if (fault?.kind === 'reset') {
			reply.hijack();
			request.raw.socket.destroy();
			return;
		}

		if (fault?.kind === 'stall') {
			// Accepts the request and never answers.
			reply.hijack();
			stalledSockets.add(request.raw.socket);
			return;
		}

		if (latencyMs > 0) await sleep(latencyMs);
		for (const hook of requestHooks) await hook({ host, method, path: rawPath, query });
		/** @type {Record<string, string | string[]>} */
		const routedQuery = ignoredQueryParams.size === 0 ? query : Object.fromEntries(Object.entries(query).filter(([k]) => !ignoredQueryParams.has(k)));

		let status = 200;
		/** @type {any} */
		let payload;
		try {
			const key = header(headers, 'apikey');
			if (key === undefined) throw new ApiError('AUTH_ERR_EMPTY_APIKEY', 'The apikey header is missing or empty.');
			if (key !== apiKey) throw new ApiError('AUTH_ERR_APIKEY_NOT_FOUND', 'The apikey sent does not belong to this app.');
			if (badJson) throw new ApiError('ERR_BAD_JSON', 'The request body is not valid JSON.');
			const m = routers[host].match(method, rawPath);
			if (!m || 'methodMismatch' in m) {
				throw new ApiError('ERR_ROUTE_NOT_FOUND', `No route for ${method} ${rawPath} on the ${host} host.`);
			}
			payload = await m.handler({ method, rawPath, params: m.params, query: routedQuery, headers, body, host });
		} catch (err) {
			if (err instanceof ApiError) {
				status = err.status;
				payload = err.toBody();
			} else {
				status = 500;
				payload = new ApiError('ERR_INTERNAL_SERVER_ERROR', 'Internal emulator error.', { devMessage: String(/** @type {Error} */ (err)?.stack ?? err) }).toBody();
			}
		}
		entry.status = status;
		const text = JSON.stringify(payload);

		if (fault?.kind === 'slow') await sleep(fault.slowMs ?? faults.options.slowMs);
		if (fault?.kind === 'truncated') {
			// Declares the full length, sends half of the bytes, then drops the connection.
			const buf = Buffer.from(text);
			reply.hijack();
			const res = reply.raw;
			res.writeHead(status, { ...extraHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': String(buf.length) });
			res.write(buf.subarray(0, Math.floor(buf.length / 2)), () => res.socket?.destroy());
			return;
		}
		if (fault?.kind === 'stallBody') {
			// Declares the full length, sends half of the bytes, then goes silent with the connection open.
			const buf = Buffer.from(text);
			reply.hijack();
			const res = reply.raw;
			stalledSockets.add(request.raw.socket);
			res.writeHead(status, { ...extraHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': String(buf.length) });
			res.write(buf.subarray(0, Math.floor(buf.length / 2)));
			return;
		}
		if (fault?.kind === 'invalidJson') {
			// A complete HTTP answer whose body is not JSON.
			return reply.code(status).headers(extraHeaders).type('application/json; charset=utf-8').send(`${text.slice(0, Math.floor(text.length / 2))}<!-- upstream error -->`);
		}
		return reply.code(status).headers(extraHeaders).type('application/json; charset=utf-8').send(text);
	}

	/** @param {'chat' | 'call'} host @param {number} port */
	async function listen(host, port) {
		/** Framework-level failures (unparsable URL, unsupported body) in the service's error shape. */
		const frameworkError = (/** @type {any} */ error, /** @type {any} */ _req, /** @type {any} */ reply) => {
			const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
			const e = new ApiError(status >= 500 ? 'ERR_INTERNAL_SERVER_ERROR' : 'ERR_BAD_REQUEST', String(error.message), { status, devMessage: error.code });
			reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(e.toBody()));
		};
		const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 50 * 1024 * 1024, frameworkErrors: frameworkError });
		app.setErrorHandler(frameworkError);
		app.removeAllContentTypeParsers();
		app.addContentTypeParser('*', { parseAs: 'string' }, (_req, b, done) => done(null, b));
		app.route({
			method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
			url: '/*',
			handler: (request, reply) => handle(host, request, reply),
		});
		await app.listen({ port, host: bindHost });
		const addr = /** @type {import('net').AddressInfo} */ (app.server.address());
		return { app, url: `http://${bindHost}:${addr.port}` };
	}

	const chat = await listen('chat', options.port ?? 0);
	let call;
	try {
		call = await listen('call', options.callPort ?? 0);
	} catch (err) {
		await chat.app.close();
		throw err;
	}

	Object.assign(emu, {
		baseUrl: chat.url,
		callUrl: call.url,
		apiKey,
		store,
		requests,
		faultCounts: faults.counts,
		faults,
		clearRequests() {
			requests.length = 0;
		},
		/** @param {Partial<import('./faults').FaultOptions>} o */
		setFaults(o) {
			faults.set(o);
		},
		/** @param {(import('./faults').Fault | import('./faults').FaultKind)[]} list @param {import('./faults').FaultMatch} [match] */
		injectNext(list, match) {
			faults.injectNext(list, match);
		},
		resetFaultCounts() {
			faults.resetCounts();
		},
		/** @param {number} n */
		setRateLimit(n) {
			if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) throw validationError({ rateLimitPerMinute: ['The rate limit must be a non-negative number (0 = off).'] });
			limiter.perMinute = n;
			limiter.resetWindow();
		},
		/** @param {number} ms */
		setLatency(ms) {
			if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw validationError({ latencyMs: ['The latency must be a non-negative number of milliseconds.'] });
			latencyMs = ms;
		},
		/** @param {boolean} on */
		setLogRequests(on) {
			logRequests = on;
		},
		/**
		 * Runs `hook` before the handler of every API request (not control calls); answers a function that removes it.
		 * @param {(r: RequestHookInfo) => void | Promise<void>} hook
		 */
		onRequest(hook) {
			requestHooks.add(hook);
			return () => requestHooks.delete(hook);
		},
		/** @param {string[]} names query parameters to drop before routing ([] = none) */
		setIgnoredQueryParams(names) {
			ignoredQueryParams = new Set(names);
		},
		getSettings() {
			return { rateLimitPerMinute: limiter.perMinute, latencyMs, faults: { ...faults.options }, logRequests, ignoreQueryParams: [...ignoredQueryParams] };
		},
		async close() {
			for (const socket of stalledSockets) socket.destroy();
			await Promise.all([chat.app.close(), call.app.close()]);
		},
	});
	Object.defineProperty(emu, 'appId', { enumerable: true, get: () => store.appId });
	return emu;
}

module.exports = { startEmulator, Store, DEFAULT_API_KEY, DEMO_SEED_PATH, FAULT_KINDS, ERROR_STATUS, loadSeed };
