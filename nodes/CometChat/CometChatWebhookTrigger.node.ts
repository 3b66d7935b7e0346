import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError, randomString } from 'n8n-workflow';

import { clearActivationMark, markActivated } from './delivery/memory';
import { ON_RECEIVED_WEBHOOK, passDeliveriesOn, receiveDelivery } from './delivery/receive';
import { isRecord } from './helpers/records';
import { managementRequest, MANAGEMENT_CREDENTIAL_TYPE } from './transport/management';
import { WEBHOOK_EVENT_NAMES, WEBHOOK_EVENTS, webhookDeliveryKey } from './webhookTrigger/events';

/** The Basic Auth username of a webhook the node registers. */
const AUTO_USERNAME = 'n8n';

/** What the node keeps in its static data (automatic mode): the registered webhook and its Basic Auth pair. */
interface HookState extends IDataObject {
	webhookId?: string;
	username?: string;
	password?: string;
}

function stateOf(context: IHookFunctions | IWebhookFunctions): HookState {
	return context.getWorkflowStaticData('node') as HookState;
}

/**
 * The id of the webhook the node registers: letters and digits, at most 50. From n8n's webhook id
 * of the node, so it stays the same across activations; test URLs get their own.
 */
function webhookIdOf(context: IHookFunctions): string {
	const node = context.getNode();
	const base = (node.webhookId ?? `${context.getWorkflow().id ?? ''}${node.id}`).replace(/[^A-Za-z0-9]/g, '');
	const isTest = (context.getNodeWebhookUrl('default') ?? '').includes('/webhook-test/');
	return `n8n${base.slice(0, 40)}${isTest ? 'test' : ''}`;
}

/**
 * Manual mode: the pair must be one the dashboard accepts (letters and digits; username at most
 * 50, password at most 100), or every delivery would be refused. Checked on activation.
 */
function checkManualPair(context: IHookFunctions): void {
	const fields = [
		['username', 'Basic Auth Username', 50],
		['password', 'Basic Auth Password', 100],
	] as const;
	for (const [name, label, max] of fields) {
		const value = context.getNodeParameter(name, '') as string;
		if (typeof value !== 'string' || !/^[A-Za-z0-9]+$/.test(value) || value.length > max) {
			throw new NodeOperationError(context.getNode(), `${label}: use 1 to ${max} letters and digits, as the CometChat dashboard requires`);
		}
	}
}

function selectedEvents(context: IHookFunctions | IWebhookFunctions): string[] {
	return context.getNodeParameter('events', []) as string[];
}

