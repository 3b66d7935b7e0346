import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** GET /stats/messages: the published operation takes no parameter. */
export const getMessageMetrics: OperationDefinition = {
	value: 'getMessageMetrics',
	name: 'Get Message Metrics',
	action: "Get the app's message metrics",
	description: 'Get the messages sent and the read and delivery receipts of the app, counted per five minutes',
	returns: 'Returns startTime, endTime and dataPoints: per five minutes, messagesSent, readReceipts, deliveryReceipts and startTime.',
	properties: [],
	async execute(this: IExecuteFunctions) {
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['stats', 'messages'] });
		return response.data as IDataObject;
	},
};
