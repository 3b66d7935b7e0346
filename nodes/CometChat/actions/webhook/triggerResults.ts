import type { IDataObject } from 'n8n-workflow';

import { isRecord } from '../../helpers/records';

/**
 * The output of Add Triggers and Remove Triggers: one item per trigger when the answer's `data`
 * holds a result per trigger (`{ "<trigger>": { success, message } }`, as Add Triggers is
 * published), else one item with the triggers sent and the answer's own result (Remove Triggers is
 * published answering `{ success, message }` for all of them).
 */
export function triggerResultsOf(webhookId: string, triggerIds: string[], data: unknown): IDataObject[] {
	const results = isRecord(data) ? data : {};
	if (triggerIds.every((trigger) => isRecord(results[trigger]))) {
		return triggerIds.map((trigger) => ({ webhookId, trigger, ...(results[trigger] as IDataObject) }));
	}
	return [{ webhookId, triggerIds, ...results }];
}
