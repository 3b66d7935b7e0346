/**
 * The memory of recent delivery keys, shared by the push triggers: a repeat of a key it holds is
 * not emitted again.
 *
 * Two layers, because n8n offers no lock:
 * - this process's memory, checked and written with no `await` in between, so concurrent copies of
 *   one delivery to one n8n process are one event whatever the n8n version;
 * - the workflow's static data, which n8n saves with the workflow, so a repeat after a restart of
 *   n8n (or in another process that loads it) is recognised too. Every write merges what was saved
 *   with what this process knows, so concurrent requests never drop each other's keys.
 * docs/cometchat-api.md ("Push triggers: exactly once") says what each n8n version saves, and why.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import type { DeliveryKey } from './keys';

/**
 * The member of the workflow's global static data that holds the keys, per node id. Assigned anew
 * on every write: a member replaced at that level is a change every supported n8n saves (a change
 * inside the node's own part is not, on n8n 2.41).
 */
export const DELIVERIES_MEMBER = 'cometChatDeliveries';

/** Key → when it is forgotten (ms since the epoch). */
type Remembered = Map<string, number>;

/** This process's keys, per workflow and node. */
const inProcess = new Map<string, Remembered>();

function forget(remembered: Remembered, now: number): void {
	for (const [key, until] of remembered) if (until <= now) remembered.delete(key);
}

/** What static data holds for this node: key → when it is forgotten (seconds). Anything malformed is ignored. */
function savedKeys(global: IDataObject, nodeId: string): Record<string, number> {
	const all = global[DELIVERIES_MEMBER];
	const mine = all !== null && typeof all === 'object' && !Array.isArray(all) ? (all as IDataObject)[nodeId] : undefined;
	return mine !== null && typeof mine === 'object' && !Array.isArray(mine) ? (mine as Record<string, number>) : {};
}

/**
 * Records `delivery` unless it is a repeat of a key still remembered. True: a new event, to emit;
 * false: a repeat. `now` is the clock (ms), given so tests control time.
 */
export function admitDelivery(context: IWebhookFunctions, delivery: DeliveryKey, now: number = Date.now()): boolean {
	const nodeId = context.getNode().id;
	const scope = `${context.getWorkflow().id ?? ''}:${nodeId}`;
	const remembered = inProcess.get(scope) ?? new Map<string, number>();
	inProcess.set(scope, remembered);
	forget(remembered, now);

	const global = context.getWorkflowStaticData('global');
	const saved = savedKeys(global, nodeId);
	// What another process (or this one before a restart) saved is known from now on.
	for (const [key, seconds] of Object.entries(saved)) {
		const until = typeof seconds === 'number' ? seconds * 1000 : 0;
		if (until > now && (remembered.get(key) ?? 0) < until) remembered.set(key, until);
	}
	if ((remembered.get(delivery.key) ?? 0) > now) return false;
	remembered.set(delivery.key, now + delivery.rememberMs);

	const merged: Record<string, number> = {};
	for (const [key, until] of remembered) merged[key] = Math.ceil(until / 1000);
	const all = global[DELIVERIES_MEMBER];
	const others = all !== null && typeof all === 'object' && !Array.isArray(all) ? (all as IDataObject) : {};
	global[DELIVERIES_MEMBER] = { ...others, [nodeId]: merged };
	return true;
}

/** Forgets every key this process holds, as a restart of n8n does (static data keeps its own). */
export function forgetDeliveriesInProcess(): void {
	inProcess.clear();
}
