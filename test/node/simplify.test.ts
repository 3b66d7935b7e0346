/**
 * Simplify as n8n's guidelines place it: from version 1.1 a field of its own at the top of every
 * list that has it, in Options only in version 1 (so workflows saved with it keep it), never in the
 * AI tool (which has Output); a simplified record keeps at most 10 fields. Run through n8n's engine
 * against the emulator in both versions.
 */
import type { INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { resources } from '../../nodes/CometChat/actions';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { expectInputError, useEmulator } from '../harness/suite';

const description = new CometChat().description;
const LISTS = resources.flatMap((resource) =>
	resource.operations.map((operation) => ({ title: `${resource.name} → ${operation.name}`, resource, operation })),
);

/** The fields n8n shows for an operation in a node of this version, at the top level. */
function shownFields(resource: string, operation: string, typeVersion: number): string[] {
	const values: INodeParameters = { resource, operation, returnAll: false };
	const node = { typeVersion } as INode;
	return description.properties
		.filter((property: INodeProperties) => NodeHelpers.displayParameter(values, property, node, description))
		.map((property) => property.name);
}

describe('Simplify in the editor', () => {
	it('is version 1.1 by default; version 1 stays', () => {
		expect(description.version).toEqual([1, 1.1]);
		expect(description.defaultVersion).toBe(1.1);
	});

	it.each(LISTS.filter(({ operation }) => operation.simplified).map(({ title, operation }) => [title, operation] as const))(
		'%s: keeps at most 10 fields',
		(_title, operation) => {
			expect(operation.simplified?.length).toBeGreaterThan(0);
			expect(operation.simplified?.length).toBeLessThanOrEqual(10);
		},
	);

	it('is a field of its own after Return All / Limit in version 1.1, in Options only in version 1', () => {
		const withSimplify = LISTS.filter(({ operation }) => operation.simplified);
		expect(withSimplify.length).toBeGreaterThan(15);
		for (const { title, resource, operation } of withSimplify) {
			const current = shownFields(resource.value, operation.value, 1.1);
			expect([title, current.includes('simplify'), current.includes('options')]).toEqual([title, true, false]);
			expect([title, current.indexOf('simplify')]).toEqual([title, current.indexOf('returnAll') + 2]);
			const first = shownFields(resource.value, operation.value, 1);
			expect([title, first.includes('simplify'), first.includes('options')]).toEqual([title, false, true]);
		}
	});

	it('is in no other operation, in either version', () => {
		for (const { title, operation } of LISTS.filter(({ operation }) => !operation.simplified)) {
			const own = operation.properties.flatMap((property) => [
				property.name,
				...((property.type === 'collection' ? property.options : []) as INodeProperties[]).map(
					(option) => `${property.name}.${option.name}`,
				),
			]);
			expect([title, own.filter((name) => /(^|\.)simplify$/.test(name))]).toEqual([title, []]);
		}
	});
});

describe('Simplify when it runs', () => {
	const emulator = useEmulator();
	const getMessages = async (parameters: INodeParameters, typeVersion?: number) =>
		await runNode(
			credentialsFor(emulator()),
			{ resource: 'message', operation: 'getAll', returnAll: true, ...parameters },
			[{}],
			typeVersion === undefined ? {} : { typeVersion },
		);
	const seed = () => {
		const store = emulator().store;
		for (const uid of ['ada', 'bob']) store.addUser({ uid, name: uid.toUpperCase() });
		store.addMessage({ id: '101', sender: 'ada', receiver: 'bob', data: { text: 'Hi Bob' }, sentAt: 1_700_000_101 });
	};

	it('version 1.1: a message keeps 10 fields at most, the whole record with Simplify off', async () => {
		seed();
		const simple = await getMessages({}, 1.1);
		expect(simple.error).toBeUndefined();
		expect(Object.keys(simple.items[0].json).length).toBeLessThanOrEqual(10);
		expect(simple.items[0].json).toMatchObject({ id: '101', sender: 'ada', receiver: 'bob', type: 'text', text: 'Hi Bob' });
		const raw = await getMessages({ simplify: false }, 1.1);
		expect(raw.items[0].json).toMatchObject({ id: '101', category: 'message', data: { text: 'Hi Bob' } });
		// Options → Simplify of version 1 means nothing in 1.1.
		const ignored = await getMessages({ options: { simplify: false } }, 1.1);
		expect(ignored.items[0].json.data).toBeUndefined();
	});

	it('version 1: Options → Simplify off still gives the whole record', async () => {
		seed();
		const raw = await getMessages({ options: { simplify: false } }, 1);
		expect(raw.error).toBeUndefined();
		expect(raw.items[0].json).toMatchObject({ id: '101', category: 'message', data: { text: 'Hi Bob' } });
		const simple = await getMessages({}, 1);
		expect(simple.items[0].json.data).toBeUndefined();
	});

	it('version 1.1: a Simplify that is not a boolean names the field and the item, before any request', async () => {
		seed();
		const result = await runNode(
			credentialsFor(emulator()),
			{ resource: 'user', operation: 'getAll', returnAll: true, simplify: '={{ $json.simplify }}' },
			[{ simplify: 'maybe' }],
			{ typeVersion: 1.1 },
		);
		expectInputError(result, /'Simplify'/, /.+/);
		expect(apiRequests(emulator())).toHaveLength(0);
	});
});
