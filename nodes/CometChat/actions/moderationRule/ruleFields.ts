import type { IDataObject, IExecuteFunctions, INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';

import { listOf } from '../../readers/lists';
import { checkRulePatterns } from '../../readers/patterns';
import { optionalTextOf, requiredTextOf } from '../../readers/text';
import { booleanOf, compact, optionOf, parseJsonObject } from '../../readers/values';

const RULE_ACTIONS = ['blockMessage', 'dropMessage'] as const;

const conditionOptions: INodePropertyCollection = {
	displayName: 'Condition',
	name: 'condition',
	values: [
		{
			displayName: 'Category',
			name: 'category',
			type: 'options',
			options: [
				{ name: 'Pattern', value: 'pattern', description: 'The value is a regular expression' },
				{ name: 'Word', value: 'word', description: 'The value is a word, or the ID of a keyword list' },
			],
			default: 'word',
		},
		{
			displayName: 'Is Keyword List Reference',
			name: 'isKeywordReferencePresent',
			type: 'boolean',
			default: false,
			description: 'Whether the value is the ID of a keyword list (see Keyword List → Get Many) rather than a word',
		},
		{
			displayName: 'Is Media Condition',
			name: 'isMediaPresent',
			type: 'boolean',
			default: false,
			description: 'Whether the condition checks images or videos, with a value such as "Explicit Nudity_greaterThan_80"',
		},
		{
			displayName: 'Operand',
			name: 'operand',
			type: 'options',
			options: [
				{ name: 'Custom', value: 'custom' },
				{ name: 'Image', value: 'image' },
				{ name: 'Text', value: 'text' },
				{ name: 'Video', value: 'video' },
			],
			default: 'text',
			description: 'Which part of a message the condition checks',
		},
		{
			displayName: 'Operator',
			name: 'operator',
			type: 'options',
			options: [
				{ name: 'Contains', value: 'contains' },
				{ name: 'Equals', value: 'equals' },
			],
			default: 'contains',
		},
		{
			displayName: 'Value',
			name: 'value',
			type: 'string',
			default: '',
			placeholder: 'e.g. badword',
			description: 'A word, a keyword list ID, a regular expression, or a media threshold, depending on the options above',
		},
	],
};

const filterOptions: INodePropertyCollection = {
	displayName: 'Filter',
	name: 'filter',
	values: [
		{
			displayName: 'Entity',
			name: 'entity',
			type: 'options',
			options: [
				{ name: 'Group', value: 'group' },
				{ name: 'User', value: 'user' },
			],
			default: 'user',
		},
		{
			displayName: 'Operand',
			name: 'operand',
			type: 'options',
			options: [
				{ name: 'GUID', value: 'guid' },
				{ name: 'Name', value: 'name' },
				{ name: 'Role', value: 'role' },
				{ name: 'Tags', value: 'tags' },
				{ name: 'Type', value: 'type' },
				{ name: 'UID', value: 'uid' },
			],
			default: 'uid',
			description: 'Which attribute of the entity is compared',
		},
		{
			displayName: 'Operator',
			name: 'operator',
			type: 'options',
			options: [
				{ name: 'Ends With', value: 'endsWith' },
				{ name: 'Equals', value: 'equals' },
				{ name: 'In', value: 'in' },
				{ name: 'Not Equals', value: 'notEquals' },
				{ name: 'Not In', value: 'notIn' },
				{ name: 'Starts With', value: 'startsWith' },
			],
			default: 'equals',
		},
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: [
				{ name: 'Receiver', value: 'receiver' },
				{ name: 'Sender', value: 'sender' },
			],
			default: 'sender',
			description: 'Whether the filter looks at the sender or the receiver of a message',
		},
		{
			displayName: 'Value',
			name: 'value',
			type: 'string',
			default: '',
			placeholder: 'e.g. cometchat-uid-1',
			description: 'The value compared; for In and Not In, values separated by commas',
		},
	],
};

/** What happens to a matching message (Update's Update Fields, Create's Action). */
export const actionField: INodeProperties = {
	displayName: 'Action',
	name: 'action',
	type: 'multiOptions',
	options: [
		{ name: 'Block Message', value: 'blockMessage', description: 'Hold a matching message for review (status pending)' },
		{ name: 'Drop Message', value: 'dropMessage', description: 'Do not deliver a matching message at all' },
	],
	default: [],
	description: 'What happens to a message that matches the rule',
};

