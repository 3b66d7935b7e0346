import type { IExecuteFunctions } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { listOf } from '../../readers/lists';
import { messageAction } from './messageAction';

/** PATCH /messages/{id}/interacted: see docs/cometchat-api.md, Message actions. */
export const markInteracted = messageAction({
	value: 'markInteracted',
	name: 'Mark as Interacted',
	action: 'Mark elements of an interactive message as interacted',
	description: 'Record that a user interacted with an interactive message (a form or card), e.g. clicked its submit button',
	returns: "Returns the message's id and CometChat's confirmation (success and message).",
	method: 'PATCH',
	messageDescription: 'The interactive message (a form, card or scheduler)',
	properties: [
		{
			displayName: 'Element IDs',
			name: 'elementIds',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. submit, email',
			description:
				'The elements the user interacted with, by their Element ID in the message: IDs separated by commas, or a list from an expression',
		},
	],
	onBehalfOf: { required: true, description: 'The user (UID) who interacted. CometChat requires it.' },
	path() {
		return ['interacted'];
	},
	body(itemIndex) {
		return { interactions: elementIdsValue(this, itemIndex) };
	},
	output(response, id) {
		return { id, ...(response.data as object) };
	},
});

function elementIdsValue(context: IExecuteFunctions, itemIndex: number): string[] {
	const ids = listOf(context, itemIndex, 'Element IDs', context.getNodeParameter('elementIds', itemIndex, ''));
	if (ids.length === 0) {
		throw fieldError(
			context,
			itemIndex,
			'Element IDs',
			'is empty',
			"Enter the Element IDs of the message's elements the user interacted with, e.g. submit.",
		);
	}
	return ids;
}
