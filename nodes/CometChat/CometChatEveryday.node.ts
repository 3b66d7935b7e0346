import type { INodeTypeDescription } from 'n8n-workflow';

import { CometChat } from './CometChat.node';
import { nodeProperties, resources } from './actions';
import { EVERYDAY_ACTIONS, selectActions } from './actions/everyday';

/**
 * The everyday jobs on the node panel's first screen (actions/everyday.ts): the CometChat node with
 * nine of its actions. It runs them as the CometChat node does, field for field.
 */
export class CometChatEveryday extends CometChat {
	description: INodeTypeDescription = {
		// The CometChat node's versions, icon and send-and-wait webhook: the same fields.
		...withoutTool(this.description),
		displayName: 'CometChat Everyday',
		name: 'cometChatEveryday',
		// Two lines in the panel, above the actions: a longer one pushes the last below the first screen.
		description: 'Send and list messages, create and update users, add and ban members, list flags',
		defaults: { name: 'CometChat Everyday' },
		// Its actions are all the API key's: the management credential (Webhook) is not offered.
		credentials: [{ name: 'cometChatApi', required: true }],
		properties: nodeProperties(selectActions(resources, EVERYDAY_ACTIONS)),
	};
}

/** The CometChat node is the agents' tool, one tool for every action: this node is not offered as a second. */
function withoutTool(description: INodeTypeDescription): INodeTypeDescription {
	const rest = { ...description };
	delete rest.usableAsTool;
	return rest;
}
