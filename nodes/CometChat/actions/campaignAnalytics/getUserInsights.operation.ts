import type { IExecuteFunctions } from 'n8n-workflow';

import { userField } from '../../fields/common';
import { requiredUid } from '../../readers/text';
import { campaignsRequest, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { analyticsOptions, analyticsQueryOf } from './fields';

/** GET /v3/campaigns/analytics/users/{userId}: viewed, clicked, interacted and the last engagement (unix seconds or null). */
export const getUserInsights: OperationDefinition = {
	value: 'getUserInsights',
	name: 'Get User Insights',
	action: "Get a user's engagement insights",
	description: 'How many notifications a user viewed, clicked and interacted with, and when last',
	returns: 'Returns userId, viewed, clicked, interacted and lastEngagement (epoch seconds, or null).',
	properties: [userField('The user'), analyticsOptions(true)],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredUid(this, itemIndex, 'uid', 'User');
		return recordOf(
			await campaignsRequest(this, { method: 'GET', path: ['analytics', 'users', uid], qs: analyticsQueryOf(this, itemIndex) }),
		);
	},
};
