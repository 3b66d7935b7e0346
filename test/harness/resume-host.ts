/**
 * A stand-in for n8n's waiting webhooks (`<WEBHOOK_URL>/webhook-waiting/<execution>/<node>`), for
 * Send and Wait: it serves the resume URL the node signed over real HTTP, so the emulator's person
 * in the chat (`POST /__emulator/forms/:messageId/submit`) calls it as the CometChat client calls
 * n8n. As n8n 2.8 does (WaitingWebhooks), it refuses a call whose signature does not match with
 * 401 before the node is asked, then calls the node's webhook() through n8n-core's real
 * WebhookContext with the waiting execution's data. The first call that gives workflowData resumes
 * the execution; until then the execution keeps waiting, and later calls get "No action required".
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Container } from '@n8n/di';
import { generateUrlSignature, InstanceSettings, prepareUrlForSigning, WAITING_TOKEN_QUERY_PARAM, WebhookContext } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeType, IRun, IWebhookData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import type { CredentialData } from './engine';
import { additionalDataFor, nodeTypeClasses } from './engine';
import { recordingResponse } from './webhook-host';

/** What the host answered one call with. */
export interface ResumeAnswer {
	status: number;
	body: unknown;
}

const nodeTypes = {
	getByName: (name: string) => nodeTypeClasses[name].type as INodeType,
	getByNameAndVersion: (name: string) => nodeTypeClasses[name].type as INodeType,
	getKnownTypes: () => ({}),
};

async function readBody(request: IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	const text = Buffer.concat(chunks).toString('utf8');
	return text === '' ? {} : (JSON.parse(text) as unknown);
}

export class ResumeHost {
	/** The items the execution resumed with (the node's output), once an answer was taken. */
	resumedWith?: IDataObject[];
	/** Every call's answer, in order. */
	readonly answers: ResumeAnswer[] = [];
	private waiting?: { node: INode; run: IRun };

	private constructor(
		private readonly server: Server,
		private readonly credentials: () => CredentialData,
	) {}

	static async start(credentials: () => CredentialData): Promise<ResumeHost> {
		const server = createServer((request, response) => {
			// Requests come only after listen(), when host is set.
			void host.handle(request).then(({ status, body }) => {
				response.writeHead(status, { 'content-type': 'application/json' });
				response.end(JSON.stringify(body));
			});
		});
		const host = new ResumeHost(server, credentials);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return host;
	}

	/** n8n's waiting-webhook base URL for runNode's additional data. */
	get webhookWaitingBaseUrl(): string {
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/webhook-waiting`;
	}

	/** The execution that now waits: the node as it ran, and the run n8n saved. */
	wait(node: INode, run: IRun): void {
		this.waiting = { node, run };
		this.resumedWith = undefined;
		this.answers.length = 0;
	}

	async close(): Promise<void> {
		await new Promise((resolve) => this.server.close(resolve));
	}

	private async handle(request: IncomingMessage): Promise<ResumeAnswer> {
		const answer = await this.answer(request);
		this.answers.push(answer);
		return answer;
	}

	private async answer(request: IncomingMessage): Promise<ResumeAnswer> {
		const body = await readBody(request);
		const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
		const token = url.searchParams.get(WAITING_TOKEN_QUERY_PARAM);
		url.searchParams.delete(WAITING_TOKEN_QUERY_PARAM);
		const expected = generateUrlSignature(prepareUrlForSigning(url), Container.get(InstanceSettings).hmacSignatureSecret);
		if (token !== expected) return { status: 401, body: { error: 'Invalid token' } };
		if (!this.waiting || this.resumedWith) return { status: 200, body: { message: 'No action required' } };
		const { node, run } = this.waiting;
		const workflow = new Workflow({ id: 'test-workflow', nodes: [node], connections: {}, active: false, nodeTypes: nodeTypes as never });
		const sent: ResumeAnswer = { status: 200, body: undefined };
		const response = recordingResponse(sent);
		const query = Object.fromEntries(url.searchParams);
		const additionalData = {
			...additionalDataFor(this.credentials),
			httpRequest: { body, headers: request.headers, query, params: {} },
			httpResponse: response,
		};
		const nodeType = nodeTypes.getByName(node.type);
		const webhookData = {
			httpMethod: 'POST',
			node: node.name,
			path: node.id,
			webhookDescription: nodeType.description.webhooks![0],
			workflowId: workflow.id,
			isTest: false,
		} as unknown as IWebhookData;
		const context = new WebhookContext(workflow, node, additionalData as never, 'webhook', webhookData, [], run.data);
		const result = await nodeType.webhook!.call(context);
		const items = (result.workflowData?.[0] ?? []) as INodeExecutionData[];
		if (items.length > 0) this.resumedWith = items.map((item) => item.json);
		return result.noWebhookResponse ? sent : { status: 200, body: result.webhookResponse };
	}
}