export class CometChatWebhookTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat Webhook Trigger',
		name: 'cometChatWebhookTrigger',
		icon: { light: 'file:cometchat.svg', dark: 'file:cometchat.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["mode"] === "automatic" ? "Registers its webhook" : "Webhook set up in the dashboard"}}',
		description: 'Starts the workflow when CometChat sends an event (messages, groups, calls, moderation) to its webhook',
		defaults: { name: 'CometChat Webhook Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: MANAGEMENT_CREDENTIAL_TYPE,
				required: true,
				displayOptions: { show: { mode: ['automatic'] } },
			},
		],
		webhooks: [ON_RECEIVED_WEBHOOK],
		properties: [
			{
				displayName: 'Mode',
				name: 'mode',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Manual (Dashboard)',
						value: 'manual',
						description: 'You add the webhook in the CometChat dashboard, with the URL and the Basic Auth pair of this node',
					},
					{
						name: 'Automatic (Management API)',
						value: 'automatic',
						description: 'The node registers its webhook when the workflow is activated and removes it when deactivated',
					},
				],
				default: 'manual',
			},
			{
				displayName:
					"In the CometChat dashboard, open Settings → Webhooks → Add Webhook: paste this node's Production URL (above), turn on Basic Auth with the username and password below, choose the same events, and enable it. An app can have at most 25 webhooks.",
				name: 'manualNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { mode: ['manual'] } },
			},
			{
				displayName:
					"On activation the node registers a webhook with this node's URL, a Basic Auth pair it makes up, retries on, and the events below; on deactivation it deletes it. Needs a management key and secret (plan-gated). An app can have at most 25 webhooks.",
				name: 'automaticNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { mode: ['automatic'] } },
			},
			{
				// Not "Events": n8n's node panel would make each event an action and list the node
				// as "CometChat Webhook", beside "CometChat Bot Trigger".
				displayName: 'Webhook Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				options: WEBHOOK_EVENTS.map((e) => ({ name: `${e.area}: ${e.label}`, value: e.name, description: `CometChat trigger ${e.name}` })),
				default: ['message_sent'],
				description:
					'Which events start the workflow. Each output item says which one in its "trigger" field. There is no "message flagged" event: use the CometChat Trigger (polling) for flags.',
			},
			{
				displayName: 'Basic Auth Username',
				name: 'username',
				type: 'string',
				required: true,
				default: '',
				description:
					'The username you enter for the webhook in the dashboard (letters and digits, at most 50). Deliveries without it are refused.',
				displayOptions: { show: { mode: ['manual'] } },
			},
			{
				displayName: 'Basic Auth Password',
				name: 'password',
				type: 'string',
				typeOptions: { password: true },
				required: true,
				default: '',
				description: 'The password you enter for the webhook in the dashboard (letters and digits, at most 100)',
				displayOptions: { show: { mode: ['manual'] } },
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				markActivated(this);
				if (this.getNodeParameter('mode') !== 'automatic') {
					checkManualPair(this);
					return true;
				}
				const state = stateOf(this);
				const id = webhookIdOf(this);
				if (state.webhookId !== id || !state.password) return false;
				const found = await managementRequest(this, { method: 'GET', path: ['webhooks', id], accept: [404], expect: 'record' });
				if (found.status === 404) return false;
				const hook = (found.body?.data ?? {}) as IDataObject;
				if (hook.webhookURL !== this.getNodeWebhookUrl('default') || hook.enabled === false) return false;
				const triggers = await managementRequest(this, { method: 'GET', path: ['webhooks', id, 'triggers'], expect: 'list' });
				const have = new Set(((triggers.body?.data ?? []) as IDataObject[]).map((t) => String(t.id)));
				const want = selectedEvents(this);
				return want.length === have.size && want.every((t) => have.has(t));
			},

			async create(this: IHookFunctions): Promise<boolean> {
				if (this.getNodeParameter('mode') !== 'automatic') return true;
				const events = selectedEvents(this);
				const unknown = events.filter((e) => !WEBHOOK_EVENT_NAMES.includes(e));
				if (events.length === 0 || unknown.length > 0) {
					throw new NodeOperationError(
						this.getNode(),
						unknown.length ? `Webhook Events: unknown event ${unknown.join(', ')}` : 'Webhook Events: choose at least one event',
					);
				}
				const id = webhookIdOf(this);
				const password = randomString(32);
				const fields: IDataObject = {
					name: `n8n: ${this.getWorkflow().name ?? this.getWorkflow().id ?? 'workflow'}`.slice(0, 100),
					webhookURL: this.getNodeWebhookUrl('default'),
					useBasicAuth: true,
					username: AUTO_USERNAME,
					password,
					enabled: true,
					retryOnFailure: true,
				};
				const made = await managementRequest(this, {
					method: 'POST',
					path: ['webhooks'],
					body: { id, ...fields },
					accept: [409],
					secrets: [password],
				});
				if (made.status === 409)
					await managementRequest(this, { method: 'PUT', path: ['webhooks', id], body: fields, secrets: [password] });
				const state = stateOf(this);
				state.webhookId = id;
				state.username = AUTO_USERNAME;
				state.password = password;
				const current = await managementRequest(this, { method: 'GET', path: ['webhooks', id, 'triggers'], expect: 'list' });
				const stale = ((current.body?.data ?? []) as IDataObject[]).map((t) => String(t.id)).filter((t) => !events.includes(t));
				if (stale.length > 0)
					await managementRequest(this, { method: 'DELETE', path: ['webhooks', id, 'triggers'], body: { triggerIds: stale } });
				await managementRequest(this, { method: 'POST', path: ['webhooks', id, 'triggers'], body: { triggerIds: events } });
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				clearActivationMark(this);
				if (this.getNodeParameter('mode') !== 'automatic') return true;
				const state = stateOf(this);
				const id = state.webhookId ?? webhookIdOf(this);
				await managementRequest(this, { method: 'DELETE', path: ['webhooks', id], accept: [404] });
				delete state.webhookId;
				delete state.username;
				delete state.password;
				return true;
			},
		},
	};

	/** Runs first in the execution a delivery started: records the delivery's key (see delivery/memory.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await passDeliveriesOn(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const state = stateOf(this);
		const automatic = this.getNodeParameter('mode') === 'automatic';
		const events = selectedEvents(this);
		return receiveDelivery(this, {
			realm: 'CometChat webhook',
			expected: automatic
				? { username: state.username, password: state.password }
				: { username: this.getNodeParameter('username', '') as string, password: this.getNodeParameter('password', '') as string },
			read: (body) => {
				if (typeof body.trigger !== 'string' || body.trigger === '' || !isRecord(body.data)) {
					return { refuse: 'Not a CometChat event: trigger and data are required' };
				}
				if (!events.includes(body.trigger)) return { ignore: true };
				const webhook = typeof body.webhook === 'string' ? body.webhook : '';
				return {
					key: webhookDeliveryKey(webhook, body.trigger, body.data),
					item: {
						trigger: body.trigger,
						data: body.data,
						appId: body.appId as string,
						region: body.region as string,
						webhook: body.webhook as string,
						receivedAt: new Date().toISOString(),
					},
				};
			},
		});
	}
}
