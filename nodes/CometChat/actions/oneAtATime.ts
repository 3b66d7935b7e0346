import type { INodeProperties } from 'n8n-workflow';

import { ORDER_KEYS } from './orderKeys';
import type { ResourceDefinition } from './types';

/** The name of the One at a Time switch (read by CometChat.node.ts for each item). */
export const ONE_AT_A_TIME = 'oneAtATime';

/**
 * One at a Time, for each resource's operations that run many items in flight (actions/orderKeys.ts):
 * the switch for workflows that need a strict sequence across all items.
 */
export function oneAtATimeFields(resources: ResourceDefinition[]): INodeProperties[] {
	return resources.flatMap((resource): INodeProperties[] => {
		const operations = resource.operations
			.map(({ value }) => value)
			.filter((operation) => {
				const rule = ORDER_KEYS[`${resource.value}:${operation}`];
				return rule !== undefined && rule !== 'alone';
			});
		if (operations.length === 0) return [];
		return [
			{
				displayName: 'One at a Time',
				name: ONE_AT_A_TIME,
				type: 'boolean',
				default: false,
				description:
					"Whether to send each item only after the previous item's answer came. Off, items that touch different users, groups, members or conversations are sent together (up to 256 at once, fewer when CometChat signals its rate limit), while items that touch the same one still go in input order.",
				displayOptions: { show: { resource: [resource.value], operation: operations } },
			},
		];
	});
}
