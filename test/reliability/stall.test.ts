/**
 * A server that accepts and never answers (stall), or stops half-way through a body (stallBody):
 * a node run and a trigger poll end with a clear error naming the host, within the stated bound.
 * The shipped limits (30 s per attempt, 120 s per request) are measured once each for a GET and a
 * POST; the other cases lower them through overrideRequestLimits, the one knob, to stay fast.
 * The two shipped runs only wait on timers, so they run beside the others, each against an emulator
 * of its own: the file takes their 120 s, not 120 s + 30 s + the rest.
 */
import type { INode, INodeParameters } from 'n8n-workflow';

import { CometChatTrigger } from '../../nodes/CometChat/CometChatTrigger.node.js';
import type { RequestLimits } from '../../nodes/CometChat/transport/limits';
import { overrideRequestLimits, REQUEST_LIMITS } from '../../nodes/CometChat/transport/limits';
import type { Emulator } from '../harness/emulator';
import { apiRequests, credentialsFor, startTestEmulator } from '../harness/emulator';
import type { RunResult } from '../harness/engine';
import { pollContext, registerNodeType, runNode, shutdownEngine, TRIGGER_TYPE, triggerNode, workflowWith } from '../harness/engine';
import { report } from './report';

const trigger = new CometChatTrigger();
registerNodeType(TRIGGER_TYPE, trigger);

const SHORT: Partial<RequestLimits> = { attemptTimeoutMs: 1_000, requestBudgetMs: 6_000 };

let emulator: Emulator;
let host: string;

/** A run with the shipped limits, started in beforeAll and awaited by its test, at the end of the file. */
interface ShippedRun {
	host: string;
	done: Promise<{ result: RunResult; ms: number; attempts: number }>;
}
let shipped: { get: ShippedRun; post: ShippedRun };
const shippedEmulators: Emulator[] = [];

/**
 * Starts `parameters` against an emulator of its own whose `pathPrefix` always stalls, with the
 * shipped limits, and resolves once its first request has reached the emulator: the request has
 * then taken the limits in force (each request reads them when it starts), so the short limits the
 * other tests set later do not reach it.
 */
async function startShipped(parameters: INodeParameters, pathPrefix: string): Promise<ShippedRun> {
	const own = await startTestEmulator();
	shippedEmulators.push(own);
	own.store.addUser({ uid: 'ada', name: 'Ada' });
	own.injectNext(Array(20).fill({ kind: 'stall' }), { pathPrefix });
	const started = Date.now();
	const done = runNode(credentialsFor(own), parameters).then((result) => ({
		result,
		ms: Date.now() - started,
		attempts: apiRequests(own).length,
	}));
	// A condition, not a clock: the emulator logs a request before it stalls it.
	while (apiRequests(own).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
	return { host: new URL(own.baseUrl).host, done };
}

beforeAll(async () => {
	emulator = await startTestEmulator();
	host = new URL(emulator.baseUrl).host;
	shipped = { get: await startShipped(getUser, '/v3/users/ada'), post: await startShipped(createToken, '/v3/users/ada/auth_tokens') };
});

afterAll(async () => {
	// Settled already (their tests awaited them) unless a test failed before: then they end within their bound.
	await Promise.allSettled([shipped?.get.done, shipped?.post.done]);
	await Promise.all([emulator.close(), ...shippedEmulators.map((own) => own.close())]);
	await shutdownEngine();
});

beforeEach(async () => {
	emulator.store.reset();
	emulator.clearRequests();
	emulator.store.addUser({ uid: 'ada', name: 'Ada' });
	// Faults a run did not meet (it stopped at the bound) are dropped.
	await fetch(`${emulator.baseUrl}/__emulator/faults`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ clearQueue: true }),
	});
});

async function measured<T>(limits: Partial<RequestLimits>, body: () => Promise<T>): Promise<{ result: T; ms: number }> {
	const restore = overrideRequestLimits(limits);
	const started = Date.now();
	try {
		const result = await body();
		return { result, ms: Date.now() - started };
	} finally {
		restore();
	}
}

