/** Starts the emulator for a test file and gives the credential data that points at it. */
import { appendFileSync } from 'node:fs';

import type { CredentialData } from './engine';

// The emulator is plain JavaScript so that it runs from a fresh clone with no build step.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmulator } = require('../../emulator');

export interface EmulatorRequest {
	host: 'chat' | 'call';
	method: string;
	path: string;
	query: Record<string, unknown>;
	headers: Record<string, string>;
	body: unknown;
	status: number;
}

export interface Emulator {
	baseUrl: string;
	callUrl: string;
	apiKey: string;
	requests: EmulatorRequest[];
	clearRequests(): void;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	store: any;
	faultCounts: Record<string, number>;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	injectNext(faults: any[], match?: { method?: string; pathPrefix?: string; host?: 'chat' | 'call'; query?: Record<string, string> }): void;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	setFaults(faults: any): void;
	setRateLimit(perMinute: number): void;
	setLatency(ms: number): void;
	/** Query parameters dropped before routing, as by a service that does not know them. */
	setIgnoredQueryParams(names: string[]): void;
	/** Runs before each API request's handler; answers a function that removes the hook. */
	onRequest(hook: (request: { host: 'chat' | 'call'; method: string; path: string; query: Record<string, unknown> }) => void | Promise<void>): () => void;
	close(): Promise<void>;
}

export const TEST_API_KEY = 'test-api-key-8f3c1d';

export async function startTestEmulator(options: Record<string, unknown> = {}): Promise<Emulator> {
	return recordForContract((await startEmulator({ apiKey: TEST_API_KEY, seed: 'none', ...options })) as Emulator);
}

/**
 * With CONTRACT_LOG set to a file, every request the emulator logged is appended to it as one JSON
 * line (before each clearRequests and on close), for `npm run test:contract` to check against
 * CometChat's published operations. The API key's value is left out: only whether it was sent.
 */
const offContractReasons = new WeakMap<EmulatorRequest, string>();

/**
 * Runs `action` and marks the requests it makes as off-contract on purpose (e.g. a value the service
 * must refuse): `npm run test:contract` lists them with the reason rather than count them, and
 * fails if one conforms after all.
 */
export async function offContract<T>(emulator: Emulator, reason: string, action: () => Promise<T>): Promise<T> {
	const before = new Set(emulator.requests);
	const result = await action();
	for (const request of emulator.requests) if (!before.has(request)) offContractReasons.set(request, reason);
	return result;
}

export function recordForContract(emulator: Emulator): Emulator {
	const file = process.env.CONTRACT_LOG;
	if (!file) return emulator;
	const testFile = typeof expect === 'function' ? (expect.getState().testPath ?? '') : '';
	const flush = () => {
		const lines = apiRequests(emulator).map((request) => {
			const { apikey, onbehalfof } = request.headers;
			const headers = { apikey: apikey !== undefined, ...(onbehalfof !== undefined ? { onBehalfOf: onbehalfof } : {}) };
			const { host, method, path, query, body, status } = request;
			return JSON.stringify({ testFile, host, method, path, query, headers, body, status, offContract: offContractReasons.get(request) });
		});
		if (lines.length > 0) appendFileSync(file, lines.join('\n') + '\n');
	};
	const { clearRequests, close } = emulator;
	emulator.clearRequests = () => {
		flush();
		clearRequests.call(emulator);
	};
	emulator.close = async () => {
		flush();
		await close.call(emulator);
	};
	return emulator;
}

export function credentialsFor(emulator: Emulator, overrides: Partial<CredentialData> = {}): CredentialData {
	return { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl, ...overrides };
}

/** The requests the emulator received on the public API, optionally only those whose path starts with a prefix. */
export function apiRequests(emulator: Emulator, pathPrefix = '/v3/'): EmulatorRequest[] {
	return emulator.requests.filter((request) => request.path.startsWith(pathPrefix));
}
