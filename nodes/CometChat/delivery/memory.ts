/**
 * The memory of recent delivery keys, shared by the push triggers: a repeat of a key it holds is
 * not emitted again.
 *
 * Three layers, because n8n offers no lock:
 * - this process's memory, checked and written with no `await` in between, so concurrent copies of
 *   one delivery to one n8n process are one event whatever the n8n version;
 * - the workflow's static data, so a repeat after a restart of n8n, or in another process that
 *   loads it, is recognised too. Every write merges what was saved with what this process knows,
 *   so requests that overlap never drop each other's keys;
 * - n8n's own memory of processed values (the one Remove Duplicates keeps in n8n's database),
 *   consulted by the execution a delivery starts: an event whose execution already ran, on any
 *   worker, is passed on no further.
 *
 * Static data is written by webhook() and, when it is safe, by the trigger's execute(), which n8n
 * runs first in the execution it starts, because n8n versions save it at different moments
 * (docs/cometchat-api.md, "Push triggers: exactly once", with the lines of n8n's code):
 * - webhook()'s writes: n8n 2.8 saves them before the answer; n8n 2.41 only when no execution
 *   starts (starting one resets n8n's change mark), i.e. for repeats;
 * - execute()'s writes: saved whole when the execution ends. n8n 2.41's queue-mode workers run it
 *   on static data that starts empty (the execution's copy of the workflow holds none), and saving
 *   that would erase what activation stored (the Bot Trigger's Basic Auth pair). So execute()
 *   writes only when the node's static data holds the mark activation leaves (`markActivated`).
 */
import type { IDataObject, IExecuteFunctions, IHookFunctions, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { isRecord } from '../helpers/records';
import { isIdentifiedKey, rememberMsOf } from './keys';

/**
 * The member of the workflow's global static data that holds the keys, per node id: key → when it
 * is forgotten (seconds since the epoch). Replaced whole on every write.
 */
export const DELIVERIES_MEMBER = 'cometChatDeliveries';

/** Key → when it is forgotten (ms since the epoch). */
type Remembered = Map<string, number>;

/** This process's keys, per workflow and node. */
const inProcess = new Map<string, Remembered>();

type Context = IWebhookFunctions | IExecuteFunctions;

/**
 * This process's keys of the context's node, with the unexpired ones static data holds merged in
 * (what another process, or this one before a restart, saved is known from now on).
 */
function rememberedFor(context: Context, now: number): Remembered {
	const nodeId = context.getNode().id;
	const scope = `${context.getWorkflow().id ?? ''}:${nodeId}`;
	const remembered = inProcess.get(scope) ?? new Map<string, number>();
	inProcess.set(scope, remembered);
	for (const [key, until] of remembered) if (until <= now) remembered.delete(key);
	for (const [key, seconds] of Object.entries(savedKeys(context))) {
		const until = typeof seconds === 'number' ? seconds * 1000 : 0;
		if (until > now && (remembered.get(key) ?? 0) < until) remembered.set(key, until);
	}
	return remembered;
}

/** What static data holds for the context's node. Anything malformed counts as nothing. */
function savedKeys(context: Context): IDataObject {
	const all = context.getWorkflowStaticData('global')[DELIVERIES_MEMBER];
	const mine = isRecord(all) ? all[context.getNode().id] : undefined;
	return isRecord(mine) ? mine : {};
}

/** Writes the node's live keys into static data, unless it already holds exactly them (so a repeat writes nothing). */
function save(context: Context, remembered: Remembered): void {
	const keys: IDataObject = {};
	for (const [key, until] of remembered) keys[key] = Math.ceil(until / 1000);
	const saved = savedKeys(context);
	const same = Object.keys(saved).length === remembered.size && Object.entries(keys).every(([key, seconds]) => saved[key] === seconds);
	if (same) return;
	const global = context.getWorkflowStaticData('global');
	const all = global[DELIVERIES_MEMBER];
	global[DELIVERIES_MEMBER] = { ...(isRecord(all) ? all : {}), [context.getNode().id]: keys };
}

/**
 * Records the key of a delivery unless it is a repeat of one still remembered. True: a new event,
 * to emit; false: a repeat. `now` is the clock (ms), given so tests control time.
 */
export function admitDelivery(context: IWebhookFunctions, key: string, now: number = Date.now()): boolean {
	const remembered = rememberedFor(context, now);
	const isNew = (remembered.get(key) ?? 0) <= now;
	if (isNew) remembered.set(key, now + rememberMsOf(key));
	save(context, remembered);
	return isNew;
}

/**
 * Records the keys of the deliveries an execution emits, from that execution (the trigger's
 * execute()), in this process and, where the execution's static data is the stored one, in static
 * data.
 */
export function recordDeliveries(context: IExecuteFunctions, keys: string[], now: number = Date.now()): void {
	const remembered = rememberedFor(context, now);
	for (const key of keys) if ((remembered.get(key) ?? 0) <= now) remembered.set(key, now + rememberMsOf(key));
	if (holdsActivationMark(context)) save(context, remembered);
}

/** The member of the node's static data that activation sets: this static data is the stored one. */
const ACTIVATED_MEMBER = 'activated';

/** Marks the node's static data as the stored one; called on activation, whose static data n8n saves. */
export function markActivated(context: IHookFunctions): void {
	context.getWorkflowStaticData('node')[ACTIVATED_MEMBER] = true;
}

/** Clears the mark, on deactivation. */
export function clearActivationMark(context: IHookFunctions): void {
	delete context.getWorkflowStaticData('node')[ACTIVATED_MEMBER];
}

/**
 * Whether the context's static data is the one n8n stores for the workflow (it holds the mark
 * activation left), not an empty stand-in (n8n 2.41's queue workers) whose save would erase it.
 */
function holdsActivationMark(context: Context): boolean {
	return context.getWorkflowStaticData('node')[ACTIVATED_MEMBER] === true;
}

/**
 * How many keys n8n's memory of processed values keeps per trigger node: far more than one
 * process's 10 minutes of keys at any rate CometChat delivers, and n8n keeps them in one record.
 */
export const PROCESSED_KEYS_KEPT = 10_000;

/**
 * The items whose event has not been run yet, by n8n's memory of processed values (node scope),
 * which records the new ones. Only keys made of an event's ids are kept there (that memory has no
 * expiry; a digest key means "the same event" only within the retry horizon). Manual executions
 * pass every item: n8n keeps no memory for them either. When n8n cannot answer (a version or a
 * database without it), every item is passed on: a rare repeat beats a lost event.
 */
export async function withoutProcessed(context: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const keyOf = (item: INodeExecutionData) => (typeof item.json.deliveryKey === 'string' ? item.json.deliveryKey : undefined);
	const keys = items.map(keyOf).filter((key): key is string => key !== undefined && isIdentifiedKey(key));
	if (keys.length === 0 || context.getMode() === 'manual') return items;
	let processed: Set<string>;
	try {
		const answer = await context.helpers.checkProcessedAndRecord(keys, 'node', { mode: 'entries', maxEntries: PROCESSED_KEYS_KEPT });
		processed = new Set(answer.processed.map(String));
	} catch {
		return items;
	}
	return items.filter((item) => !processed.has(keyOf(item) ?? ''));
}

/** Forgets every key this process holds, as a restart of n8n does (static data keeps its own). */
export function forgetDeliveriesInProcess(): void {
	inProcess.clear();
}
