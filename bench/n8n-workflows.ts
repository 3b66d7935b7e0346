/**
 * The workflows `npm run bench:n8n` imports: each a Manual Trigger and a chain of nodes. Return All
 * (ours, the HTTP Request node's pagination, the same plus a Split Out, the raw loop as a node) and
 * the writes (ours and the HTTP Request node, each after a Code node that makes the input items).
 */
import { USERS_PER_PAGE } from './common';
import { ITEMS_ONLY_NODE, RAW_IN_FLIGHT, RAW_NODE, RAW_NODE_TYPE } from './n8n-raw-node';

export const TRIGGER = 'Manual Trigger';
export const OURS = 'CometChat';
export const HTTP = 'HTTP Request';
export const SPLIT = 'Split Out';
export const ITEMS = 'Make Items';

/** The credential of the emulator (imported by N8n.prepare) and one of the users stub. */
export const CREDENTIAL = { id: 'cometChatCred001', name: 'CometChat account' };
export const STUB_CREDENTIAL = { id: 'cometChatStub001', name: 'CometChat users stub' };

type NodeSpec = Record<string, unknown> & { name: string };

export interface BenchWorkflow {
	id: string;
	name: string;
	nodes: NodeSpec[];
}

export function workflow(id: string, name: string, nodes: NodeSpec[]) {
	const all: NodeSpec[] = [
		{ id: `${id}-trigger`, name: TRIGGER, type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
		...nodes.map((node, index) => ({ id: `${id}-${index}`, position: [220 * (index + 1), 0], ...node })),
	];
	const connections: Record<string, unknown> = {};
	for (let i = 0; i + 1 < all.length; i++) {
		connections[all[i].name] = { main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]] };
	}
	return { id, name, active: false, nodes: all, connections, settings: { executionOrder: 'v1' }, pinData: {} };
}

// ---------------------------------------------------------------- Return All

export function returnAllWorkflows(server: { baseUrl: string; apiKey: string; credential: { id: string; name: string } }, tag: string) {
	const ours = workflow(`benchOurs${tag}`, `Bench (${tag}): CometChat Return All`, [
		{
			name: OURS,
			type: 'n8n-nodes-cometchat.cometChat',
			typeVersion: 1,
			parameters: { resource: 'user', operation: 'getAll', returnAll: true },
			credentials: { cometChatApi: server.credential },
		},
	]);
	const httpNode = {
		name: HTTP,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'GET',
			url: `${server.baseUrl}/v3/users`,
			sendQuery: true,
			queryParameters: { parameters: [{ name: 'perPage', value: String(USERS_PER_PAGE) }] },
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'apikey', value: server.apiKey }] },
			options: {
				pagination: {
					pagination: {
						paginationMode: 'updateAParameterInEachRequest',
						parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
						paginationCompleteWhen: 'other',
						completeExpression:
							'={{ $response.body.data.length === 0 || $response.body.meta.pagination.current_page >= $response.body.meta.pagination.total_pages }}',
					},
				},
			},
		},
	};
	const http = workflow(`benchHttp${tag}`, `Bench (${tag}): HTTP Request pagination`, [httpNode]);
	const httpSplit = workflow(`benchSplit${tag}`, `Bench (${tag}): HTTP Request pagination + Split Out`, [
		httpNode,
		{ name: SPLIT, type: 'n8n-nodes-base.splitOut', typeVersion: 1, parameters: { fieldToSplitOut: 'data', include: 'noOtherFields' } },
	]);
	const rawNode = workflow(`benchRaw${tag}`, `Bench (${tag}): raw loop as a node`, [
		{
			name: RAW_NODE,
			type: RAW_NODE_TYPE,
			typeVersion: 1,
			parameters: { baseUrl: `${server.baseUrl}/v3`, apiKey: server.apiKey, inFlight: RAW_IN_FLIGHT },
		},
	]);
	const itemsOnly = workflow(`benchItems${tag}`, `Bench (${tag}): the same items, no request`, [
		{
			name: ITEMS_ONLY_NODE,
			type: RAW_NODE_TYPE,
			typeVersion: 1,
			parameters: { baseUrl: `${server.baseUrl}/v3`, apiKey: server.apiKey, inFlight: RAW_IN_FLIGHT, keepPages: true },
		},
	]);
	return { ours, http, httpSplit, rawNode, itemsOnly };
}

/** A workflow with its Manual Trigger only: n8n's own cost of an execution. */
export const emptyWorkflow = () => workflow('benchEmpty000001', 'Bench: Manual Trigger only', []);

