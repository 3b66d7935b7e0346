import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { messageIdField, messageIdValue } from '../fields/common';
import { cometChatRequest } from '../transport/request';
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

interface ReviewSpec {
	value: string;
	name: string;
	action: string;
	description: string;
	/** `flagged-messages` or `blocked-messages`. */
	list: string;
	/** The review status sent, e.g. `approved`. */
	status: string;
	messageIdDescription: string;
}

/**
 * Reviews one flagged or blocked message: PATCH /moderation/{list}/{id} with `{status}` (public
 * endpoints beyond the spec, see api-facts.md). Answers the message ID, the status and the service's
 * confirmation.
 */
export function reviewOperation(spec: ReviewSpec): OperationDefinition {
	return {
		value: spec.value,
		name: spec.name,
		action: spec.action,
		description: spec.description,
		properties: [messageIdField(spec.messageIdDescription)],
		async execute(this: IExecuteFunctions, itemIndex: number) {
			const id = messageIdValue(this, itemIndex);
			const response = await cometChatRequest.call(this, {
				method: 'PATCH',
				path: ['moderation', spec.list, id],
				body: { status: spec.status },
			});
			return { id, status: spec.status, ...(response.data as IDataObject) };
		},
	};
}
