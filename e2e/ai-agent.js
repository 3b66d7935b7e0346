#!/usr/bin/env node
// @ts-check
/**
 * The AI moderation assistant in the real n8n (`npm run test:ai-agent`; E2E_N8N=latest for 2.41.1):
 * examples/ai-moderation-assistant.json as a user imports it, `n8n start`, n8n's AI Agent with its
 * OpenAI Chat Model pointed at a scripted model on 127.0.0.1 (e2e/lib/model-server.js), the
 * CometChat tools against the emulator, and the moderator's answer given in "the chat" (the
 * emulator presses the approval form's button as the CometChat client does).
 *
 * The scripted model decides from the tool results it was given, never from known IDs: it lists
 * flagged messages, takes the latest one flagged for harassment, reads it and its sender, asks to
 * ban the sender from the message's group (through the approval tool), and after a ban tells the
 * sender why. So the run only reaches the ban when the model really got each result.
 *
 *   1. Approve: one approval form to the moderator and the run waits; Ban: exactly one ban and
 *      one message to the sender; every request the emulator received; every tool result the
 *      model was given equals the output of the tool's node, the ban's own result included (n8n
 *      issue #34645: after an approval the agent got only the approval, not the tool's result)
 *   2. Refuse: the moderator presses Keep: no ban, no message; the model is told the moderator
 *      refused and ends
 *
 * Ends with the line `N passed, M failed`; the exit code is non-zero on any failure.
 * Env: E2E_SKIP_BUILD=1, KEEP_N8N_FOLDER=1, E2E_N8N=latest.
 */
const fs = require('node:fs');
const path = require('node:path');

const { startEmulator } = require('../emulator');
const { pressFormButton } = require('./lib/chat-person');
const { Checks, sorted } = require('./lib/checks');
const { REPO_DIR } = require('./lib/install');
const { startModelServer, toolSteps } = require('./lib/model-server');
const { EXAMPLE_CREDENTIAL, N8n } = require('./lib/n8n');
const { cleanup, freePort, sleep } = require('./lib/processes');
const { buildAndInstallN8n, progressLog, runScript } = require('./lib/script');
const facts = require('./lib/seed-facts');

const checks = new Checks();
const progress = progressLog();

const EXAMPLE = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'examples', 'ai-moderation-assistant.json'), 'utf8'));
const OPENAI_CREDENTIAL = EXAMPLE.nodes.find((/** @type {any} */ node) => node.credentials?.openAiApi).credentials.openAiApi;
const WEBHOOK_PATH = EXAMPLE.nodes.find((/** @type {any} */ node) => node.type === 'n8n-nodes-base.webhook').parameters.path;
const APPROVAL = EXAMPLE.nodes.find((/** @type {any} */ node) => node.type === 'n8n-nodes-cometchat.cometChatHitlTool');
const MODERATOR = APPROVAL.parameters.receiverUid.value;
const ASKED_BY = APPROVAL.parameters.onBehalfOf.value;
const { approveLabel, disapproveLabel } = APPROVAL.parameters.approvalOptions.values;
const SEND_AS = EXAMPLE.nodes.find((/** @type {any} */ node) => node.name === 'Send message').parameters.onBehalfOf.value;
const LIST_LIMIT = EXAMPLE.nodes.find((/** @type {any} */ node) => node.name === 'List flagged messages').parameters.limit;

/** The tool n8n makes of a node: its name with every run of other characters as `_`. @param {string} node */
const toolName = (node) => node.replace(/[^a-zA-Z0-9_-]+/g, '_');
const TOOL_NODES = EXAMPLE.nodes.filter((/** @type {any} */ node) => node.type === 'n8n-nodes-cometchat.cometChatTool');
const TOOLS = Object.fromEntries(TOOL_NODES.map((/** @type {any} */ node) => [node.name, toolName(node.name)]));

