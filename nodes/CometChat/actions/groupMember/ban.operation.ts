import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import { groupField, groupValue } from '../group/fields';
import type { OperationDefinition } from '../types';
import { memberUserField, memberUserValue } from './fields';

/** POST /groups/{guid}/bannedusers/{uid} (docs/cometchat-api.md, Group members). */
export const ban: OperationDefinition = {
	value: 'ban',
	name: 'Ban',
	action: 'Ban a user from a group',
	description: 'Ban a user from a group: a member is removed, and the user cannot join until unbanned',
	returns: 'Returns banned (true), guid and uid.',
	properties: [
		groupField('The group to ban the user from'),
		memberUserField('user', 'The user to ban; a member of the group or any other user'),
		onBehalfOfField(ACTING_USER.actAs, false, 'The admin or moderator (UID) who bans the user. Leave empty to act as the app.'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = groupValue(this, itemIndex);
		const uid = memberUserValue(this, itemIndex, 'User');
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		await cometChatRequest.call(this, { method: 'POST', path: ['groups', guid, 'bannedusers', uid], onBehalfOf });
		return { banned: true, guid, uid };
	},
};
