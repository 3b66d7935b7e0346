import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import { groupField, groupValue } from '../group/fields';
import type { OperationDefinition } from '../types';
import { memberUserField, memberUserValue } from './fields';

/** DELETE /groups/{guid}/bannedusers/{uid} (docs/cometchat-api.md, Group members). */
export const unban: OperationDefinition = {
	value: 'unban',
	name: 'Unban',
	action: 'Unban a user from a group',
	description: 'Lift the ban of a user from a group; they are not added back as a member',
	returns: 'Returns unbanned (true), guid and uid.',
	properties: [
		groupField('The group to unban the user from'),
		memberUserField('bannedUser', 'The banned user to unban'),
		onBehalfOfField(ACTING_USER.actAs, false, 'The admin or moderator (UID) who lifts the ban. Leave empty to act as the app.'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = groupValue(this, itemIndex);
		const uid = memberUserValue(this, itemIndex, 'User');
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['groups', guid, 'bannedusers', uid],
			onBehalfOf,
			alreadyDone: ['ERR_NOT_A_BANNED_USER'],
		});
		return { unbanned: true, guid, uid, ...appliedEarlier(response) };
	},
};
