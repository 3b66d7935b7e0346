import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isRecord } from '../helpers/records';
import type { AppliedLookup, CometChatResponse } from '../transport/request';
import { cometChatRequest } from '../transport/request';
import { serviceCodeOf, undecidedAfter } from '../transport/requestErrors';

/**
 * Creates with an ID the client chose (User, Group and Bot → Create) are safe to send again
 * (docs/cometchat-api.md, Creates that look before they resend): after an answer that was lost when
 * the service may have applied the create, the record is read by its ID. Not there: sent again. There
 * with the fields sent: the first attempt made it. There with other fields: another client made it,
 * and the item fails saying so.
 */
export interface CreatedRecord {
	/** What the record is, e.g. `user`. */
	what: string;
	/** Its ID field and value, e.g. `uid` and `ada`. */
	idField: string;
	id: string;
	/** The path of GET for the record, e.g. `['users', 'ada']`. */
	path: string[];
	/** The service's code for no record with the ID. */
	notFoundCode: string;
	/** The create's body: each field the service echoes back is compared. */
	sent: IDataObject;
	/** Fields of the body the service does not echo back (a group's password and members). */
	notEchoed?: readonly string[];
	onBehalfOf?: string;
	/** When the record found cannot be the create's output, why: the item fails saying it was created. */
	cannotOutput?: string;
}

/** The `findApplied` of a create (transport/request.ts): the record as the create answers it (`{data}`), or none. */
export function createdRecordLookup(context: IExecuteFunctions, itemIndex: number, created: CreatedRecord): () => Promise<AppliedLookup> {
	return async () => {
		let response: CometChatResponse;
		try {
			response = await cometChatRequest.call(context, { method: 'GET', path: created.path, onBehalfOf: created.onBehalfOf });
		} catch (error) {
			if (serviceCodeOf(error) === created.notFoundCode) return { notFound: true };
			return undecidedAfter(`reading the ${created.what} ${created.id}`, error);
		}
		if (!isRecord(response.data)) return { undecided: `reading the ${created.what} ${created.id} gave no record` };
		const record = response.data;
		const differing = Object.keys(created.sent).filter(
			(field) => field !== created.idField && !created.notEchoed?.includes(field) && !sameAsSent(created.sent[field], record[field]),
		);
		const node = context.getNode();
		if (differing.length > 0) {
			throw new NodeOperationError(
				node,
				`A ${created.what} with the ID "${created.id}" already exists, but it is not the one this item sent: its ${differing.join(', ')} ${differing.length > 1 ? 'differ' : 'differs'}`,
				{
					itemIndex,
					description: `The answer to the create was lost, so the node read the ${created.what} by its ID before sending again: another client created it. Nothing was changed. Use another ID, or Update to change it.`,
				},
			);
		}
		if (created.cannotOutput !== undefined) {
			throw new NodeOperationError(node, `The ${created.what} "${created.id}" was created, but ${created.cannotOutput}`, {
				itemIndex,
				description: `The answer to the create was lost after CometChat applied it; the ${created.what} was found by its ID. Do not run the create again.`,
			});
		}
		return { found: response };
	};
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
