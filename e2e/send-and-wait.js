#!/usr/bin/env node
// @ts-check
/**
 * Send and Wait for Response in the real n8n (`npm run test:send-and-wait`): n8n 2.8.4 `n8n start`
 * with this package as a community package, against the local emulator, whose control endpoint
 * plays the person in the chat (it presses the form's button as the CometChat client does).
 *
 *   1. Approval: Webhook → Send and Wait → After; the execution waits; a forged answer (wrong
 *      signature) is refused with 401 and the execution still waits; the person approves; the
 *      workflow resumes with {data: {approved: true}}, who answered and when
 *   2. Free Text and 3. Custom Form, each end to end
 *   4. Approve and Decline: the person declines
 *   5. Limit Wait Time (3 s): an answer after the limit is refused, the wait ends, the workflow
 *      continues with the node's input items (n8n's rule for a wait that times out), and an answer
 *      after the end gets n8n's "No action required" page
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1.
 */
const { startEmulator } = require('../emulator');
const { pressFormButton } = require('./lib/chat-person');
const { Checks } = require('./lib/checks');
const { EXAMPLE_CREDENTIAL, N8n } = require('./lib/n8n');
const { cleanup, freePort, sleep } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');
const facts = require('./lib/seed-facts');

const checks = new Checks();
const progress = progressLog();

const CREDENTIALS = { [EXAMPLE_CREDENTIAL.type]: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };
/** @type {string} */
const SENDER = facts.SEED.users[0].uid;
/** @type {string} */
const RECEIVER = facts.SEED.users[1].uid;

/**
 * Webhook (answers at once) → CometChat Send and Wait → After (No Operation).
 * @param {number} n @param {string} name @param {Record<string, unknown>} parameters the send-and-wait node's own
 */
function workflow(n, name, parameters) {
	const id = (/** @type {number} */ suffix) => `c${n}000000-0000-4000-8000-00000000000${suffix}`;
	return {
		id: `sendWaitE2e0000${n}`,
		name: `Send and wait e2e: ${name}`,
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {
			Webhook: { main: [[{ node: 'Ask', type: 'main', index: 0 }]] },
			Ask: { main: [[{ node: 'After', type: 'main', index: 0 }]] },
		},
		nodes: [
			{
				id: id(1),
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: id(4),
				parameters: { path: `send-wait-e2e-${n}`, responseMode: 'onReceived', options: {} },
			},
			{
				id: id(2),
				name: 'Ask',
				type: 'n8n-nodes-cometchat.cometChat',
				typeVersion: 1,
				position: [220, 0],
				webhookId: id(5),
				credentials: CREDENTIALS,
				parameters: {
					resource: 'message',
					operation: 'sendAndWait',
					onBehalfOf: SENDER,
					receiverType: 'user',
					receiverUid: { __rl: true, mode: 'id', value: RECEIVER },
					message: `={{ 'Refund order ' + $json.query.order + '?' }}`,
					...parameters,
				},
			},
			{ id: id(3), name: 'After', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [440, 0], parameters: {} },
		],
	};
}

const APPROVAL = workflow(1, 'approval', { responseType: 'approval' });
const FREE_TEXT = workflow(2, 'free text', { responseType: 'freeText', options: { responseFormButtonLabel: 'Send answer' } });
const CUSTOM_FORM = workflow(3, 'custom form', {
	responseType: 'form',
	formFields: {
		field: [
			{ elementType: 'textInput', elementId: 'reason', label: 'Reason' },
			{
				elementType: 'dropdown',
				elementId: 'priority',
				label: 'Priority',
				choices: {
					choice: [
						{ label: 'Low', value: 'low' },
						{ label: 'High', value: 'high' },
					],
				},
			},
		],
	},
});
const DECLINE = workflow(4, 'approve or decline', {
	responseType: 'approval',
	approvalOptions: { values: { approvalType: 'double', approveLabel: 'Yes', disapproveLabel: 'No' } },
});
const TIMEOUT = workflow(5, 'limit wait time', {
	responseType: 'approval',
	options: { limitWaitTime: { values: { limitType: 'afterTimeInterval', resumeAmount: 3, resumeUnit: 'seconds' } } },
});

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */

