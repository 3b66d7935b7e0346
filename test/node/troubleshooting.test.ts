/**
 * The messages README.md's Troubleshooting section quotes are the ones n8n shows. The quotes are
 * read from the README's text (e2e/lib/troubleshooting.js); each is checked by one test: those of
 * the credential (a wrong key, App ID, Region or host) by the credential e2e in the real n8n
 * (`npm run test:credential`), the others here, each case made through n8n's engine against the
 * emulator with the timeouts the package ships (a stalled answer waits the real 30 s).
 */
import type { INodeParameters } from 'n8n-workflow';
import { readFileSync } from 'fs';
import { join } from 'path';

import { checkQuotes, E2E, QUOTED, stale, troubleshootingQuotes, UNIT, uncovered } from '../../e2e/lib/troubleshooting';
import { credentialsFor } from '../harness/emulator';
import type { RunResult } from '../harness/engine';
import { runNode } from '../harness/engine';
import { byId, clearFaultQueue, useEmulator, useShortBackoff } from '../harness/suite';

const emulator = useEmulator();
// The retries' waits only (a list answer that is not a page is read five times); the timeouts stay the shipped ones.
useShortBackoff();
const run = async (parameters: INodeParameters) => await runNode(credentialsFor(emulator()), parameters);
afterEach(async () => await clearFaultQueue(emulator()));

const quotes = troubleshootingQuotes();

/** The cases this file makes, by the names `QUOTED` gives them. */
const CASES = {
	duplicate: 'a user created twice',
	rateLimit: 'a Retry-After longer than the node waits',
	stall: 'a request CometChat never answers',
	cutOff: 'an answer cut off',
	notAPage: 'a list answer that is not a page',
	shortPage: 'a page short of its own count, twice',
};

/** What n8n shows of a run: the error's message and description (the editor shows both), and the hints above the output. */
function shownBy(result: RunResult): string {
	return [result.error?.message, result.error?.description, ...result.hints.map((hint) => hint.message)].filter(Boolean).join('\n');
}

/** Each README quote of the case stands in what n8n showed; the README quotes at least one for it. */
function expectQuotesShown(name: string, shown: string): void {
	const checks = checkQuotes(quotes, UNIT, { [name]: shown }).filter((check) => check.case === name);
	if (checks.length === 0) throw new Error(`README's Troubleshooting section quotes nothing for "${name}", where n8n showed:\n${shown}`);
	for (const check of checks) expect(shown).toMatch(check.quote.pattern);
}

describe("README's Troubleshooting section", () => {
	it('quotes messages, and each is checked by one test: here, or the credential e2e in the real n8n', () => {
		expect(quotes.map((quote) => quote.kind)).toContain('message');
		expect(uncovered(quotes)).toEqual([]);
		expect(stale(quotes)).toEqual([]);
		for (const { test } of Object.values(QUOTED)) expect([UNIT, E2E]).toContain(test);
	});

	it('the cases of its quotes checked here are all made here; those of the e2e are named by it', () => {
		const here = Object.values(CASES);
		const e2e = readFileSync(join(__dirname, '..', '..', E2E), 'utf8');
		for (const { test, cases } of Object.values(QUOTED))
			for (const name of cases) {
				if (test === UNIT) expect(here).toContain(name);
				else expect(e2e).toContain(`'${name}'`);
			}
	});
});

describe('each message it quotes is the one n8n shows', () => {
	beforeEach(() => emulator().store.addUser({ uid: 'ada', name: 'Ada' }));

	it("an error's description carries CometChat's code", async () => {
		const result = await run({ resource: 'user', operation: 'create', uid: 'ada', name: 'Ada again', additionalFields: {} });
		expect(result.error?.name).toBe('NodeApiError');
		expectQuotesShown(CASES.duplicate, shownBy(result));
	});

	it('a Retry-After longer than the node waits fails at once, saying when to try again', async () => {
		emulator().injectNext([{ kind: '429', retryAfter: 300 }], { pathPrefix: '/v3/users/ada' });
		const result = await run({ resource: 'user', operation: 'get', uid: byId('ada') });
		expect(result.error?.name).toBe('NodeApiError');
		expectQuotesShown(CASES.rateLimit, shownBy(result));
	});

	it('a request CometChat never answers fails after 30 s without a byte', async () => {
		// A POST that cannot look for its own result is not sent twice: one attempt, the shipped 30 s.
		emulator().injectNext([{ kind: 'stall' }], { pathPrefix: '/v3/users/ada/auth_tokens' });
		const started = Date.now();
		const result = await run({ resource: 'authToken', operation: 'create', uid: byId('ada') });
		expect(Date.now() - started).toBeGreaterThanOrEqual(30_000);
		expectQuotesShown(CASES.stall, shownBy(result));
	}, 90_000);

	it('an answer cut off: the connection broke', async () => {
		emulator().injectNext([{ kind: 'reset' }], { pathPrefix: '/v3/users/ada/auth_tokens' });
		const result = await run({ resource: 'authToken', operation: 'create', uid: byId('ada') });
		expect(result.error?.name).toBe('NodeApiError');
		expectQuotesShown(CASES.cutOff, shownBy(result));
	});

	it('a list answer that is not a page, every time: the item fails, naming the request', async () => {
		// A GET is retried 4 times on an answer it cannot use: five in a row fail it.
		emulator().injectNext(Array(5).fill('notAPageNull'), { pathPrefix: '/v3/users' });
		const result = await run({ resource: 'user', operation: 'getAll', returnAll: true });
		expect(result.items).toHaveLength(0);
		expectQuotesShown(CASES.notAPage, shownBy(result));
	});

	it('a page short of its own count on the retry too: a warning above the output, the records it sent in it', async () => {
		emulator().store.addFlaggedMessages(250, { reasonId: 'spam', flagger: 'cy' });
		emulator().injectNext(Array(5).fill({ kind: 'shortPage' }), { pathPrefix: '/v3/moderation/flagged-messages', query: { page: '2' } });
		const result = await run({ resource: 'flaggedMessage', operation: 'getAll', returnAll: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(200);
		expectQuotesShown(CASES.shortPage, shownBy(result));
	});
});
