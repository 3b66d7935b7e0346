import type { IExecuteFunctions } from 'n8n-workflow';

import { isRecord } from '../../helpers/records';
import { requiredTextOf } from '../../readers/text';
import type { AppliedLookup } from '../../transport/request';
import { appliedEarlier } from '../../transport/request';
import { serviceCodeOf, undecidedAfter } from '../../transport/requestErrors';
import { campaignsRequest, recordField, recordIdOf, recordOf } from '../campaignService';
import type { OperationDefinition } from '../types';
import { IMPORT_JOB_RETURNS } from './fields';

/**
 * POST /v3/campaigns/campaigns/{id}/import-csv with the `s3Key` of an uploaded CSV. After a lost
 * answer (or a conflict after one), the import status is read: an import of that key is the import
 * done, so a file is never imported twice.
 */
export const importCsv: OperationDefinition = {
	value: 'importCsv',
	name: 'Import CSV',
	action: 'Import recipients from a CSV',
	description: 'Start importing the recipients of a CSV uploaded to the URL of Get CSV Upload URL',
	returns: IMPORT_JOB_RETURNS,
	properties: [
		recordField('campaign', 'The draft campaign'),
		{
			displayName: 'Upload Key',
			name: 's3Key',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. {{ $json.s3Key }}',
			description: 'The key Get CSV Upload URL gave with the URL the CSV was uploaded to',
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = recordIdOf(this, itemIndex, 'campaign');
		const s3Key = requiredTextOf(
			this,
			itemIndex,
			'Upload Key',
			this.getNodeParameter('s3Key', itemIndex, ''),
			"Give the upload's key in 'Upload Key'.",
		);
		const findApplied = async (deadline: number): Promise<AppliedLookup> => {
			try {
				const status = await campaignsRequest(this, { method: 'GET', path: ['campaigns', id, 'import-status'], deadline });
				return isRecord(status.data) && status.data.s3Key === s3Key ? { found: status } : { notFound: true };
			} catch (error) {
				if (serviceCodeOf(error) === 'ERR_NOT_FOUND') return { notFound: true };
				return undecidedAfter(`reading the import status of campaign ${id}`, error);
			}
		};
		const response = await campaignsRequest(this, {
			method: 'POST',
			path: ['campaigns', id, 'import-csv'],
			body: { s3Key },
			alreadyDone: ['ERR_CONFLICT'],
			findApplied,
		});
		return { ...recordOf(response), ...appliedEarlier(response) };
	},
};
