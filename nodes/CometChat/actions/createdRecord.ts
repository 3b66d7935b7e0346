import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isRecord } from '../helpers/records';
import type { AppliedLookup, CometChatRequest, CometChatResponse } from '../transport/request';
import { cometChatRequest } from '../transport/request';
import { serviceCodeOf, undecidedAfter } from '../transport/requestErrors';

/**
 * Creates with an ID the client chose (User, Group, Bot and Role → Create) are safe to send again
 * (docs/cometchat-api.md, Creates that look before they resend): after an answer that was lost when
 * the service may have applied the create, the record is read by its ID. Not there: sent again. There
 * with the fields sent: the first attempt made it. There with other fields: another client made it,
 * and the item fails saying so.
 */
/** What each create that can look for its record needs to know: its ID field, its path, the service's codes. */
const CREATES = {
	user: { idField: 'uid', collection: 'users', notFound: 'ERR_UID_NOT_FOUND', taken: 'ERR_UID_ALREADY_EXISTS', notEchoed: [] },
	// The group record shows neither its password nor its members.
	group: {
		idField: 'guid',
		collection: 'groups',
		notFound: 'ERR_GUID_NOT_FOUND',
		taken: 'ERR_GUID_ALREADY_EXISTS',
		notEchoed: ['password', 'members'],
	},
	bot: { idField: 'uid', collection: 'bots', notFound: 'ERR_BOT_NOT_FOUND', taken: 'ERR_BOT_ALREADY_EXISTS', notEchoed: [] },
	role: { idField: 'role', collection: 'roles', notFound: 'ERR_ROLE_NOT_FOUND', taken: 'ERR_ROLE_ALREADY_EXISTS', notEchoed: [] },
} as const;

/**
 * What makes a create's request safe to send again: its `findApplied`, which reads the record by
 * the ID in `sent` (the create's body) and answers it as the create does (`{data}`), and its
 * `alreadyDone` (an "already exists" after a lost answer is looked up too). `onBehalfOf`: read as
 * the create was made. `cannotOutput`: why a record found cannot be the create's output (the item
 * then fails saying it was created).
 */
export function createdRecordLookup(
	context: IExecuteFunctions,
	itemIndex: number,
	what: keyof typeof CREATES,
	sent: IDataObject,
	options: { onBehalfOf?: string; cannotOutput?: string } = {},
): Pick<CometChatRequest, 'alreadyDone' | 'findApplied'> {
	const kind = CREATES[what];
	const id = String(sent[kind.idField]);
	const compared = Object.keys(sent).filter((field) => field !== kind.idField && !(kind.notEchoed as readonly string[]).includes(field));
	const findApplied = async (deadline: number): Promise<AppliedLookup> => {
		let response: CometChatResponse;
		try {
			const request = { method: 'GET' as const, path: [kind.collection, id], onBehalfOf: options.onBehalfOf, deadline };
			response = await cometChatRequest.call(context, request);
		} catch (error) {
			if (serviceCodeOf(error) === kind.notFound) return { notFound: true };
			return undecidedAfter(`reading the ${what} ${id}`, error);
		}
		if (!isRecord(response.data)) return { undecided: `reading the ${what} ${id} gave no record` };
		const record = response.data;
		const differing = compared.filter((field) => !sameAsSent(sent[field], record[field]));
		const node = context.getNode();
		if (differing.length > 0) {
			throw new NodeOperationError(
				node,
				`A ${what} with the ID "${id}" already exists, but it is not the one this item sent: its ${differing.join(', ')} ${differing.length > 1 ? 'differ' : 'differs'}`,
				{
					itemIndex,
					description: `The answer to the create was lost, so the node read the ${what} by its ID before sending again: another client created it. Nothing was changed. Use another ID, or Update to change it.`,
				},
			);
		}
		if (options.cannotOutput !== undefined) {
			throw new NodeOperationError(node, `The ${what} "${id}" was created, but ${options.cannotOutput}`, {
				itemIndex,
				description: `The answer to the create was lost after CometChat applied it; the ${what} was found by its ID. Do not run the create again.`,
			});
		}
		return { found: response };
	};
	return { alreadyDone: [kind.taken], findApplied };
}

/**
 * Whether the service's value is the one sent: the same JSON (whatever the order of keys), or no
 * value for an empty one sent (a service may leave out false, empty text and empty lists).
 */
function sameAsSent(sent: unknown, echoed: unknown): boolean {
	if (echoed === undefined || echoed === null) return sent === false || sent === '' || (Array.isArray(sent) && sent.length === 0);
	return canonical(sent) === canonical(echoed);
}

function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (isRecord(value)) {
		const keys = Object.keys(value).sort();
		return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'undefined';
}
