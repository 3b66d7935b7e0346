/**
 * The bot record and the Basic Auth pair the Bot Trigger checks deliveries against.
 *
 * Activation keeps the pair in the node's static data. Where that copy is missing (erased by an
 * n8n that saved a worker's empty static data over it: n8n 2.41 in queue mode with versions of this
 * package before the activation mark, see delivery/memory.ts), the bot itself still holds it:
 * CometChat echoes a bot's Basic Auth pair in `GET /bots/{uid}`. The trigger reads it from there,
 * only while the bot points at this workflow's URL, and keeps it again.
 */
import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { asNodeError } from '../helpers/itemErrors';
import { cometChatRequest } from '../transport/request';
import type { BotTriggerState } from './message';

/** The bot record, or undefined when there is no such bot. */
export async function readBot(context: IHookFunctions | IWebhookFunctions, uid: string): Promise<IDataObject | undefined> {
	try {
		const response = await cometChatRequest.call(context, { method: 'GET', path: ['bots', uid] });
		return (response.data ?? {}) as IDataObject;
	} catch (error) {
		if (error instanceof NodeApiError && error.httpCode === '404') return undefined;
		throw asNodeError(context.getNode(), error);
	}
}

export interface BasicAuthPair {
	username?: string;
	password?: string;
}

/**
 * How long a pair read from the bot (or the finding that it has none for this workflow) is kept in
 * the process before the bot is read again: deliveries without the pair cost at most one request
 * per this time, and a pair changed by a new activation is seen within it.
 */
export const BOT_PAIR_MEMORY_MS = 30_000;
/** After a failed read, the bot is read again this soon (CometChat retries a refused delivery after 10 s). */
const FAILED_READ_MEMORY_MS = 5_000;

/** Pairs read from bots, per workflow and node, until when they are kept (ms since the epoch). */
const readPairs = new Map<string, { pair: BasicAuthPair; until: number }>();

/** The path of a URL, or undefined when it is none. */
function pathOf(url: unknown): string | undefined {
	try {
		return typeof url === 'string' ? new URL(url).pathname : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The pair of a bot that sends to this node's webhook with Basic Auth; empty when it does not. The
 * paths are compared (`/webhook/<the node's webhook id>/webhook`, unique to the node): in queue
 * mode the webhook process that asks may know n8n's public address under another host.
 */
export function pairOfBot(bot: IDataObject | undefined, webhookUrl: string | undefined): BasicAuthPair {
	const path = pathOf(webhookUrl);
	if (!bot || path === undefined || pathOf(bot.webhookURL) !== path || bot.useBasicAuth !== true) return {};
	const { username, password } = bot;
	return typeof username === 'string' && typeof password === 'string' && username !== '' && password !== '' ? { username, password } : {};
}

/**
 * The pair deliveries must carry: the node's static data's, else the bot's own (read at most once
 * per BOT_PAIR_MEMORY_MS), which is then kept in static data again. A bot that cannot be read, or
 * that points elsewhere, gives an empty pair: every delivery is refused.
 */
export async function expectedPair(context: IWebhookFunctions, uid: string, now: number = Date.now()): Promise<BasicAuthPair> {
	const state = context.getWorkflowStaticData('node') as BotTriggerState;
	if (state.username && state.password) return { username: state.username, password: state.password };
	const scope = `${context.getWorkflow().id ?? ''}:${context.getNode().id}`;
	const kept = readPairs.get(scope);
	if (kept && kept.until > now) return kept.pair;
	const webhookUrl = context.getNodeWebhookUrl('default');
	let pair: BasicAuthPair = {};
	let memoryMs = BOT_PAIR_MEMORY_MS;
	try {
		pair = pairOfBot(await readBot(context, uid), webhookUrl);
	} catch {
		// The delivery is refused (401) and CometChat retries it; the bot is read again by then.
		memoryMs = FAILED_READ_MEMORY_MS;
	}
	readPairs.set(scope, { pair, until: now + memoryMs });
	if (pair.password) Object.assign(state, { bot: uid, webhookUrl, ...pair });
	return pair;
}

/** Forgets the pairs read from bots, as a restart of n8n does. */
export function forgetBotPairsInProcess(): void {
	readPairs.clear();
}
