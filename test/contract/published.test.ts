/**
 * The whole published API is covered: every operation of CometChat's published descriptions
 * (contract/published.json) is an operation the package sends (contract/operations.json), or is
 * served by the request of one that is; and the README's count is the node's.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { resources } from '../../nodes/CometChat/actions';
import { loadOperations, operationKey } from './contract';

interface PublishedOperation {
	tag: string;
	method: string;
	path: string;
	summary: string;
	operationId: string;
	sameRequestAs?: string;
	why?: string;
	/** `campaigns` for the Campaigns service's operations, published under /v3/campaigns. */
	host?: 'campaigns';
}

const REPO = join(__dirname, '..', '..');
const published = (JSON.parse(readFileSync(join(REPO, 'contract', 'published.json'), 'utf8')) as { operations: PublishedOperation[] })
	.operations;
const contract = loadOperations();
const sent = new Set(contract.map(operationKey));
/** `METHOD /path`; a Campaigns operation's path with its base (`/campaigns/...`), as contract/operations.json keys it. */
const keyOf = (operation: PublishedOperation) => operationKey(operation);
/** Published outside the indexed descriptions (contract/operations.json, additionalSources). */
const otherSources = (
	JSON.parse(readFileSync(join(REPO, 'contract', 'operations.json'), 'utf8')) as {
		additionalSources: Array<{ operations: string[]; path?: string }>;
	}
).additionalSources
	.filter((source) => source.path === undefined)
	.flatMap((source) => source.operations);

describe('the published API, operation by operation', () => {
	it('lists each published operation once', () => {
		const keys = published.map(keyOf);
		expect(new Set(keys).size).toBe(keys.length);
		expect(published.length).toBe(237);
	});

	it('every published operation is sent by the package, or served by the request of one that is', () => {
		const uncovered = published.filter((operation) =>
			operation.sameRequestAs === undefined ? !sent.has(keyOf(operation)) : !sent.has(operation.sameRequestAs) || !operation.why,
		);
		expect(uncovered.map(keyOf)).toEqual([]);
	});

	it('every operation the package sends is published, in the descriptions or on the reference pages', () => {
		const indexed = new Set(published.map(keyOf));
		expect([...sent].filter((key) => !indexed.has(key) && !otherSources.includes(key))).toEqual([]);
	});

	it("the README's count is the node's", () => {
		const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
		const operations = resources.reduce((sum, resource) => sum + resource.operations.length, 0);
		expect(readme).toContain(`The CometChat node has ${operations} operations over ${resources.length} resources`);
		expect(readme).toContain(`all ${published.length} of its published descriptions`);
	});
});
