import type { IDataObject } from 'n8n-workflow';

import { withIsoTimes } from '../../fields/lists';
import { compact } from '../../readers/values';
import { moderatedMessageHead } from '../blockedMessage/simplify';
import { latestFlag } from '../flaggedMessage/simplify';

/** The fields of a simplified reviewed message (Simplify): at most 10. */
export const SIMPLIFIED_REVIEWED_MESSAGE_FIELDS = [
	'id',
	'sender',
	'receiver',
	'text',
	'status',
	'ruleId',
	'ruleName',
	'reason',
	'flaggedCount',
	'createdAt',
];

/**
 * A reviewed message in short. The list holds blocked-message records (the message under `message`,
 * the rule that held it) and flagged-message records (the message's own fields, `flaggedBy`): both
 * give the message's id, parties, text and moderation status, then the rule or the latest flag's reason.
 */
export function simplifyReviewedMessage(record: IDataObject): IDataObject {
	return withIsoTimes(
		compact({
			...moderatedMessageHead((record.message ?? record) as IDataObject, record),
			reason: latestFlag(record)?.reasonName,
			flaggedCount: record.flaggedCount,
			createdAt: record.createdAt,
		}),
	);
}
