import type { ResourceDefinition } from './types';

/**
 * The actions of the CometChat Everyday node (CometChatEveryday.node.ts): the jobs most workflows
 * come for. n8n's node panel lists a node's actions grouped by resource, every action of every
 * resource, in the dropdowns' order: among the CometChat node's 157, "Send a message" is row 88.
 * These nine, in four groups, fit on the panel's first screen (1440 × 900, e2e/screenshot.js
 * measures it in both n8n versions); adding one more row no longer does. Every action stays in the
 * CometChat node.
 */
export const EVERYDAY_ACTIONS: Readonly<Record<string, readonly string[]>> = {
	message: ['send', 'sendAndWait', 'getAll'],
	user: ['create', 'getAll', 'update'],
	groupMember: ['add', 'ban'],
	flaggedMessage: ['getAll'],
};

/**
 * The resources of `selection`, in its order, each with only its selected operations (in the
 * resource's own order); a resource whose default operation is left out opens on its first one.
 */
export function selectActions(all: ResourceDefinition[], selection: Readonly<Record<string, readonly string[]>>): ResourceDefinition[] {
	return Object.entries(selection).map(([resourceValue, operationValues]) => {
		const resource = all.find(({ value }) => value === resourceValue);
		if (!resource) throw new Error(`No resource "${resourceValue}"`);
		const operations = resource.operations.filter(({ value }) => operationValues.includes(value));
		const missing = operationValues.filter((value) => !operations.some((operation) => operation.value === value));
		if (missing.length > 0) throw new Error(`No operation ${missing.join(', ')} in the resource "${resourceValue}"`);
		const defaultOperation = operationValues.includes(resource.defaultOperation) ? resource.defaultOperation : operations[0].value;
		return { ...resource, operations, defaultOperation };
	});
}
