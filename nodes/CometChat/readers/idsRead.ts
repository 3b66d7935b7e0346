/**
 * The IDs an item's operation read, by the field that held them, kept while the item runs. When
 * CometChat then refuses one (ERR_UID_NOT_FOUND, "The UID nobody-here does not exist"), the error
 * can name the field, as the readers' own errors do (actions/refusedField.ts). Only IDs are kept:
 * a refused value is an ID, and a free text (a message, a name) could match any word of an error.
 * Secrets among them (auth tokens) are only compared, never put into a message.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

/** What an ID is, as far as its reader knows: a UID, a GUID, a message ID, or another ID (a role, a token, ...). */
export type IdKind = 'uid' | 'guid' | 'message' | 'id';

export interface IdRead {
	/** The field's display name, as the readers' errors name it. */
	label: string;
	value: string;
	kind: IdKind;
}

/** Per run context, per item being recorded: the IDs read, by label and value. */
const recording = new WeakMap<object, Map<number, Map<string, IdRead>>>();

/**
 * Starts keeping the IDs an item reads; the function returned stops and forgets them. Nothing is kept
 * for an item that is not recorded (a trigger, a list search), so readers cost nothing there. An item
 * already recorded (an operation run inside another's recording) is left to the outer recording.
 */
export function recordIdsRead(context: IExecuteFunctions, itemIndex: number): () => void {
	let items = recording.get(context);
	if (!items) recording.set(context, (items = new Map()));
	if (items.has(itemIndex)) return () => {};
	items.set(itemIndex, new Map());
	return () => items.delete(itemIndex);
}

/** Notes an ID an item read; a UID, GUID or message ID first read as a plain ID takes its kind. */
export function noteIdRead(context: IExecuteFunctions, itemIndex: number, label: string, value: string, kind: IdKind): void {
	const ids = recording.get(context)?.get(itemIndex);
	if (!ids || value === '') return;
	const key = `${label}\u0000${value}`;
	const known = ids.get(key);
	if (!known) ids.set(key, { label, value, kind });
	else if (kind !== 'id') known.kind = kind;
}

/** The IDs the item read so far, in the order it read them. */
export function idsReadBy(context: IExecuteFunctions, itemIndex: number): IdRead[] {
	return [...(recording.get(context)?.get(itemIndex)?.values() ?? [])];
}
