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

import { GROUP_CHAT_SETTINGS, groupChatSettingField } from './actions/bot/fields';
import type { BotTriggerState } from './botTrigger/message';
import { readBotDelivery } from './botTrigger/message';
import { expectedPair, readBot } from './botTrigger/pair';
import { clearActivationMark, markActivated } from './delivery/memory';
import { ON_RECEIVED_WEBHOOK, passDeliveriesOn, receiveDelivery } from './delivery/receive';
import { LOCATOR_KINDS, locatorField } from './fields/common';
import { locatorValue } from './readers/text';
import { listSearch } from './methods';
import { cometChatRequest } from './transport/request';

/** The bot this trigger listens for, from its locator. */
function botOf(context: IHookFunctions | IWebhookFunctions): string {
	const uid = locatorValue(context.getNodeParameter('bot', '')).trim().toLowerCase();
	if (!uid) {
		throw new NodeOperationError(context.getNode(), 'No bot is selected', {
			description: "Pick the bot in 'Bot'. Create one with the CometChat node's Bot → Create, or in the CometChat dashboard.",
		});
	}
	return uid;
}

/** The node's static data: the Basic Auth pair and the recent message ids. */
function stateOf(context: IHookFunctions | IWebhookFunctions): BotTriggerState {
	return context.getWorkflowStaticData('node') as BotTriggerState;
}

function webhookUrlOf(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(context.getNode(), 'n8n gave no webhook URL for the CometChat Bot Trigger');
	return url;
}

