/** The conversations of Mute and Unmute Conversations: one-to-one (UIDs) and group (GUIDs) lists, sent in one request. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldError } from '../../readers/fieldErrors';
import { checkIdsPerRequest, guidListOf, uidListOf } from '../../readers/lists';

export function conversationFields(verb: 'mute' | 'unmute'): INodeProperties[] {
	return [
		{
			displayName: 'Users',
			name: 'uids',
			type: 'string',
			default: '',
			placeholder: 'e.g. ada, alan',
			description: `The one-to-one conversations to ${verb}, by the other user: UIDs separated by commas, or a list from an expression`,
		},
		{
			displayName: 'Groups',
			name: 'guids',
			type: 'string',
			default: '',
			placeholder: 'e.g. crew, support',
			description: `The group conversations to ${verb}: GUIDs separated by commas, or a list from an expression`,
		},
	];
}

/** The conversations as the body lists them: the users' (`oneOnOne`), then the groups'; at least one, at most one request's worth. */
export function conversationsOf(context: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const uids = uidListOf(context, itemIndex, 'Users', context.getNodeParameter('uids', itemIndex, ''));
	const guids = guidListOf(context, itemIndex, 'Groups', context.getNodeParameter('guids', itemIndex, ''));
	if (uids.length + guids.length === 0) {
		throw fieldError(
			context,
			itemIndex,
			'Users',
			"and 'Groups' are both empty",
			"Enter at least one UID in 'Users' or one GUID in 'Groups', separated by commas or as a list from an expression.",
		);
	}
	checkIdsPerRequest(context, itemIndex, 'Groups', guids.length);
	// Together, as one request carries them.
	checkIdsPerRequest(context, itemIndex, 'Users and Groups', uids.length + guids.length);
	return [...uids.map((id) => ({ id, type: 'oneOnOne' })), ...guids.map((id) => ({ id, type: 'group' }))];
}
