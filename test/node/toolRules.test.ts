/**
 * Every operation as an AI agent's tool is held to rules an agent's model needs: its description
 * says what the tool does and what it returns in a few lines; each field the model may fill (n8n's
 * "let the model define this" button) has a name and a description to act on; lists start small.
 * The description is computed as n8n does at run time: defaults filled in (NodeHelpers.getNodeParameters),
 * then NodeHelpers.getToolDescriptionForNode.
 */
import type { INode, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';
import { NodeHelpers, SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { resources } from '../../nodes/CometChat/actions';
import {
	isListOperation,
	sentencesOf,
	TOOL_DESCRIPTION_MAX_LENGTH,
	TOOL_DESCRIPTION_MAX_SENTENCES,
	toolDescriptionOf,
} from '../../nodes/CometChat/actions/toolDescription';
import { namesAnId } from '../../nodes/CometChat/fields/common';
import { LIST_LIMIT, TOOL_LIST_LIMIT } from '../../nodes/CometChat/fields/lists';
import { hitlToolVariant, toolVariant } from '../harness/tool';

const tool = toolVariant();
const node = new CometChat();

/** A node of this type as a saved workflow holds it, its parameters with n8n's defaults filled in. */
function filled(type: INodeType, parameters: INodeParameters): INode {
	const saved: INode = { id: 'tool', name: 'CometChat', type: type.description.name, typeVersion: 1.1, position: [0, 0], parameters };
	const resolved = NodeHelpers.getNodeParameters(type.description.properties, parameters, true, false, saved, type.description);
	return { ...saved, parameters: resolved ?? {} };
}

/** The fields n8n shows for the node's parameters (one per name: the one whose conditions hold). */
function shownFields(type: INodeType, filledNode: INode): INodeProperties[] {
	return Object.keys(filledNode.parameters).map(
		(name) =>
			type.description.properties.find(
				(field) => field.name === name && NodeHelpers.displayParameter(filledNode.parameters, field, filledNode, type.description),
			)!,
	);
}

/**
 * The field types whose value the model cannot be asked for: the editor offers no `$fromAI` for a
 * dropdown (PROP_TYPE_DENYLIST) and none for what holds fields or shows nothing (collections, notices).
 */
const NOT_MODEL_FILLED = new Set([
	'options',
	'multiOptions',
	'credentialsSelect',
	'collection',
	'fixedCollection',
	'notice',
	'hidden',
	'callout',
	'button',
]);

/** The key the editor gives the field's `$fromAI` (sanitizeFromAiParameterName): what the model reads. */
function fromAiKey(displayName: string): string {
	return displayName.replace(/[^a-zA-Z0-9-]/g, '_').slice(0, 63);
}

/** Words only, without articles: "The user" and "User" say the same. */
function gist(text: string): string {
	return text
		.toLowerCase()
		.replace(/\b(the|a|an)\b/g, '')
		.replace(/[^a-z0-9]+/g, ' ')
		.trim();
}

/** Whether a field takes an identifier: its name says so, or it is picked from a list or typed by ID. */
function takesAnId(field: INodeProperties): boolean {
	return field.type === 'resourceLocator' || /(Id|Ids|[uU]id|[gG]uid|[uU]ids|[gG]uids)$/.test(field.name);
}

/** Whether a field takes a time. */
function takesATime(field: INodeProperties): boolean {
	return field.type === 'dateTime' || /(At|Date|Until)$/i.test(field.name);
}

/** What is wrong with one field the model may fill, in words naming the rule broken. */
function fieldProblems(field: INodeProperties): string[] {
	const problems: string[] = [];
	const description = field.description ?? '';
	if (!/[A-Za-z0-9]/.test(field.displayName)) problems.push('has no display name, which is the key the model fills');
	if (description.trim() === '') problems.push('has no description');
	else if (gist(description) === gist(field.displayName)) problems.push(`only repeats its display name ("${description}")`);
	if (takesAnId(field) && !namesAnId(description)) problems.push('takes an ID but does not say which (UID, GUID, message ID, …)');
	if (takesATime(field) && !/date and time|ISO 8601|epoch seconds/i.test(description)) {
		problems.push('takes a time but does not say its format (a date and time, ISO 8601 or epoch seconds)');
	}
	return problems;
}

/** What is wrong with the description a model gets of a tool. */
function descriptionProblems(description: string, automatic: string): string[] {
	const problems: string[] = [];
	if (description === automatic) problems.push(`is n8n's automatic "${automatic}", which does not say what the tool returns`);
	if (description.length > TOOL_DESCRIPTION_MAX_LENGTH)
		problems.push(`is ${description.length} characters, more than ${TOOL_DESCRIPTION_MAX_LENGTH}`);
	const sentences = sentencesOf(description).length;
	if (sentences > TOOL_DESCRIPTION_MAX_SENTENCES) problems.push(`has ${sentences} sentences, more than ${TOOL_DESCRIPTION_MAX_SENTENCES}`);
	if (!/\b(returns|outputs?)\b/i.test(description)) problems.push('does not say what the tool returns');
	return problems;
}

const operations = resources.flatMap((resource) =>
	resource.operations.map((operation) => ({ id: `${resource.value}:${operation.value}`, resource: resource.value, operation })),
);

describe('every operation as an AI tool', () => {
	it('covers every operation of the node', () => {
		expect(operations.length).toBe(new Set(operations.map(({ id }) => id)).size);
		expect(operations.length).toBeGreaterThan(200);
	});

	it('says what each operation but a list returns in its own words (a list derives its sentence from its Limit)', () => {
		const silent = operations.filter(({ operation }) => !isListOperation(operation) && operation.returns === undefined);
		expect(silent.map(({ id }) => id)).toEqual([]);
	});

	describe.each(operations)('$id', ({ resource, operation }) => {
		const parameters = { resource, operation: operation.value };
		const toolNode = filled(tool, parameters);
		const automatic = `${operation.action} in ${tool.description.defaults.name}`;
		const description = NodeHelpers.getToolDescriptionForNode(toolNode, tool);

		it('gives the model a description that says what it does and returns, in a few lines', () => {
			if (operation.value === SEND_AND_WAIT_OPERATION) {
				// No Description of its own (actions/toolDescription.ts): n8n's approval tool would show it.
				expect(description).toBe(automatic);
				return;
			}
			expect(descriptionProblems(description, automatic)).toEqual([]);
		});

		it('names and describes every field the model may fill', () => {
			const fields = shownFields(tool, toolNode).filter((field) => !NOT_MODEL_FILLED.has(field.type) && field.name !== 'toolDescription');
			const problems = fields.flatMap((field) => fieldProblems(field).map((problem) => `${field.displayName} (${field.name}) ${problem}`));
			expect(problems).toEqual([]);
			const keys = fields.map((field) => fromAiKey(field.displayName));
			expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
		});

		if (isListOperation(operation)) {
			it(`starts small as a tool: Limit ${TOOL_LIST_LIMIT}, Output Simplified; the node keeps Limit ${LIST_LIMIT}`, () => {
				expect(toolNode.parameters.limit).toBe(TOOL_LIST_LIMIT);
				if (operation.simplified) expect(toolNode.parameters.output).toBe('simplified');
				expect(filled(node, parameters).parameters.limit).toBe(LIST_LIMIT);
			});
		}
	});
});

describe('the rules can fail', () => {
	it('a field that repeats its name, an ID that does not say which, a time without its format', () => {
		expect(fieldProblems({ displayName: 'Group', name: 'guid', type: 'resourceLocator', default: '', description: 'The group' })).toEqual([
			'only repeats its display name ("The group")',
			'takes an ID but does not say which (UID, GUID, message ID, …)',
		]);
		expect(fieldProblems({ displayName: 'Until', name: 'until', type: 'dateTime', default: '', description: 'When it ends' })).toEqual([
			'takes a time but does not say its format (a date and time, ISO 8601 or epoch seconds)',
		]);
	});

	it("a description that is n8n's automatic one, too long, or silent on what it returns", () => {
		expect(descriptionProblems('Ban a user in CometChat', 'Ban a user in CometChat')).toEqual([
			`is n8n's automatic "Ban a user in CometChat", which does not say what the tool returns`,
			'does not say what the tool returns',
		]);
		// An operation that is not a list and has no `returns` gets no sentence on what it returns, not a vague one.
		const silent = {
			value: 'ban',
			name: 'Ban',
			action: 'Ban a user',
			description: 'Ban a user',
			properties: [],
			execute: async () => ({}),
		};
		expect(descriptionProblems(toolDescriptionOf(silent), 'Ban a user in CometChat')).toEqual(['does not say what the tool returns']);
		expect(descriptionProblems(`${'Long. '.repeat(60)}Returns it.`, '')).toEqual([
			'is 371 characters, more than 300',
			'has 61 sentences, more than 3',
		]);
	});
});

describe("n8n's approval tool (cometChatHitlTool)", () => {
	it('shows no Description of its own: the model reads the gated tool’s', () => {
		const hitl = hitlToolVariant();
		const hitlNode = filled(hitl, {});
		expect(hitlNode.parameters.operation).toBe(SEND_AND_WAIT_OPERATION);
		expect(shownFields(hitl, hitlNode).map((field) => field.name)).not.toContain('toolDescription');
	});
});
