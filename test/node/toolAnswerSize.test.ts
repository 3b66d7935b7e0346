/**
 * The largest answer a list tool gives an AI agent's model with its defaults (Limit 10, Output
 * Simplified), measured as the model gets it: JSON.stringify of the items' json. Each list with a
 * published example (test/data/published-list-examples.json) runs as the tool through n8n's engine
 * over real HTTP against a stand-in of CometChat that serves 3 × Limit copies of the example's
 * largest record, a page at a time as asked. The README states the largest; this holds it true.
 */
import { readFileSync } from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { join } from 'path';

import type { IDataObject } from 'n8n-workflow';

import { findOperation, resources } from '../../nodes/CometChat/actions';
import { isListOperation } from '../../nodes/CometChat/actions/toolDescription';
import { TOOL_LIST_LIMIT } from '../../nodes/CometChat/fields/lists';
import type { PublishedExample } from '../data/published-examples';
import { OPERATIONS, pathPattern, PUBLISHED } from '../data/published-examples';
import { runNode, shutdownEngine } from '../harness/engine';
import { registerTool, TOOL_TYPE } from '../harness/tool';

registerTool();

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

/** The README's sentence: "…the largest answer a list tool gives … is 12,345 bytes (Message → Get Many)…". */
function statedLargest(): { bytes: number; tool: string } {
	const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
	const match = /largest answer a list\s+tool\s+gives[^(]*?([\d,]+)\s+bytes\s+\(([^)]+)\)/.exec(readme);
	if (!match) throw new Error('The README states no largest answer of a list tool');
	return { bytes: Number(match[1].replace(/,/g, '')), tool: match[2].replace(/\s+/g, ' ') };
}

/** The list tools CometChat publishes no example answer of in the descriptions the contract reads. */
const UNMEASURED_LISTS = [
	'Push Token → Get Many',
	'Notification Preference → Get Muted Conversations',
	'Bot → Get Many',
	'FCM Provider → Get Many',
	'APNs Provider → Get Many',
	'Webhook → Get Many',
	'Campaign Template → Get Many',
	'Template Category → Get Many',
	'Campaign Channel → Get Many',
	'Campaign → Get Many',
	'Campaign → Get Recipients',
	'Feed Item → Get Many',
	'Campaign Push Notification → Get Many',
];

let example: PublishedExample;
let records: IDataObject[];
let standIn: { url: string; close(): Promise<void> };

beforeAll(async () => {
	standIn = await startStandIn();
});

afterAll(async () => {
	await standIn.close();
	await shutdownEngine();
});

test('the README states the largest default answer of a list tool, and it holds', async () => {
	const credentials = { apiKey: 'tool-answers-key', baseUrl: standIn.url, callUrl: standIn.url };
	const sizes: { tool: string; bytes: number; records: number }[] = [];
	const errors: string[] = [];
	const lists = PUBLISHED.filter(({ operationId }) => {
		const { resource, operation } = OPERATIONS[operationId];
		return isListOperation(findOperation(String(resource), String(operation))!);
	});
	// The lists with no published example to fill are not measured here (the README says so).
	const measured = new Set(lists.map(({ operationId }) => `${OPERATIONS[operationId].resource}:${OPERATIONS[operationId].operation}`));
	const unmeasured = resources.flatMap((resource) =>
		resource.operations
			.filter((operation) => isListOperation(operation) && !measured.has(`${resource.value}:${operation.value}`))
			.map((operation) => toolName(resource.value, operation.value)),
	);
	expect(unmeasured).toEqual(UNMEASURED_LISTS);
	for (const published of lists) {
		const parameters = { ...OPERATIONS[published.operationId] };
		// The tool's own defaults: no Options → Simplify of the node's version 1.
		delete parameters.options;
		example = published;
		records = filled(published);
		const run = await runNode(credentials, parameters, [{}], { type: TOOL_TYPE, typeVersion: 1.1 });
		if (run.error) errors.push(`${published.operationId}: ${run.error.message}`);
		sizes.push({
			tool: toolName(String(parameters.resource), String(parameters.operation)),
			bytes: JSON.stringify(run.items.map((item) => item.json)).length,
			records: run.items.length,
		});
	}
	expect(errors).toEqual([]);
	// Each list, filled with 3 × Limit records, gives Limit of them.
	expect(sizes.filter(({ records }) => records !== TOOL_LIST_LIMIT)).toEqual([]);
	const largest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
	const stated = statedLargest();
	expect({ tool: stated.tool, fits: largest.bytes <= stated.bytes && stated.bytes <= largest.bytes * 1.25 }).toEqual({
		tool: largest.tool,
		fits: true,
	});
});
