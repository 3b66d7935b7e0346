/** Starts the emulator for a test file and gives the credential data that points at it. */
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
	return (await startEmulator({ apiKey: TEST_API_KEY, seed: 'none', ...options })) as Emulator;
}

export function credentialsFor(emulator: Emulator, overrides: Partial<CredentialData> = {}): CredentialData {
	return { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl, ...overrides };
}

/** The requests the emulator received on the public API, optionally only those whose path starts with a prefix. */
export function apiRequests(emulator: Emulator, pathPrefix = '/v3/'): EmulatorRequest[] {
	return emulator.requests.filter((request) => request.path.startsWith(pathPrefix));
}
