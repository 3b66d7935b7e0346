/**
 * The transport's promises, through n8n's engine against the emulator: timeouts on stalled answers,
 * which failures are retried, the Retry-After cap and the bound on one request, header values and
 * credential URLs checked before anything is sent, and secrets kept out of errors.
 */
import type { INode } from 'n8n-workflow';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { CometChatTrigger } from '../../nodes/CometChat/CometChatTrigger.node.js';
import { firstOf } from '../../nodes/CometChat/transport/attempt';
import { overrideRequestLimits, REQUEST_LIMITS } from '../../nodes/CometChat/transport/limits';
import { backoffMs } from '../../nodes/CometChat/transport/retry';
import { apiRequests, credentialsFor, TEST_API_KEY } from '../harness/emulator';
import { pollContext, registerNodeType, runNode, testCredential, TRIGGER_TYPE, triggerNode, workflowWith } from '../harness/engine';
import { byId, expectInputError, useEmulator } from '../harness/suite';

const emulator = useEmulator();
const trigger = new CometChatTrigger();
registerNodeType(TRIGGER_TYPE, trigger);

const getUser = (uid = 'ada') => ({ resource: 'user', operation: 'get', uid: byId(uid) });
/** A POST that cannot look for its own result: it is never sent twice (Auth Token → Create). */
const createToken = (uid = 'ada') => ({ resource: 'authToken', operation: 'create', uid: byId(uid) });
const hostOf = (url: string) => new URL(url).host;

/** Drops injected faults a test left unused (a stalled request may end the run before all are met). */
async function clearFaultQueue(): Promise<void> {
	const answer = await fetch(`${emulator().baseUrl}/__emulator/faults`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ clearQueue: true }),
	});
	expect(answer.status).toBe(200);
}

afterEach(clearFaultQueue);

/** Runs `body` with short limits, so that a stalled server costs a second rather than minutes. */
async function withShortLimits<T>(body: () => Promise<T>): Promise<T> {
	const restore = overrideRequestLimits({ attemptTimeoutMs: 400, maxRetryAfterMs: 2_000, requestBudgetMs: 4_000 });
	try {
		return await body();
	} finally {
		restore();
	}
}

async function timed<T>(body: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const started = Date.now();
	const result = await body();
	return { result, ms: Date.now() - started };
}

describe('limits', () => {
	it('are 30 s per attempt, 60 s of Retry-After at most, 120 s per request, backoff from 250 ms', () => {
		expect(REQUEST_LIMITS).toEqual({ attemptTimeoutMs: 30_000, maxRetryAfterMs: 60_000, requestBudgetMs: 120_000, firstBackoffMs: 250 });
	});

	it('wait 250 ms, 500 ms, 1 s and 2 s before the retries when the service gives no Retry-After', () => {
		expect([0, 1, 2, 3].map((retry) => backoffMs(retry))).toEqual([250, 500, 1_000, 2_000]);
		// The tests that shorten it (useShortBackoff) get it back afterwards.
		const restore = overrideRequestLimits({ firstBackoffMs: 10 });
		expect(backoffMs(3)).toBe(80);
		restore();
		expect(backoffMs(0)).toBe(250);
	});
});

