#!/usr/bin/env node
// @ts-check
/**
 * "Each event exactly once" for both push triggers in a real n8n (`npm run test:push-triggers`):
 * one `n8n start` with this package, the CometChat Bot Trigger (the bot `helpbot` of the local
 * emulator) and the CometChat Webhook Trigger (manual mode: the webhook is the dashboard's), each
 * followed by a No Operation. The test POSTs the deliveries itself, over HTTP, shaped as CometChat
 * sends them and with the Basic Auth pair the node expects, and counts executions through n8n's
 * REST API. For each trigger:
 *
 *   1. a delivery runs the workflow once; the item holds the event and a string `deliveryKey`
 *   2. the same event again does not run: at once, in the other shape (Bot Trigger: the message
 *      under `data.message` instead of directly under `data`; Webhook Trigger: `data`'s keys in
 *      another order, `region` left out), after 30 s, and after a restart of n8n (same user folder
 *      and database)
 *   3. 5 and 50 concurrent copies of one new event run once
 *   4. 200 distinct deliveries, 20 at a time, run 200 times; all delivered again after the restart,
 *      0 times
 *   5. (Webhook Trigger) an event without an id of its own (`user_blocked`): a repeat at once does
 *      not run, the same event 60 s later (past CometChat's retry horizon, about 50 s) runs again
 *   6. an empty body, JSON null, a string, a number and an array, with the right Basic Auth: 400,
 *      and no execution (no error execution either)
 *   7. (Bot Trigger) activating a second workflow for the bot fails with a message naming the bot
 *      and "another URL" (n8n 2.8: the activation request's error; 2.41, which activates in the
 *      background: the workflow's publication status), n8n does not serve its URL, and the first
 *      workflow keeps receiving
 *   8. accepted deliveries are answered 200 with a JSON body (not the text `firstEntryJson`),
 *      repeats 200
 *
 * The 30 s and 60 s waits overlap the other cases; waits for executions poll n8n with generous
 * timeouts, and every count is checked again at the end. Ends with the line `N passed, M failed`;
 * the exit code is non-zero on any failure. Env: E2E_N8N=latest (the newest tested n8n),
 * E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const { startEmulator } = require('../emulator');
const { Checks } = require('./lib/checks');
const { EXAMPLE_CREDENTIAL, N8n, botTriggerParameters } = require('./lib/n8n');
const { cleanup, freePort, onCleanup, sleep } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */
/** @typedef {{ status: number, contentType: string, text: string }} Answer */
/**
 * One push trigger under test.
 * @typedef {{
 *   name: string,
 *   workflowId: string,
 *   trigger: string,
 *   url: string,
 *   authorization: string,
 *   expected: number,
 *   event: (id: string) => Record<string, any>,
 *   otherShape: (body: Record<string, any>) => Record<string, any>,
 *   eventId: (item: Record<string, any>) => unknown,
 * }} Subject
 */

const checks = new Checks();
const progress = progressLog();

const BOT = 'helpbot';
const BOT_TRIGGER = 'CometChat Bot Trigger';
const WEBHOOK_TRIGGER = 'CometChat Webhook Trigger';
const HOOK_ID = 'pushE2eHook';
const HOOK_AUTH = { username: 'pushE2eUser', password: 'PushE2ePass123' };
const CREDENTIALS = { [EXAMPLE_CREDENTIAL.type]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };

/** How long a check that nothing runs waits after the last answer before it counts. */
const QUIET_MS = 3000;
/** The repeat of an event without an id comes this long after the first (CometChat retries for about 50 s). */
const ID_LESS_GAP_MS = 60_000;
/** A redelivery "later" comes this long after the first delivery. */
const LATER_MS = 30_000;

/**
 * A trigger → No Operation workflow.
 * @param {string} id @param {string} name @param {string} trigger @param {string} webhookId @param {Record<string, unknown>} node the trigger's type, credentials and parameters
 */
