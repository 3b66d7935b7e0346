/**
 * The CometChat node's AI tool variants, as n8n derives them when it loads the package (n8n's
 * tool-generation: `cometChatTool` from `usableAsTool`, `cometChatHitlTool` from Send and Wait for
 * Response). The `@tool` display condition reads the "Tool" suffix of the type's name.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { NODE_TYPE, registerNodeType } from './engine';

export const TOOL_TYPE = `${NODE_TYPE}Tool`;

/**
 * The tool: the same node, renamed. n8n adds its own Tool Description choice only to a node without
 * a `toolDescription` field; this node has one per operation (actions/toolDescription.ts).
 */
export function toolVariant(): INodeType {
	const node = new CometChat();
	node.description = { ...structuredClone(node.description), name: `${node.description.name}Tool`, displayName: 'CometChat Tool' };
	return node;
}

/**
 * The approval tool: the node's fields with Resource, Operation and Response Type fixed (hidden) and
 * its own Message in place of the node's, as tool-generation/hitl-tools.js builds it.
 */
export function hitlToolVariant(): INodeType {
	const node = new CometChat();
	const description = structuredClone(node.description);
	const fixed = (name: string, value: string): INodeProperties => ({ displayName: name, name, type: 'hidden', default: value });
	const message: INodeProperties = { displayName: 'Message', name: 'message', type: 'string', default: 'Approve?', required: true };
	const properties = description.properties.flatMap((field): INodeProperties[] => {
		if (field.name === 'resource') return [fixed('resource', 'message')];
		if (field.name === 'operation') return [fixed('operation', SEND_AND_WAIT_OPERATION)];
		if (field.name === 'responseType') return [fixed('responseType', 'approval')];
		return field.name === 'message' ? [] : [field];
	});
	node.description = { ...description, name: `${description.name}HitlTool`, properties: [message, ...properties] };
	return node;
}

/** Registers the tool with the test engine, for runs with `{ type: TOOL_TYPE }`. */
export function registerTool(): INodeType {
	const tool = toolVariant();
	registerNodeType(TOOL_TYPE, tool);
	return tool;
}