export class CometChatBotTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat Bot Trigger',
		name: 'cometChatBotTrigger',
		icon: { light: 'file:cometchat.svg', dark: 'file:cometchat.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{"Bot: " + ($parameter["bot"].value || $parameter["bot"])}}',
		description: 'Starts the workflow when a message is sent to a CometChat bot',
		defaults: { name: 'CometChat Bot Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'cometChatApi', required: true }],
		webhooks: [ON_RECEIVED_WEBHOOK],
		properties: [
			{
				displayName:
					"One trigger per bot: activating this workflow points the bot's Webhook URL at n8n, with a Basic Auth pair n8n generates. A bot has a single Webhook URL, so only one workflow (or other service) can receive its messages. An app has at most 25 bots.",
				name: 'oneTriggerPerBot',
				type: 'notice',
				default: '',
			},
			{
				...locatorField(LOCATOR_KINDS.bot, {
					name: 'bot',
					displayName: 'Bot',
					required: true,
					description:
						'The bot whose messages start the workflow. Create one with the CometChat node (Bot → Create) or in the CometChat dashboard.',
				}),
			},
			{
				// The same field as Bot → Create's, with the trigger's own default: a bot that starts a
				// workflow mostly answers when it is mentioned.
				...groupChatSettingField,
				default: 'mentionedMessages',
				description:
					'Which group messages start the workflow (set on the bot when the workflow is activated). One-to-one messages to the bot always do. The bot must be a member of the group.',
			},
			{
				displayName: 'On Deactivation',
				name: 'onDeactivation',
				type: 'options',
				options: [
					{
						name: 'Remove the Webhook URL',
						value: 'removeUrl',
						description: "Clear the bot's Webhook URL and Basic Auth, and disable it",
					},
					{
						name: 'Disable the Bot',
						value: 'disable',
						description: 'Keep the Webhook URL, only stop CometChat relaying messages',
					},
				],
				default: 'removeUrl',
				description: 'What happens to the bot when the workflow is deactivated',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Include Raw Payload',
						name: 'includeRaw',
						type: 'boolean',
						default: false,
						description: 'Whether to add the payload CometChat sent, as is, under "raw"',
					},
					{
						displayName: 'Take Over the Bot',
						name: 'takeOver',
						type: 'boolean',
						default: false,
						description:
							'Whether to point the bot at this workflow even when it is enabled and sends its messages to another URL. Off: activation fails instead, so another workflow or service keeps receiving them.',
					},
				],
			},
		],
	};

	methods = { listSearch: { searchBots: listSearch.searchBots } };

	webhookMethods = {
		default: {
			/** The bot sends to this workflow's URL, enabled, with the Basic Auth pair this node keeps. */
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const uid = botOf(this);
				markActivated(this);
				const state = stateOf(this);
				if (state.bot !== uid || !state.username || !state.password) return false;
				const bot = await readBot(this, uid);
				return (
					bot !== undefined &&
					bot.webhookURL === webhookUrlOf(this) &&
					bot.enabled === true &&
					bot.useBasicAuth === true &&
					bot.username === state.username &&
					bot.password === state.password
				);
			},

			/** PUT the bot: this workflow's URL, enabled, Basic Auth with a fresh pair. */
			async create(this: IHookFunctions): Promise<boolean> {
				const uid = botOf(this);
				const webhookUrl = webhookUrlOf(this);
				const options = this.getNodeParameter('options', {}) as IDataObject;
				const groupChatSetting = this.getNodeParameter('groupChatSetting', 'mentionedMessages') as string;
				if (!(GROUP_CHAT_SETTINGS as readonly string[]).includes(groupChatSetting)) {
					throw new NodeOperationError(
						this.getNode(),
						`'Group Messages' holds "${groupChatSetting}", which is not one of ${GROUP_CHAT_SETTINGS.join(', ')}`,
					);
				}
				const bot = await readBot(this, uid);
				if (!bot) {
					throw new NodeOperationError(this.getNode(), `The bot "${uid}" does not exist`, {
						description: 'Create it first (CometChat node: Bot → Create, or the CometChat dashboard), then activate the workflow again.',
					});
				}
				const current = typeof bot.webhookURL === 'string' ? bot.webhookURL : '';
				if (bot.enabled === true && current !== '' && current !== webhookUrl && options.takeOver !== true) {
					throw new NodeOperationError(this.getNode(), `The bot "${uid}" already sends its messages to another URL`, {
						description: `It is enabled and points at ${current}. A bot has one Webhook URL: another workflow or service receives its messages now. Deactivate that one first, or turn on Options → Take Over the Bot.`,
					});
				}
				const username = `n8n${randomString(12).toLowerCase()}`;
				const password = randomString(40);
				await cometChatRequest.call(this, {
					method: 'PUT',
					path: ['bots', uid],
					body: { webhookURL: webhookUrl, groupChatSetting, enabled: true, useBasicAuth: true, username, password },
					secrets: [password],
				});
				const state = stateOf(this);
				state.bot = uid;
				state.webhookUrl = webhookUrl;
				state.username = username;
				state.password = password;
				// Left by versions that kept the recent message ids here.
				delete state.seen;
				return true;
			},

			/** Unregisters per On Deactivation, only when the bot still points at this workflow. */
			async delete(this: IHookFunctions): Promise<boolean> {
				const state = stateOf(this);
				const uid = state.bot ?? botOf(this);
				const onDeactivation = this.getNodeParameter('onDeactivation', 'removeUrl') as string;
				const bot = await readBot(this, uid);
				const ours = bot !== undefined && bot.webhookURL === (state.webhookUrl ?? webhookUrlOf(this));
				if (ours) {
					const body: IDataObject =
						onDeactivation === 'disable'
							? { enabled: false }
							: { webhookURL: '', enabled: false, useBasicAuth: false, username: '', password: '' };
					await cometChatRequest.call(this, { method: 'PUT', path: ['bots', uid], body, secrets: state.password ? [state.password] : [] });
				}
				delete state.bot;
				delete state.webhookUrl;
				delete state.username;
				delete state.password;
				delete state.seen;
				clearActivationMark(this);
				return true;
			},
		},
	};

	/** Runs first in the execution a delivery started: records the delivery's key (see delivery/memory.ts). */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await passDeliveriesOn(this);
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const bot = stateOf(this).bot ?? botOf(this);
		const options = this.getNodeParameter('options', {}) as IDataObject;
		return receiveDelivery(this, {
			realm: 'CometChat bot',
			expected: await expectedPair(this, bot),
			read: (body) => readBotDelivery(body, bot, options.includeRaw === true),
		});
	}
}
