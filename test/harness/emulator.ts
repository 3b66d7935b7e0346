/** Starts the emulator for a test file and gives the credential data that points at it. */
import { appendFileSync } from 'node:fs';
import tls from 'node:tls';

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
		// The management host's requests (/apps/…) are checked too: its webhook operations are in the contract.
		const lines = [...apiRequests(emulator), ...emulator.requests.filter((request) => request.host === 'mgmt')].map((request) => {
			const { apikey, onbehalfof } = request.headers;
			const headers = {
				apikey: apikey !== undefined,
				...(onbehalfof !== undefined ? { onBehalfOf: onbehalfof } : {}),
				...(request.host === 'mgmt' ? managementHeadersOf(request.headers) : {}),
			};
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

/** The management credential's headers as the contract records them: whether key and secret came, and the webhook version. */
function managementHeadersOf(headers: EmulatorRequest['headers']): { key: boolean; secret: boolean; webhookVersion?: string } {
	const version = headers['x-webhook-version'];
	return {
		key: headers.key !== undefined,
		secret: headers.secret !== undefined,
		...(version !== undefined ? { webhookVersion: String(version) } : {}),
	};
}

export function credentialsFor(emulator: Emulator, overrides: Partial<CredentialData> = {}): CredentialData {
	return { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl, ...overrides };
}

/** The requests the emulator received on the public API, optionally only those whose path starts with a prefix. */
export function apiRequests(emulator: Emulator, pathPrefix = '/v3/'): EmulatorRequest[] {
	return emulator.requests.filter((request) => request.path.startsWith(pathPrefix));
}

/**
 * The credential as made with App ID and Region (no Base URL): it reaches the emulator only through
 * its proxy (`useEmulatorProxy`). The harness's credential type names the older fields; these are
 * the new ones.
 */
export function appCredentialsFor(emulator: Emulator, overrides: Record<string, string> = {}): CredentialData {
	return { apiKey: emulator.apiKey, appId: emulator.appId, region: emulator.region, ...overrides } as unknown as CredentialData;
}

/**
 * Sends n8n-core's requests to CometChat's hosts through the emulator's proxy (started with
 * `proxy: true`), as n8n started with HTTPS_PROXY and NODE_EXTRA_CA_CERTS does (e2e/lib/n8n.js).
 * NODE_EXTRA_CA_CERTS is read only when Node starts, so the test process trusts the proxy's
 * authority another way: a TLS connection to a CometChat host gets it added to Node's own. Answers
 * a function that undoes both. Takes an emulator, or the proxy's URL and authority as another
 * process printed them.
 */
export function useEmulatorProxy(emulator: { proxy?: { url: string; caPem: string } }): () => void {
	const proxy = emulator.proxy;
	if (!proxy) throw new Error('Start the emulator with proxy: true');
	const saved = { HTTPS_PROXY: process.env.HTTPS_PROXY, NO_PROXY: process.env.NO_PROXY };
	process.env.HTTPS_PROXY = proxy.url;
	process.env.NO_PROXY = '127.0.0.1,localhost';
	const connect = tls.connect;
	const ca = [...tls.rootCertificates, proxy.caPem];
	tls.connect = function (this: unknown, ...args: unknown[]) {
		const options = args[0] as tls.ConnectionOptions | undefined;
		if (options && typeof options === 'object' && /\.cometchat\.io$/i.test(options.servername ?? '')) args[0] = { ...options, ca };
		return (connect as (...a: unknown[]) => tls.TLSSocket).apply(this, args);
	} as typeof tls.connect;
	return () => {
		tls.connect = connect;
		for (const [name, value] of Object.entries(saved)) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	};
}
