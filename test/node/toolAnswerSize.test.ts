/**
 * The largest answer a list tool gives an AI agent's model with its defaults (Limit 10, Output
 * Simplified), measured as the model gets it: JSON.stringify of the items' json, over every list the
 * node has. Each runs as the tool through n8n's engine over real HTTP:
 * - a list with a published example (test/data/published-list-examples.json) against a stand-in of
 *   CometChat that serves 3 × Limit copies of the example's largest record, a page at a time as asked;
 * - every other list against the emulator, filled through its collections with 12 records of full
 *   size (test/data/full-size-lists.ts): each made as the list's create operation would make it with
 *   every field it accepts set, texts long but plausible (a template body of 400 characters, URLs
 *   of about 100), metadata, config and variables objects of three or four keys, keys and tokens of
 *   their real length (an FCM token of about 160 characters, a 2048-bit service-account key, a .p8 key).
 * A list with neither fails the test. The README states the largest; this holds it true.
 */
import { readFileSync } from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { join } from 'path';

import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { CometChatManagementApi } from '../../credentials/CometChatManagementApi.credentials';
import { resources } from '../../nodes/CometChat/actions';
import { isListOperation } from '../../nodes/CometChat/actions/toolDescription';
import { TOOL_LIST_LIMIT } from '../../nodes/CometChat/fields/lists';
import { FULL_SIZE_LISTS } from '../data/full-size-lists';
import type { PublishedExample } from '../data/published-examples';
import { OPERATIONS, pathPattern, PUBLISHED } from '../data/published-examples';
import { credentialsFor } from '../harness/emulator';
import type { CredentialData } from '../harness/engine';
import { registerCredential, runNode } from '../harness/engine';
import { useEmulator } from '../harness/suite';
import { registerTool, TOOL_TYPE } from '../harness/tool';

registerTool();
const emulator = useEmulator();
let management: ICredentialDataDecryptedObject;
registerCredential(new CometChatManagementApi(), () => management);
const CREDENTIALS = {
	cometChatApi: { id: 'cred-1', name: 'CometChat (emulator)' },
	cometChatManagementApi: { id: 'mgmt-1', name: 'Management (emulator)' },
};

/** The fields that tell a list's records apart (the node drops a record it has already read). */
const IDENTITIES = [
	'id',
	'_id',
	'uid',
	'guid',
	'muid',
	'sessionId',
	'tid',
	'ruleId',
	'conversationId',
	'authToken',
	'apiKey',
	'role',
	'permission',
	'feature',
	'reaction',
];

/** A copy of a record with its identities made its own, so no two copies are the same record. */
function copyOf(record: IDataObject, copy: number): IDataObject {
	const result = structuredClone(record);
	for (const key of IDENTITIES) {
		const value = result[key];
		if (typeof value === 'string') result[key] = `${value}-${copy}`;
		if (typeof value === 'number') result[key] = value + copy;
	}
	return result;
}

/** The example's largest record, copied to 3 × Limit records. */
function filled(example: PublishedExample): IDataObject[] {
	const bytes = (record: IDataObject) => JSON.stringify(record).length;
	const largest = example.answer.data.reduce((a, b) => (bytes(b) > bytes(a) ? b : a));
	return Array.from({ length: 3 * TOOL_LIST_LIMIT }, (_, copy) => copyOf(largest, copy));
}

/** The page a request asks for (`per_page` or `limit`, and `page`), with `meta` in the example's shape. */
function pageOf(example: PublishedExample, records: IDataObject[], query: URLSearchParams): PublishedExample['answer'] {
	const size = Number(query.get('per_page') ?? query.get('limit') ?? records.length);
	const page = Number(query.get('page') ?? 1);
	const data = records.slice((page - 1) * size, page * size);
	const meta = example.answer.meta;
	if (meta?.pagination) {
		const pagination = {
			total: records.length,
			count: data.length,
			per_page: size,
			current_page: page,
			total_pages: Math.ceil(records.length / size),
		};
		return { data, meta: { pagination } };
	}
	if (meta?.current) return { data, meta: { ...meta, current: { limit: size, count: data.length } } };
	return { data, meta };
}

