import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requiredId } from '../../readers/text';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { ruleField } from './fields';

/** GET /moderation/rules/{ruleId}: the rule's current revision (its published example is a keyword list by mistake). */
export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a moderation rule',
	description: 'Get one moderation rule by ID: its conditions, filters, action and current revision',
	returns: 'Returns the rule as CometChat answers: id, name, description, enabled, conditions, filters, action, revisionId and times.',
	properties: [ruleField('The rule to get')],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = requiredId(this, itemIndex, 'ruleId', 'Rule');
		const response = await cometChatRequest.call(this, { method: 'GET', path: ['moderation', 'rules', id] });
		return response.data as IDataObject;
	},
};