/** The tools the assistant reads with before it asks to ban, in the order it calls them. */
const READS = ['List flagged messages', 'Get message', 'Get user'];

/** @type {any[] | undefined} The built node's fields, read once: its description is built in full on each construction. */
let builtFields;

/**
 * The Description the built node gives an operation in its AI tool (its default: the example sets none).
 * @param {{ resource: string, operation: string }} parameters
 */
function toolDescriptionOf({ resource, operation }) {
	if (builtFields === undefined) {
		const { CometChat } = require(path.join(REPO_DIR, 'dist', 'nodes', 'CometChat', 'CometChat.node.js'));
		builtFields = /** @type {any[]} */ (new CometChat().description.properties);
	}
	const field = builtFields.find(
		(/** @type {any} */ p) =>
			p.name === 'toolDescription' &&
			p.displayOptions?.show?.resource?.includes(resource) &&
			p.displayOptions?.show?.operation?.includes(operation),
	);
	return field?.default;
}

// ------------------------------------------------------------------------ the scripted model

/** @typedef {import('./lib/model-server').Conversation} Conversation @typedef {import('./lib/model-server').Reply} Reply */

/** The result n8n gave for the latest call of a tool, parsed; undefined before it was called. @param {Conversation} c @param {string} node */
function resultOf(c, node) {
	const step = c.steps.filter((s) => s.name === TOOLS[node]).at(-1);
	if (step?.content === undefined) return undefined;
	try {
		return { raw: step.content, json: JSON.parse(step.content) };
	} catch {
		return { raw: step.content, json: undefined };
	}
}

/** What the n8n AI Agent's moderator would do, given what the tools answered. @param {Conversation} c @returns {Reply} */
function moderationAssistant(c) {
	const listed = resultOf(c, 'List flagged messages');
	if (!listed) return { toolCalls: [{ name: TOOLS['List flagged messages'], args: {} }] };
	const flagged = (Array.isArray(listed.json) ? listed.json : []).find((record) => record.reasonId === 'harassment');
	if (!flagged) return { text: `No message flagged for harassment: ${listed.raw.slice(0, 200)}` };
	const message = resultOf(c, 'Get message')?.json?.[0];
	const sender = resultOf(c, 'Get user')?.json?.[0];
	if (!message || !sender) {
		return {
			toolCalls: [
				{ name: TOOLS['Get message'], args: { messageId: flagged.id } },
				{ name: TOOLS['Get user'], args: { uid: flagged.sender } },
			],
		};
	}
	if (message.receiverType !== 'group') return { text: `Message ${message.id} was not sent to a group.` };
	const ban = resultOf(c, 'Ban from group');
	if (!ban) {
		const reason = `${sender.name} wrote "${message.data?.text ?? flagged.text}" in ${message.receiver}, flagged for harassment.`;
		return {
			toolCalls: [
				{
					name: TOOLS['Ban from group'],
					args: { toolParameters: { group: message.receiver, user: message.sender }, hitlParameters: { reason } },
				},
			],
		};
	}
	if (!(Array.isArray(ban.json) && ban.json[0]?.banned === true)) {
		return { text: `The moderator did not approve: ${message.sender} stays in ${message.receiver}. (${ban.raw.slice(0, 300)})` };
	}
	if (!resultOf(c, 'Send message')) {
		const text = `You were banned from ${message.receiver} because your message "${message.data?.text}" was flagged for harassment.`;
		return { toolCalls: [{ name: TOOLS['Send message'], args: { uid: message.sender, text } }] };
	}
	return { text: `Banned ${message.sender} from ${message.receiver} and told them why.` };
}

// ------------------------------------------------------------------------ what must happen

/**
 * A new message in a group, from one of its members, flagged for harassment a moment ago: the
 * latest flag of all, so the one the assistant must act on (the demo seed's own harassment flags
 * are older, and their senders are already banned or not in the group).
 * @param {Emulator} emulator
 */