describe('stalled answers', () => {
	beforeEach(() => emulator().store.addUser({ uid: 'ada', name: 'Ada' }));

	it.each(['stall', 'stallBody'] as const)('a GET is retried after a %s and succeeds', async (kind) => {
		emulator().injectNext([{ kind }], { pathPrefix: '/v3/users/ada' });
		const { result, ms } = await withShortLimits(() => timed(() => runNode(credentialsFor(emulator()), getUser())));
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.uid).toBe('ada');
		expect(apiRequests(emulator())).toHaveLength(2);
		// One timeout (400 ms) and one backoff (250 ms), not the 300 s of axios's default.
		expect(ms).toBeGreaterThanOrEqual(400);
		expect(ms).toBeLessThan(3_000);
	});

	it.each(['stall', 'stallBody'] as const)('a GET that always meets a %s fails within the bound, naming the host', async (kind) => {
		emulator().injectNext(Array(10).fill({ kind }), { pathPrefix: '/v3/users/ada' });
		const { result, ms } = await withShortLimits(() => timed(() => runNode(credentialsFor(emulator()), getUser())));
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toBe(`CometChat at ${hostOf(emulator().baseUrl)} did not answer within 0.4 s [item 0]`);
		expect(result.error?.description).toMatch(
			/GET \/v3\/users\/ada got no answer, or an answer that stopped half-way, for 0\.4 s; [345] attempts in [\d.]+ s\. CometChat may be down/,
		);
		// Attempts of 0.4 s with backoffs of 0.25, 0.5, 1 s..., until the next would not fit in the 4 s bound.
		expect(apiRequests(emulator()).length).toBeGreaterThanOrEqual(3);
		expect(ms).toBeLessThan(4_000 + 500);
	});

	it.each(['stall', 'stallBody'] as const)('a POST that meets a %s is not repeated: it may have been applied', async (kind) => {
		emulator().injectNext([{ kind }], { pathPrefix: '/v3/users/ada/auth_tokens' });
		const { result, ms } = await withShortLimits(() => timed(() => runNode(credentialsFor(emulator()), createToken())));
		expect(result.error?.message).toBe(`CometChat at ${hostOf(emulator().baseUrl)} did not answer within 0.4 s [item 0]`);
		expect(result.error?.description).toMatch(/POST \/v3\/users\/ada\/auth_tokens .*may have been applied/);
		expect(apiRequests(emulator())).toHaveLength(1);
		expect(ms).toBeLessThan(1_500);
	});

	it('a stalled poll fails the first poll clearly, and is a passing fault on a later one', async () => {
		const node: INode = triggerNode();
		const workflow = workflowWith(node);
		const poll = async () => await trigger.poll!.call(pollContext(workflow, node, credentialsFor(emulator())));
		emulator().injectNext(Array(10).fill({ kind: 'stall' }), { pathPrefix: '/v3/moderation' });
		await withShortLimits(async () => {
			await expect(poll()).rejects.toThrow(`CometChat at ${hostOf(emulator().baseUrl)} did not answer within 0.4 s`);
		});
		await clearFaultQueue();
		expect(await poll()).toBeNull();
		emulator().injectNext(Array(10).fill({ kind: 'stallBody' }), { pathPrefix: '/v3/moderation' });
		await withShortLimits(async () => {
			expect(await poll()).toBeNull();
		});
	});
});

