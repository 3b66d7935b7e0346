// @ts-check
/**
 * A scripted, OpenAI-compatible chat model on 127.0.0.1 for the AI Agent end-to-end test: n8n's
 * OpenAI Chat Model node (its credential's Base URL pointed here) posts to /v1/chat/completions and
 * gets the reply a script decides from the conversation it was sent. No network, no real model.
 *
 * The script sees the conversation as the agent sends it (the tools it offers, and each tool call
 * with the result n8n gave back) and answers either tool calls or a final text. It is stateless:
 * every decision is read from the messages, so the replies do not depend on the order of requests
 * or on how each n8n version words its echoes of earlier calls.
 *
 * Every request is recorded (`requests`); anything else (another path, a streamed request, a
 * request the script cannot answer) is answered 400 and recorded in `unexpected`. The client in
 * n8n retries 408/409/429/5xx, never 400, so a test sees a wrong turn at once.
 */
const http = require('node:http');

/**
 * @typedef {{ id: string, name: string, arguments: string, content: string | undefined }} ToolStep
 *   a tool call the model made earlier, and the result n8n sent back for it (undefined: none yet)
 * @typedef {{ name: string, description: string, parameters: any }} OfferedTool
 * @typedef {{ steps: ToolStep[], tools: OfferedTool[], messages: any[] }} Conversation
 * @typedef {{ toolCalls: Array<{ name: string, args: Record<string, unknown> }> } | { text: string }} Reply
 * @typedef {(conversation: Conversation) => Reply} Script
 * @typedef {{ path: string, headers: http.IncomingHttpHeaders, body: any, reply?: Reply }} RecordedRequest
 */

/**
 * The tool calls of the conversation, in order, each with the content of its `tool` message.
 * @param {any[]} messages the request's `messages`
 * @returns {ToolStep[]}
 */
function toolSteps(messages) {
	/** @type {Map<string, string>} */
	const results = new Map();
	for (const message of messages) {
		if (message.role === 'tool') results.set(String(message.tool_call_id), contentText(message.content));
	}
	return messages.flatMap((message) =>
		message.role === 'assistant' && Array.isArray(message.tool_calls)
			? message.tool_calls.map((/** @type {any} */ call) => ({
					id: String(call.id),
					name: String(call.function?.name),
					arguments: String(call.function?.arguments ?? ''),
					content: results.get(String(call.id)),
				}))
			: [],
	);
}

/** A message's content as one string (OpenAI allows a list of text parts). @param {unknown} content */
function contentText(content) {
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : (part?.text ?? ''))).join('');
	return '';
}

/** The tools the request offers, as the model sees them. @param {any} body @returns {OfferedTool[]} */
function offeredTools(body) {
	return (Array.isArray(body.tools) ? body.tools : []).map((/** @type {any} */ tool) => ({
		name: String(tool.function?.name),
		description: String(tool.function?.description ?? ''),
		parameters: tool.function?.parameters,
	}));
}

/**
 * A chat completion as OpenAI answers one that is not streamed.
 * @param {string} model @param {Reply} reply @param {() => string} nextCallId
 */
function completion(model, reply, nextCallId) {
	const message =
		'text' in reply
			? { role: 'assistant', content: reply.text }
			: {
					role: 'assistant',
					content: null,
					tool_calls: reply.toolCalls.map((call) => ({
						id: nextCallId(),
						type: 'function',
						function: { name: call.name, arguments: JSON.stringify(call.args) },
					})),
				};
	return {
		id: `chatcmpl-${nextCallId()}`,
		object: 'chat.completion',
		created: 1_700_000_000,
		model,
		choices: [{ index: 0, message, finish_reason: 'text' in reply ? 'stop' : 'tool_calls' }],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
}

/**
 * Starts the model; `script` decides each reply. Change the script between scenarios with `use`.
 * @param {Script} script
 */
async function startModelServer(script) {
	/** @type {RecordedRequest[]} */
	const requests = [];
	/** @type {Array<{ path: string, why: string }>} */
	const unexpected = [];
	let current = script;
	let calls = 0;
	const nextCallId = () => `call_${++calls}`;

	/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
	const send = (res, status, body) => {
		res.writeHead(status, { 'content-type': 'application/json' });
		res.end(JSON.stringify(body));
	};

	const server = http.createServer((req, res) => {
		const chunks = /** @type {Buffer[]} */ ([]);
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const path = req.url ?? '';
			const refuse = (/** @type {string} */ why) => {
				unexpected.push({ path, why });
				send(res, 400, { error: { message: why, type: 'invalid_request_error' } });
			};
			if (req.method !== 'POST' || path !== '/v1/chat/completions') return refuse(`${req.method} ${path}: only POST /v1/chat/completions`);
			/** @type {any} */
			let body;
			try {
				body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
			} catch {
				return refuse('the body is not JSON');
			}
			/** @type {RecordedRequest} */
			const record = { path, headers: req.headers, body };
			requests.push(record);
			if (body.stream === true) return refuse('a streamed request: the script answers whole completions only');
			const messages = Array.isArray(body.messages) ? body.messages : [];
			try {
				record.reply = current({ steps: toolSteps(messages), tools: offeredTools(body), messages });
			} catch (error) {
				return refuse(`the script has no reply: ${error instanceof Error ? error.message : String(error)}`);
			}
			send(res, 200, completion(String(body.model), record.reply, nextCallId));
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = server.address();
	if (address === null || typeof address === 'string') throw new Error('the model server has no port');
	return {
		/** The Base URL for n8n's OpenAI credential (the client appends /chat/completions). */
		baseUrl: `http://127.0.0.1:${address.port}/v1`,
		requests,
		unexpected,
		/** @param {Script} next */
		use(next) {
			current = next;
			requests.length = 0;
			unexpected.length = 0;
		},
		close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
	};
}

module.exports = { startModelServer, toolSteps };
