import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordsOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** GET /v3/campaigns/channels/availability: one item per channel type. */
export const getAvailability: OperationDefinition = {
	value: 'getAvailability',
	name: 'Get Availability',
	action: 'Get channel type availability',
	description: 'Which channel types the app may use, and how many channels of each it has',
	returns: 'Returns one item per channel type: channelType, available, count (channels it has) and limit.',
	properties: [],
	async execute(this: IExecuteFunctions) {
		return recordsOf(await campaignsRequest(this, { method: 'GET', path: ['channels', 'availability'] }));
	},
};
