import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import { groupField, groupValue } from '../group/fields';
import type { OperationDefinition } from '../types';
import { memberUserField, memberUserValue } from './fields';

/** DELETE /groups/{guid}/members/{uid}, CometChat's "kick" (docs/cometchat-api.md, Group members). */
export const remove: OperationDefinition = {
	value: 'remove',
	name: 'Remove',
	action: 'Remove a member from a group',
	description: 'Remove (kick) a member from a group; unlike a ban, they can join or be added again',
	returns: 'Returns removed (true), guid and uid.',
	properties: [
		groupField('The group to remove the member from'),
		memberUserField('groupMember', 'The member to remove'),
		onBehalfOfField(ACTING_USER.actAs, false, 'The admin or moderator (UID) who removes the member. Leave empty to act as the app.'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = groupValue(this, itemIndex);
		const uid = memberUserValue(this, itemIndex, 'Member');
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['groups', guid, 'members', uid],
			onBehalfOf,
			alreadyDone: ['ERR_NOT_A_MEMBER'],
		});
		return { removed: true, guid, uid, ...appliedEarlier(response) };
	},
};
