import type { IDataObject } from 'n8n-workflow';

import { withIsoTimes } from '../../fields/lists';
import { compact } from '../../readers/values';

/**
 * The fields a simplified flagged message has (Simplify, and the trigger's output, which
 * adds `event`): at most 10 in all, as n8n's guidelines ask. The receiver's type and the flag's
 * remark stay in the raw record.
 */
export const SIMPLIFIED_FLAGGED_MESSAGE_FIELDS = [
	'id',
	'sender',
	'receiver',
	'text',
	'flaggedCount',
	'reasonId',
	'reason',
	'flaggedBy',
	'flaggedAt',
];

/** The latest entry of `flaggedBy` (largest `flaggedAt`; on a tie, the later entry). */
export function latestFlag(record: IDataObject): IDataObject | undefined {
	const flags = Array.isArray(record.flaggedBy) ? (record.flaggedBy as IDataObject[]) : [];
	let latest: IDataObject | undefined;
	for (const flag of flags) {
		if (!latest || Number(flag.flaggedAt ?? 0) >= Number(latest.flaggedAt ?? 0)) latest = flag;
	}
	return latest;
}

/**
 * A flagged message (docs/cometchat-api.md, Moderation) in short: who sent what to whom, how often
 * it was flagged, and the latest flag's reason (id and name), flagger and time.
 */
export function simplifyFlaggedMessage(record: IDataObject): IDataObject {
	const data = (record.data ?? {}) as IDataObject;
	const latest = latestFlag(record) ?? {};
	return withIsoTimes(
		compact({
			id: record.id,
			sender: record.sender,
			receiver: record.receiver,
			text: data.text,
			flaggedCount: record.flaggedCount,
			reasonId: latest.reasonId,
			reason: latest.reasonName,
			flaggedBy: latest.uid,
			flaggedAt: latest.flaggedAt,
		}),
	);
}
