import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { optionOf } from '../../readers/values';
import { campaignsRequest, recordOf } from '../campaignService';
import { CHANNEL_TYPE_OPTIONS, CHANNEL_TYPES } from '../campaignTemplate/fields';
import type { OperationDefinition } from '../types';
import { CHANNEL_RETURNS, channelBodyOf, ENABLED_FIELD, METADATA_FIELD, NAME_FIELD } from './fields';

/** POST /v3/campaigns/channels. Not sent again after a lost answer (the emulator's "duplicate channelId" would not say which). */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a campaign channel',
	description: 'Create a channel that campaign notifications go out through: in-app feed, push, email, …',
	returns: CHANNEL_RETURNS,
	properties: [
		{ ...NAME_FIELD, required: true },
		{ displayName: 'Type', name: 'type', type: 'options', options: CHANNEL_TYPE_OPTIONS, default: 'in_app', required: true },
		{
			displayName: 'Additional Fields',
			name: 'additionalFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Channel Slug',
					name: 'channelId',
					type: 'string',
					default: '',
					placeholder: 'e.g. cc-notification-channel-my-push',
					description: 'A readable ID of the channel; made from the name when empty',
				},
				ENABLED_FIELD,
				METADATA_FIELD,
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const fields = {
			...(this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
			name: this.getNodeParameter('name', itemIndex, ''),
		};
		const type = optionOf(this, itemIndex, 'Type', this.getNodeParameter('type', itemIndex, ''), CHANNEL_TYPES);
		const { body, secrets } = channelBodyOf(this, itemIndex, fields, true);
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['channels'], body: { ...body, type }, secrets }));
	},
};
