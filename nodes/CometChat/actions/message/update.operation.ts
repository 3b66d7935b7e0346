import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, changesModeField, messageIdField, messageIdValue, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { requireChanges } from '../../readers/fieldErrors';
import { optionalTextOf } from '../../readers/text';
import { compact, messageTextOf, metadataOf, parseJsonObject, readOption } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { NEW_TEXT_FIELD } from './edit.operation';

const CHANGES_MODES = ['fields', 'json'] as const;

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update and Re-Moderate',
	action: 'Update and re-moderate a message',
	description: "Edit a message's data, e.g. its text, and run the moderation rules on it again",
	returns:
		'Returns the message as CometChat answers after the edit: id, sender, receiver, data with text and moderation status, editedAt and more.',
	properties: [
		messageIdField('ID of the message to edit'),
		changesModeField('specifyData'),
		{ ...NEW_TEXT_FIELD, displayOptions: { show: { specifyData: ['fields'] } } },
		{
			displayName: 'Update Fields',
			name: 'changes',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: { show: { specifyData: ['fields'] } },
			options: [
				{
					displayName: 'Custom Data (JSON)',
					name: 'customData',
					type: 'json',
					default: '{}',
					description: 'New payload of a custom message (data.customData)',
				},
				{
					displayName: 'Metadata (JSON)',
					name: 'metadata',
					type: 'json',
					default: '{}',
					description: 'New data.metadata of the message; it replaces the current metadata',
				},
			],
		},
		{
			displayName: 'Data (JSON)',
			name: 'changesJson',
			type: 'json',
			default: '{\n  "text": "Edited text"\n}',
			description: 'The members of the message\'s data to change, as is, e.g. {"text": "…"}. Members not named keep their value.',
			displayOptions: { show: { specifyData: ['json'] } },
		},
		onBehalfOfField(ACTING_USER.actAs, false, 'The user (UID) the edit is made by, shown as editedBy. Leave empty to edit as the app.'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = messageIdValue(this, itemIndex);
		const jsonMode = readOption(this, itemIndex, 'specifyData', 'Define Changes', CHANGES_MODES, 'fields') === 'json';
		const data = jsonMode
			? (parseJsonObject(this, itemIndex, this.getNodeParameter('changesJson', itemIndex, ''), 'Data (JSON)') ?? {})
			: changesFromFields(this, itemIndex);
		if (data.text !== undefined) messageTextOf(this, itemIndex, jsonMode ? 'Data (JSON)' : 'Text', data.text);
		requireChanges(
			this,
			itemIndex,
			data,
			"Enter the new 'Text', add a field under 'Update Fields', or put the changes in 'Data (JSON)'.",
			'There is nothing to change in the message',
		);
		const response = await cometChatRequest.call(this, {
			method: 'PUT',
			path: ['moderation', 'messages', id],
			body: { data },
			onBehalfOf: onBehalfOfValue(this, itemIndex, ACTING_USER.actAs),
		});
		return response.data as IDataObject;
	},
};

function changesFromFields(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const changes = context.getNodeParameter('changes', itemIndex, {}) as IDataObject;
	return compact({
		text: optionalTextOf(context, itemIndex, 'Text', context.getNodeParameter('text', itemIndex, '')),
		customData: parseJsonObject(context, itemIndex, changes.customData, 'Custom Data (JSON)'),
		metadata: metadataOf(context, itemIndex, 'Metadata (JSON)', changes.metadata),
	});
}