describe('retries', () => {
	beforeEach(() => emulator().store.addUser({ uid: 'ada', name: 'Ada' }));

	it('retries a GET after a 500', async () => {
		emulator().injectNext(['500', '500'], { pathPrefix: '/v3/users/ada' });
		const { items, error } = await runNode(credentialsFor(emulator()), getUser());
		expect(error).toBeUndefined();
		expect(items[0].json.uid).toBe('ada');
		expect(apiRequests(emulator()).map((request) => request.status)).toEqual([500, 500, 200]);
	});

	it('retries a PUT and a DELETE after a 500', async () => {
		emulator().injectNext(['500'], { pathPrefix: '/v3/users/ada', method: 'PUT' });
		const updated = await runNode(credentialsFor(emulator()), {
			resource: 'user',
			operation: 'update',
			uid: byId('ada'),
			updateFields: { name: 'Ada L.' },
		});
		expect(updated.error).toBeUndefined();
		expect(updated.items[0].json.name).toBe('Ada L.');
		expect(apiRequests(emulator()).map((request) => `${request.method} ${request.status}`)).toEqual(['PUT 500', 'PUT 200']);
	});

	it('never retries a POST that cannot look for its result after a 500: it says the request may have been applied', async () => {
		emulator().injectNext(['500'], { pathPrefix: '/v3/users/ada/auth_tokens' });
		const { error } = await runNode(credentialsFor(emulator()), createToken());
		expect(error?.httpCode).toBe('500');
		expect(error?.description).toMatch(/may have been applied/);
		expect(apiRequests(emulator())).toHaveLength(1);
	});

	it('fails at once on a Retry-After above the cap, saying when to try again', async () => {
		emulator().injectNext([{ kind: '429', retryAfter: 300 }], { pathPrefix: '/v3/users/ada' });
		const { result, ms } = await timed(() => runNode(credentialsFor(emulator()), getUser()));
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(
			/^CometChat's rate limit was exceeded: try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \[item 0\]$/,
		);
		expect(result.error?.description).toMatch(/asks to wait 300 s before the next request/);
		const retryAt = Date.parse(/after (\S+Z)/.exec(result.error!.message)![1]);
		expect(retryAt - Date.now()).toBeGreaterThan(290_000);
		expect(apiRequests(emulator())).toHaveLength(1);
		expect(ms).toBeLessThan(1_000);
	});

	it('keeps all waits of one request within the bound', async () => {
		// Each Retry-After (1 s) is under the cap, but five of them are not under a 4 s bound.
		emulator().injectNext(Array(6).fill({ kind: '429', retryAfter: 1 }), { pathPrefix: '/v3/users/ada' });
		const { result, ms } = await withShortLimits(() => timed(() => runNode(credentialsFor(emulator()), getUser())));
		expect(result.error?.message).toMatch(/rate limit was exceeded: try again after/);
		expect(ms).toBeLessThan(4_000);
		expect(apiRequests(emulator()).length).toBeLessThan(6);
	});
});

