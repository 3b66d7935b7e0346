/**
 * The CometChat emulator: a chat host and a call host with the CometChat REST API v3, and a
 * management host (app webhooks), on 127.0.0.1, for tests, the demo and the benchmarks. See README.md.
 */
import { buildRouters } from './areas';
import { DATA_IMPORT_ENDPOINTS, DATA_IMPORT_LIMIT_MESSAGE, DATA_IMPORT_PER_MINUTE } from './areas/dataImport/routes';
import type { Fault, FaultKind, FaultMatch, FaultOptions } from './core/faults';
import { datedToNow, loadSeed } from './core/seed';
import type { SeedOption } from './core/seed';
import type { RequestHook, RuntimeOptions } from './runtime';
import { Runtime } from './runtime';
import type { CometChatProxy, CometChatProxyOptions } from './proxy';
import { startCometChatProxy } from './proxy';
import { listen } from './server';
import { Store } from './store';

export { ApiError, ERROR_STATUS } from './core/errors';
export type { ErrorBody, ErrorCode } from './core/errors';
export { FAULT_KINDS, NOT_A_PAGE_KINDS, OPT_IN_FAULT_KINDS } from './core/faults';
export type { Fault, FaultKind, FaultMatch, FaultOptions } from './core/faults';
export { MODERATION_MAX_LIMIT, PAGE_DEFAULT, PAGE_MAX } from './core/paging';
export type { LoggedRequest } from './core/request-log';
export { DEMO_SEED_PATH, datedToNow, loadSeed } from './core/seed';
export { Deliverer, isLoopbackUrl } from './core/delivery';
export type { Delivery, DeliveryAttempt } from './core/delivery';
export { MAX_BOTS } from './areas/bots/collection';
export { MESSAGES_LIMIT_MAX, REACTIONS_LIMIT_MAX, THREAD_LIMIT_MAX } from './areas/messages/routes';
export type { RequestHook, RequestHookInfo, Settings } from './runtime';
export type { CometChatProxy, CometChatProxyOptions } from './proxy';
export { Store } from './store';

/** The API key the emulator accepts unless told otherwise (the CLI prints it). */
export const DEFAULT_API_KEY = 'emulator-demo-api-key-0000';
/** The management key and secret the management host accepts unless told otherwise (the CLI prints them). */
export const DEFAULT_MGMT_KEY = 'emulator-mgmt-key-0000';
export const DEFAULT_MGMT_SECRET = 'emulator-mgmt-secret-0000';
export { WEBHOOK_LIMIT } from './areas/webhooks/collection';

export interface EmulatorOptions extends RuntimeOptions {
	/** Chat host port (0 = any free port, the default). */
	port?: number;
	/** Call host port (0 = any free port, the default). */
	callPort?: number;
	/** Management host port (0 = any free port, the default). */
	mgmtPort?: number;
	/** The management host's `key` header (default DEFAULT_MGMT_KEY). */
	mgmtKey?: string;
	/** The management host's `secret` header (default DEFAULT_MGMT_SECRET). */
	mgmtSecret?: string;
	/** The app's region: its hosts through the proxy, and the `region` of webhook deliveries (default `us`). */
	region?: string;
	/**
	 * Also start the proxy that serves CometChat's own hosts of the app (`https://<appId>.api-<region>.cometchat.io`
	 * and the call host) from this emulator, for credentials made with App ID and Region (proxy.ts).
	 * `true` takes any free port and a temporary certificate authority; `{ port, caDir }` a fixed port
	 * and an authority kept in `caDir` across starts, so an n8n started once keeps trusting it.
	 */
	proxy?: boolean | CometChatProxyOptions;
	/** Bind address (default 127.0.0.1). */
	host?: string;
	apiKey?: string;
	appId?: string;
	seed?: SeedOption;
	/** Move the seed's dates so its latest is a minute ago (the demo app as if in use today); else as the seed has them. */
	seedDatedToNow?: boolean;
}

