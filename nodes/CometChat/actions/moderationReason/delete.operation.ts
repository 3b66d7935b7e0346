import type { IExecuteFunctions } from 'n8n-workflow';

import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { reasonField, reasonIdValue } from './fields';

/** DELETE /moderation/reasons/{id}: its published answer is `{success, message}` without `data`. */
export const deleteReason: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a moderation reason',
	description: 'Delete a reason users can give when they flag a message; flags already given keep its ID and name',
	returns: "Returns the reason's id and deleted (true).",
	properties: [reasonField('The reason to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = reasonIdValue(this, itemIndex);
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['moderation', 'reasons', id],
			alreadyDone: ['ERR_REASON_NOT_FOUND'],
		});
		return { id, deleted: true, ...appliedEarlier(response) };
	},
};
