/**
 * A stand-in for n8n's production webhook handling (live-webhooks.js), for the push triggers:
 * each request loads the workflow and its static data afresh from "the database", calls the
 * trigger's webhook() through n8n-core's real WebhookContext, and saves the whole static data back
 * when n8n would (its `__dataChanged`). Requests may overlap, as they do in n8n: with `overlap`,
 * each waits a few ticks between loading and saving, so the last writer wins in the database.
 *
 * When webhook() emits items, the execution n8n starts runs the trigger's execute() through
 * n8n-core's ExecuteContext on static data loaded afresh, saved whole when it ends. `n8n` picks what
 * webhook()'s own writes become on that path: '2.8' saves them before the execution; '2.41' loses
 * them (starting the execution resets n8n's change mark), as those versions do; '2.41-queue' also
 * runs the execution as n8n 2.41's queue workers do, on static data that starts empty (the
 * execution's copy of the workflow holds none), still saved whole when it ends. n8n's memory of
 * processed values is the tests' in-process one (processed-data.ts), kept across restarts.
 */
import { ExecuteContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData, INodeType, IRunExecutionData, IWebhookData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { forgetBotPairsInProcess } from '../../nodes/CometChat/botTrigger/pair';
import { forgetDeliveriesInProcess } from '../../nodes/CometChat/delivery/memory';
import type { CredentialData } from './engine';
import { additionalDataFor, nodeTypeClasses } from './engine';
import { useProcessedValues } from './processed-data';

export interface Delivered {
	status: number;
	body: unknown;
	/** The items webhook() emitted (none for a refused or repeated delivery). */
	emitted: IDataObject[];
	/** The items the execution those started passed on from the trigger (what the workflow's next node gets). */
	passedOn: IDataObject[];
}

const nodeTypes = {
	getByName: (name: string) => nodeTypeClasses[name].type as INodeType,
	getByNameAndVersion: (name: string) => nodeTypeClasses[name].type as INodeType,
	getKnownTypes: () => ({}),
};

/** The part of express's response a webhook() uses to answer by itself, recording into `sent`. */
export function recordingResponse(sent: { status?: number; body?: unknown }) {
	const response = {
		status(code: number) {
			sent.status = code;
			return response;
		},
		setHeader() {
			return response;
		},
		json(value: unknown) {
			sent.body = value;
			return response;
		},
	};
	return response;
}

export class WebhookHost {
	/** The saved static data, as JSON (what n8n keeps in its workflow table). */
	database: string;
	private turn = 0;

	constructor(
		private readonly trigger: INodeType,
		private readonly node: INode,
		staticData: IDataObject = {},
		private readonly options: {
			overlap?: boolean;
			n8n?: '2.8' | '2.41' | '2.41-queue';
			credentials?: () => CredentialData;
			workflowId?: string;
		} = {},
	) {
		this.database = JSON.stringify(staticData);
	}

	/** The static data saved now. */
	saved(): IDataObject {
		return JSON.parse(this.database) as IDataObject;
	}

	/** What a restart of n8n keeps: the database, not the process's memory. */
	restart(): void {
		forgetDeliveriesInProcess();
		forgetBotPairsInProcess();
	}

	private loadWorkflow(staticData: IDataObject = JSON.parse(this.database) as IDataObject): Workflow {
		return new Workflow({
			id: this.options.workflowId ?? 'push-trigger-workflow',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: nodeTypes as never,
			staticData,
		});
	}

	private additionalData(extra: IDataObject = {}) {
		return { ...additionalDataFor(this.options.credentials ?? (() => ({ apiKey: '', baseUrl: '', callUrl: '' }))), ...extra };
	}

	/** POSTs one body (anything JSON can parse to, or undefined for an empty body) with an Authorization header. */
	async deliver(body: unknown, authorization?: string): Promise<Delivered> {
		const workflow = this.loadWorkflow();
		// Later requests of a burst save first: the order n8n's awaits can give.
		const wait = this.options.overlap ? 1 + (this.turn++ % 5) : 0;
		for (let tick = 0; tick < wait; tick++) await new Promise((resolve) => setImmediate(resolve));
		const sent: { status?: number; body?: unknown } = {};
		const response = recordingResponse(sent);
		const additionalData = this.additionalData({
			httpRequest: { body, headers: authorization ? { authorization } : {}, query: {}, params: {} },
			httpResponse: response,
		});
		const webhookData = {
			httpMethod: 'POST',
			node: this.node.name,
			path: 'webhook',
			webhookDescription: this.trigger.description.webhooks![0],
			workflowId: workflow.id,
			isTest: false,
		} as unknown as IWebhookData;
		const context = new WebhookContext(workflow, this.node, additionalData as never, 'webhook', webhookData, [], null);
		const result = await this.trigger.webhook!.call(context);
		for (let tick = 0; tick < 5 - wait; tick++) await new Promise((resolve) => setImmediate(resolve));
		const items = (result.workflowData?.[0] ?? []) as INodeExecutionData[];
		const startsExecution = items.length > 0;
		const losesWrites = this.options.n8n === '2.41' || this.options.n8n === '2.41-queue';
		if (workflow.staticData.__dataChanged === true && (!startsExecution || !losesWrites)) {
			this.database = JSON.stringify(workflow.staticData);
		}
		const passedOn = startsExecution ? await this.execute(items) : [];
		const emitted = items.map((item) => item.json);
		return result.noWebhookResponse
			? { status: sent.status ?? 0, body: sent.body, emitted, passedOn }
			: { status: 200, body: result.webhookResponse, emitted, passedOn };
	}

	/** The execution a delivery starts: the trigger's execute() first, its static data saved when it ends. */
	private async execute(items: INodeExecutionData[]): Promise<IDataObject[]> {
		await useProcessedValues();
		const workflow = this.loadWorkflow(this.options.n8n === '2.41-queue' ? {} : undefined);
		const runExecutionData = { resultData: { runData: {} } } as unknown as IRunExecutionData;
		const executeData = { node: this.node, data: { main: [items] }, source: null };
		const context = new ExecuteContext(
			workflow,
			this.node,
			this.additionalData() as never,
			'webhook',
			runExecutionData,
			0,
			items,
			{ main: [items] },
			executeData,
			[],
		);
		const output = (await this.trigger.execute!.call(context)) as INodeExecutionData[][];
		if (workflow.staticData.__dataChanged === true) this.database = JSON.stringify(workflow.staticData);
		return (output[0] ?? []).map((item) => item.json);
	}
}

export const basicAuth = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
