import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes, NodeOperationError, SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { findOperation, nodeProperties } from './actions';
import { sendAndWait } from './actions/message/sendAndWait/sendAndWait.operation';
import { sendAndWaitWebhook, sendAndWaitWebhooks } from './actions/message/sendAndWait/webhook';
import { asNodeError, hideErrorSecrets, keepHttpCode } from './helpers/itemErrors';
import { hideSecrets, knownSecrets } from './helpers/secrets';
import { listSearch, loadOptions } from './methods';

export class CometChat implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CometChat',
		name: 'cometChat',
		icon: { light: 'file:cometchat.svg', dark: 'file:cometchat.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage CometChat users, groups, messages, interactive forms, calls, push tokens and content moderation',
		defaults: { name: 'CometChat' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'cometChatApi', required: true }],
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
		// Each input item's output items, in order: built at their final size, so a list of 100,000
		// records is not copied into a growing array.
		const outputs: INodeExecutionData[][] = [];
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			try {
				const resource = this.getNodeParameter('resource', itemIndex) as string;
				const operationName = this.getNodeParameter('operation', itemIndex) as string;
				const operation = findOperation(resource, operationName);
				if (!operation) {
					throw new NodeOperationError(
						this.getNode(),
						`The operation "${operationName}" of the resource "${resource}" is not known [item ${itemIndex}]`,
						{ itemIndex, description: 'Pick the resource and the operation again from the dropdowns.' },
					);
				}
				// Read before anything is sent (it checks its switch, e.g. Reveal Tokens).
				const shown = operation.shownSecrets?.call(this, itemIndex) ?? [];
				const result = await operation.execute.call(this, itemIndex);
				// Every output goes through the one secrets filter (helpers/secrets.ts), also what the
				// service echoed back; only the fields the operation exists to show keep their value.
				const secrets = knownSecrets(this);
				// One pairing for all the items one input item gave (a list can give 100,000).
				const pairedItem = { item: itemIndex };
				outputs.push(
					(Array.isArray(result) ? result : [result]).map((json) => ({
						json: hideSecrets(json, resource, secrets, shown),
						pairedItem,
					})),
				);
			} catch (error) {
				const itemError = withItemIndex(this, error, itemIndex);
				if (this.continueOnFail()) {
					// n8n keeps `json` to the message and carries the whole error (description with the
					// service code, `context.httpCode`) on `error`, which also routes the item to an error output.
					outputs.push([{ json: { error: itemError.message }, error: itemError, pairedItem: { item: itemIndex } }]);
					continue;
				}
				throw itemError;
			}
		}
		return [outputs.length === 1 ? outputs[0] : outputs.flat()];
	}
}

/** Makes every error name its item, so a user of a long list sees which row failed. */
function withItemIndex(context: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	const nodeError = hideErrorSecrets(asNodeError(context.getNode(), error, itemIndex), knownSecrets(context));
	if (!nodeError.message.includes('[item ')) nodeError.message = `${nodeError.message} [item ${itemIndex}]`;
	nodeError.context.itemIndex = itemIndex;
	return keepHttpCode(nodeError);
}
