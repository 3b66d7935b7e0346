/** Starts the emulator for a test file and gives the credential data that points at it. */
import { appendFileSync } from 'node:fs';

import { startEmulator } from '../../emulator';
import type { Emulator, EmulatorOptions, LoggedRequest } from '../../emulator';
import type { CredentialData } from './engine';

export type { Emulator } from '../../emulator';
/** One request the emulator received on its public API. */
export type EmulatorRequest = LoggedRequest;

export const TEST_API_KEY = 'test-api-key-8f3c1d';

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	return recordForContract(await startEmulator({ apiKey: TEST_API_KEY, seed: 'none', ...options }));
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