async function main() {
	const install = await buildAndInstallN8n(progress);
	const emulator = await startEmulator({ seed: 'demo' });
	const port = await freePort();
	// The resume URL the buttons call: n8n's webhook-waiting address, reachable from "the chat".
	const n8n = await N8n.create(install, { port, env: { WEBHOOK_URL: `http://127.0.0.1:${port}/` } });
	await n8n.installPackage();
	await n8n.importCredentials([
		{ ...EXAMPLE_CREDENTIAL, data: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl } },
	]);
	const all = [APPROVAL, FREE_TEXT, CUSTOM_FORM, DECLINE, TIMEOUT];
	await n8n.importWorkflows(all);
	await n8n.start();
	for (const wf of all) await n8n.rest.activate(wf.id);
	progress('ready');

	const ctx = { n8n, emulator, port };
	await checks.run('approval', () => checkApproval(ctx));
	await checks.run('free text', () => checkFreeText(ctx));
	await checks.run('custom form', () => checkCustomForm(ctx));
	await checks.run('decline', () => checkDecline(ctx));
	await checks.run('limit wait time', () => checkTimeout(ctx));

	progress('Stopping n8n and the emulator');
	await emulator.close();
	await cleanup();
	console.log(`\nn8n ${install.version}, ${progress.seconds()} s in all`);
	return checks.summary();
}

/** @typedef {{ n8n: N8n, emulator: Emulator, port: number }} Ctx */

/**
 * Calls the workflow's webhook and waits until its execution waits; answers the execution id and
 * the form message the node sent.
 * @param {Ctx} ctx @param {ReturnType<typeof workflow>} wf @param {string} order
 */
async function startAndWait(ctx, wf, order) {
	const known = (await ctx.n8n.rest.listExecutions(wf.id)).map((/** @type {any} */ e) => String(e.id));
	const before = ctx.emulator.store.messages.size;
	const path = wf.nodes[0].parameters.path;
	for (let attempt = 0; ; attempt++) {
		const response = await fetch(`${ctx.n8n.rest.url}/webhook/${path}?order=${order}`);
		if (response.status === 200) break;
		if (attempt > 40) throw new Error(`the webhook ${path} answered ${response.status}`);
		await sleep(500);
	}
	const deadline = Date.now() + 30_000;
	for (;;) {
		const fresh = (await ctx.n8n.rest.listExecutions(wf.id)).filter((/** @type {any} */ e) => !known.includes(String(e.id)));
		if (fresh.length > 0 && fresh[0].status !== 'running' && fresh[0].status !== 'new') {
			const execution = fresh[0];
			const messages = [...ctx.emulator.store.messages.values()].slice(before);
			const status = String(execution.status);
			// Why it stopped, when it did not wait: the error of the ended execution.
			const error = status === 'waiting' ? undefined : (await ctx.n8n.rest.waitForExecution(String(execution.id))).error;
			return { id: String(execution.id), status, messages, error };
		}
		if (Date.now() > deadline) throw new Error(`no execution of ${wf.id} stopped running within 30 s`);
		await sleep(250);
	}
}

/** @param {Ctx} ctx @param {string} id */
async function statusOf(ctx, id) {
	return String((await ctx.n8n.rest.call('GET', `/executions/${id}`)).status);
}

/**
 * The emulator presses a button of the form as the person in the chat.
 * @param {Ctx} ctx @param {string} messageId @param {Record<string, unknown>} body
 */
function press(ctx, messageId, body) {
	return pressFormButton(ctx.emulator.baseUrl, messageId, body);
}

/**
 * The common checks of one waiting question: one form sent to the receiver, its buttons calling the
 * execution's signed resume URL.
 * @param {Ctx} ctx @param {{ id: string, status: string, messages: any[], error?: string }} waiting @param {string} title
 */
