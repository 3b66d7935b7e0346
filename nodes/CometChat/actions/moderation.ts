import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { messageIdField, messageIdValue } from '../fields/common';
import type { CometChatResponse } from '../transport/request';
import { appliedEarlier, cometChatRequest } from '../transport/request';
import type { ListSpec } from './list';
import { listOperation } from './list';
import type { OperationDefinition } from './types';

/**
 * A Get Many over a moderation list (docs/cometchat-api.md, Moderation): Return All / Limit through the `limitAndPage`
 * pagination strategy, and Simplify where the records are long.
 */
export function moderationListOperation(
	spec: Omit<ListSpec, 'strategy' | 'request'> & {
		/** The list's path segments after /v3, for one item. */
		path(this: IExecuteFunctions, itemIndex: number): string[];
	},
): OperationDefinition {
	return listOperation({
		...spec,
		strategy: 'limitAndPage',
		request(itemIndex) {
			return { method: 'GET', path: spec.path.call(this, itemIndex) };
		},
	});
}

/**
 * The confirmation of a moderation action. The published answers of Flag and of the flagged-message
 * review carry `{success, message}` at the top level, other answers inside `data`: both are read.
 */
export function confirmationOf(response: CometChatResponse): IDataObject {
	const { data, ...topLevel } = response;
	return data !== null && typeof data === 'object' && !Array.isArray(data) ? data : (topLevel as IDataObject);
}

interface ReviewSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	/** `flagged-messages` or `blocked-messages`. */
	list: 'flagged-messages' | 'blocked-messages';
	/** The review status sent, e.g. `approved`. */
	status: string;
	messageIdDescription: string;
}

/**
 * The body of a review (docs/cometchat-api.md, Moderation). A blocked message's review requires
 * `status` and `reviewed: true`; a flagged message's takes `status` only.
 */
export function reviewBody(list: ReviewSpec['list'], status: string): IDataObject {
	return list === 'blocked-messages' ? { status, reviewed: true } : { status };
}

/**
 * Reviews one flagged or blocked message: PATCH /moderation/{list}/{id} (docs/cometchat-api.md,
 * Moderation). Answers the message ID, the status and the service's confirmation.
 */
/** What CometChat answers a review of a message its list no longer holds (docs/cometchat-api.md, Errors). */
const REVIEWED_ALREADY = 'ERR_MESSAGE_ID_NOT_FOUND';

export function reviewOperation(spec: ReviewSpec): OperationDefinition {
	return {
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		returns: `Returns id (the message ID), status (${spec.status}) and CometChat's success and message.`,
		properties: [messageIdField(spec.messageIdDescription)],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const id = messageIdValue(this, itemIndex);
			const response = await cometChatRequest.call(this, {
				method: 'PATCH',
				path: ['moderation', spec.list, id],
				body: reviewBody(spec.list, spec.status),
				// It sets a status: sent again after a lost answer, it asks for the same. A review that
				// was applied may have taken the message off the list: "not found" then is that review's.
				retrySafe: true,
				alreadyDone: [REVIEWED_ALREADY],
			});
			return { id, status: spec.status, ...confirmationOf(response), ...appliedEarlier(response) };
		},
	};
}
