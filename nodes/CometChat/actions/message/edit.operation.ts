import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ACTING_USER, messageIdField, messageIdValue, onBehalfOfField, onBehalfOfValue, tagsField } from '../../fields/common';
import { isRecord } from '../../helpers/records';
import { requireChanges } from '../../readers/fieldErrors';
import { tagsOf } from '../../readers/lists';
import { optionalTextOf } from '../../readers/text';
import { compact, messageTextOf, metadataOf } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

/** The new text of an edited message (Edit, Update and Re-Moderate): empty keeps the current one. */
export const NEW_TEXT_FIELD: INodeProperties = {
	displayName: 'Text',
	name: 'text',
	type: 'string',
	default: '',
	typeOptions: { rows: 3 },
	placeholder: 'e.g. See you tomorrow',
	description: 'The new text of the message. Leave empty to keep the current text.',
};

/** PUT /messages/{id}: see docs/cometchat-api.md, Message actions. */
export const edit: OperationDefinition = {
	value: 'edit',
	name: 'Edit',
	action: 'Edit a message',
	description: "Edit a message's text, metadata or tags as its sender would, without running the moderation rules again",
	returns: 'Returns the edited message as CometChat answers: id, sender, receiver, data with the new text, tags, editedAt and editedBy.',
	properties: [
		messageIdField('The message to edit'),
		NEW_TEXT_FIELD,
		{
			displayName: 'Update Fields',
			name: 'changes',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [
				{
					displayName: 'Metadata (JSON)',
					name: 'metadata',
					type: 'json',
					default: '{}',
					description: 'New data.metadata of the message; it replaces the current metadata',
				},
				{
					...tagsField,
					description: 'New tags of the message, replacing the current ones: tags separated by commas, or an array from an expression',
				},
			],
		},
		onBehalfOfField(
			ACTING_USER.actAs,
			false,
			'The user (UID) who edits the message, shown as editedBy: its sender. Leave empty to edit as the app.',
		),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = messageIdValue(this, itemIndex);
		const changes = this.getNodeParameter('changes', itemIndex, {}) as IDataObject;
		const text = optionalTextOf(this, itemIndex, 'Text', this.getNodeParameter('text', itemIndex, ''));
		if (text !== undefined) messageTextOf(this, itemIndex, 'Text', text);
		const data = compact({ text, metadata: metadataOf(this, itemIndex, 'Metadata (JSON)', changes.metadata) });
		const tags = tagsOf(this, itemIndex, 'Tags', changes.tags);
		const body = compact({ data: Object.keys(data).length > 0 ? data : undefined, tags });
		requireChanges(
			this,
			itemIndex,
			body,
			"Enter the new 'Text', or add Metadata or Tags under 'Update Fields'.",
			'There is nothing to change in the message',
		);
		const response = await cometChatRequest.call(this, {
			method: 'PUT',
			path: ['messages', id],
			body,
			onBehalfOf: onBehalfOfValue(this, itemIndex, ACTING_USER.actAs),
		});
		return editedMessage(response.data as IDataObject);
	},
};

/** The answer is the `edited` action message; the message as edited is its data.entities.on.entity. */
function editedMessage(action: IDataObject): IDataObject {
	const data = action.data as IDataObject | undefined;
	const on = isRecord(data?.entities) ? (data.entities as IDataObject).on : undefined;
	return isRecord(on) && isRecord(on.entity) ? (on.entity as IDataObject) : action;
}
