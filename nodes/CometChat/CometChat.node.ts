import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError, SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { findOperation, nodeProperties } from './actions';
import { sendAndWait } from './actions/message/sendAndWait/sendAndWait.operation';
import { sendAndWaitWebhook, sendAndWaitWebhooks } from './actions/message/sendAndWait/webhook';
import { ONE_AT_A_TIME } from './actions/oneAtATime';
import { runImport } from './actions/dataImport/batches';
import { ItemWithFiles } from './actions/types';
import type { OperationResult } from './actions/types';
import { orderKeysOf } from './actions/orderKeys';
import { asNodeError, hideErrorSecrets, keepHttpCode } from './helpers/itemErrors';
import { hideSecrets, knownSecrets } from './helpers/secrets';
import { runItemsInFlight } from './items/inFlight';
import { asRanges, outcomeCounts, outcomeDetails, outcomeOfStoppedRun } from './items/outcomes';
import { ParameterMemory } from './items/parameterMemory';
import { listSearch, loadOptions } from './methods';
import { observeRequests } from './transport/request';
import { ITEM_WINDOW_BOUNDS, RequestWindow } from './transport/window';

export class CometChat implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat',
		name: 'cometChat',
		icon: { light: 'file:cometchat.svg', dark: 'file:cometchat.dark.svg' },
		group: ['output'],
		// 1.1: a list's Simplify is a field of its own, no longer in Options (fields/lists.ts).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage CometChat users, groups, messages, bots, calls and moderation',
		defaults: { name: 'CometChat' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// The Webhook resource is the management API's, with its own key and secret; every other resource uses the API key.
		credentials: [
			{ name: 'cometChatApi', required: true, displayOptions: { hide: { resource: ['webhook'] } } },
			{ name: 'cometChatManagementApi', required: true, displayOptions: { show: { resource: ['webhook'] } } },
		],
		// Only Message → Send and Wait for Response uses it: the waiting execution's resume.
		webhooks: sendAndWaitWebhooks,
		properties: nodeProperties(),
	};

	methods = { listSearch, loadOptions };

	webhook = sendAndWaitWebhook;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		if (this.getNodeParameter('operation', 0) === SEND_AND_WAIT_OPERATION) {
			// As n8n's own send-and-wait nodes: one question for the run (from the first item), then
			// the execution waits; the answer becomes the node's output when it resumes.
			try {
				await sendAndWait.execute.call(this, 0);
			} catch (error) {
				const itemError = withItemIndex(this, error, 0);
				if (!this.continueOnFail()) throw itemError;
				return [[{ json: { error: itemError.message }, error: itemError, pairedItem: { item: 0 } }]];
			}
			return [items];
		}
		// Each input item's output items, at its index: many items are in flight at once
		// (items/inFlight.ts), and the output keeps the input's order.
		const outputs: INodeExecutionData[][] = new Array(items.length);
		const failures = new Map<number, NodeApiError | NodeOperationError>();
		const continueOnFail = this.continueOnFail();
		const memory = new ParameterMemory(this);
		const context = memory.context;
		const window = new RequestWindow(ITEM_WINDOW_BOUNDS);
		observeRequests(context, window.observer);
		// Read through the memory: a fixed value costs n8n one read for the run.
		const resourceOf = (itemIndex: number) => context.getNodeParameter('resource', itemIndex, '');
		const operationOf = (itemIndex: number) => context.getNodeParameter('operation', itemIndex, '');
		const oneAtATime = (itemIndex: number) => context.getNodeParameter(ONE_AT_A_TIME, itemIndex, false);
		/** What the item touches (actions/orderKeys.ts), or undefined to run it alone: a list, or One at a Time. */
		const keysOf = (itemIndex: number): string[] | undefined => {
			try {
				if (oneAtATime(itemIndex) === true) return undefined;
				return orderKeysOf((name) => memory.read(itemIndex, name), String(resourceOf(itemIndex)), String(operationOf(itemIndex)));
			} catch {
				return undefined;
			}
		};
		/** Gives the item its output items, or its error (Continue On Fail); false when the run stops at it. */
		const settle = async (itemIndex: number, work: () => Promise<INodeExecutionData[]>): Promise<boolean> => {
			try {
				outputs[itemIndex] = await work();
				return true;
			} catch (error) {
				const itemError = withItemIndex(context, error, itemIndex);
				if (continueOnFail) {
					// n8n keeps `json` to the message and carries the whole error (description with the
					// service code, `context.httpCode`) on `error`, which also routes the item to an error output.
					outputs[itemIndex] = [{ json: { error: itemError.message }, error: itemError, pairedItem: { item: itemIndex } }];
					return true;
				}
				failures.set(itemIndex, itemError);
				return false;
			} finally {
				memory.forget(itemIndex);
			}
		};
		const resource = String(resourceOf(0));
		const entityImport = findOperation(resource, String(operationOf(0)))?.entityImport;
		if (entityImport) {
			// Data Import: the items' entities go 50 to a request, not one request an item (actions/dataImport/batches.ts).
			await runImport(
				context,
				items.length,
				entityImport,
				async (itemIndex, work) => await settle(itemIndex, async () => outputItems(context, itemIndex, resource, await work(), [])),
			);
		} else {
			await runItemsInFlight(
				items.length,
				keysOf,
				async (itemIndex) =>
					await settle(itemIndex, () => runItem(context, itemIndex, String(resourceOf(itemIndex)), String(operationOf(itemIndex)))),
				window,
			);
		}
		if (failures.size > 0) throw firstFailure(failures, outputs);
		return [outputs.length === 1 ? outputs[0] : outputs.flat()];
	}
}

