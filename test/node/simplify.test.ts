/**
 * Simplify as n8n's guidelines place it: from version 1.1 a field of its own at the top of every
 * list that has it, in Options only in version 1 (so workflows saved with it keep it), never in the
 * AI tool (which has Output); a simplified record keeps at most 10 fields. Run through n8n's engine
 * against the emulator in both versions.
 */
import type { IDataObject, INode, INodeParameters, INodeProperties } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { CometChat } from '../../nodes/CometChat/CometChat.node';
import { resources } from '../../nodes/CometChat/actions';
import type { OperationDefinition } from '../../nodes/CometChat/actions/types';
import { apiRequests, credentialsFor } from '../harness/emulator';
import { runNode } from '../harness/engine';
import { byId, expectInputError, useEmulator } from '../harness/suite';

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

	/** A list has Return All; a send (one record out) has Simplify of its own, off by default. */
	const isList = (operation: OperationDefinition) => operation.properties.some((property) => property.name === 'returnAll');

	it('is a field of its own after Return All / Limit in version 1.1, in Options only in version 1', () => {
		const withSimplify = LISTS.filter(({ operation }) => operation.simplified && isList(operation));
		expect(withSimplify.length).toBeGreaterThan(15);
		for (const { title, resource, operation } of withSimplify) {
			const current = shownFields(resource.value, operation.value, 1.1);
			expect([title, current.includes('simplify'), current.includes('options')]).toEqual([title, true, false]);
			expect([title, current.indexOf('simplify')]).toEqual([title, current.indexOf('returnAll') + 2]);
			const first = shownFields(resource.value, operation.value, 1);
			expect([title, first.includes('simplify'), first.includes('options')]).toEqual([title, false, true]);
		}
	});

	it('the sends: a field of their own before Additional Fields in both versions, off so saved workflows keep their output', () => {
		const sends = LISTS.filter(({ operation }) => operation.simplified && !isList(operation));
		expect(sends.map(({ title }) => title).sort()).toEqual(['Message → Send', 'Message → Send Form', 'Message → Send as Bot']);
		for (const { title, resource, operation } of sends) {
			for (const typeVersion of [1, 1.1]) {
				const shown = shownFields(resource.value, operation.value, typeVersion);
				expect([title, typeVersion, shown.indexOf('simplify')]).toEqual([title, typeVersion, shown.indexOf('additionalFields') - 1]);
				expect([title, shown.includes('options')]).toEqual([title, false]);
			}
			expect([title, operation.properties.find((property) => property.name === 'simplify')?.default]).toEqual([title, false]);
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
		// A time's ISO 8601 copy is the same field written another way: not counted.
		expect(Object.keys(simple.items[0].json).filter((key) => !key.endsWith('AtIso')).length).toBeLessThanOrEqual(10);
		expect(simple.items[0].json).toMatchObject({
			id: '101',
			sender: 'ada',
			receiver: 'bob',
			type: 'text',
			text: 'Hi Bob',
			sentAt: 1_700_000_101,
			sentAtIso: '2023-11-14T22:15:01.000Z',
		});
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

describe('Simplify: each time in epoch seconds, and beside it in ISO 8601', () => {
	const emulator = useEmulator();
	const T = 1_760_000_000;

	/** The ISO 8601 copy of an epoch-seconds time: UTC, as JavaScript's toISOString writes it. */
	const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

	/**
	 * The times of a simplified record, nested ones by their path (`lastMessage.sentAt`); each must have
	 * its copy named …Iso right after it, and no copy may stand without its time.
	 */
	function timesOf(record: IDataObject, path = ''): string[] {
		const keys = Object.keys(record);
		return keys.flatMap((key, index) => {
			const value = record[key];
			if (key.endsWith('AtIso')) expect([path + key, keys[index - 1]]).toEqual([path + key, key.slice(0, -'Iso'.length)]);
			if (value !== null && typeof value === 'object' && !Array.isArray(value)) return timesOf(value as IDataObject, `${path}${key}.`);
			if (!key.endsWith('At')) return [];
			expect([path + key, record[`${key}Iso`]]).toEqual([path + key, iso(value as number)]);
			return [path + key];
		});
	}

	const seed = () => {
		const store = emulator().store;
		store.setClock(T);
		store.addUser({ uid: 'ada', name: 'Ada', lastActiveAt: T + 5 });
		store.addUser({ uid: 'bob', name: 'Bob' });
		store.addGroup({ guid: 'crew', name: 'Crew', owner: 'ada', members: { participants: ['bob'] } });
		const parent = store.addMessage({ sender: 'ada', receiver: 'bob', data: { text: 'Hi Bob' }, sentAt: T + 10 });
		store.addMessage({ sender: 'bob', receiver: 'ada', parentId: parent.id, data: { text: 'Hi' }, sentAt: T + 20 });
		store.addCallSession({ sessionId: 'call-1', initiator: 'ada', receiver: 'bob', startedAt: T + 30, endedAt: T + 90 });
		store.addReason({ id: 'spam', name: 'Spam' });
		store.addFlag({ messageId: parent.id, uid: 'bob', reasonId: 'spam', flaggedAt: T + 40 });
	};

	it.each([
		['User → Get Many', { resource: 'user', operation: 'getAll' }, ['lastActiveAt', 'createdAt']],
		['Group → Get Many', { resource: 'group', operation: 'getAll' }, ['createdAt']],
		['Group Member → Get Many', { resource: 'groupMember', operation: 'getAll', guid: byId('crew') }, ['joinedAt']],
		['Message → Get Many', { resource: 'message', operation: 'getAll' }, ['sentAt']],
		['Message → Get Threads', { resource: 'message', operation: 'getThreads' }, ['sentAt', 'lastReplyAt']],
		[
			'Conversation → Get Many',
			{ resource: 'conversation', operation: 'getAll', onBehalfOf: byId('ada') },
			['updatedAt', 'lastMessage.sentAt'],
		],
		['Call → Get Many', { resource: 'call', operation: 'getAll' }, ['startedAt', 'endedAt']],
		['Flagged Message → Get Many', { resource: 'flaggedMessage', operation: 'getAll' }, ['flaggedAt']],
	] as const)('%s', async (_title, parameters, times) => {
		seed();
		const { items, error } = await runNode(credentialsFor(emulator()), { returnAll: true, ...parameters }, [{}], { typeVersion: 1.1 });
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		const found = new Set(items.flatMap((item) => timesOf(item.json)));
		expect([...found].sort()).toEqual([...times].sort());
	});
});