function checkQuestion(ctx, waiting, title) {
	checks.ok('the execution waits', waiting.status === 'waiting', `status ${waiting.status}: ${waiting.error}`);
	checks.equal('one message was sent', waiting.messages.length, 1);
	const [message] = waiting.messages;
	checks.equal(
		'an interactive form from the sender to the receiver, titled with the message',
		[message.category, message.type, message.sender, message.receiver, message.data.interactiveData.title],
		['interactive', 'form', SENDER, RECEIVER, title],
	);
	const action = message.data.interactiveData.submitElement.action;
	const resume = `http://127.0.0.1:${ctx.port}/webhook-waiting/${waiting.id}/`;
	checks.ok(
		"the submit button's API action POSTs to the execution's signed resume URL",
		action.actionType === 'apiAction' &&
			action.method === 'POST' &&
			action.url.startsWith(resume) &&
			/[?&]signature=[0-9a-f]{64}/.test(action.url),
		JSON.stringify(action),
	);
	return message;
}

/**
 * Waits for the execution to end and answers it summarized.
 * @param {Ctx} ctx @param {string} id @param {number} [timeoutMs]
 */
async function finished(ctx, id, timeoutMs = 30_000) {
	return await ctx.n8n.rest.waitForExecution(id, timeoutMs);
}

/** @param {Ctx} ctx */
async function checkApproval(ctx) {
	checks.section('Approval: ask, refuse a forged answer, approve, resume');
	const waiting = await startAndWait(ctx, APPROVAL, '4711');
	const message = checkQuestion(ctx, waiting, 'Refund order 4711?');
	checks.equal('Approve Only: no other button', message.data.interactiveData.formFields, []);
	const url = new URL(message.data.interactiveData.submitElement.action.url);

	const forged = new URL(url);
	forged.searchParams.set('signature', '0'.repeat(64));
	const forgedAnswer = await fetch(forged, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ data: { interactedBy: RECEIVER }, answers: {} }),
	});
	// n8n 2.8 answers {"error": "Invalid token"}; newer n8n its "Invalid Form Link" page.
	const forgedText = await forgedAnswer.text();
	checks.ok(
		'a forged signature is refused: 401 "Invalid token"',
		forgedAnswer.status === 401 && (forgedText === JSON.stringify({ error: 'Invalid token' }) || forgedText.includes('Invalid Form Link')),
		`${forgedAnswer.status} ${forgedText.slice(0, 200)}`,
	);
	const tampered = new URL(url);
	tampered.searchParams.set('approved', 'false');
	const tamperedAnswer = await fetch(tampered, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
	checks.equal('a changed answer under the real signature is refused too (401)', tamperedAnswer.status, 401);
	checks.equal('the execution still waits', await statusOf(ctx, waiting.id), 'waiting');

	const pressed = await press(ctx, message.id, { as: RECEIVER, answers: {} });
	checks.equal("n8n accepts the person's answer (200)", pressed.response.status, 200);
	const run = await finished(ctx, waiting.id);
	checks.equal('the workflow resumed and succeeded', run.status, 'success');
	const [answer] = run.items('Ask');
	checks.equal('the node puts out {data: {approved: true}}', answer?.data, { approved: true });
	checks.equal('with who answered and the form message', [answer?.answeredBy, answer?.messageId], [RECEIVER, message.id]);
	checks.ok(
		'and when',
		typeof answer?.answeredAt === 'string' && Math.abs(Date.parse(answer.answeredAt) - Date.now()) < 60_000,
		String(answer?.answeredAt),
	);
	checks.equal('the next node got the answer', run.items('After'), run.items('Ask'));
	const again = await press(ctx, message.id, { as: RECEIVER, answers: {} });
	checks.ok(
		'a second answer is not taken: n8n answers "No action required"',
		again.response.status === 200 && String(again.response.body).includes('No action required'),
		`${again.response.status} ${String(again.response.body).slice(0, 200)}`,
	);
}

/** @param {Ctx} ctx */
async function checkFreeText(ctx) {
	checks.section('Free Text');
	const waiting = await startAndWait(ctx, FREE_TEXT, '12');
	const message = checkQuestion(ctx, waiting, 'Refund order 12?');
	const [box] = message.data.interactiveData.formFields;
	checks.equal(
		'one text box, the submit button labelled as set',
		[box?.elementType, box?.elementId, message.data.interactiveData.submitElement.buttonText],
		['textInput', 'response', 'Send answer'],
	);
	const pressed = await press(ctx, message.id, { as: RECEIVER, answers: { response: 'Yes, but only half' } });
	checks.equal('accepted (200)', pressed.response.status, 200);
	const run = await finished(ctx, waiting.id);
	checks.equal('resumed and succeeded', run.status, 'success');
	checks.equal('the node puts out {data: {text}}', run.items('Ask')[0]?.data, { text: 'Yes, but only half' });
	checks.equal('answered by the receiver', run.items('Ask')[0]?.answeredBy, RECEIVER);
}

