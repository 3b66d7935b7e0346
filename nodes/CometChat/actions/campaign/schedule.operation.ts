import type { IExecuteFunctions } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { optionalEpochSecondsOf } from '../../readers/dates';
import { appliedEarlier } from '../../transport/request';
import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { campaignStateLookup } from './fields';

/**
 * POST /v3/campaigns/campaigns/{id}/schedule with `scheduledAt` in unix seconds (readers/dates.ts).
 * After a lost answer the campaign is read: scheduled at that time is the schedule done.
 */
export const schedule: OperationDefinition = {
	value: 'schedule',
	name: 'Schedule',
	action: 'Schedule a campaign',
	description: 'Schedule a draft campaign to be sent at a time',
	returns: 'Returns the campaign, now scheduled: id, name, status, scheduledAt, recipientSummary and more.',
	properties: [
		recordField('campaign', 'The draft campaign to schedule'),
		{
			displayName: 'Send At',
			name: 'scheduledAt',
			type: 'dateTime',
			default: '',
			required: true,
			description: 'When to send it: a date and time in the future',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		const scheduledAt = optionalEpochSecondsOf(this, itemIndex, 'Send At', this.getNodeParameter('scheduledAt', itemIndex, ''));
		if (scheduledAt === undefined) throw fieldError(this, itemIndex, 'Send At', 'is empty', "Pick when to send the campaign in 'Send At'.");
		const findApplied = campaignStateLookup(
			this,
			id,
			(campaign) => campaign.status === 'scheduled' && campaign.scheduledAt === scheduledAt,
		);
		const response = await campaignsRequest(this, {
			method: 'POST',
			path: ['campaigns', id, 'schedule'],
			body: { scheduledAt },
			findApplied,
		});
		return { ...recordOf(response), ...appliedEarlier(response) };
	},
};
