import type { IDataObject } from 'n8n-workflow';

import { simplifyBlockedMessage } from '../actions/blockedMessage/simplify';
import { latestFlag, simplifyFlaggedMessage } from '../actions/flaggedMessage/simplify';

/**
 * What the trigger watches. Each event is a moderation list served newest first, a timestamp that
 * orders it (whole seconds), and an id. A record's key is its id at its second: a message flagged
 * again later is a new occurrence, and so is a message blocked again after an edit.
 */
export interface TriggerEvent {
	value: 'flaggedMessage' | 'blockedMessage';
	name: string;
	path: string[];
	timestampOf(record: IDataObject): number;
	/** Where a record holds the message's id (a record without it is a garbled answer). */
	identity: string;
	/** The message's id: with the timestamp, the occurrence's key. */
	idOf(record: IDataObject): string;
	/** Whether the record passes the user's filter (a reason or a rule id), if any. */
	matches(record: IDataObject, filterId: string): boolean;
	simplify(record: IDataObject): IDataObject;
}

const flaggedAtOf = (record: IDataObject) => Number(latestFlag(record)?.flaggedAt ?? 0);

export const TRIGGER_EVENTS: TriggerEvent[] = [
	{
		value: 'flaggedMessage',
		name: 'New Flagged Message',
		path: ['moderation', 'flagged-messages'],
		timestampOf: flaggedAtOf,
		identity: 'id',
		idOf: (record) => String(record.id),
		// The reason of the flag that made this occurrence: the latest one.
		matches: (record, reasonId) => latestFlag(record)?.reasonId === reasonId,
		simplify: simplifyFlaggedMessage,
	},
	{
		value: 'blockedMessage',
		name: 'New Blocked Message',
		path: ['moderation', 'blocked-messages'],
		timestampOf: (record) => Number(record.createdAt ?? 0),
		identity: 'message.id',
		idOf: (record) => String((record.message as IDataObject | undefined)?.id),
		matches: (record, ruleId) => record.ruleId === ruleId,
		simplify: simplifyBlockedMessage,
	},
];
