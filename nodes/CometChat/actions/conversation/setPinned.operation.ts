import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { guidOf, idOf, uidOf } from '../../readers/text';
import { optionOf } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { CONVERSATION_KINDS } from './fields';

/** An app pins at most 5 conversations for everyone (as published). */
export const MAX_GLOBAL_PINS = 5;

const LIST_LABEL = 'Conversations to Pin';

const properties: INodeProperties[] = [
	{
		displayName: LIST_LABEL,
		name: 'pinnedConversations',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Conversation',
		default: {},
		description: `The whole list, in display order, at most ${MAX_GLOBAL_PINS}: conversations left out are unpinned, and no entry clears the list`,
		options: [
			{
				displayName: 'Conversation',
				name: 'conversation',
				values: [
					{
						displayName: 'Conversation With',
						name: 'type',
						type: 'options',
						options: [
							{ name: 'Group', value: 'group', description: 'The conversation of a group' },
							{ name: 'User', value: 'user', description: "Every user's one-to-one conversation with this user, e.g. a support agent" },
						],
						default: 'group',
					},
					{
						displayName: 'Group GUID',
						name: 'guid',
						type: 'string',
						default: '',
						placeholder: 'e.g. cometchat-guid-1',
						displayOptions: { show: { type: ['group'] } },
					},
					{
						displayName: 'User UID',
						name: 'uid',
						type: 'string',
						default: '',
						placeholder: 'e.g. cometchat-uid-1',
						displayOptions: { show: { type: ['user'] } },
					},
				],
			},
		],
	},
];

/** One entry of the list, read and checked: `{uid}` or `{guid}`. */
function entryOf(context: IExecuteFunctions, itemIndex: number, entry: IDataObject, index: number): IDataObject {
	const of = (name: string) => `${name} of conversation ${index + 1}`;
	const type = optionOf(context, itemIndex, of('Conversation With'), entry.type ?? 'group', CONVERSATION_KINDS);
	const label = of(type === 'user' ? 'User UID' : 'Group GUID');
	const id = idOf(context, itemIndex, label, type === 'user' ? entry.uid : entry.guid);
	if (id === '')
		throw fieldError(context, itemIndex, label, 'is empty', `Fill in '${label}', or remove the conversation from '${LIST_LABEL}'.`);
	return type === 'user' ? { uid: uidOf(context, itemIndex, label, id) } : { guid: guidOf(context, itemIndex, label, id) };
}

/** PUT /conversations/pinned {pinnedConversations}: see docs/cometchat-api.md, Conversations. */
export const setPinned: OperationDefinition = {
	value: 'setPinned',
	name: 'Set Globally Pinned',
	action: 'Set the globally pinned conversations',
	description: `Replace the conversations the app pins at the top for every user (at most ${MAX_GLOBAL_PINS}, in order)`,
	returns: 'Returns one item per pinned conversation, in display order.',
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const given = this.getNodeParameter('pinnedConversations', itemIndex, {}) as IDataObject;
		const raw = given.conversation ?? [];
		if (!Array.isArray(raw)) {
			throw fieldError(
				this,
				itemIndex,
				LIST_LABEL,
				'must be a list of conversations',
				`Add the conversations under '${LIST_LABEL}' one by one.`,
			);
		}
		const entries = (raw as IDataObject[]).map((entry, index) => entryOf(this, itemIndex, entry ?? {}, index));
		const keys = entries.map((entry) => (entry.uid !== undefined ? `user ${String(entry.uid)}` : `group ${String(entry.guid)}`));
		const repeated = keys.find((key, index) => keys.indexOf(key) !== index);
		if (repeated !== undefined) {
			throw fieldError(this, itemIndex, LIST_LABEL, `holds the ${repeated} more than once`, 'Give each conversation once.');
		}
		if (entries.length > MAX_GLOBAL_PINS) {
			throw fieldError(
				this,
				itemIndex,
				LIST_LABEL,
				`has ${entries.length} conversations; CometChat pins at most ${MAX_GLOBAL_PINS} for everyone`,
				`Keep at most ${MAX_GLOBAL_PINS} conversations in '${LIST_LABEL}'.`,
			);
		}
		const response = await cometChatRequest.call(this, {
			method: 'PUT',
			path: ['conversations', 'pinned'],
			body: { pinnedConversations: entries },
		});
		return Array.isArray(response.data) ? (response.data as IDataObject[]) : [];
	},
};