function flagNewHarassment(emulator) {
	const group = facts.SEED.groups.find((/** @type {any} */ g) => g.guid === 'support');
	const banned = (group.banned ?? []).map((/** @type {any} */ b) => b.uid);
	const user = group.members.participants.find((/** @type {string} */ uid) => !banned.includes(uid) && uid !== MODERATOR);
	const flagger = group.members.participants.find((/** @type {string} */ uid) => uid !== user);
	const text = 'Nobody wants you here, get lost or else';
	const message = emulator.store.addMessage({ sender: user, receiver: group.guid, receiverType: 'group', type: 'text', data: { text } });
	emulator.store.addFlag({ messageId: message.id, uid: flagger, reasonId: 'harassment', remark: 'Threatening' });
	return { messageId: String(message.id), user, group: group.guid, text };
}

// ------------------------------------------------------------------------ the run

/** @typedef {Awaited<ReturnType<typeof startEmulator>>} Emulator */
/** @typedef {Awaited<ReturnType<typeof startModelServer>>} Model */
/** @typedef {{ n8n: N8n, emulator: Emulator, model: Model, port: number }} Ctx */

async function main() {
	const install = await buildAndInstallN8n(progress);
	const emulator = await startEmulator({ seed: 'demo' });
	const model = await startModelServer(moderationAssistant);
	const port = await freePort();
	const n8n = await N8n.create(install, {
		port,
		env: {
			// The approval form's buttons call n8n's webhook-waiting address, reachable from "the chat".
			WEBHOOK_URL: `http://127.0.0.1:${port}/`,
			// The model's client goes through a proxy when one is set: the model is local.
			NO_PROXY: '127.0.0.1,localhost',
			no_proxy: '127.0.0.1,localhost',
		},
	});
	await n8n.installPackage();
	await n8n.importCredentials([
		{ ...EXAMPLE_CREDENTIAL, data: { apiKey: emulator.apiKey, baseUrl: emulator.baseUrl, callUrl: emulator.callUrl } },
		{ ...OPENAI_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'sk-local-scripted-model', url: model.baseUrl } },
	]);
	await n8n.importWorkflows([EXAMPLE]);
	await n8n.start();
	await n8n.rest.activate(EXAMPLE.id);
	const publication = await n8n.rest.publicationStatus(EXAMPLE.id);
	if (publication && publication.status !== 'published') throw new Error(`activation: ${JSON.stringify(publication)}`);
	progress('ready');

	const ctx = { n8n, emulator, model, port };
	await checks.run('approve', () => checkApprove(ctx));
	await checks.run('refuse', () => checkRefuse(ctx));

	progress('Stopping n8n, the model and the emulator');
	await model.close();
	await emulator.close();
	await cleanup();
	console.log(`\nn8n ${install.version}, ${progress.seconds()} s in all`);
	return checks.summary();
}

/**
 * Calls the workflow's webhook and waits until its execution waits for the moderator; answers
 * the execution id and the approval form the moderator got.
 * @param {Ctx} ctx
 */
async function startReview(ctx) {
	const known = (await ctx.n8n.rest.listExecutions(EXAMPLE.id)).map((/** @type {any} */ e) => String(e.id));
	for (let attempt = 0; ; attempt++) {
		const response = await fetch(`${ctx.n8n.rest.url}/webhook/${WEBHOOK_PATH}`, { method: 'POST' });
		if (response.status === 200) break;
		if (attempt > 40) throw new Error(`the webhook ${WEBHOOK_PATH} answered ${response.status}`);
		await sleep(500);
	}
	const deadline = Date.now() + 60_000;
	for (;;) {
		const fresh = (await ctx.n8n.rest.listExecutions(EXAMPLE.id)).filter((/** @type {any} */ e) => !known.includes(String(e.id)));
		const execution = fresh[0];
		if (execution && !['running', 'new'].includes(String(execution.status))) {
			const id = String(execution.id);
			if (execution.status !== 'waiting') {
				const run = await ctx.n8n.rest.waitForExecution(id);
				throw new Error(`the review did not wait for the moderator: ${run.status} ${run.error ?? ''} ${unexpectedOf(ctx)}`);
			}
			const forms = [...ctx.emulator.store.messages.values()].filter((m) => m.type === 'form' && m.receiver === MODERATOR);
			const form = forms.at(-1);
			if (!form) throw new Error(`the review waits, but the moderator got no approval form`);
			return { id, form };
		}
		if (Date.now() > deadline) throw new Error(`no review stopped running within 60 s ${unexpectedOf(ctx)}`);
		await sleep(250);
	}
}