/** A stand-in of CometChat that serves the list under test's records a page at a time. */
async function startStandIn(): Promise<{ url: string; close(): Promise<void> }> {
	const server = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://stand-in');
		const served = pathPattern(example.path).test(url.pathname);
		response.writeHead(served ? 200 : 404, { 'content-type': 'application/json' });
		response.end(
			JSON.stringify(
				served ? pageOf(example, records, url.searchParams) : { error: { code: 'ERR_NOT_PUBLISHED', message: 'Not this list' } },
			),
		);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** "Resource → Operation", as the README names a tool. */
function toolName(resourceValue: string, operationValue: string): string {
	const resource = resources.find((r) => r.value === resourceValue)!;
	const operation = resource.operations.find((o) => o.value === operationValue)!;
	return `${resource.name} → ${operation.name}`;
}

/** The README's sentence: "…the largest answer a list tool gives … is 12,345 bytes (Message → Get Many), measured over all 42 lists…". */
function statedLargest(): { bytes: number; tool: string; lists: number } {
	const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
	const match = /largest answer a list\s+tool\s+gives[^(]*?([\d,]+)\s+bytes\s+\(([^)]+)\),\s+measured\s+over\s+all\s+(\d+)\s+lists/.exec(
		readme,
	);
	if (!match) throw new Error('The README states no largest answer of a list tool over all its lists');
	return { bytes: Number(match[1].replace(/,/g, '')), tool: match[2].replace(/\s+/g, ' '), lists: Number(match[3]) };
}

let example: PublishedExample;
let records: IDataObject[];
let standIn: { url: string; close(): Promise<void> };

beforeAll(async () => {
	standIn = await startStandIn();
});

afterAll(async () => {
	await standIn.close();
});

/** When the emulator's records are made (epoch seconds). */
const EMULATOR_NOW = 1_790_000_000;

/** One answer as measured: the tool, its bytes, how many records. */
interface Size {
	tool: string;
	bytes: number;
	records: number;
}

/** Runs a list as the AI tool with its own defaults and measures its answer. */
async function measure(credentials: CredentialData, parameters: INodeParameters, errors: string[]): Promise<Size> {
	const run = await runNode(credentials, parameters, [{}], { type: TOOL_TYPE, typeVersion: 1.1, credentials: CREDENTIALS });
	const tool = toolName(String(parameters.resource), String(parameters.operation));
	if (run.error) errors.push(`${tool}: ${run.error.message}`);
	return { tool, bytes: JSON.stringify(run.items.map((item) => item.json)).length, records: run.items.length };
}

/** Each list with a published example, filled with copies of its largest record, through the stand-in. */
async function measurePublished(lists: typeof PUBLISHED, errors: string[]): Promise<Size[]> {
	const credentials = { apiKey: 'tool-answers-key', baseUrl: standIn.url, callUrl: standIn.url };
	const sizes: Size[] = [];
	for (const published of lists) {
		const parameters = { ...OPERATIONS[published.operationId] };
		// The tool's own defaults: no Options → Simplify of the node's version 1.
		delete parameters.options;
		example = published;
		records = filled(published);
		sizes.push(await measure(credentials, parameters, errors));
	}
	return sizes;
}

/** Each other list, its records of full size made in the emulator (test/data/full-size-lists.ts). */
async function measureInEmulator(keys: string[], errors: string[]): Promise<Size[]> {
	const emu = emulator();
	management = { appId: emu.appId, managementApiKey: emu.mgmtKey, managementSecret: emu.mgmtSecret, managementUrl: emu.mgmtUrl };
	// Records made at one fixed time: their dates the same length, run after run.
	emu.store.setClock(EMULATOR_NOW);
	const sizes: Size[] = [];
	for (const key of keys) {
		const [resource, operation] = key.split(':');
		emu.store.reset();
		const required = FULL_SIZE_LISTS[key].fill(emu.store);
		sizes.push(await measure(credentialsFor(emu), { resource, operation, ...required }, errors));
	}
	return sizes;
}

test('the README states the largest default answer of a list tool, over every list, and it holds', async () => {
	const errors: string[] = [];
	const listKey = (resource: unknown, operation: unknown) => `${String(resource)}:${String(operation)}`;
	const lists = resources.flatMap((resource) =>
		resource.operations.filter((operation) => isListOperation(operation)).map((operation) => listKey(resource.value, operation.value)),
	);
	const exampleOf = ({ operationId }: PublishedExample) => listKey(OPERATIONS[operationId].resource, OPERATIONS[operationId].operation);
	const published = PUBLISHED.filter((candidate) => lists.includes(exampleOf(candidate)));
	const withExample = new Set(published.map(exampleOf));
	const others = lists.filter((list) => !withExample.has(list));
	// A list added later is measured: with a published example, or filled in the emulator.
	expect(others.filter((list) => !FULL_SIZE_LISTS[list])).toEqual([]);
	expect(Object.keys(FULL_SIZE_LISTS).filter((list) => !others.includes(list))).toEqual([]);
	const sizes = [...(await measurePublished(published, errors)), ...(await measureInEmulator(others, errors))];
	expect(errors).toEqual([]);
	// Each list, filled with more than Limit records, gives Limit of them.
	expect(sizes.filter(({ records }) => records !== TOOL_LIST_LIMIT)).toEqual([]);
	const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
	const stated = statedLargest();
	// Stated between the measure and a quarter above it; else the expected shows the range it must be in.
	const range = { from: largest.bytes, to: Math.floor(largest.bytes * 1.25) };
	const fits = stated.bytes >= range.from && stated.bytes <= range.to;
	expect({ tool: stated.tool, lists: stated.lists, bytes: stated.bytes }).toEqual({
		tool: largest.tool,
		lists: lists.length,
		bytes: fits ? stated.bytes : `${range.from} to ${range.to}`,
	});
});
