import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { readOption } from '../../readers/values';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import { groupField, groupValue } from '../group/fields';
import type { OperationDefinition } from '../types';
import { memberUserField, memberUserValue, SCOPES, scopeOptions } from './fields';

/** PUT /groups/{guid}/members/{uid} {scope} (docs/cometchat-api.md, Group members). */
export const changeScope: OperationDefinition = {
	value: 'changeScope',
	name: 'Change Scope',
	action: 'Change the scope of a group member',
	description: 'Make a member an admin, a moderator or a participant',
	returns: 'Returns guid, uid, scope (the new one) and joinedAt, as CometChat answers.',
	properties: [
		groupField('The group of the member'),
		memberUserField('groupMember', 'The member whose scope to change'),
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'options',
			required: true,
			options: scopeOptions,
			default: 'participant',
			description: 'The new scope of the member',
		},
		onBehalfOfField(ACTING_USER.actAs, false, 'The admin (UID) who changes the scope. Leave empty to act as the app.'),
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = groupValue(this, itemIndex);
		const uid = memberUserValue(this, itemIndex, 'Member');
		const scope = readOption(this, itemIndex, 'scope', 'Scope', SCOPES, 'participant');
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, {
			method: 'PUT',
			path: ['groups', guid, 'members', uid],
			body: { scope },
			onBehalfOf,
			alreadyDone: ['ERR_SAME_SCOPE'],
		});
		return { ...((response.data as IDataObject | undefined) ?? { uid, scope }), ...appliedEarlier(response) };
	},
};
