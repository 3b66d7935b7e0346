import type { ResourceDefinition } from '../types';
import { addRecipients } from './addRecipients.operation';
import { cancel } from './cancel.operation';
import { create } from './create.operation';
import { deleteCampaign } from './delete.operation';
import { get } from './get.operation';
import { getImportStatus } from './getImportStatus.operation';
import { getMany } from './getMany.operation';
import { getRecipients } from './getRecipients.operation';
import { getRecipientSummary } from './getRecipientSummary.operation';
import { getSequenceMetrics } from './getSequenceMetrics.operation';
import { getUploadUrl } from './getUploadUrl.operation';
import { importCsv } from './importCsv.operation';
import { schedule } from './schedule.operation';
import { send } from './send.operation';
import { update } from './update.operation';

export const campaign: ResourceDefinition = {
	value: 'campaign',
	name: 'Campaign',
	description: 'Campaigns of a template to a list of recipients: draft, schedule, send, cancel, metrics (Campaigns service)',
	operations: [
		addRecipients,
		cancel,
		create,
		deleteCampaign,
		get,
		getImportStatus,
		getMany,
		getRecipients,
		getRecipientSummary,
		getSequenceMetrics,
		getUploadUrl,
		importCsv,
		schedule,
		send,
		update,
	],
	defaultOperation: getMany.value,
};
