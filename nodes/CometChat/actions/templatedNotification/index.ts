import type { ResourceDefinition } from '../types';
import { send } from './send.operation';

export const templatedNotification: ResourceDefinition = {
	value: 'templatedNotification',
	name: 'Templated Notification',
	description: "Send a campaign template's notification to users at once (Campaigns service)",
	operations: [send],
	defaultOperation: send.value,
};