/** @param {Ctx} ctx */
function unexpectedOf(ctx) {
	return ctx.model.unexpected.length > 0 ? `(the model refused: ${JSON.stringify(ctx.model.unexpected)})` : '';
}

/**
 * The emulator presses a button of the form as the person in the chat.
 * @param {Ctx} ctx @param {string} messageId @param {Record<string, unknown>} body
 */
function press(ctx, messageId, body) {
	return pressFormButton(ctx.emulator.baseUrl, messageId, body);
}

/**
 * The execution's run data, every connection type kept (tools put out on `ai_tool`).
 * @param {Ctx} ctx @param {string} id
 * @returns {Promise<{ status: string, runData: Record<string, any[]> }>}
 */
async function finishedRun(ctx, id) {
	const summary = await ctx.n8n.rest.waitForExecution(id, 60_000);
	const execution = await ctx.n8n.rest.call('GET', `/executions/${id}`);
	const data = typeof execution.data === 'string' ? ctx.n8n.rest.flatted().parse(execution.data) : execution.data;
	return { status: String(summary.status) + (summary.error ? `: ${summary.error}` : ''), runData: data.resultData.runData };
}

/** The json a node put out on its tool output, run by run. @param {Record<string, any[]>} runData @param {string} node */
function toolOutputs(runData, node) {
	return (runData[node] ?? []).map((run) =>
		(run.data?.ai_tool?.[0] ?? run.data?.main?.[0] ?? []).map((/** @type {any} */ item) => item.json),
	);
}

/**
 * Each API request the emulator received, as `METHOD /path`; the message and its sender, which the
 * model asks for in one reply, in a fixed order (n8n runs them one after the other, either first).
 * @param {Ctx} ctx
 */
function requestLines(ctx) {
	const lines = ctx.emulator.requests.map((r) => `${r.method} ${r.path}`);
	return [lines[0], ...sorted(lines.slice(1, 3)), ...lines.slice(3)].filter((line) => line !== undefined);
}

/** The tools the model was offered, by name. @param {Ctx} ctx */
function offered(ctx) {
	const first = ctx.model.requests[0]?.body;
	return Object.fromEntries((first?.tools ?? []).map((/** @type {any} */ tool) => [tool.function.name, tool.function]));
}

/**
 * Every tool result the model was given (in its last request, which holds the whole conversation)
 * equals what the tool's node put out, call by call.
 * @param {Ctx} ctx @param {Record<string, any[]>} runData
 * @param {string[]} expected the nodes the model called, in order
 * @param {string[]} skip tools whose result is not a node's output
 */
function checkResultsReachedTheModel(ctx, runData, expected, skip = []) {
	const last = ctx.model.requests.at(-1)?.body;
	const steps = toolSteps(last?.messages ?? []);
	checks.equal(
		'the tool calls the model made, in order',
		steps.map((step) => step.name),
		expected.map((node) => TOOLS[node]),
	);
	/** @type {Record<string, number>} */
	const seen = {};
	for (const step of steps) {
		const node = Object.keys(TOOLS).find((name) => TOOLS[name] === step.name);
		if (!node || skip.includes(node)) continue;
		const index = (seen[node] = (seen[node] ?? -1) + 1);
		const output = toolOutputs(runData, node)[index];
		checks.equal(`the model got ${step.name}'s result: what the node "${node}" put out (call ${index + 1})`, parsed(step.content), output);
	}
	return steps;
}