/** The conditions of a rule: `description` says whether they replace the current ones. */
export function conditionsField(description: string): INodeProperties {
	return {
		displayName: 'Conditions',
		name: 'conditions',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Condition',
		default: {},
		description,
		options: [conditionOptions],
	};
}

export const descriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	placeholder: 'e.g. Blocks profanity in one-to-one chats',
};

export const enabledField: INodeProperties = {
	displayName: 'Enabled',
	name: 'enabled',
	type: 'boolean',
	default: true,
	description: 'Whether the rule checks messages',
};

/** The filters of a rule: `description` says whether they replace the current ones. */
export function filtersField(description: string): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Filter',
		default: {},
		description,
		options: [filterOptions],
	};
}

export const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	placeholder: 'e.g. Profanity filter',
	description: 'A name that tells the rule apart from the others',
};

/**
 * A rule body from the rule's fields (name, description, enabled, action, conditions, filters), as
 * one object: Update's Update Fields, or Create's fields gathered. Only the fields given, each checked.
 */
export function ruleBodyOf(context: IExecuteFunctions, itemIndex: number, fields: IDataObject): IDataObject {
	const conditions = ((fields.conditions as IDataObject | undefined)?.condition ?? []) as IDataObject[];
	const filters = ((fields.filters as IDataObject | undefined)?.filter ?? []) as IDataObject[];
	const checkedConditions = conditions.map((entry, n) => checkedEntry(context, itemIndex, conditionOptions, entry, n));
	checkRulePatterns(context, itemIndex, checkedConditions, (n) => [`Value of condition ${n + 1}`]);
	const checkedFilters = filters.map((entry, n) => checkedEntry(context, itemIndex, filterOptions, entry, n));
	const enabled = fields.enabled === undefined ? undefined : booleanOf(context, itemIndex, 'Enabled', fields.enabled, true);
	return compact({
		name: optionalTextOf(context, itemIndex, 'Name', fields.name),
		description: optionalTextOf(context, itemIndex, 'Description', fields.description),
		enabled,
		action: listOf(context, itemIndex, 'Action', fields.action).map((action) =>
			optionOf(context, itemIndex, 'Action', action, RULE_ACTIONS),
		),
		conditions: checkedConditions.map((condition) => ({ entity: 'message', ...condition })),
		filters: checkedFilters,
	});
}

/** Rule (JSON) of Create and Update: a JSON object, its Pattern conditions compiled. */
export function ruleJsonOf(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const rule = parseJsonObject(context, itemIndex, context.getNodeParameter('ruleJson', itemIndex, ''), 'Rule (JSON)') ?? {};
	checkRulePatterns(context, itemIndex, rule.conditions, (n) => ['Rule (JSON)', `condition ${n + 1} `]);
	return rule;
}

/**
 * One Conditions or Filters entry, each member checked against its field: an option among the
 * field's, a switch, or the Value, which must not be empty. Errors name the member and the entry,
 * e.g. "Operator of condition 2".
 */
function checkedEntry(
	context: IExecuteFunctions,
	itemIndex: number,
	collection: INodePropertyCollection,
	entry: IDataObject,
	n: number,
): IDataObject {
	const where = `${collection.displayName.toLowerCase()} ${n + 1}`;
	const checked: IDataObject = {};
	for (const field of collection.values) {
		const value = entry[field.name];
		const label = `${field.displayName} of ${where}`;
		if (field.type === 'string') {
			checked[field.name] = requiredTextOf(
				context,
				itemIndex,
				label,
				value,
				`Fill in the ${label}, or remove the ${collection.displayName.toLowerCase()}.`,
			);
		} else if (value === undefined) {
			continue;
		} else if (field.type === 'boolean') {
			checked[field.name] = booleanOf(context, itemIndex, label, value, false);
		} else {
			const allowed = ((field.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));
			checked[field.name] = optionOf(context, itemIndex, label, value, allowed);
		}
	}
	return checked;
}