const getUser = { resource: 'user', operation: 'get', uid: { __rl: true, mode: 'id', value: 'ada' } };
/** A POST that cannot look for its own result (Auth Token → Create): never sent twice. */
const createToken = { resource: 'authToken', operation: 'create', uid: { __rl: true, mode: 'id', value: 'ada' } };

/**
 * The cases of a GET and a POST. The short limits' cases run here against the file's emulator; the
 * shipped ones await the runs beforeAll started (`shipped`), which have been waiting meanwhile.
 */
function stallCases(name: 'shipped' | 'short') {
	const limits = name === 'shipped' ? REQUEST_LIMITS : { ...REQUEST_LIMITS, ...SHORT };
	const kinds = name === 'shipped' ? (['stall'] as const) : (['stall', 'stallBody'] as const);
	const seconds = `${limits.attemptTimeoutMs >= 10_000 ? Math.round(limits.attemptTimeoutMs / 1000) : Math.round(limits.attemptTimeoutMs / 100) / 10} s`;
	const run = async (which: 'get' | 'post', kind: 'stall' | 'stallBody') => {
		if (name === 'shipped') return { ...(await shipped[which].done), host: shipped[which].host };
		const pathPrefix = which === 'get' ? '/v3/users/ada' : '/v3/users/ada/auth_tokens';
		emulator.injectNext(which === 'get' ? Array(20).fill({ kind }) : [{ kind }], { pathPrefix });
		const { result, ms } = await measured(SHORT, () => runNode(credentialsFor(emulator), which === 'get' ? getUser : createToken));
		return { result, ms, attempts: apiRequests(emulator).length, host };
	};

	it.each(kinds)('a GET that always meets a %s is retried, then fails naming the host within the bound', async (kind) => {
		const { result, ms, attempts, host } = await run('get', kind);
		report(`stall node-get ${kind} ${name}`, {
			attemptTimeoutMs: limits.attemptTimeoutMs,
			boundMs: limits.requestBudgetMs,
			ms,
			attempts,
			error: result.error?.message ?? 'none',
		});
		expect(result.error?.name).toBe('NodeApiError');
		// The last attempt gets what is left of the bound, so it may wait less than a full timeout.
		expect(result.error?.message).toMatch(
			new RegExp(`^CometChat at ${host.replace(/\./g, '\\.')} did not answer within [\\d.]+ s \\[item 0\\]$`),
		);
		expect(result.error?.description).toMatch(/GET \/v3\/users\/ada got no answer, or an answer that stopped half-way/);
		expect(attempts).toBeGreaterThan(1);
		expect(ms).toBeLessThanOrEqual(limits.requestBudgetMs + 500);
	});

	it.each(kinds)('a POST that meets a %s fails after one attempt, naming the host', async (kind) => {
		const { result, ms, attempts, host } = await run('post', kind);
		report(`stall node-post ${kind} ${name}`, {
			attemptTimeoutMs: limits.attemptTimeoutMs,
			ms,
			attempts,
			error: result.error?.message ?? 'none',
		});
		expect(result.error?.message).toBe(`CometChat at ${host} did not answer within ${seconds} [item 0]`);
		expect(result.error?.description).toMatch(/may have been applied/);
		expect(attempts).toBe(1);
		expect(ms).toBeLessThan(limits.attemptTimeoutMs + 1_500);
	});
}

describe('with the short limits', () => stallCases('short'));

