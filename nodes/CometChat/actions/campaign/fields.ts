import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isRecord } from '../../helpers/records';
import type { AppliedLookup, CometChatResponse } from '../../transport/request';
import { serviceCodeOf, undecidedAfter } from '../../transport/requestErrors';
import { campaignsRequest } from '../campaignService';

/**
 * A campaign's statuses as the package reads them (unpublished: docs/cometchat-api.md, Campaigns):
 * a draft is edited, given recipients and scheduled; a draft or scheduled one is sent; a scheduled
 * or sending one is cancelled.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'completed', 'cancelled', 'failed'] as const;
export const STATUS_OPTIONS = CAMPAIGN_STATUSES.map((status) => ({ name: status[0].toUpperCase() + status.slice(1), value: status }));

/**
 * The lookup that makes a campaign's send, schedule or cancel safe to repeat after an attempt whose
 * answer was lost: the campaign read again. `applied` says from the campaign whether the write took
 * effect: then that campaign is the answer; if not, the write is sent again.
 */
export function campaignStateLookup(
	context: IExecuteFunctions,
	campaignId: string,
	applied: (campaign: IDataObject) => boolean,
): (deadline: number) => Promise<AppliedLookup> {
	return async (deadline) => {
		let response: CometChatResponse;
		try {
			response = await campaignsRequest(context, { method: 'GET', path: ['campaigns', campaignId], deadline });
		} catch (error) {
			if (serviceCodeOf(error) === 'ERR_NOT_FOUND') return { notFound: true };
			return undecidedAfter(`reading the campaign ${campaignId}`, error);
		}
		if (!isRecord(response.data)) return { undecided: `reading the campaign ${campaignId} gave no record` };
		return applied(response.data) ? { found: response } : { notFound: true };
	};
}

/** What a CSV import's record holds (Import CSV and Get Import Status), for the AI tool's description. */
export const IMPORT_JOB_RETURNS = 'Returns the import: id, s3Key, status, totalRows, importedRows, failedRows and errors.';