/** @param {string | undefined} text */
function parsed(text) {
	try {
		return text === undefined ? undefined : JSON.parse(text);
	} catch {
		return text;
	}
}

/** @param {Ctx} ctx */
async function checkApprove(ctx) {
	checks.section('Approve: the moderator presses Ban');
	const target = flagNewHarassment(ctx.emulator);
	ctx.emulator.clearRequests();
	const waiting = await startReview(ctx);
	checks.equal('the model was asked 3 times before the wait (list; message and sender; the ban)', ctx.model.requests.length, 3);
	checks.equal('no request to the model was refused', ctx.model.unexpected, []);
	const tools = offered(ctx);
	checks.equal('the agent offered the five tools', sorted(Object.keys(tools)), sorted([...Object.values(TOOLS)]));
	checks.equal(
		"each tool's description is its operation's Description in the tool: what it does and what it returns",
		Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, tool.description])),
		Object.fromEntries(TOOL_NODES.map((/** @type {any} */ node) => [TOOLS[node.name], toolDescriptionOf(node.parameters)])),
	);
	const banSchema = tools[TOOLS['Ban from group']]?.parameters?.properties ?? {};
	checks.equal(
		"the ban tool asks for its own fields and the approval's (toolParameters: group, user; hitlParameters: reason)",
		[sorted(Object.keys(banSchema.toolParameters?.properties ?? {})), sorted(Object.keys(banSchema.hitlParameters?.properties ?? {}))],
		[['group', 'user'], ['reason']],
	);
	checks.equal(
		'before the answer: the list, the message, its sender and the approval form; no ban',
		requestLines(ctx),
		[
			'GET /v3/moderation/flagged-messages',
			...sorted([`GET /v3/messages/${target.messageId}`, `GET /v3/users/${target.user}`]),
			'POST /v3/messages',
		].map(String),
	);
	checks.ok(
		"the list asked for the example's Limit",
		String(ctx.emulator.requests[0]?.query?.perPage ?? ctx.emulator.requests[0]?.query?.limit) === String(LIST_LIMIT),
		JSON.stringify(ctx.emulator.requests[0]?.query),
	);
	checks.equal(
		'one approval form, from the admin to the moderator, naming the user and the group',
		[
			waiting.form?.sender,
			waiting.form?.receiver,
			waiting.form?.data?.interactiveData?.title?.startsWith(`Ban ${target.user} from ${target.group}?`),
		],
		[ASKED_BY, MODERATOR, true],
	);
	checks.ok(
		"with the model's reason, which quotes the flagged message (the approval tool's own field)",
		String(waiting.form?.data?.interactiveData?.title).includes(`"${target.text}"`),
		String(waiting.form?.data?.interactiveData?.title),
	);
	checks.equal('the run waits for the moderator', await statusOf(ctx, waiting.id), 'waiting');

	const pressed = await press(ctx, String(waiting.form.id), { as: MODERATOR, answers: {} });
	checks.equal(`n8n takes the moderator's ${approveLabel} (200)`, pressed.response.status, 200);
	const run = await finishedRun(ctx, waiting.id);
	checks.equal('the run succeeded', run.status, 'success');
	const after = requestLines(ctx).slice(4);
	checks.equal('after the answer: exactly one ban, then one message to the sender', after, [
		`POST /v3/groups/${target.group}/bannedusers/${target.user}`,
		'POST /v3/messages',
	]);
	const message = /** @type {any} */ (ctx.emulator.requests[5]);
	checks.equal(
		'the message goes to the sender, from the moderator, and says why',
		[message?.body?.receiver, message?.headers?.onbehalfof, String(message?.body?.data?.text ?? '').includes(target.text)],
		[target.user, SEND_AS, true],
	);
	checks.ok(
		'the sender is banned from the group',
		bannedIn(ctx, target.group).includes(target.user),
		JSON.stringify(bannedIn(ctx, target.group)),
	);
	checks.equal('the model was asked 5 times in all (after the ban: the message; then the answer)', ctx.model.requests.length, 5);
	const steps = checkResultsReachedTheModel(ctx, run.runData, [...READS, 'Ban from group', 'Send message']);
	const banStep = steps.find((step) => step.name === TOOLS['Ban from group']);
	checks.equal("#34645: after the approval, the model got the ban's own result, not the approval", parsed(banStep?.content), [
		{ banned: true, guid: target.group, uid: target.user },
	]);
	checks.equal('the agent answers what it did', agentOutput(run.runData), `Banned ${target.user} from ${target.group} and told them why.`);
	checks.equal('no request to the model was refused', ctx.model.unexpected, []);
}