function workflow(id, name, trigger, webhookId, node) {
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		connections: { [trigger]: { main: [[{ node: 'Done', type: 'main', index: 0 }]] } },
		nodes: [
			{ id: `${webhookId.slice(0, 8)}-2222-4000-8000-000000000001`, name: trigger, typeVersion: 1, position: [0, 0], webhookId, ...node },
			{
				id: `${webhookId.slice(0, 8)}-2222-4000-8000-000000000002`,
				name: 'Done',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
	};
}

/** @param {string} webhookId */
function botWorkflow(/** @type {string} */ id, /** @type {string} */ name, webhookId) {
	return workflow(id, name, BOT_TRIGGER, webhookId, {
		type: 'n8n-nodes-cometchat.cometChatBotTrigger',
		credentials: CREDENTIALS,
		parameters: botTriggerParameters(BOT),
	});
}

const BOT_WEBHOOK_ID = 'd1000000-0000-4000-8000-000000000001';
const HOOK_WEBHOOK_ID = 'd3000000-0000-4000-8000-000000000001';
const BOT_WORKFLOW = botWorkflow('pushE2eBot000001', 'Push e2e: bot', BOT_WEBHOOK_ID);
/** A second workflow for the same bot: its activation must fail. */
const SECOND_BOT_WEBHOOK_ID = 'd2000000-0000-4000-8000-000000000001';
const SECOND_BOT_WORKFLOW = botWorkflow('pushE2eBot000002', 'Push e2e: bot, second workflow', SECOND_BOT_WEBHOOK_ID);
const HOOK_WORKFLOW = workflow('pushE2eHook00001', 'Push e2e: webhook', WEBHOOK_TRIGGER, HOOK_WEBHOOK_ID, {
	type: 'n8n-nodes-cometchat.cometChatWebhookTrigger',
	parameters: { mode: 'manual', events: ['message_sent', 'user_blocked'], ...HOOK_AUTH },
});

/** n8n's production URL of a trigger. @param {string} webhookId @param {number} port */
const productionUrl = (webhookId, port) => `http://127.0.0.1:${port}/webhook/${webhookId}/webhook`;

/** @param {string} username @param {string} password */
const basic = (username, password) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * POSTs a delivery as CometChat does (JSON, Basic Auth); `raw` is sent as the body as it is.
 * @param {Subject} subject @param {unknown} body @param {{ raw?: string, authorization?: string | null }} [options]
 * @returns {Promise<Answer>}
 */
async function post(subject, body, options = {}) {
	const authorization = options.authorization === undefined ? subject.authorization : options.authorization;
	const response = await fetch(subject.url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
		body: options.raw ?? JSON.stringify(body),
	});
	return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/**
 * `limit` requests at a time over `items`, in order; answers their results in the items' order.
 * @template T, R
 * @param {T[]} items @param {number} limit @param {(item: T, index: number) => Promise<R>} fn
 * @returns {Promise<R[]>}
 */
async function inParallel(items, limit, fn) {
	/** @type {R[]} */
	const results = new Array(items.length);
	let next = 0;
	const worker = async () => {
		while (next < items.length) {
			const index = next++;
			results[index] = await fn(items[index], index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
	return results;
}

/** Whether an answer is an accepted delivery's: 200, a JSON body (an object), not n8n's `firstEntryJson`. @param {Answer} a */
function isJsonOk(a) {
	if (a.status !== 200 || !/json/i.test(a.contentType) || a.text.trim() === 'firstEntryJson') return false;
	try {
		const parsed = JSON.parse(a.text);
		return parsed !== null && typeof parsed === 'object';
	} catch {
		return false;
	}
}

/** Answers in short, for a failed check: status → count, with an example of each. @param {Answer[]} answers */
function showAnswers(answers) {
	/** @type {Record<string, { count: number, example: string }>} */
	const byKind = {};
	for (const a of answers) {
		const kind = `${a.status} ${a.contentType.split(';')[0]}`;
		byKind[kind] ??= { count: 0, example: a.text.slice(0, 160) };
		byKind[kind].count++;
	}
	return JSON.stringify(byKind);
}

/** The same value with every object's keys in reverse order. @param {unknown} value @returns {unknown} */
function reversedKeys(value) {
	if (Array.isArray(value)) return value.map(reversedKeys);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value)
				.reverse()
				.map(([k, v]) => [k, reversedKeys(v)]),
		);
	}
	return value;
}

/**
 * Waits until the workflow's executions reach `subject.expected + runs` (and none is running), then
 * a quiet moment for a late one, and checks that exactly `runs` more ran. The count becomes the new
 * base either way, so a failure is not counted again by the next case.
 * @param {N8n} n8n @param {Subject} subject @param {number} runs @param {string} what
 * @param {number} [timeoutMs]
 */
async function expectRuns(n8n, subject, runs, what, timeoutMs = 90_000) {
	const target = subject.expected + runs;
	const started = Date.now();
	let counts = await n8n.rest.countExecutions(subject.workflowId);
	while ((counts.count < target || counts.running > 0) && Date.now() - started < timeoutMs) {
		await sleep(500);
		counts = await n8n.rest.countExecutions(subject.workflowId);
	}
	await sleep(QUIET_MS);
	counts = await n8n.rest.countExecutions(subject.workflowId);
	while (counts.running > 0 && Date.now() - started < timeoutMs) {
		await sleep(500);
		counts = await n8n.rest.countExecutions(subject.workflowId);
	}
	const ran = counts.count - subject.expected;
	checks.ok(
		`${what}: ${runs === 0 ? 'no execution' : runs === 1 ? 'one execution' : `${runs} executions`}`,
		ran === runs && counts.running === 0,
		`${ran} ran${counts.running ? `, ${counts.running} still running after ${timeoutMs / 1000} s` : ''}`,
	);
	subject.expected = counts.count;
	return ran;
}

/**
 * The newest execution of the subject's workflow, with its items.
 * @param {N8n} n8n @param {Subject} subject
 */
async function newestRun(n8n, subject) {
	const executions = await n8n.rest.listExecutions(subject.workflowId);
	const newest = executions.reduce((/** @type {any} */ a, /** @type {any} */ b) => (Number(b.id) > Number(a.id) ? b : a));
	return await n8n.rest.waitForExecution(newest.id);
}

/**
 * Waits until n8n serves the subject's webhook (after a start it registers the active workflows a
 * moment after the REST API answers): a POST without Basic Auth is then refused with 401 and runs
 * nothing, where an unknown webhook answers 404.
 * @param {Subject} subject
 */
async function waitForWebhook(subject, timeoutMs = 120_000) {
	const started = Date.now();
	for (;;) {
		try {
			const answer = await post(subject, { trigger: 'probe', data: {} }, { authorization: null });
			if (answer.status === 401) return;
		} catch {
			// not listening yet
		}
		if (Date.now() - started > timeoutMs) throw new Error(`n8n did not serve ${subject.url} within ${timeoutMs / 1000} s`);
		await sleep(500);
	}
}

/**
 * Sleeps until the time `at` (ms since the epoch), if it is still ahead.
 * @param {number} at @param {string} what
 */
async function until(at, what) {
	const left = at - Date.now();
	if (left > 0) {
		progress(`waiting ${Math.ceil(left / 1000)} s more for ${what}`);
		await sleep(left);
	}
}

/**
 * Sends a delivery and its repeats at once (the same body, then the other shape).
 * Checks the answers: the first 200 with JSON, the repeats 200.
 * @param {Subject} subject @param {Record<string, any>} body @param {string} what
 */
async function deliverWithRepeats(subject, body, what) {
	const first = await post(subject, body);
	checks.ok(`${subject.name}: ${what} is answered 200 with a JSON body`, isJsonOk(first), showAnswers([first]));
	const same = await post(subject, body);
	const other = await post(subject, subject.otherShape(body));
	checks.equal(
		`${subject.name}: the same delivery again, and in the other shape, are answered 200`,
		[same.status, other.status],
		[200, 200],
	);
	return first;
}

/**
 * Delivers the bodies `limit` at a time; checks each is answered 200 (`json`: with a JSON body).
 * @param {Subject} subject @param {Record<string, any>[]} bodies @param {number} limit @param {string} what @param {boolean} json
 */
async function deliverAll(subject, bodies, limit, what, json) {
	const answers = await inParallel(bodies, limit, (body) => post(subject, body));
	const good = answers.filter((a) => (json ? isJsonOk(a) : a.status === 200)).length;
	checks.ok(
		`${subject.name}: ${what}: all ${bodies.length} answered 200${json ? ' with a JSON body' : ''}`,
		good === bodies.length,
		`${good} of ${bodies.length}: ${showAnswers(answers)}`,
	);
	return answers;
}

async function main() {
	const install = await buildAndInstallN8n(progress);

	progress('The emulator: Ada, Ben, and the bot user helpbot (a bot, disabled until n8n takes it)');
	const emulator = await startEmulator({});
	onCleanup('the emulator', () => emulator.close());
	emulator.store.addUser({ uid: 'ada', name: 'Ada Lovelace' });
	emulator.store.addUser({ uid: 'ben', name: 'Ben Okafor' });
	emulator.store.addUser({ uid: BOT, name: 'Help Bot' });
	emulator.store.addBot({ uid: BOT, webhookURL: 'http://127.0.0.1:9/not-yet', enabled: false });
	/** @param {string} method @param {string} path @param {unknown} [body] */
	const api = async (method, path, body) => {
		const response = await fetch(`${emulator.baseUrl}/v3${path}`, {
			method,
			headers: { apikey: emulator.apiKey, 'content-type': 'application/json', onBehalfOf: 'ada' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}`);
		return /** @type {any} */ ((await response.json()).data);
	};
	// Real messages as the emulator shows them, sent before the bot is enabled (so the emulator
	// delivers nothing itself): the templates of every delivery below, each with its own id.
	const toBot = await api(
		'GET',
		`/messages/${(await api('POST', '/messages', { receiver: BOT, receiverType: 'user', category: 'message', type: 'text', data: { text: 'hello bot' } })).id}`,
	);
	const toBen = await api(
		'GET',
		`/messages/${(await api('POST', '/messages', { receiver: 'ben', receiverType: 'user', category: 'message', type: 'text', data: { text: 'hello Ben' } })).id}`,
	);
	const ada = await api('GET', '/users/ada');
	const ben = await api('GET', '/users/ben');

	progress('n8n: the package, the credential and three workflows');
	const port = await freePort();
	// n8n's webhook URLs on 127.0.0.1, as the emulator's bot would post to.
	const n8n = await N8n.create(install, { port, env: { WEBHOOK_URL: `http://127.0.0.1:${port}/` } });
	await n8n.installPackage();
	await n8n.importCredentials([
		{ ...EXAMPLE_CREDENTIAL, data: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl } },
	]);
	await n8n.importWorkflows([BOT_WORKFLOW, SECOND_BOT_WORKFLOW, HOOK_WORKFLOW]);
	progress('n8n start');
	await n8n.start();
	await n8n.rest.activate(BOT_WORKFLOW.id);
	await n8n.rest.activate(HOOK_WORKFLOW.id);
	// Newer n8n registers the trigger a moment after the activation answered.
	let bot = await api('GET', `/bots/${BOT}`);
	for (const started = Date.now(); bot.webhookURL !== productionUrl(BOT_WEBHOOK_ID, port) || !bot.username || !bot.password; ) {
		if (Date.now() - started > 60_000) {
			throw new Error(
				`activation did not point the bot at n8n within 60 s: ${JSON.stringify({ ...bot, password: bot.password ? '…' : undefined })}`,
			);
		}
		await sleep(250);
		bot = await api('GET', `/bots/${BOT}`);
	}

	/** @type {Subject} */
	const botSubject = {
		name: 'Bot Trigger',
		workflowId: BOT_WORKFLOW.id,
		trigger: BOT_TRIGGER,
		url: productionUrl(BOT_WEBHOOK_ID, port),
		authorization: basic(bot.username, bot.password),
		expected: 0,
		// CometChat's bot payload: the message directly under `data`.
		event: (id) => ({
			trigger: 'after_message',
			data: { ...toBot, id, data: { ...toBot.data, text: `message ${id}` } },
			appId: emulator.appId,
			region: 'us',
		}),
		// The same message under `data.message`, as the app webhooks put it.
		otherShape: (body) => ({ ...body, data: { message: body.data } }),
		eventId: (item) => item.message?.id,
	};
	/** @type {Subject} */
	const hookSubject = {
		name: 'Webhook Trigger',
		workflowId: HOOK_WORKFLOW.id,
		trigger: WEBHOOK_TRIGGER,
		url: productionUrl(HOOK_WEBHOOK_ID, port),
		authorization: basic(HOOK_AUTH.username, HOOK_AUTH.password),
		expected: 0,
		event: (id) => ({
			trigger: 'message_sent',
			data: { message: { ...toBen, id, data: { ...toBen.data, text: `message ${id}` } } },
			appId: emulator.appId,
			region: 'us',
			webhook: HOOK_ID,
		}),
		// The same event with `data`'s keys in another order and `region` left out.
		otherShape: (body) => {
			const { region: _region, ...rest } = body;
			return { webhook: rest.webhook, data: reversedKeys(rest.data), appId: rest.appId, trigger: rest.trigger };
		},
		eventId: (item) => item.data?.message?.id,
	};
	const subjects = [botSubject, hookSubject];
	for (const subject of subjects) await waitForWebhook(subject);
	progress('ready');

	/** The event of cases 1 and 2, per trigger, and when it was first delivered. */
	/** @type {Map<Subject, { body: Record<string, any>, at: number }>} */
	const firstEvents = new Map();
	/** The 200 distinct events of case 4, per trigger. */
	/** @type {Map<Subject, Record<string, any>[]>} */
	const batches = new Map();
	/** The id-less event of case 5 and when it was first delivered. */
	/** @type {{ body: Record<string, any>, at: number } | undefined} */
	let idLess;

	checks.section(
		'1. A delivery runs the workflow once; the item holds the event and deliveryKey (with 2: the same event at once, in the other shape)',
	);
	for (const subject of subjects) {
		await checks.run(`${subject.name}: first delivery`, async () => {
			const id = subject === botSubject ? '710001' : '810001';
			const body = subject.event(id);
			firstEvents.set(subject, { body, at: Date.now() });
			await deliverWithRepeats(subject, body, 'a new event');
			await expectRuns(n8n, subject, 1, `${subject.name}: a delivery, the same again and the other shape`);
			const run = await newestRun(n8n, subject);
			const items = run.items(subject.trigger);
			checks.equal(
				`${subject.name}: the execution succeeded with one item, the event`,
				[run.status, items.length, subject.eventId(items[0] ?? {})],
				['success', 1, id],
			);
			checks.ok(
				`${subject.name}: the item has a string deliveryKey`,
				typeof items[0]?.deliveryKey === 'string' && items[0].deliveryKey !== '',
				JSON.stringify(items[0]?.deliveryKey),
			);
			checks.equal(`${subject.name}: the next node got it`, run.items('Done').length, 1);
		});
	}

	checks.section('5. Webhook Trigger: an event without an id of its own (user_blocked), a repeat at once');
	await checks.run('id-less event', async () => {
		const body = { trigger: 'user_blocked', data: { users: { ben }, by: ada }, appId: emulator.appId, region: 'us', webhook: HOOK_ID };
		idLess = { body, at: Date.now() };
		await deliverWithRepeats(hookSubject, body, 'user_blocked');
		await expectRuns(n8n, hookSubject, 1, 'Webhook Trigger: user_blocked, the same again at once and in the other shape');
		const run = await newestRun(n8n, hookSubject);
		const item = run.items(WEBHOOK_TRIGGER)[0] ?? {};
		checks.equal(
			'Webhook Trigger: the item is the user_blocked event, with a deliveryKey',
			[item.trigger, Object.keys(item.data?.users ?? {}), typeof item.deliveryKey],
			['user_blocked', ['ben'], 'string'],
		);
	});

	checks.section('6. Bodies that are no delivery, with the right Basic Auth: 400, no execution');
	const badBodies = /** @type {const} */ ([
		['an empty body', ''],
		['JSON null', 'null'],
		['a JSON string', '"after_message"'],
		['a JSON number', '42'],
	]);
	for (const subject of subjects) {
		await checks.run(`${subject.name}: bad bodies`, async () => {
			const bodies = [
				...badBodies,
				['a JSON array (holding a new event)', JSON.stringify([subject.event(subject === botSubject ? '719999' : '819999')])],
			];
			/** @type {Answer[]} */
			const answers = [];
			for (const [, raw] of bodies) answers.push(await post(subject, undefined, { raw }));
			checks.equal(
				`${subject.name}: ${bodies.map(([what]) => what).join(', ')}: 400 each`,
				Object.fromEntries(bodies.map(([what], i) => [what, answers[i].status])),
				Object.fromEntries(bodies.map(([what]) => [what, 400])),
			);
			await expectRuns(n8n, subject, 0, `${subject.name}: after the bad bodies`);
			const errors = await n8n.rest.countExecutions(subject.workflowId, ['error', 'crashed']);
			checks.equal(`${subject.name}: no error execution`, errors.count, 0);
		});
	}

	checks.section('3. Concurrent copies of one new event run once');
	for (const subject of subjects) {
		for (const copies of [5, 50]) {
			await checks.run(`${subject.name}: ${copies} concurrent copies`, async () => {
				const body = subject.event(`${subject === botSubject ? 72 : 82}00${copies}`);
				const answers = await Promise.all(Array.from({ length: copies }, () => post(subject, body)));
				const json = answers.filter(isJsonOk).length;
				checks.ok(`${subject.name}: ${copies} concurrent copies all answered 200 with a JSON body`, json === copies, showAnswers(answers));
				await expectRuns(n8n, subject, 1, `${subject.name}: ${copies} concurrent copies of one event`);
			});
		}
	}

	checks.section('7. Bot Trigger: a second workflow for a bot that is live elsewhere is refused; the first keeps receiving');
	await checks.run('second workflow for the bot', async () => {
		// n8n 2.8 answers the activation request with the trigger's error; 2.41 activates in the
		// background and reports it in the workflow's publication status.
		/** @type {string | undefined} */
		let refusal;
		/** @type {string} */
		let how = 'the activation request';
		try {
			await n8n.rest.activate(SECOND_BOT_WORKFLOW.id);
		} catch (error) {
			refusal = error instanceof Error ? error.message : String(error);
		}
		if (refusal === undefined) {
			const publication = await n8n.rest.publicationStatus(SECOND_BOT_WORKFLOW.id);
			how = `the publication status (${publication?.status ?? 'none'})`;
			if (publication?.status === 'failed') refusal = publication.triggers.map((t) => t.errorMessage ?? '').join(' ');
		}
		checks.ok(`activating the second workflow fails (${how})`, refusal !== undefined);
		checks.ok(
			`the error names the bot "${BOT}" and "another URL"`,
			refusal !== undefined && refusal.includes(BOT) && /another URL/i.test(refusal),
			refusal,
		);
		const secondUrl = productionUrl(SECOND_BOT_WEBHOOK_ID, port);
		const unserved = await fetch(secondUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
		checks.equal("n8n does not serve the second workflow's URL (404)", unserved.status, 404);
		const after = await api('GET', `/bots/${BOT}`);
		checks.equal(
			"the bot still sends to the first workflow's URL, with its Basic Auth",
			[after.webhookURL, after.enabled, basic(after.username, after.password)],
			[botSubject.url, true, botSubject.authorization],
		);
		const answer = await post(botSubject, botSubject.event('730001'));
		checks.ok('a new message to the first workflow is answered 200 with a JSON body', isJsonOk(answer), showAnswers([answer]));
		await expectRuns(n8n, botSubject, 1, 'Bot Trigger: the first workflow still receives');
	});

	checks.section('4. 200 distinct deliveries, 20 at a time, run 200 times');
	for (const subject of subjects) {
		await checks.run(`${subject.name}: 200 distinct deliveries`, async () => {
			const prefix = subject === botSubject ? 74 : 84;
			const bodies = Array.from({ length: 200 }, (_, i) => subject.event(`${prefix}${String(i).padStart(4, '0')}`));
			batches.set(subject, bodies);
			await deliverAll(subject, bodies, 20, '200 distinct deliveries', true);
			await expectRuns(n8n, subject, 200, `${subject.name}: 200 distinct deliveries`, 300_000);
		});
	}

	checks.section(`2. The first event again, ${LATER_MS / 1000} s after it was delivered`);
	for (const subject of subjects) {
		await checks.run(`${subject.name}: later redelivery`, async () => {
			const first = firstEvents.get(subject);
			if (!first) throw new Error('case 1 did not deliver its event');
			await until(first.at + LATER_MS, `the ${subject.name}'s redelivery after ${LATER_MS / 1000} s`);
			const answers = [await post(subject, first.body), await post(subject, subject.otherShape(first.body))];
			checks.equal(
				`${subject.name}: both shapes answered 200`,
				answers.map((a) => a.status),
				[200, 200],
			);
			await expectRuns(
				n8n,
				subject,
				0,
				`${subject.name}: the event again after ${Math.round((Date.now() - first.at) / 1000)} s, in both shapes`,
			);
		});
	}

	checks.section(`5. Webhook Trigger: the id-less event again ${ID_LESS_GAP_MS / 1000} s later is a new event`);
	await checks.run('id-less event later', async () => {
		if (!idLess) throw new Error('case 5 did not deliver its first event');
		await until(idLess.at + ID_LESS_GAP_MS, `the id-less event's second occurrence after ${ID_LESS_GAP_MS / 1000} s`);
		const again = await post(hookSubject, idLess.body);
		checks.ok('Webhook Trigger: the second user_blocked is answered 200 with a JSON body', isJsonOk(again), showAnswers([again]));
		await expectRuns(
			n8n,
			hookSubject,
			1,
			`Webhook Trigger: the same user_blocked ${Math.round((Date.now() - idLess.at) / 1000)} s after the first`,
		);
		const repeat = await post(hookSubject, idLess.body);
		checks.equal('Webhook Trigger: its repeat at once is answered 200', repeat.status, 200);
		await expectRuns(n8n, hookSubject, 0, 'Webhook Trigger: a repeat of the second user_blocked at once');
	});

	checks.section('Restart: n8n stops and starts again on the same user folder and database');
	progress('restarting n8n');
	await n8n.stop();
	await n8n.start();
	for (const subject of subjects) await waitForWebhook(subject);
	progress('n8n is back');
	for (const subject of subjects) {
		const counts = await n8n.rest.countExecutions(subject.workflowId);
		checks.equal(`${subject.name}: the executions before the restart are all there`, counts.count, subject.expected);
		subject.expected = counts.count;
	}

	checks.section('2. The first event again after the restart');
	for (const subject of subjects) {
		await checks.run(`${subject.name}: redelivery after the restart`, async () => {
			const first = firstEvents.get(subject);
			if (!first) throw new Error('case 1 did not deliver its event');
			const answers = [await post(subject, first.body), await post(subject, subject.otherShape(first.body))];
			checks.equal(
				`${subject.name}: both shapes answered 200`,
				answers.map((a) => a.status),
				[200, 200],
			);
			await expectRuns(n8n, subject, 0, `${subject.name}: the event again after the restart, in both shapes`);
		});
	}

	checks.section('4. The 200 deliveries again after the restart, 20 at a time');
	for (const subject of subjects) {
		await checks.run(`${subject.name}: 200 redeliveries after the restart`, async () => {
			const bodies = batches.get(subject);
			if (!bodies) throw new Error('case 4 did not deliver its events');
			await deliverAll(subject, bodies, 20, 'the 200 again', false);
			await expectRuns(n8n, subject, 0, `${subject.name}: the 200 again after the restart`, 300_000);
		});
	}

	checks.section('After the restart, a new event still runs once');
	for (const subject of subjects) {
		await checks.run(`${subject.name}: a new event after the restart`, async () => {
			const answer = await post(subject, subject.event(subject === botSubject ? '750001' : '850001'));
			checks.ok(`${subject.name}: answered 200 with a JSON body`, isJsonOk(answer), showAnswers([answer]));
			await expectRuns(n8n, subject, 1, `${subject.name}: a new event after the restart`);
		});
	}

	checks.section('In the end');
	await sleep(QUIET_MS);
	for (const subject of subjects) {
		const counts = await n8n.rest.countExecutions(subject.workflowId);
		checks.equal(`${subject.name}: no execution came late`, counts.count, subject.expected);
		const errors = await n8n.rest.countExecutions(subject.workflowId, ['error', 'crashed']);
		checks.equal(`${subject.name}: none of them failed`, errors.count, 0);
	}
	checks.ok(
		'n8n logged no Basic Auth password',
		!n8n.log().includes(bot.password) && !n8n.log().includes(HOOK_AUTH.password),
		n8n.logTail(10),
	);

	progress('Stopping n8n and the emulator');
	await cleanup();
	console.log(`\nn8n ${install.version}, ${progress.seconds()} s in all`);
	return checks.summary();
}

runScript(main, checks, 'the test could set up n8n and the emulator');
