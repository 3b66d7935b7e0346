import type { IExecuteFunctions } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { uidListOf } from '../../readers/lists';
import { campaignsRequest, jsonObjectField, recordField, recordIdOf, recordOf, userVariablesOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** The most user IDs one request adds (AddRecipientsDto.userIds, maxItems). */
const MAX_RECIPIENTS_PER_REQUEST = 10_000;

/**
 * POST /v3/campaigns/campaigns/{id}/recipients. Not sent again after a lost answer: whether the
 * service keeps a user once is unpublished, and a recipient twice could be notified twice.
 */
export const addRecipients: OperationDefinition = {
	value: 'addRecipients',
	name: 'Add Recipients',
	action: 'Add recipients to a campaign',
	description: 'Add users to a draft campaign, each with their own variables',
	returns: "Returns campaignId and the service's counts of recipients: added, updated and total.",
	properties: [
		recordField('campaign', 'The draft campaign'),
		{
			displayName: 'Users',
			name: 'userIds',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. ada, alan',
			description: 'The users to add: UIDs separated by commas, or a list from an expression (at most 10,000)',
		},
		jsonObjectField('userVariables', 'Variables by User (JSON)', 'Per UID, its values of the variables, e.g. {"ada": {"name": "Ada"}}'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		const userIds = uidListOf(this, itemIndex, 'Users', this.getNodeParameter('userIds', itemIndex, ''), MAX_RECIPIENTS_PER_REQUEST);
		if (userIds.length === 0) throw fieldError(this, itemIndex, 'Users', 'is empty', "Give 1 to 10,000 UIDs in 'Users'.");
		const userVariables = userVariablesOf(
			this,
			itemIndex,
			'Variables by User (JSON)',
			this.getNodeParameter('userVariables', itemIndex, ''),
		);
		const stranger = Object.keys(userVariables ?? {}).find((uid) => !userIds.includes(uid));
		if (stranger !== undefined) {
			throw fieldError(
				this,
				itemIndex,
				'Variables by User (JSON)',
				`has variables for "${stranger}", who is not in 'Users'`,
				"Key the variables by the UIDs in 'Users'.",
			);
		}
		const body = userVariables === undefined ? { userIds } : { userIds, userVariables };
		return { campaignId: id, ...recordOf(await campaignsRequest(this, { method: 'POST', path: ['campaigns', id, 'recipients'], body })) };
	},
};