/** One item: its operation, run, and its output items through the secrets filter. */
async function runItem(
	context: IExecuteFunctions,
	itemIndex: number,
	resource: string,
	operationName: string,
): Promise<INodeExecutionData[]> {
	const operation = findOperation(resource, operationName);
	if (!operation) {
		throw new NodeOperationError(
			context.getNode(),
			`The operation "${operationName}" of the resource "${resource}" is not known [item ${itemIndex}]`,
			{ itemIndex, description: 'Pick the resource and the operation again from the dropdowns.' },
		);
	}
	// Read before anything is sent (it checks its switch, e.g. Reveal Tokens).
	const shown = operation.shownSecrets?.call(context, itemIndex) ?? [];
	const result = await operation.execute.call(context, itemIndex);
	return outputItems(context, itemIndex, resource, result, shown);
}

/** An item's output items through the secrets filter, paired with the item. */
function outputItems(
	context: IExecuteFunctions,
	itemIndex: number,
	resource: string,
	result: OperationResult | OperationResult[],
	shown: string[],
): INodeExecutionData[] {
	// Every output goes through the one secrets filter (helpers/secrets.ts), also what the
	// service echoed back; only the fields the operation exists to show keep their value.
	const secrets = knownSecrets(context);
	// One pairing for all the items one input item gave (a list can give 100,000).
	const pairedItem = { item: itemIndex };
	return (Array.isArray(result) ? result : [result]).map((output) => {
		if (!(output instanceof ItemWithFiles)) return { json: hideSecrets(output, resource, secrets, shown), pairedItem };
		return { json: hideSecrets(output.json, resource, secrets, shown), binary: output.binary, pairedItem };
	});
}

/**
 * The error the run stops with: the first failed item's, telling every item's outcome
 * (items/outcomes.ts): the counts in its message, each item in its description and, for a workflow
 * to read, in `context.itemOutcomes` (ranges of item indexes by outcome).
 */
function firstFailure(
	failures: Map<number, NodeApiError | NodeOperationError>,
	outputs: INodeExecutionData[][],
): NodeApiError | NodeOperationError {
	const first = Math.min(...failures.keys());
	const error = failures.get(first)!;
	if (outputs.length <= 1) return error;
	const outcome = outcomeOfStoppedRun(
		outputs.length,
		(itemIndex) => outputs[itemIndex] !== undefined,
		(itemIndex) => {
			const failure = failures.get(itemIndex);
			return failure && { mayHaveBeenApplied: failure.context.mayHaveBeenApplied === true };
		},
	);
	error.message = `${error.message} The run stopped: ${outcomeCounts(outcome)}.`;
	error.description = `${error.description ? `${error.description} ` : ''}${outcomeDetails(outcome)}`;
	error.context.itemOutcomes = {
		done: asRanges(outcome.done),
		failed: asRanges(outcome.failed),
		mayHaveBeenApplied: asRanges(outcome.mayHaveBeenApplied),
		notSent: asRanges(outcome.notSent),
	};
	return error;
}

/** Makes every error name its item, so a user of a long list sees which row failed. */
function withItemIndex(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	const nodeError = hideErrorSecrets(asNodeError(context.getNode(), error, itemIndex), knownSecrets(context));
	if (!nodeError.message.includes('[item ')) nodeError.message = `${nodeError.message} [item ${itemIndex}]`;
	nodeError.context.itemIndex = itemIndex;
	return keepHttpCode(nodeError);
}
