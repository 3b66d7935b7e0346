import type { IExecuteFunctions } from 'n8n-workflow';

import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { IMPORT_JOB_RETURNS } from './fields';

/** GET /v3/campaigns/campaigns/{id}/import-status: the latest import (404 when there is none). */
export const getImportStatus: OperationDefinition = {
	value: 'getImportStatus',
	name: 'Get Import Status',
	action: "Get a campaign's import status",
	description: "The status of the campaign's latest CSV import: rows imported and failed",
	returns: IMPORT_JOB_RETURNS,
	properties: [recordField('campaign', 'The campaign')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		return recordOf(await campaignsRequest(this, { method: 'GET', path: ['campaigns', id, 'import-status'] }));
	},
};
