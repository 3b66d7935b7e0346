import type { IExecuteFunctions } from 'n8n-workflow';

import { optionOf } from '../../readers/values';
import { campaignsRequest, jsonObjectField, recordField, recordIdOf, recordOf, requiredJsonObjectOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { CHANNEL_TYPE_OPTIONS, CHANNEL_TYPES, TEMPLATE_RETURNS } from './fields';

/** PUT /v3/campaigns/templates/{id}/channels/{channelType}. */
export const updateChannelContent: OperationDefinition = {
	value: 'updateChannelContent',
	name: 'Update Channel Content',
	action: "Update a template's channel content",
	description: 'Replace what a template shows on one channel type',
	returns: TEMPLATE_RETURNS,
	properties: [
		recordField('template', 'The template whose content changes'),
		{ displayName: 'Channel Type', name: 'channelType', type: 'options', options: CHANNEL_TYPE_OPTIONS, default: 'in_app', required: true },
		jsonObjectField('content', 'Content (JSON)', 'What the channel shows, e.g. {"title": "Well done {{name}}"}', true),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'template');
		const channelType = optionOf(this, itemIndex, 'Channel Type', this.getNodeParameter('channelType', itemIndex, ''), CHANNEL_TYPES);
		const content = requiredJsonObjectOf(this, itemIndex, 'Content (JSON)', this.getNodeParameter('content', itemIndex, ''));
		return recordOf(await campaignsRequest(this, { method: 'PUT', path: ['templates', id, 'channels', channelType], body: { content } }));
	},
};