/** @param {Ctx} ctx */
async function checkCustomForm(ctx) {
	checks.section('Custom Form');
	const waiting = await startAndWait(ctx, CUSTOM_FORM, '99');
	const message = checkQuestion(ctx, waiting, 'Refund order 99?');
	checks.equal(
		'the form has the built fields',
		message.data.interactiveData.formFields.map((/** @type {any} */ field) => [field.elementType, field.elementId]),
		[
			['textInput', 'reason'],
			['dropdown', 'priority'],
		],
	);
	const answers = { reason: 'Damaged in transit', priority: 'high' };
	const pressed = await press(ctx, message.id, { as: RECEIVER, answers });
	checks.equal('accepted (200)', pressed.response.status, 200);
	const run = await finished(ctx, waiting.id);
	checks.equal('resumed and succeeded', run.status, 'success');
	checks.equal('the node puts out the answers by element ID under data', run.items('Ask')[0]?.data, answers);
}

/** @param {Ctx} ctx */
async function checkDecline(ctx) {
	checks.section('Approve and Disapprove: the person declines');
	const waiting = await startAndWait(ctx, DECLINE, '5');
	const message = checkQuestion(ctx, waiting, 'Refund order 5?');
	const [decline] = message.data.interactiveData.formFields;
	checks.equal(
		'two buttons: Yes (submit) and No',
		[message.data.interactiveData.submitElement.buttonText, decline?.buttonText],
		['Yes', 'No'],
	);
	const pressed = await press(ctx, message.id, { as: RECEIVER, elementId: 'decline', answers: {} });
	checks.equal('accepted (200)', pressed.response.status, 200);
	const run = await finished(ctx, waiting.id);
	checks.equal('the node puts out {data: {approved: false}}', run.items('Ask')[0]?.data, { approved: false });
}

/** @param {Ctx} ctx */
async function checkTimeout(ctx) {
	checks.section('Limit Wait Time: 3 seconds');
	const waiting = await startAndWait(ctx, TIMEOUT, '8');
	const message = checkQuestion(ctx, waiting, 'Refund order 8?');
	await sleep(4000);
	const late = await press(ctx, message.id, { as: RECEIVER, answers: {} });
	// Until n8n's wait tracker (it looks every minute) ends the wait, the node refuses with 410;
	// after that n8n itself answers with its "No action required" page. Either way nothing resumes.
	const refusedByNode = late.response.status === 410 && /expired/.test(late.response.body?.error ?? '');
	const refusedByN8n = late.response.status === 200 && String(late.response.body).includes('No action required');
	checks.ok(
		'an answer after the limit is refused',
		refusedByNode || refusedByN8n,
		`${late.response.status} ${JSON.stringify(late.response.body).slice(0, 300)}`,
	);
	if (refusedByNode) checks.equal('(by the node, 410) and the execution has not taken it', await statusOf(ctx, waiting.id), 'waiting');
	const run = await finished(ctx, waiting.id, 100_000);
	checks.equal('the wait ended and the workflow succeeded', run.status, 'success');
	checks.equal(
		'the node passed its input on, without an answer (n8n ends a timed-out wait so)',
		[run.items('Ask').length, run.items('Ask')[0]?.query, run.items('Ask')[0]?.data],
		[1, { order: '8' }, undefined],
	);
	checks.equal('the next node ran', run.items('After').length, 1);
	const after = await press(ctx, message.id, { as: RECEIVER, answers: {} });
	checks.ok(
		'an answer after the end gets n8n\'s "No action required"',
		after.response.status === 200 && String(after.response.body).includes('No action required'),
		`${after.response.status} ${String(after.response.body).slice(0, 200)}`,
	);
}

runScript(main, checks, 'the test could set up n8n');
