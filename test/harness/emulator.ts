/** Starts the emulator for a test file and gives the credential data that points at it. */
import { startEmulator } from '../../emulator';
import type { Emulator, EmulatorOptions, LoggedRequest } from '../../emulator';
import type { CredentialData } from './engine';

export type { Emulator } from '../../emulator';
/** One request the emulator received on its public API. */
export type EmulatorRequest = LoggedRequest;

export const TEST_API_KEY = 'test-api-key-8f3c1d';

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
	return startEmulator({ apiKey: TEST_API_KEY, seed: 'none', ...options });
}

export function credentialsFor(emulator: Emulator, overrides: Partial<CredentialData> = {}): CredentialData {
	return { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl, ...overrides };
}

/** The requests the emulator received on the public API, optionally only those whose path starts with a prefix. */
export function apiRequests(emulator: Emulator, pathPrefix = '/v3/'): EmulatorRequest[] {
	return emulator.requests.filter((request) => request.path.startsWith(pathPrefix));
}
