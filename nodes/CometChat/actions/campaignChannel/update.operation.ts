import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireChanges } from '../../readers/fieldErrors';
import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { CHANNEL_RETURNS, channelBodyOf, ENABLED_FIELD, METADATA_FIELD, NAME_FIELD } from './fields';

/** PUT /v3/campaigns/channels/{id}: only the fields given; metadata values sent as secrets. */
export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a campaign channel',
	description: 'Rename, enable or disable a channel, or change its metadata',
	returns: CHANNEL_RETURNS,
	properties: [
		recordField('channel', 'The channel to update'),
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [ENABLED_FIELD, METADATA_FIELD, NAME_FIELD],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'channel');
		const { body, secrets } = channelBodyOf(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject, false);
		requireChanges(this, itemIndex, body, "Add 'Name', 'Enabled' or 'Metadata (JSON)' under 'Update Fields'.");
		return recordOf(await campaignsRequest(this, { method: 'PUT', path: ['channels', id], body, secrets }));
	},
};
