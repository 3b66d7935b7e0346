import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { CHANNEL_RETURNS } from './fields';

/** GET /v3/campaigns/channels/{id}: the ID or the slug. */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a campaign channel',
	description: 'Get a campaign channel; its metadata shows only its keys',
	returns: CHANNEL_RETURNS,
	properties: [recordField('channel', 'The channel to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'channel');
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['channels', id] }));
	},
};
