import type { IExecuteFunctions } from 'n8n-workflow';

import { requiredId } from '../../readers/text';
import { appliedEarlier, cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { ruleField } from './fields';

/** DELETE /moderation/rules/{ruleId}: see docs/cometchat-api.md, Moderation. */
export const deleteRule: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a moderation rule',
	description: 'Delete a moderation rule for good; messages are no longer checked against it',
	returns: "Returns the rule's id and deleted (true).",
	properties: [ruleField('The rule to delete')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = requiredId(this, itemIndex, 'ruleId', 'Rule');
		const response = await cometChatRequest.call(this, {
			method: 'DELETE',
			path: ['moderation', 'rules', id],
			alreadyDone: ['ERR_RULE_NOT_FOUND'],
		});
		return { id, deleted: true, ...appliedEarlier(response) };
	},
};
