/**
 * The CometChat Everyday node: the CometChat node's everyday actions, alone, so n8n's node panel
 * shows them on its first screen (e2e/screenshot.js measures that in the editor). Its fields are
 * the CometChat node's, and it runs them as the CometChat node does.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { CometChatEveryday } from '../../nodes/CometChat/CometChatEveryday.node';
import { resources } from '../../nodes/CometChat/actions';
import { EVERYDAY_ACTIONS, selectActions } from '../../nodes/CometChat/actions/everyday';
import { ONE_AT_A_TIME } from '../../nodes/CometChat/actions/oneAtATime';
import { credentialsFor } from '../harness/emulator';
import { registerNodeType, runNode } from '../harness/engine';
import { byId, useEmulator } from '../harness/suite';

const EVERYDAY_TYPE = 'n8n-nodes-cometchat.cometChatEveryday';
const everyday = new CometChatEveryday();
registerNodeType(EVERYDAY_TYPE, everyday);
const emulator = useEmulator();

/** The operations a node offers, as `resource:operation`, read from its dropdowns. */
function offered(properties: INodeProperties[]): string[] {
	const resourceField = properties.find((property) => property.name === 'resource')!;
	return (resourceField.options as INodePropertyOptions[]).flatMap(({ value: resource }) => {
		const operationField = properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
		)!;
		return (operationField.options as INodePropertyOptions[]).map(({ value }) => `${String(resource)}:${String(value)}`);
	});
}

/** Whether a field shows for one of these `resource:operation` pairs (by its resource and operation conditions). */
function showsFor(property: INodeProperties, pairs: string[]): boolean {
	const show = property.displayOptions?.show;
	if (!show?.resource) return true;
	return pairs.some((pair) => {
		const [resource, operation] = pair.split(':');
		return show.resource!.includes(resource) && (!show.operation || show.operation.includes(operation));
	});
}

describe('CometChat Everyday', () => {
	const pairs = Object.entries(EVERYDAY_ACTIONS).flatMap(([resource, operations]) => operations.map((op) => `${resource}:${op}`));

	it('offers the everyday actions and no other', () => {
		expect(offered(everyday.description.properties).sort()).toEqual([...pairs].sort());
		expect(pairs).toHaveLength(9);
	});

	it("shows exactly the CometChat node's fields of those actions", () => {
		// Per action, in the order n8n shows them (the fields of two actions never show together).
		const fieldsOf = (properties: INodeProperties[], pair: string) =>
			properties.filter((property) => !['resource', 'operation', ONE_AT_A_TIME].includes(property.name) && showsFor(property, [pair]));
		for (const pair of pairs) {
			expect(fieldsOf(everyday.description.properties, pair)).toEqual(fieldsOf(new CometChat().description.properties, pair));
			expect(fieldsOf(everyday.description.properties, pair).length).toBeGreaterThan(0);
		}
		// One at a Time is one field per resource, shown for the operations it has of those the node offers.
		const oneAtATime = (properties: INodeProperties[]) =>
			pairs.filter((pair) => properties.some((property) => property.name === ONE_AT_A_TIME && showsFor(property, [pair])));
		expect(oneAtATime(everyday.description.properties)).toEqual(oneAtATime(new CometChat().description.properties));
		expect(oneAtATime(everyday.description.properties).length).toBeGreaterThan(0);
	});

	it('opens on Message → Send a message, and is not a second agent tool', () => {
		const { properties, usableAsTool, webhooks } = everyday.description;
		expect(properties.find((property) => property.name === 'resource')!.default).toBe('message');
		const messageOperation = properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('message'),
		)!;
		expect(messageOperation.default).toBe('send');
		expect(usableAsTool).toBeUndefined();
		expect(new CometChat().description.usableAsTool).toBe(true);
		// Send message and wait for response resumes through the node's webhook.
		expect(webhooks).toEqual(new CometChat().description.webhooks);
	});

	it('refuses a selection naming a resource or an operation the node does not have', () => {
		expect(() => selectActions(resources, { message: ['send', 'fly'] })).toThrow('No operation fly in the resource "message"');
		expect(() => selectActions(resources, { planet: ['send'] })).toThrow('No resource "planet"');
		// A resource whose default operation is left out opens on its first selected one.
		expect(selectActions(resources, { user: ['getAll'] })[0].defaultOperation).toBe('getAll');
	});

	it('sends a message and lists users through n8n, as the CometChat node does', async () => {
		emulator().store.addUser({ uid: 'ada', name: 'Ada' });
		emulator().store.addUser({ uid: 'bob', name: 'Bob' });
		const options = { type: EVERYDAY_TYPE, typeVersion: 1.1, name: 'CometChat Everyday' };
		const sent = await runNode(
			credentialsFor(emulator()),
			{ resource: 'message', operation: 'send', onBehalfOf: byId('ada'), receiverType: 'user', receiverUid: byId('bob'), text: 'Hi Bob' },
			[{}],
			options,
		);
		expect(sent.error).toBeUndefined();
		expect(sent.items[0].json).toMatchObject({ sender: 'ada', receiver: 'bob', data: { text: 'Hi Bob' } });
		const listed = await runNode(credentialsFor(emulator()), { resource: 'user', operation: 'getAll', returnAll: true }, [{}], options);
		expect(listed.error).toBeUndefined();
		expect(listed.items.map((item) => item.json.uid).sort()).toEqual(['ada', 'bob']);
	});
});