// ---------------------------------------------------------------- writes

/**
 * The users the sends go between: one sender and SEND_RECEIVERS receivers, seeded before each run.
 * As an announcement: each item to a user of its own, so each item is a conversation of its own (the
 * node keeps the messages of one conversation in item order, one after the other).
 */
export const SENDER = 'bench-1';
export const SEND_RECEIVERS = 2_000;
/** Receiver of item i (0-based): bench-2 … bench-9 in turn. */
export const receiverOf = (i: number) => `bench-${2 + (i % SEND_RECEIVERS)}`;
export const newUserOf = (i: number) => ({ uid: `writer-${i + 1}`, name: `Writer ${i + 1}` });
export const messageOf = (i: number) => ({ receiver: receiverOf(i), text: `bench message ${i + 1}` });

/** The Code node that makes `count` input items (what the writing node reads with $json). */
function itemsNode(kind: 'users' | 'messages', count: number): NodeSpec {
	const body =
		kind === 'users'
			? `({ json: { uid: 'writer-' + (i + 1), name: 'Writer ' + (i + 1) } })`
			: `({ json: { receiver: 'bench-' + (2 + (i % ${SEND_RECEIVERS})), text: 'bench message ' + (i + 1) } })`;
	return {
		name: ITEMS,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		parameters: { jsCode: `return Array.from({ length: ${count} }, (_, i) => ${body});` },
	};
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export function writeWorkflows(emulator: { baseUrl: string; apiKey: string }, users: number, messages: number, limitUsers: number) {
	const oursCreate = {
		name: OURS,
		type: 'n8n-nodes-cometchat.cometChat',
		typeVersion: 1,
		parameters: { resource: 'user', operation: 'create', uid: '={{ $json.uid }}', name: '={{ $json.name }}' },
		credentials: { cometChatApi: CREDENTIAL },
	};
	const httpCreate = {
		name: HTTP,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${emulator.baseUrl}/v3/users`,
			sendHeaders: true,
			headerParameters: { parameters: [{ name: 'apikey', value: emulator.apiKey }] },
			sendBody: true,
			// The body as the node offers it by default: Using Fields Below, one field per body member.
			bodyParameters: {
				parameters: [
					{ name: 'uid', value: '={{ $json.uid }}' },
					{ name: 'name', value: '={{ $json.name }}' },
				],
			},
			options: {},
		},
	};
	const oursSend = {
		name: OURS,
		type: 'n8n-nodes-cometchat.cometChat',
		typeVersion: 1,
		parameters: {
			resource: 'message',
			operation: 'send',
			onBehalfOf: byId(SENDER),
			receiverType: 'user',
			receiverUid: byId('={{ $json.receiver }}'),
			category: 'message',
			messageType: 'text',
			dataMode: 'fields',
			text: '={{ $json.text }}',
		},
		credentials: { cometChatApi: CREDENTIAL },
	};
	const httpSend = {
		name: HTTP,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			method: 'POST',
			url: `${emulator.baseUrl}/v3/messages`,
			sendHeaders: true,
			headerParameters: {
				parameters: [
					{ name: 'apikey', value: emulator.apiKey },
					{ name: 'onBehalfOf', value: SENDER },
				],
			},
			sendBody: true,
			specifyBody: 'json',
			jsonBody:
				"={{ JSON.stringify({ receiver: $json.receiver, receiverType: 'user', category: 'message', type: 'text', data: { text: $json.text } }) }}",
			options: {},
		},
	};
	return {
		oursCreate: workflow('benchOursCreate1', 'Bench: CometChat User Create', [itemsNode('users', users), oursCreate]),
		httpCreate: workflow('benchHttpCreate1', 'Bench: HTTP Request POST users', [itemsNode('users', users), httpCreate]),
		oursSend: workflow('benchOursSend001', 'Bench: CometChat Message Send', [itemsNode('messages', messages), oursSend]),
		httpSend: workflow('benchHttpSend001', 'Bench: HTTP Request POST messages', [itemsNode('messages', messages), httpSend]),
		oursLimit: workflow('benchOursLimit01', 'Bench: CometChat User Create under a rate limit', [
			itemsNode('users', limitUsers),
			oursCreate,
		]),
		httpLimit: workflow('benchHttpLimit01', 'Bench: HTTP Request POST users under a rate limit', [
			itemsNode('users', limitUsers),
			httpCreate,
		]),
	};
}
