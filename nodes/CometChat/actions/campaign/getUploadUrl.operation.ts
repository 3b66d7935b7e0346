import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';

/** POST /v3/campaigns/campaigns/{id}/recipients/upload-url (no body): a new upload URL, safe to ask for again. */
export const getUploadUrl: OperationDefinition = {
	value: 'getUploadUrl',
	name: 'Get CSV Upload URL',
	action: 'Get an upload URL for a recipient CSV',
	description: 'Get a URL to PUT a CSV of recipients to, and the key Import CSV then takes',
	returns: 'Returns uploadUrl (PUT the CSV there), s3Key (for Import CSV) and expiresIn (seconds).',
	properties: [recordField('campaign', 'The draft campaign')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		return recordOf(await campaignsRequest(this, { method: 'POST', path: ['campaigns', id, 'recipients', 'upload-url'], retrySafe: true }));
	},
};
