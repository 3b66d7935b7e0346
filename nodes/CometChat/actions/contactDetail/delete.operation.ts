import type { IExecuteFunctions } from 'n8n-workflow';

import { ACTING_USER, onBehalfOfField, requiredOnBehalfOf } from '../../fields/common';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';

export const deleteDetails: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: "Delete a user's contact details",
	description: "Forget a user's e-mail address and phone number: no more e-mail or SMS notifications to them",
	returns: 'Returns uid and deleted (true).',
	properties: [onBehalfOfField(ACTING_USER.user, true, 'The user whose contact details to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const uid = requiredOnBehalfOf(this, itemIndex, ACTING_USER.user);
		await cometChatRequest.call(this, { method: 'DELETE', path: ['notifications', 'v1', 'contact-details'], onBehalfOf: uid });
		return { uid, deleted: true };
	},
};
