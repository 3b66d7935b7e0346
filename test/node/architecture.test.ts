/**
 * The rules of docs/ARCHITECTURE.md that a test can hold:
 * - every operation of the node has its four parts: a README row (Operations) naming its endpoints,
 *   a contract entry (contract/operations.json, `usedBy`) for each, an emulator route for each, and
 *   a test file under test/node that runs it;
 * - no import crosses between nodes/ and emulator/, either way.
 */
import * as fs from 'fs';
import * as path from 'path';

import type { ContractHost } from '../../contract/schema';
import { HOST_BASES, operationKey } from '../../contract/schema';
import { buildRouters } from '../../emulator/areas';
import { Store } from '../../emulator/store';
import { resources } from '../../nodes/CometChat/actions';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface OperationName {
	resource: { value: string; name: string };
	operation: { value: string; name: string };
}

interface ContractOperation {
	usedBy: string[];
	method: string;
	path: string;
	host: ContractHost;
}

const README = read('README.md');
const CONTRACT = (JSON.parse(read('contract/operations.json')) as { operations: ContractOperation[] }).operations;
const ROUTERS = buildRouters(new Store().areas);
/** Each node test file, with the text of the harness modules it imports (where shared parameters live). */
const NODE_TESTS = fs
	.readdirSync(path.join(ROOT, 'test', 'node'))
	.filter((file) => file.endsWith('.test.ts'))
	.map((file) => {
		const text = read(path.join('test', 'node', file));
		const harness = [...text.matchAll(/from '\.\.\/harness\/([\w-]+)'/g)].map((match) =>
			read(path.join('test', 'harness', `${match[1]}.ts`)),
		);
		return { file, text: [text, ...harness].join('\n') };
	});

/** The endpoints a README row names: `METHOD /path` in backticks, query left out. */
function readmeEndpoints(resourceName: string, operationName: string): string[] | undefined {
	const row = README.split('\n').find((line) => line.startsWith(`| ${resourceName} | ${operationName} |`));
	if (row === undefined) return undefined;
	return [...row.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`?\s]*)/g)].map((match) => `${match[1]} ${match[2]}`);
}

/** Which of its four parts an operation misses. */
export function missingParts({ resource, operation }: OperationName): string[] {
	const missing: string[] = [];
	const endpoints = readmeEndpoints(resource.name, operation.name);
	if (endpoints === undefined || endpoints.length === 0) missing.push('README row');
	const title = `${resource.name} → ${operation.name}`;
	// `usedBy` may qualify the use: "Message → Get Many (group conversation)".
	const contracted = CONTRACT.filter((entry) => entry.usedBy.some((use) => use === title || use.startsWith(`${title} (`)));
	const notContracted = (endpoints ?? []).filter((endpoint) => !contracted.some((entry) => operationKey(entry) === endpoint));
	if (contracted.length === 0 || notContracted.length > 0) missing.push('contract entry');
	const unrouted = contracted.filter((entry) => {
		// The management API's paths are whole (/apps/{appId}/…); the Campaigns service is served on the chat host, under its base.
		const router = ROUTERS[entry.host === 'campaigns' ? 'chat' : entry.host];
		const found = router.match(entry.method, `${HOST_BASES[entry.host]}${entry.path.replace(/\{[^}]+\}/g, 'x1')}`);
		return found === null || 'methodMismatch' in found;
	});
	if (contracted.length === 0 || unrouted.length > 0) missing.push('emulator route');
	const ran = NODE_TESTS.some(
		({ file, text }) =>
			text.includes(`operation: '${operation.value}'`) &&
			(text.includes(`resource: '${resource.value}'`) || file.startsWith(`${resource.value}.`)),
	);
	if (!ran) missing.push('test file');
	return missing;
}

describe('every operation has its four parts', () => {
	const operations = resources.flatMap((resource) => resource.operations.map((operation) => ({ resource, operation })));

	it.each(operations.map((entry) => [`${entry.resource.name} → ${entry.operation.name}`, entry] as const))('%s', (_title, entry) => {
		expect(missingParts(entry)).toEqual([]);
	});

	it('an operation without them is reported missing each one', () => {
		const made = { resource: { value: 'widget', name: 'Widget' }, operation: { value: 'spin', name: 'Spin' } };
		expect(missingParts(made)).toEqual(['README row', 'contract entry', 'emulator route', 'test file']);
		// A real operation under another name loses its README row, contract entry and routes, not its tests.
		const renamed = { resource: { value: 'user', name: 'User' }, operation: { value: 'deactivate', name: 'Deactivate Many' } };
		expect(missingParts(renamed)).toEqual(['README row', 'contract entry', 'emulator route']);
	});
});

describe('nodes/ and emulator/ never import each other', () => {
	const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]*)['"]/g;
	const sources = (dir: string): string[] =>
		fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
			const relative = path.join(dir, entry.name);
			if (entry.isDirectory()) return sources(relative);
			return /\.(ts|js)$/.test(entry.name) ? [relative] : [];
		});
	const crossing = (from: string, to: string) =>
		sources(from).flatMap((file) =>
			[...read(file).matchAll(SPECIFIER)]
				.map((match) => path.relative(ROOT, path.resolve(ROOT, path.dirname(file), match[1])))
				.filter((target) => target === to || target.startsWith(`${to}${path.sep}`))
				.map((target) => `${file} → ${target}`),
		);

	it('no file of nodes/ imports from emulator/', () => expect(crossing('nodes', 'emulator')).toEqual([]));
	it('no file of emulator/ imports from nodes/', () => expect(crossing('emulator', 'nodes')).toEqual([]));
});
