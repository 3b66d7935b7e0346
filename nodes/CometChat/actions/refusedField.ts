/**
 * CometChat's errors name a value ("The UID nobody-here does not exist"), not the field it came
 * from. When the node can tell which field held it, the error names it as the node's own checks do:
 * "The UID nobody-here does not exist ('Receiver User' field)". Only a label is added, never a value:
 * the refused value may be a secret (an auth token), which the transport has already cut out.
 */
import type { IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { asNodeError } from '../helpers/itemErrors';
import type { IdKind, IdRead } from '../readers/idsRead';
import { idsReadBy, recordIdsRead } from '../readers/idsRead';
import { serviceCodeOf } from '../transport/requestErrors';
import type { OperationDefinition } from './types';

/** The codes that refuse a UID, a GUID or a message ID (docs/cometchat-api.md, Errors). */
const KIND_REFUSED: Record<string, IdKind> = {
	ERR_UID_NOT_FOUND: 'uid',
	ERR_UID_ALREADY_EXISTS: 'uid',
	ERR_BOT_NOT_FOUND: 'uid',
	ERR_BOT_ALREADY_EXISTS: 'uid',
	ERR_NOT_A_MEMBER: 'uid',
	ERR_NOT_A_BANNED_USER: 'uid',
	ERR_ALREADY_JOINED: 'uid',
	ERR_ALREADY_BANNED: 'uid',
	ERR_GUID_NOT_FOUND: 'guid',
	ERR_GUID_ALREADY_EXISTS: 'guid',
	ERR_MESSAGE_ID_NOT_FOUND: 'message',
};

/**
 * The kind of ID a service code refuses: a UID, GUID or message ID by the table; any other ID (a role,
 * a rule, a session, a token) for the other "not found" and "already exists" codes. None for the
 * credential's codes (AUTH_ERR_…) and a route not found, which no field holds.
 */
function kindRefused(code: string): IdKind | undefined {
	if (KIND_REFUSED[code]) return KIND_REFUSED[code];
	if (code.startsWith('AUTH_') || code === 'ERR_ROUTE_NOT_FOUND') return undefined;
	return /_NOT_FOUND$|_ALREADY_EXISTS$/.test(code) ? 'id' : undefined;
}

/** An operation whose service errors name the field that held the refused value. */
export function namingRefusedFields(operation: OperationDefinition): OperationDefinition {
	return {
		...operation,
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const stopRecording = recordIdsRead(this, itemIndex);
			try {
				return await operation.execute.call(this, itemIndex);
			} catch (error) {
				throw withRefusedField(this, itemIndex, asNodeError(this.getNode(), error, itemIndex));
			} finally {
				stopRecording();
			}
		},
	};
}

/** Errors already given their field (an operation run inside another's naming). */
const named = new WeakSet<object>();

/** The error, its message naming the field(s) that held the refused value when the node can tell. */
function withRefusedField<T extends NodeApiError | NodeOperationError>(context: IExecuteFunctions, itemIndex: number, error: T): T {
	// Only CometChat's error answers carry a service code (transport/requestErrors.ts).
	const code = named.has(error) ? undefined : serviceCodeOf(error);
	const kind = code === undefined ? undefined : kindRefused(code);
	if (code === undefined || kind === undefined) return error;
	const labels = refusedLabels(idsReadBy(context, itemIndex), code, kind, error.message);
	if (labels.length === 0) return error;
	named.add(error);
	const fields = labels.map((label) => `'${label}'`).join(' or ');
	error.message = `${error.message.replace(/\.$/, '')} (${fields} field)`;
	return error;
}

/**
 * The fields that held the refused value, by what the node knows:
 * - the IDs of the refused kind (or plain IDs, which a UID may be read as, e.g. Owner UID) whose
 *   value the message names;
 * - else the one field the code maps to: the one ID of the refused kind the item read, with any plain
 *   ID whose label names the code's noun (ERR_AUTH_TOKEN_NOT_FOUND: Auth Token); the value may be
 *   missing from the message, or cut out of it as a secret.
 * None when that leaves a choice: naming a field that did not hold the value would mislead.
 */
export function refusedLabels(ids: IdRead[], code: string, kind: IdKind, message: string): string[] {
	const mentioned = ids.filter((id) => (id.kind === kind || id.kind === 'id') && mentions(message, id.value));
	if (mentioned.length > 0) return distinctLabels(mentioned);
	const plain = ids.filter((id) => id.kind === 'id');
	const ofKind = kind === 'id' ? [] : ids.filter((id) => id.kind === kind);
	const noun = nounOf(code);
	if (noun === undefined) return soleLabel(ofKind);
	const byCode = soleLabel([...ofKind, ...plain.filter((id) => squeezed(id.label).includes(noun.whole))]);
	if (byCode.length > 0 || kind !== 'id') return byCode;
	return soleLabel(plain.filter((id) => squeezed(id.label).includes(noun.last)));
}

/** What a code says was not found or exists: `ERR_CALL_SESSION_NOT_FOUND` → CALLSESSION, and its last word SESSION. */
function nounOf(code: string): { whole: string; last: string } | undefined {
	const words = /^ERR_(.+)_(?:NOT_FOUND|ALREADY_EXISTS)$/.exec(code)?.[1].split('_');
	return words && { whole: words.join(''), last: words[words.length - 1] };
}

/** A label as a code spells it: `Auth Token` → AUTHTOKEN. */
function squeezed(label: string): string {
	return label.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

function distinctLabels(ids: IdRead[]): string[] {
	return [...new Set(ids.map((id) => id.label))];
}

function soleLabel(ids: IdRead[]): string[] {
	const labels = distinctLabels(ids);
	return labels.length === 1 ? labels : [];
}

const ID_CHARACTER = /[A-Za-z0-9_-]/;

/** Whether `message` holds `value` as a whole word: `ada` in "The UID ada does not exist", not in "adam". */
function mentions(message: string, value: string): boolean {
	for (let at = message.indexOf(value); at !== -1; at = message.indexOf(value, at + 1)) {
		const before = message[at - 1];
		const after = message[at + value.length];
		if (!(before && ID_CHARACTER.test(before)) && !(after && ID_CHARACTER.test(after))) return true;
	}
	return false;
}
