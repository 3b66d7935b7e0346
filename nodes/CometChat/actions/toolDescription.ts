/**
 * What an AI agent's model reads about each operation of the node's AI tool (n8n derives
 * `cometChatTool` from `usableAsTool`). n8n's own text is only "<action> in CometChat", which does not
 * say what the tool returns; a node with a `toolDescription` field of its own gets no
 * "Tool Description: Set Automatically / Set Manually" choice, and the model reads the field's value
 * (n8n-workflow `getToolDescriptionForNode`). So each operation has its Description, shown only in
 * the tool, filled in with what the operation does and what it returns, and the user can edit it.
 */
import type { INodeProperties } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { TOOL_LIST_LIMIT } from '../fields/lists';
import type { OperationDefinition } from './types';

/** The longest description the tool gives the model by default: a few lines, read on every call. */
export const TOOL_DESCRIPTION_MAX_LENGTH = 300;

/** At most this many sentences ("e.g." and dotted names such as data.moderation.status end none). */
export const TOOL_DESCRIPTION_MAX_SENTENCES = 3;

/** The sentences of a text: ". " / "! " / "? " or the end close one, except after "e.g." and "i.e.". */
export function sentencesOf(text: string): string[] {
	return text
		.split(/(?<=[.!?])(?<!\b(?:e\.g|i\.e)\.)\s+/)
		.map((sentence) => sentence.trim())
		.filter((sentence) => sentence !== '');
}

/** Whether the operation lists records up to a Limit (fields/lists.ts, or a list of its own). */
export function isListOperation(operation: OperationDefinition): boolean {
	return operation.properties.some((field) => field.name === 'limit');
}

/**
 * The sentence on what the operation returns: its own, or for a list one derived from its Limit and
 * Simplify. Every other operation has its own (test/node/toolRules.test.ts): a sentence that fits
 * every operation ("the record CometChat answers with") tells a model nothing it can act on.
 */
function returnsOf(operation: OperationDefinition): string {
	if (operation.returns !== undefined) return operation.returns;
	if (!isListOperation(operation)) return '';
	const shape = operation.simplified ? `, simplified to fields such as ${operation.simplified.slice(0, 3).join(', ')}` : '';
	return `Returns up to Limit (${TOOL_LIST_LIMIT} by default) records, one item each${shape}.`;
}

/** The model's default description of an operation: what it does, then what it returns. */
export function toolDescriptionOf(operation: OperationDefinition): string {
	const does = operation.description.replace(/\.?$/, '.');
	const returns = returnsOf(operation);
	return returns === '' ? does : `${does} ${returns}`;
}

/**
 * The operation's Description in the tool. None for Send and Wait for Response: n8n's approval tool
 * (`cometChatHitlTool`, tool-generation/hitl-tools.js) keeps every field of that operation and also
 * counts as a tool, and nothing in its parameters tells it from the plain tool, so it would show a
 * Description that no model reads (the model reads the gated tool's). That operation keeps n8n's own text.
 */
export function toolDescriptionFields(operation: OperationDefinition): INodeProperties[] {
	if (operation.value === SEND_AND_WAIT_OPERATION) return [];
	return [
		{
			displayName: 'Description',
			name: 'toolDescription',
			type: 'string',
			default: toolDescriptionOf(operation),
			required: true,
			typeOptions: { rows: 3 },
			description: 'What the AI agent reads about this tool: what it does and what it returns',
			displayOptions: { show: { '@tool': [true] } },
		},
	];
}
