import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, onBehalfOfValue } from '../../fields/common';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { groupField, groupValue } from './fields';

/** DELETE /groups/{guid} (docs/cometchat-api.md, Groups). */
export const deleteGroup: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a group',
	description: 'Delete a group for good, with its members and banned users',
	returns: "Returns deleted (true) and the group's guid.",
	properties: [groupField('The group to delete'), onBehalfOfField(ACTING_USER.actAs, false)],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const guid = groupValue(this, itemIndex);
		const onBehalfOf = onBehalfOfValue(this, itemIndex, ACTING_USER.actAs);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['groups', guid],
			onBehalfOf,
			alreadyDone: ['ERR_GUID_NOT_FOUND'],
		});
		return { deleted: true, guid, ...appliedEarlier(response) };
	},
};
