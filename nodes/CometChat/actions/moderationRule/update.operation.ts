import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { changesModeField } from '../../fields/common';
import { requireChanges } from '../../readers/fieldErrors';
import { requiredId } from '../../readers/text';
import { readOption } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { ruleField } from './fields';
import {
	actionField,
	conditionsField,
	descriptionField,
	enabledField,
	filtersField,
	nameField,
	ruleBodyOf,
	ruleJsonOf,
} from './ruleFields';

const CHANGES_MODES = ['fields', 'json'] as const;

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a moderation rule',
	description: "Change a moderation rule's name, description, state, action, conditions or filters (a new revision)",
	returns: 'Returns the rule as CometChat answers: id, name, description, enabled, conditions, filters, action, revisionId and times.',
	properties: [
		ruleField('The rule to update'),
		changesModeField('specifyBody'),
		{
			displayName: 'Rule (JSON)',
			name: 'ruleJson',
			type: 'json',
			default: '{\n  "enabled": true\n}',
			description:
				'The update body as is: any of name, description, enabled, action (["blockMessage"] or ["dropMessage"]), conditions and filters. Conditions and filters replace the current ones.',
			displayOptions: { show: { specifyBody: ['json'] } },
		},
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			displayOptions: { show: { specifyBody: ['fields'] } },
			options: [
				actionField,
				conditionsField('Replace the conditions of the rule with these. A message matches when any condition matches.'),
				descriptionField,
				enabledField,
				filtersField('Replace the filters of the rule with these. The rule applies only to messages passing all filters.'),
				nameField,
			],
		},
	],
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const ruleId = requiredId(this, itemIndex, 'ruleId', 'Rule');
		const body =
			readOption(this, itemIndex, 'specifyBody', 'Define Changes', CHANGES_MODES, 'fields') === 'json'
				? ruleJsonOf(this, itemIndex)
				: ruleBodyOf(this, itemIndex, this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject);
		requireChanges(
			this,
			itemIndex,
			body,
			"Add at least one field under 'Update Fields', or put the changes in 'Rule (JSON)'.",
			'There is nothing to update',
		);
		const response = await cometChatRequest.call(this, { method: 'PUT', path: ['moderation', 'rules', ruleId], body });
		return response.data as IDataObject;
	},
};
