/**
 * One active workflow holding the CometChat Trigger, polled through n8n-core's PollContext against
 * the emulator (static data shared between polls, as in n8n), for the trigger's reliability tests.
 */
import type { IDataObject, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { CometChatTrigger } from '../../nodes/CometChat/CometChatTrigger.node.js';
import type { Emulator } from '../harness/emulator';
import { credentialsFor } from '../harness/emulator';
import { pollContext, registerNodeType, TRIGGER_TYPE, triggerNode, workflowWith } from '../harness/engine';

const trigger = new CometChatTrigger();
registerNodeType(TRIGGER_TYPE, trigger);

export interface PollOutcome {
	items: INodeExecutionData[];
	/** False when the trigger logged a passing failure and kept its state for the next poll. */
	succeeded: boolean;
}

export interface TriggerWatcher {
	poll(): Promise<PollOutcome>;
	staticData(): IDataObject;
}

/** `budgetMs`: the poll budget n8n 2.38 and later give (`getPollBudgetMs`); none, as n8n 2.8. */
export function triggerWatcher(emulator: Emulator, parameters: IDataObject, { budgetMs }: { budgetMs?: number } = {}): TriggerWatcher {
	const node: INode = triggerNode(parameters as INodeParameters);
	const workflow = workflowWith(node);
	return {
		async poll() {
			const context = pollContext(workflow, node, credentialsFor(emulator));
			if (budgetMs !== undefined) Object.defineProperty(context, 'getPollBudgetMs', { value: () => budgetMs });
			let failed = false;
			// The trigger logs a passing failure (and emits nothing) instead of throwing it.
			const logger = { warn: () => (failed = true), info() {}, debug() {}, error() {} };
			Object.defineProperty(context, 'logger', { value: logger });
			const result = await trigger.poll!.call(context);
			return { items: result?.[0] ?? [], succeeded: !failed };
		},
		staticData: () => workflow.getStaticData('node', node) as IDataObject,
	};
}

/** The emulator's test hooks (not in the shared harness type). */
export interface RequestInfo {
	path: string;
	query: Record<string, string | string[]>;
}
export interface EmulatorHooks {
	onRequest(hook: (request: RequestInfo) => void | Promise<void>): () => void;
	setIgnoredQueryParams(names: string[]): void;
}
export const hooksOf = (emulator: Emulator) => emulator as unknown as EmulatorHooks;

/** The key of an emitted item: message id @ flaggedAt (blocked: @ createdAt). */
export function keyOfItem(item: INodeExecutionData): { event: 'flaggedMessage' | 'blockedMessage'; key: string } {
	const event = item.json.event as 'flaggedMessage' | 'blockedMessage';
	const at = event === 'flaggedMessage' ? item.json.flaggedAt : item.json.createdAt;
	return { event, key: `${String(item.json.id)}@${String(at)}` };
}
