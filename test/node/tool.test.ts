/**
 * The node as an AI agent's tool: n8n derives `cometChatTool` from `usableAsTool` (its name gets a
 * "Tool" suffix, which is what the `@tool` display condition reads). Lists there offer Output:
 * Simplified, Raw or Selected Fields, instead of Options → Simplify.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { cometChatNode, runNode } from '../harness/engine';
import { expectInputError, useEmulator } from '../harness/suite';
import { registerTool, TOOL_TYPE } from '../harness/tool';

const emulator = useEmulator();
const tool = registerTool();

const listUsers = { resource: 'user', operation: 'getAll', returnAll: true };
const seed = () => {
	emulator().store.addUser({ uid: 'ada', name: 'Ada', metadata: { dept: 'math' }, tags: ['vip'] });
	emulator().store.addUser({ uid: 'alan', name: 'Alan', link: 'https://example.com/alan' });
};
const runTool = async (parameters: Record<string, unknown>) => {
	const result = await runNode(credentialsFor(emulator()), { ...listUsers, ...parameters } as never, [{}], { type: TOOL_TYPE });
	// By UID: the list's own order is not what these tests are about.
	result.items.sort((a, b) => String(a.json.uid).localeCompare(String(b.json.uid)));
	return result;
};

/** The parameters n8n shows (and keeps) for a node of this type with these values. */
function shown(type: INodeType, parameters: Record<string, unknown>): string[] {
	const node = cometChatNode(parameters as never);
	const resolved = NodeHelpers.getNodeParameters(type.description.properties, node.parameters, true, false, node, type.description);
	return Object.keys(resolved ?? {});
}

describe('AI tool → Output', () => {
	it('shows Output in the tool and Options → Simplify in the node', () => {
		expect(shown(tool, listUsers)).toEqual(expect.arrayContaining(['output']));
		expect(shown(tool, listUsers)).not.toContain('options');
		expect(shown(tool, { ...listUsers, output: 'selectedFields' })).toEqual(expect.arrayContaining(['output', 'fields']));
		expect(shown(new CometChat(), listUsers)).toEqual(expect.arrayContaining(['options']));
		expect(shown(new CometChat(), listUsers)).not.toContain('output');
		const output = tool.description.properties.find((p: INodeProperties) => p.name === 'output');
		expect(output?.options?.map((option) => (option as { name: string }).name)).toEqual(['Raw', 'Selected Fields', 'Simplified']);
	});

	it('Simplified by default: the simplified users', async () => {
		seed();
		const { items, error } = await runTool({});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.uid)).toEqual(['ada', 'alan']);
		expect(items[0].json).not.toHaveProperty('metadata');
		expect(
			Object.keys(items[0].json).every((key) =>
				['uid', 'name', 'avatar', 'role', 'status', 'tags', 'lastActiveAt', 'lastActiveAtIso', 'createdAt', 'createdAtIso'].includes(key),
			),
		).toBe(true);
	});

	it('Raw: every field CometChat returns', async () => {
		seed();
		const { items } = await runTool({ output: 'raw' });
		expect(items[0].json).toMatchObject({ uid: 'ada', metadata: { dept: 'math' } });
		expect(items[1].json).toMatchObject({ uid: 'alan', link: 'https://example.com/alan' });
	});

	it('Selected Fields: only the named ones', async () => {
		seed();
		const { items } = await runTool({ output: 'selectedFields', fields: 'uid, metadata' });
		expect(items.map((item) => item.json)).toEqual([{ uid: 'ada', metadata: { dept: 'math' } }, { uid: 'alan' }]);
	});

	it('Selected Fields with none named fails before any request', async () => {
		seed();
		const result = await runTool({ output: 'selectedFields', fields: ' , ' });
		expectInputError(result, /'Fields' names no field/, /Name the fields to keep/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});