describe('writes that look before they resend, against a service that never answers', () => {
	// Each looks for its own result after the lost answer (Message → Send lists the sender's
	// messages, User → Create reads the user): those lookups share the write's bound, whatever the
	// limits are (with the shipped ones, measured by hand: Message → Send ended in 120.1 s).
	const send = {
		resource: 'message',
		operation: 'send',
		onBehalfOf: { __rl: true, mode: 'id', value: 'ada' },
		receiverType: 'user',
		receiverUid: { __rl: true, mode: 'id', value: 'bob' },
		category: 'message',
		messageType: 'text',
		dataMode: 'fields',
		text: 'Hi',
	};
	const createUser = { resource: 'user', operation: 'create', uid: 'newbie', name: 'Newbie' };
	const update = { resource: 'user', operation: 'update', uid: { __rl: true, mode: 'id', value: 'ada' }, updateFields: { name: 'Ada L' } };
	const remove = { resource: 'user', operation: 'delete', uid: { __rl: true, mode: 'id', value: 'ada' } };

	it.each([
		['Message → Send', send, '/v3/messages'],
		['User → Create', createUser, '/v3/users'],
		['User → Update', update, '/v3/users'],
		['User → Delete', remove, '/v3/users'],
	] as const)('%s ends within the one bound, its lookups included, and says what is unknown', async (name, parameters, pathPrefix) => {
		emulator.store.addUser({ uid: 'bob', name: 'Bob' });
		emulator.injectNext(Array(40).fill({ kind: 'stall' }), { pathPrefix });
		const { result, ms } = await measured(SHORT, () => runNode(credentialsFor(emulator), parameters));
		const requests = apiRequests(emulator).map((request) => request.method);
		report(`stall write ${name.replace(/\W+/g, '-')}`, {
			boundMs: SHORT.requestBudgetMs!,
			ms,
			requests: requests.join(' '),
			error: result.error?.message ?? 'none',
		});
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.message).toMatch(
			new RegExp(`^CometChat at ${host.replace(/\./g, '\\.')} did not answer within [\\d.]+ s \\[item 0\\]$`),
		);
		if (parameters.operation === 'send' || parameters.operation === 'create') {
			expect(result.error?.description).toMatch(/may have been applied/);
			expect(requests.filter((method) => method === 'GET').length).toBeGreaterThan(0);
		}
		expect(ms).toBeLessThanOrEqual(SHORT.requestBudgetMs! + 1_000);
	});
});

describe('trigger poll', () => {
	const node: INode = triggerNode();

	it.each(['stall', 'stallBody'] as const)(
		'a %s fails the first poll naming the host, and a later poll waits for the next',
		async (kind) => {
			const workflow = workflowWith(node);
			const poll = async () => await trigger.poll!.call(pollContext(workflow, node, credentialsFor(emulator)));
			emulator.store.addFlaggedMessages(3, { reasonId: 'spam', flagger: 'bob' });
			emulator.injectNext(Array(20).fill({ kind }), { pathPrefix: '/v3/moderation' });
			const first = await measured(
				SHORT,
				async () =>
					await poll().then(
						() => undefined,
						(error: Error) => error,
					),
			);
			report(`stall trigger-first-poll ${kind}`, {
				attemptTimeoutMs: SHORT.attemptTimeoutMs!,
				boundMs: SHORT.requestBudgetMs!,
				ms: first.ms,
				error: first.result?.message ?? 'none',
			});
			expect(first.result?.message).toBe(`CometChat at ${host} did not answer within 1 s`);
			expect(first.ms).toBeLessThanOrEqual(SHORT.requestBudgetMs! + 500);

			await fetch(`${emulator.baseUrl}/__emulator/faults`, {
				method: 'POST',
				body: JSON.stringify({ clearQueue: true }),
				headers: { 'content-type': 'application/json' },
			});
			expect(await poll()).toBeNull();
			emulator.injectNext(Array(20).fill({ kind }), { pathPrefix: '/v3/moderation' });
			const later = await measured(SHORT, poll);
			report(`stall trigger-later-poll ${kind}`, { ms: later.ms, emitted: later.result === null ? 0 : later.result[0].length });
			expect(later.result).toBeNull();
			expect(later.ms).toBeLessThanOrEqual(SHORT.requestBudgetMs! + 500);
		},
	);
});

// Last, so that every case above runs while these wait out the shipped 30 s and 120 s.
describe('with the shipped limits', () => stallCases('shipped'));