/** Starts the emulator: a chat host and a call host, both on 127.0.0.1. */
export async function startEmulator(options: EmulatorOptions = {}) {
	const apiKey = options.apiKey ?? DEFAULT_API_KEY;
	const bindHost = options.host ?? '127.0.0.1';
	const store = new Store({ appId: options.appId ?? 'demo-app' });
	const seedData = loadSeed(options.seed ?? 'none');
	if (seedData) store.seed(options.seedDatedToNow ? datedToNow(seedData, Math.floor(Date.now() / 1000)) : seedData);
	const runtime = new Runtime(options);
	runtime.limitEndpoints(DATA_IMPORT_ENDPOINTS, DATA_IMPORT_PER_MINUTE, 60_000, DATA_IMPORT_LIMIT_MESSAGE);
	const mgmtKey = options.mgmtKey ?? DEFAULT_MGMT_KEY;
	const mgmtSecret = options.mgmtSecret ?? DEFAULT_MGMT_SECRET;
	const region = (options.region ?? 'us').toLowerCase();
	const ctx = { apiKey, mgmtKey, mgmtSecret, store, runtime, routers: buildRouters(store.areas), region };
	// One deliverer for every outgoing delivery: app webhooks and bots.
	store.areas.webhooks.deliverer = runtime.deliveries;
	store.areas.bots.deliverer = runtime.deliveries;
	// The key the emulator starts with is the app's REST API key, listed by GET /v3/apikeys.
	store.areas.apiKeys.setPrimary(apiKey);
	store.areas.webhooks.region = region;

	const chat = await listen(ctx, 'chat', options.port ?? 0, bindHost);
	let call;
	let mgmt;
	try {
		call = await listen(ctx, 'call', options.callPort ?? 0, bindHost);
		mgmt = await listen(ctx, 'mgmt', options.mgmtPort ?? 0, bindHost);
	} catch (err) {
		await Promise.all([chat.app.close(), call?.app.close()]);
		throw err;
	}
	const { faults } = runtime;
	let proxy: CometChatProxy | undefined;
	if (options.proxy) {
		try {
			proxy = await startCometChatProxy({ chatUrl: chat.url, callUrl: call.url }, options.proxy === true ? {} : options.proxy);
		} catch (err) {
			await Promise.all([chat.app.close(), call.app.close(), mgmt.app.close()]);
			throw err;
		}
	}

	return {
		/** Chat host, e.g. `http://127.0.0.1:PORT` (without /v3). */
		baseUrl: chat.url,
		/** Call host, without /v3. */
		callUrl: call.url,
		/** Management host (app webhooks), e.g. `http://127.0.0.1:PORT`. */
		mgmtUrl: mgmt.url,
		apiKey,
		/** The app's region (its hosts through the proxy). */
		region,
		/** The proxy of the app's CometChat hosts, when started with `proxy: true`: HTTPS_PROXY and the CA to trust. */
		proxy,
		mgmtKey,
		mgmtSecret,
		/** Outgoing deliveries (webhooks, bots): `attempts`, `idle()`. */
		deliveries: runtime.deliveries,
		get appId(): string {
			return store.appId;
		},
		/** In-memory state and its helpers (docs/emulator.md, "Store helpers"). */
		store,
		/** The request log (API requests only, oldest first). */
		requests: runtime.log.entries,
		faultCounts: faults.counts,
		faults,
		clearRequests(): void {
			runtime.log.clear();
		},
		setFaults(o: Partial<FaultOptions>): void {
			faults.set(o);
		},
		injectNext(list: (Fault | FaultKind)[], match?: FaultMatch): void {
			faults.injectNext(list, match);
		},
		resetFaultCounts(): void {
			faults.resetCounts();
		},
		/** Requests per window (0 = off); the window is a minute unless a test shortens it (`windowMs`, 1000 or more). */
		setRateLimit(n: number, windowMs?: number): void {
			runtime.setRateLimit(n, windowMs);
		},
		/**
		 * Each Data Import endpoint's own limit: `n` requests a window (0 = off), 60 a minute unless
		 * changed; a test may shorten the window (`windowMs`, 1000 or more). Opens new windows.
		 */
		setDataImportRateLimit(n: number, windowMs?: number): void {
			runtime.limitEndpoints(DATA_IMPORT_ENDPOINTS, n, windowMs, DATA_IMPORT_LIMIT_MESSAGE);
		},
		/** Counts `n` requests as already made in the current window of each Data Import endpoint. */
		spendDataImportRateLimit(n: number): void {
			for (const endpoint of DATA_IMPORT_ENDPOINTS) runtime.endpointLimiters.get(endpoint)?.limiter.spend(n);
		},
		/** Counts `n` requests as already made in the current minute of the rate limit (by the app's other clients). */
		spendRateLimit(n: number): void {
			runtime.spendRateLimit(n);
		},
		setLatency(ms: number): void {
			runtime.setLatency(ms);
		},
		setLogRequests(on: boolean): void {
			runtime.log.enabled = on;
		},
		/** Runs `hook` before the handler of every API request (not control calls); answers a function that removes it. */
		onRequest(hook: RequestHook): () => boolean {
			runtime.hooks.add(hook);
			return () => runtime.hooks.delete(hook);
		},
		/**
		 * Keeps a file served at `GET /media/{id}/{name}` of the chat host (no apikey); answers its URL
		 * and the attachment of a message that links to it ({url, name, mimeType, extension, size}).
		 */
		addMedia(file: { name: string; mimeType?: string; bytes: Buffer }): { url: string; attachment: Record<string, string> } {
			const { path, attachment } = store.areas.messages.media.add(file);
			const url = `${chat.url}${path}`;
			return { url, attachment: { ...attachment, url } };
		},
		/** Query parameters to drop before routing ([] = none). */
		setIgnoredQueryParams(names: string[]): void {
			runtime.setIgnoredQueryParams(names);
		},
		getSettings() {
			return runtime.settings();
		},
		async close(): Promise<void> {
			runtime.deliveries.close();
			for (const socket of runtime.stalledSockets) socket.destroy();
			await Promise.all([chat.app.close(), call.app.close(), mgmt.app.close(), proxy?.close()]);
		},
	};
}

/** A running emulator, as startEmulator answers it. */
export type Emulator = Awaited<ReturnType<typeof startEmulator>>;
