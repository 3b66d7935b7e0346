import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { fieldError, inputError } from '../../readers/fieldErrors';
import { idOf } from '../../readers/text';
import { readOption } from '../../readers/values';
import { cometChatRequest } from '../../transport/request';
import type { OperationDefinition } from '../types';
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

const BODY_MODES = ['fields', 'json'] as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Rule ID',
		name: 'ruleId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. no-scams',
		description: 'The ID of the new rule, chosen by you',
	},
	{
		displayName: 'Define Rule',
		name: 'specifyBody',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json' },
		],
		default: 'fields',
	},
	{
		displayName: 'Rule (JSON)',
		name: 'ruleJson',
		type: 'json',
		default:
			'{\n  "name": "No scams",\n  "action": ["blockMessage"],\n  "conditions": [\n    {"entity": "message", "operand": "text", "category": "word", "operator": "contains", "value": "giveaway"}\n  ]\n}',
		description:
			'The rule as is: name, description, enabled, action (["blockMessage"] or ["dropMessage"]), conditions and filters. The Rule ID above is sent as its ID.',
		displayOptions: { show: { specifyBody: ['json'] } },
	},
	{ ...nameField, required: true, displayOptions: { show: { specifyBody: ['fields'] } } },
	{ ...actionField, required: true, default: ['blockMessage'], displayOptions: { show: { specifyBody: ['fields'] } } },
	{
		...conditionsField('What the rule looks for. A message matches when any condition matches.'),
		required: true,
		displayOptions: { show: { specifyBody: ['fields'] } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show: { specifyBody: ['fields'] } },
		options: [
			descriptionField,
			enabledField,
			filtersField('The rule applies only to messages passing all filters, e.g. only messages sent to one group'),
		],
	},
];

/** POST /moderation/rules (docs/cometchat-api.md, Moderation set-up): the rule with the ID the user chose. */
export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a moderation rule',
	description: 'Add a rule that blocks or drops the messages matching its conditions, from words, patterns or keyword lists',
	returns: 'Returns the rule as CometChat answers: id, name, description, enabled, conditions, filters, action, revisionId and times.',
	properties,
	async execute(this: IExecuteFunctions, itemIndex: number) {
		const id = idOf(this, itemIndex, 'Rule ID', this.getNodeParameter('ruleId', itemIndex, ''));
		if (id === '') throw fieldError(this, itemIndex, 'Rule ID', 'is empty', "Enter the new rule's ID, e.g. no-scams.");
		const body =
			readOption(this, itemIndex, 'specifyBody', 'Define Rule', BODY_MODES, 'fields') === 'json'
				? ruleFromJson(this, itemIndex, id)
				: ruleFromFields(this, itemIndex, id);
		const response = await cometChatRequest.call(this, { method: 'POST', path: ['moderation', 'rules'], body });
		return response.data as IDataObject;
	},
};

function ruleFromJson(context: IExecuteFunctions, itemIndex: number, id: string): IDataObject {
	const rule = ruleJsonOf(context, itemIndex);
	if (rule.id !== undefined && rule.id !== id) {
		throw inputError(
			context,
			itemIndex,
			`The id in 'Rule (JSON)' is not the Rule ID "${id}"`,
			"Leave the id out of 'Rule (JSON)' (the Rule ID is sent), or make them the same.",
		);
	}
	return { id, ...rule };
}

function ruleFromFields(context: IExecuteFunctions, itemIndex: number, id: string): IDataObject {
	const additional = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const fields: IDataObject = {
		...additional,
		name: context.getNodeParameter('name', itemIndex, ''),
		action: context.getNodeParameter('action', itemIndex, []),
		conditions: context.getNodeParameter('conditions', itemIndex, {}),
	};
	const body = ruleBodyOf(context, itemIndex, fields);
	if (body.name === undefined) throw fieldError(context, itemIndex, 'Name', 'is empty', 'Enter the name of the rule, e.g. No scams.');
	if (body.action === undefined) {
		throw fieldError(context, itemIndex, 'Action', 'is empty', 'Choose what happens to a matching message: Block Message or Drop Message.');
	}
	if (body.conditions === undefined) {
		throw inputError(
			context,
			itemIndex,
			'The rule has no condition',
			"Add a condition under 'Conditions': a word, a pattern or a keyword list.",
		);
	}
	return { id, ...body };
}
