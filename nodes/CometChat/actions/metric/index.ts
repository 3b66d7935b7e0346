import type { ResourceDefinition } from '../types';
import { getMessageMetrics } from './getMessageMetrics.operation';
import { getUsage } from './getUsage.operation';

/** The app's metrics (GET /stats and /stats/messages), named as an n8n user looks for them. */
export const metric: ResourceDefinition = {
	value: 'metric',
	name: 'Metric',
	description: "The app's usage and message counts",
	operations: [getUsage, getMessageMetrics],
	defaultOperation: getUsage.value,
};
