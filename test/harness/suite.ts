/**
 * What the node test files share: one emulator per file, a clean store per test, and the checks an
 * error path makes (the error's class, its [item N], the service's code in the description).
 */
import type { INodeExecutionData, INodeParameterResourceLocator } from 'n8n-workflow';

import type { EmulatorOptions } from '../../emulator';
import { overrideRequestLimits } from '../../nodes/CometChat/transport/limits';
import type { Emulator } from './emulator';
import { startTestEmulator } from './emulator';
import type { RunResult } from './engine';
import { shutdownEngine } from './engine';

/** Starts an emulator for the file (reset before each test) and returns a getter for it. */
export function useEmulator(options: EmulatorOptions = {}): () => Emulator {
	let emulator: Emulator;
	beforeAll(async () => {
		emulator = await startTestEmulator(options);
	});
	afterAll(async () => {
		await emulator.close();
		await shutdownEngine();
	});
	beforeEach(() => {
		emulator.store.reset();
		emulator.clearRequests();
	});
	return () => emulator;
}

/**
 * Shortens the transport's backoff between retries (250 ms, 500 ms, 1 s, 2 s when the service gives
 * no Retry-After) to `firstBackoffMs` and its doublings for the tests of a file: for tests about
 * what the retries do (how many, what is emitted, stored or reported), not how long they wait, which
 * otherwise spend most of their time asleep. How long it is shipped is tested in transport.test.ts.
 */
export function useShortBackoff(firstBackoffMs = 10): void {
	let restore = () => {};
	beforeAll(() => {
		restore = overrideRequestLimits({ firstBackoffMs });
	});
	afterAll(() => restore());
}

/** The muid the node gives the message of item `itemIndex` when Muid is empty (actions/message/muid.ts). */
export function nodeMuid(itemIndex = 0): unknown {
	return expect.stringMatching(new RegExp(`^n8n-[A-Za-z0-9-]+-${itemIndex}$`));
}

/** A resource locator value in By ID mode, as n8n stores it. */
export function byId(value: string): INodeParameterResourceLocator {
	return { __rl: true, mode: 'id', value };
}

/** The query of each page request of a page-numbered list: page 1…pages, `perPage`, and `extra`. */
export function pageQueries(perPage: number, pages: number, extra: Record<string, string> = {}): object[] {
	return Array.from({ length: pages }, (_, index) => ({ ...extra, perPage: String(perPage), page: String(index + 1) }));
}

/** A run stopped by a CometChat error answer: NodeApiError, [item N], the code and the HTTP status. */
export function expectServiceError(run: RunResult, code: string, httpCode: string, itemIndex = 0): void {
	expect(run.error?.name).toBe('NodeApiError');
	expect(run.error?.message).toContain(`[item ${itemIndex}]`);
	expect(run.error?.description).toContain(code);
	expect(run.error?.httpCode).toBe(httpCode);
}

/** A run stopped by a wrong input before anything was sent for that item. */
export function expectInputError(run: RunResult, message: RegExp, howToFix: RegExp, itemIndex = 0): void {
	expect(run.error?.name).toBe('NodeOperationError');
	expect(run.error?.message).toMatch(message);
	expect(run.error?.message).toContain(`[item ${itemIndex}]`);
	expect(run.error?.description).toMatch(howToFix);
}

/**
 * An error item of Continue On Fail. n8n's engine keeps only the message in `json.error`; the
 * error itself (with the service's code in its description) rides along in `error`.
 */
export function expectErrorItem(item: INodeExecutionData, itemIndex: number, codeOrMessage: string | RegExp): void {
	expect(item.pairedItem).toEqual({ item: itemIndex });
	expect(item.json.error).toContain(`[item ${itemIndex}]`);
	const text = `${item.error?.message} ${item.error?.description}`;
	if (typeof codeOrMessage === 'string') expect(text).toContain(codeOrMessage);
	else expect(text).toMatch(codeOrMessage);
}

/** Drops the faults a test injected and left unused, so they do not reach the next test. */
export async function clearFaultQueue(emulator: Emulator): Promise<void> {
	await fetch(`${emulator.baseUrl}/__emulator/faults`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ clearQueue: true }),
	});
}