/** @param {Ctx} ctx */
async function checkRefuse(ctx) {
	checks.section('Refuse: the moderator presses Keep');
	const reset = await fetch(`${ctx.emulator.baseUrl}/__emulator/reset`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ seed: 'demo' }),
	});
	if (reset.status !== 200) throw new Error(`the emulator could not go back to its demo data: ${reset.status}`);
	const target = flagNewHarassment(ctx.emulator);
	ctx.emulator.clearRequests();
	ctx.model.use(moderationAssistant);
	const waiting = await startReview(ctx);
	checks.equal('the model was asked 3 times before the wait', ctx.model.requests.length, 3);
	const pressed = await press(ctx, String(waiting.form.id), { as: MODERATOR, elementId: 'decline', answers: {} });
	checks.equal(`n8n takes the moderator's ${disapproveLabel} (200)`, pressed.response.status, 200);
	const run = await finishedRun(ctx, waiting.id);
	checks.equal('the run succeeded', run.status, 'success');
	checks.equal('no ban, no message: the list, the message, its sender and the approval form only', requestLines(ctx), [
		'GET /v3/moderation/flagged-messages',
		...sorted([`GET /v3/messages/${target.messageId}`, `GET /v3/users/${target.user}`]),
		'POST /v3/messages',
	]);
	checks.equal('the sender is not banned', bannedIn(ctx, target.group).includes(target.user), false);
	checks.equal('the ban tool did not run', toolOutputs(run.runData, 'Ban from group'), []);
	checks.equal('the model was asked 4 times (after the refusal: its answer)', ctx.model.requests.length, 4);
	const steps = checkResultsReachedTheModel(ctx, run.runData, [...READS, 'Ban from group'], ['Ban from group']);
	const banStep = steps.find((step) => step.name === TOOLS['Ban from group']);
	checks.ok(
		'the model was told the moderator refused the ban',
		/rejected the tool call/i.test(banStep?.content ?? ''),
		String(banStep?.content),
	);
	checks.ok(
		'and the agent says nothing was done',
		String(agentOutput(run.runData)).startsWith(`The moderator did not approve: ${target.user} stays in ${target.group}.`),
		String(agentOutput(run.runData)),
	);
	checks.equal('no request to the model was refused', ctx.model.unexpected, []);
}

/** @param {Ctx} ctx @param {string} id */
async function statusOf(ctx, id) {
	return String((await ctx.n8n.rest.call('GET', `/executions/${id}`)).status);
}

/** The UIDs banned from a group, as the emulator holds them. @param {Ctx} ctx @param {string} guid */
function bannedIn(ctx, guid) {
	return [...(ctx.emulator.store.groups.get(guid)?.banned.keys() ?? [])];
}

/** The AI Agent's answer (its `output`, on its last run). @param {Record<string, any[]>} runData */
function agentOutput(runData) {
	return (runData['AI Agent'] ?? []).at(-1)?.data?.main?.[0]?.[0]?.json?.output;
}

runScript(main, checks, 'the test could set up n8n, the model and the workflow');