describe('header values', () => {
	// Act As is a UID, so the UID rules (letters, digits, _ and -) refuse these characters first,
	// naming each; the transport's header check stays behind them for any other header value.
	it.each([
		['a line break', 'alice\r\nX-Injected: 1', '"\\r", "\\n"'],
		['a line break', 'ali\nce', '"\\n"'],
		['a NUL character', 'ali\u0000ce', '"\\u0000"'],
	])('Act As with %s is an input error, and nothing is sent', async (_what, onBehalfOf, named) => {
		const parameters = { resource: 'message', operation: 'getThread', messageId: '1', onBehalfOf: byId(onBehalfOf) };
		const run = await runNode(credentialsFor(emulator()), parameters);
		expect(run.error?.name).toBe('NodeOperationError');
		expect(run.error?.message).toContain("'Act As' has characters");
		expect(run.error?.message).toContain(`has characters no CometChat ID can have: ${named}`);
		expect(run.error?.message).toContain('[item 0]');
		expect(apiRequests(emulator())).toHaveLength(0);

		const carriedOn = await runNode(credentialsFor(emulator()), parameters, [{}, {}], { onError: 'continueRegularOutput' });
		expect(carriedOn.items.map((item) => item.json.error)).toEqual([
			expect.stringContaining('[item 0]'),
			expect.stringContaining('[item 1]'),
		]);
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('an API key with a line break is an input error naming it, never echoing it', async () => {
		const apiKey = `${TEST_API_KEY}\n`;
		const run = await runNode(credentialsFor(emulator(), { apiKey }), { resource: 'user', operation: 'get', uid: byId('ada') });
		expectInputError(run, /The API Key in the CometChat API credential contains a line break/, /Nothing was sent/);
		expect(JSON.stringify(run.error)).not.toContain(TEST_API_KEY);
		expect(apiRequests(emulator())).toHaveLength(0);
		const tested = await testCredential(credentialsFor(emulator(), { apiKey }));
		expect(tested).toEqual({ status: 'Error', message: expect.stringMatching(/^The API Key contains a line break/) });
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it('the trigger treats an API key with a line break as permanent: a later poll throws it', async () => {
		const node: INode = triggerNode();
		const workflow = workflowWith(node);
		expect(await trigger.poll!.call(pollContext(workflow, node, credentialsFor(emulator())))).toBeNull();
		const bad = pollContext(workflow, node, credentialsFor(emulator(), { apiKey: `${TEST_API_KEY}\r\n` }));
		await expect(trigger.poll!.call(bad)).rejects.toMatchObject({
			name: 'NodeOperationError',
			message: expect.stringMatching(/API Key .* contains a line break/),
		});
	});
});

describe('credential URLs', () => {
	const cases: Array<[string, (url: string) => string, RegExp]> = [
		['a query', (url) => `${url}?x=1`, /must not have a query/],
		['a fragment', (url) => `${url}#top`, /must not have a fragment/],
		['a path', (url) => `${url}/api`, /must not have a path other than \/v3/],
		['a path before /v3', (url) => `${url}/api/v3`, /must not have a path other than \/v3/],
		['a user and password', (url) => url.replace('://', '://admin:hunter2@'), /must not hold a user name or password/],
		['another scheme', (url) => url.replace('http://', 'ftp://'), /must start with https:\/\//],
		['no URL at all', () => 'cometchat', /is not a URL/],
	];

	it.each(cases)('a Base URL with %s is refused in the node and the credential test, sending nothing', async (_what, make, problem) => {
		const credentials = credentialsFor(emulator(), { baseUrl: make(emulator().baseUrl) });
		const run = await runNode(credentials, getUser());
		expectInputError(run, /The Base URL in the CometChat API credential is not valid \[item 0\]/, problem);
		expect(run.error?.description).toContain('https://<APP_ID>.api-<REGION>.cometchat.io');
		expect(JSON.stringify(run.error)).not.toContain('hunter2');
		const tested = await testCredential(credentials);
		expect(tested.status).toBe('Error');
		expect(tested.message).toMatch(new RegExp(`^The Base URL ${problem.source}`));
		expect(apiRequests(emulator())).toHaveLength(0);
	});

	it.each(['', '/', '/v3', '/V3/', '//'])('a Base URL ending in %p is accepted', async (suffix) => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		const credentials = credentialsFor(emulator(), { baseUrl: `${emulator().baseUrl}${suffix}` });
		expect((await runNode(credentials, getUser())).error).toBeUndefined();
		expect(await testCredential(credentials)).toEqual({ status: 'OK', message: 'Connection successful!' });
		expect(apiRequests(emulator()).map((request) => request.path)).toEqual(['/v3/users/ada', '/v3/roles']);
	});

	it('a Call URL with a query is refused for a call, naming the Call URL', async () => {
		const credentials = credentialsFor(emulator(), { callUrl: `${emulator().callUrl}?x=1` });
		const run = await runNode(credentials, { resource: 'call', operation: 'get', sessionId: 's1', onBehalfOf: byId('ada') });
		expectInputError(run, /The Call URL in the CometChat API credential is not valid/, /The Call URL must not have a query/);
		expect((await testCredential(credentials)).message).toMatch(/^The Call URL must not have a query/);
		expect(apiRequests(emulator(), '/')).toHaveLength(0);
	});
});

describe('a host that is not CometChat', () => {
	it('a 200 without "data" (a proxy or another service at a Custom Host) fails the item saying so, after the retries of a GET', async () => {
		const requests: string[] = [];
		const server = createServer((request, response) => {
			requests.push(`${request.method} ${request.url}`);
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end('{"ok":true}');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		// What is counted is the retries, not how long they wait.
		const restore = overrideRequestLimits({ firstBackoffMs: 10 });
		try {
			const run = await runNode(credentialsFor(emulator(), { baseUrl: url, callUrl: url }), getUser());
			expect(run.error?.message).toBe(
				'CometChat answered GET /v3/users/ada with a 200 that holds no "data", as every CometChat answer does [item 0]',
			);
			expect(run.error?.description).toMatch(
				/^The answer is not used: it is not CometChat's\. Check the credential's host \(Custom Host or Base URL\)/,
			);
			expect(requests).toEqual(Array(5).fill('GET /v3/users/ada'));
		} finally {
			restore();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	});
});

describe('secrets in errors', () => {
	it('Update Auth Token on a 404 shows the path with the token redacted', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		const token = 'secret-auth-token-0001';
		const run = await runNode(credentialsFor(emulator()), {
			resource: 'user',
			operation: 'updateAuthToken',
			uid: byId('ada'),
			authToken: token,
			updateFields: { platform: 'android' },
		});
		expect(run.error?.name).toBe('NodeApiError');
		expect(run.error?.description).toContain('PUT /v3/users/ada/auth_tokens/[redacted]');
		expect(JSON.stringify(run.error)).not.toContain(token);
		expect(apiRequests(emulator())[0].path).toBe(`/v3/users/ada/auth_tokens/${token}`);
	});

	it('Push Token → Delete by Value on a 404 cuts both tokens from the service details', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		const authToken = emulator().store.addAuthToken('ada').authToken as string;
		const pushToken = 'secret-push-token-0001';
		const run = await runNode(credentialsFor(emulator()), { resource: 'pushToken', operation: 'deleteByValue', authToken, pushToken });
		expect(run.error?.description).toContain('ERR_PUSH_TOKEN_NOT_FOUND');
		expect(run.error?.description).toContain('DELETE /v3/notifications/push/v1/tokens/[redacted]');
		expect(JSON.stringify(run.error)).not.toContain(pushToken);
		expect(JSON.stringify(run.error)).not.toContain(authToken);
	});
});

describe("an attempt's race against its backstop timer (firstOf)", () => {
	setFlagsFromString('--expose-gc');
	const collectGarbage = runInNewContext('gc') as () => void;
	/** Whether a page-sized answer that won against a promise still pending is still in memory. */
	async function answerKeptBy(race: (answer: Promise<object>, loser: Promise<never>) => Promise<object>): Promise<boolean> {
		// As the timer of n8n 2.41's `sleep`, which cannot be stopped: pending past the attempt.
		const pendingTimer = new Promise<never>(() => {});
		const kept = await (async () => {
			const answer = { records: new Array(1000).fill({ uid: 'ada' }) };
			expect(await race(Promise.resolve(answer), pendingTimer)).toBe(answer);
			return new WeakRef(answer);
		})();
		// A WeakRef holds its target until the current job ends.
		await new Promise((resolve) => setImmediate(resolve));
		collectGarbage();
		expect(pendingTimer).toBeInstanceOf(Promise);
		return kept.deref() !== undefined;
	}

	it('answers the first outcome and lets go of it, while the loser is still pending', async () => {
		expect(await answerKeptBy(async (answer, loser) => await firstOf<object>(answer, loser))).toBe(false);
	});

	it('where Promise.race keeps it (what this guards against)', async () => {
		expect(await answerKeptBy(async (answer, loser) => await Promise.race([answer, loser]))).toBe(true);
	});

	it('a first rejection is the outcome', async () => {
		await expect(firstOf(Promise.reject(new Error('reset')), new Promise<never>(() => {}))).rejects.toThrow('reset');
	});
});

describe('a service that sends a byte now and then', () => {
	it('the backstop ends the attempt at its time, though the socket is never idle', async () => {
		// Headers, then one byte of a body that never ends every 100 ms: axios's idle timeout never fires.
		const server = createServer((_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000000' });
			const drip = setInterval(() => response.write(' '), 100);
			response.on('close', () => clearInterval(drip));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		const { port } = server.address() as AddressInfo;
		const restore = overrideRequestLimits({ attemptTimeoutMs: 400, maxRetryAfterMs: 2_000, requestBudgetMs: 1_000 });
		try {
			const started = Date.now();
			const { error } = await runNode(credentialsFor(emulator(), { baseUrl: `http://127.0.0.1:${port}` }), getUser());
			const ms = Date.now() - started;
			expect(error?.message).toMatch(/did not answer within/);
			// At least one attempt's time (400 ms) and its grace (250 ms); within the request's bound and a tick or two.
			expect(ms).toBeGreaterThanOrEqual(650);
			expect(ms).toBeLessThan(1_000 + 1_000);
		} finally {
			restore();
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		}
	});
});
