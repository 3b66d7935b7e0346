/**
 * What n8n's editor shows of the nodes, evaluated as n8n evaluates it: the trigger's subtitle on
 * the canvas, and the codex that the node panel searches.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { INode } from 'n8n-workflow';

import { CometChatTrigger } from '../../nodes/CometChat/CometChatTrigger.node';
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
			const codex = JSON.parse(readFileSync(join(__dirname, '..', '..', 'nodes', 'CometChat', file), 'utf8'));
			expect(codex.alias).toEqual(expect.arrayContaining(['moderation', 'chat', 'flag', 'messaging', 'community']));
		}
	});
});
