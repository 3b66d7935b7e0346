/**
 * What n8n's editor shows of the nodes, evaluated as n8n evaluates it: the trigger's subtitle on
 * the canvas, the codex that the node panel searches, the names and descriptions the panel lists,
 * and n8n's UX guidelines on every field of every node (placeholders, description lengths).
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { INode, INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { CometChatBotTrigger } from '../../nodes/CometChat/CometChatBotTrigger.node';
import { CometChatEveryday } from '../../nodes/CometChat/CometChatEveryday.node';
import { CometChatTrigger } from '../../nodes/CometChat/CometChatTrigger.node';
import { CometChatWebhookTrigger } from '../../nodes/CometChat/CometChatWebhookTrigger.node';
import { registerNodeType, TRIGGER_TYPE, workflowWith } from '../harness/engine';

const trigger = new CometChatTrigger();
registerNodeType(TRIGGER_TYPE, trigger);

/** The canvas subtitle of a trigger with these events, through n8n's expression engine. */
function subtitle(events: string[]): unknown {
	const node: INode = {
		id: 'trigger',
		name: 'CometChat Trigger',
		type: TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { events },
	};
	return workflowWith(node).expression.getSimpleParameterValue(node, trigger.description.subtitle, 'internal', {});
}

describe('the editor', () => {
	it("shows the trigger's events by name on the canvas", () => {
		expect(subtitle(['flaggedMessage'])).toBe('New Flagged Message');
		expect(subtitle(['flaggedMessage', 'blockedMessage'])).toBe('New Flagged Message, New Blocked Message');
		expect(subtitle(['blockedMessage'])).toBe('New Blocked Message');
	});

	it('lets the node panel find both nodes by moderation, chat, flag, messaging and community', () => {
		for (const file of ['CometChat.node.json', 'CometChatTrigger.node.json']) {
			expect(codexOf(file).alias).toEqual(expect.arrayContaining(['moderation', 'chat', 'flag', 'messaging', 'community']));
		}
	});

	it('lets "bot" find the node (its Bot resource) and the Bot Trigger, and "chat" every node', () => {
		expect(codexOf('CometChat.node.json').alias).toContain('bot');
		expect(codexOf('CometChatBotTrigger.node.json').alias).toContain('bot');
		for (const file of CODEX_FILES) expect(codexOf(file).alias).toContain('chat');
		expect(codexOf('CometChatWebhookTrigger.node.json').alias).toContain('moderation');
	});

	it('names each codex after its node type, and each push trigger "CometChat … Trigger" in the panel', () => {
		for (const [file, node] of Object.entries(NODES)) {
			expect(codexOf(file).node).toBe(`n8n-nodes-cometchat.${node.description.name}`);
		}
		// n8n's panel drops "Trigger" from a trigger it lists with actions, made from a field named
		// Event, Events or Trigger On: the push triggers have none, so they keep their whole name.
		for (const node of [new CometChatBotTrigger(), new CometChatWebhookTrigger()]) {
			expect(node.description.displayName).toMatch(/^CometChat \w+ Trigger$/);
			expect(node.description.defaults.name).toBe(node.description.displayName);
			const eventField = node.description.properties.find((p) => ['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()));
			expect(eventField).toBeUndefined();
		}
	});

	it("shows the node's own description in the panel's CometChat entry", () => {
		// n8n lists the polling trigger in the node's entry (cometChatTrigger less "Trigger") and shows
		// the trigger's description there.
		const node = new CometChat().description;
		const polling = trigger.description;
		expect(polling.name.replace('Trigger', '')).toBe(node.name);
		expect(polling.description.startsWith(node.description)).toBe(true);
		expect(polling.description).toMatch(/flagged or blocked/);
	});
});

const CODEX_FILES = [
	'CometChat.node.json',
	'CometChatEveryday.node.json',
	'CometChatTrigger.node.json',
	'CometChatBotTrigger.node.json',
	'CometChatWebhookTrigger.node.json',
];
const NODES: Record<string, INodeType> = {
	'CometChat.node.json': new CometChat(),
	'CometChatEveryday.node.json': new CometChatEveryday(),
	'CometChatTrigger.node.json': trigger,
	'CometChatBotTrigger.node.json': new CometChatBotTrigger(),
	'CometChatWebhookTrigger.node.json': new CometChatWebhookTrigger(),
};

function codexOf(file: string): { node: string; alias: string[] } {
	return JSON.parse(readFileSync(join(__dirname, '..', '..', 'nodes', 'CometChat', file), 'utf8'));
}

interface Shown {
	where: string;
	property: INodeProperties;
}

/** Every field of a node, with where it sits (collections and fixed collections opened). */
function fieldsOf(properties: INodeProperties[], where: string): Shown[] {
	return properties.flatMap((property) => {
		const here = `${where} ${property.displayName}`;
		const own: Shown[] = [{ where: here, property }];
		if (property.type === 'collection') return [...own, ...fieldsOf(property.options as INodeProperties[], `${here} →`)];
		if (property.type === 'fixedCollection') {
			return [
				...own,
				...(property.options as INodePropertyCollection[]).flatMap((option) =>
					fieldsOf(option.values, `${here} → ${option.displayName} →`),
				),
			];
		}
		return own;
	});
}

const FIELDS = Object.values(NODES).flatMap((node) => fieldsOf(node.description.properties, node.description.displayName));

describe("n8n's UX guidelines, on every field of every node", () => {
	it('placeholders of values start with "e.g." (a collection\'s is its button, a list mode\'s its prompt)', () => {
		const offending = FIELDS.flatMap(({ where, property }) => {
			const placeholders: Array<[string, string | undefined]> = [];
			if (property.type !== 'collection' && property.type !== 'fixedCollection') placeholders.push([where, property.placeholder]);
			for (const mode of property.modes ?? []) {
				if (mode.type !== 'list') placeholders.push([`${where} (${mode.displayName})`, mode.placeholder]);
			}
			return placeholders.filter(([, text]) => text !== undefined && !text.startsWith('e.g. ')).map(([at, text]) => `${at}: ${text}`);
		});
		expect(offending).toEqual([]);
	});

	it("a dropdown choice's description fits in the two lines n8n shows under its name", () => {
		const long = FIELDS.flatMap(({ where, property }) =>
			property.type === 'options' || property.type === 'multiOptions'
				? ((property.options ?? []) as INodePropertyOptions[]).map((option) => ({
						where: `${where} = ${option.name}`,
						text: option.description ?? '',
					}))
				: [],
		)
			.filter(({ text }) => text.length > MAX_CHOICE_DESCRIPTION)
			.map(({ where, text }) => `${where} (${text.length})`);
		expect(long).toEqual([]);
	});

	it('a node description is one short sentence', () => {
		for (const node of Object.values(NODES)) {
			expect(node.description.description.length).toBeLessThanOrEqual(MAX_NODE_DESCRIPTION);
			expect(node.description.description).not.toMatch(/\.\s/);
		}
	});
});

/** The node panel shows a node's description in two lines of about 60 characters. */
const MAX_NODE_DESCRIPTION = 120;
/** A dropdown shows a choice's description in two lines of about 57 characters, then cuts it. */
const MAX_CHOICE_DESCRIPTION = 115;
