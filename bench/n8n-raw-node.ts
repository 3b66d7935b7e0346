/**
 * The raw 4-in-flight loop of `npm run bench:n8n`'s Return All case, run as the body of a bare n8n
 * node: what any node that reads the users list pays in the real n8n, beyond the loop itself. n8n
 * loads it as a custom node (`CUSTOM.benchRawUsersLoop`) from a folder this file writes, given to
 * n8n in N8N_CUSTOM_EXTENSIONS; it is never part of the package.
 *
 * It keeps the fields ours keeps with Simplify on (the operation's default), each time with its ISO
 * 8601 copy as ours adds it, one `{ json, pairedItem }` per record with one pairing shared, as ours
 * does, so n8n has the same items to check and save.
 * Its loop is `readUsersInFlight` (bench/common.ts) written out in plain JavaScript, since n8n
 * loads the file as it is; a change to one is a change to the other.
 *
 * With Keep Pages on, it reads the pages in its first run only and keeps them in n8n's process;
 * every later run puts out the same items from them without a request: what n8n alone costs for a
 * node that puts out these items (the execution, its checks of the items, their saving).
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { SIMPLIFIED_USER_FIELDS } from '../nodes/CometChat/actions/user/simplify';
import { USERS_PER_PAGE } from './common';

/** Pages the raw loops keep in flight, in the benchmark's process and as a node. */
export const RAW_IN_FLIGHT = 4;

export const RAW_NODE = 'Raw Loop Node';
/** The same node with Keep Pages on, in a workflow of its own. */
export const ITEMS_ONLY_NODE = 'Items Only Node';
export const RAW_NODE_TYPE = 'CUSTOM.benchRawUsersLoop';

/** Writes the node into a new folder and answers it (for N8N_CUSTOM_EXTENSIONS) and how to remove it. */
export function writeRawLoopNode(): { dir: string; remove: () => void } {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-raw-node-'));
	const source = `'use strict';
const axios = require(${JSON.stringify(require.resolve('axios'))});
const FIELDS = ${JSON.stringify(SIMPLIFIED_USER_FIELDS)};
/** Keep Pages: the pages of each base URL, read by the node's first run. */
const keptPages = new Map();

class BenchRawUsersLoop {
	constructor() {
		this.description = {
			displayName: 'Bench Raw Users Loop',
			name: 'benchRawUsersLoop',
			group: ['transform'],
			version: 1,
			description: 'The benchmark raw loop as a bare node',
			defaults: { name: 'Bench Raw Users Loop' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [
				{ displayName: 'Base URL', name: 'baseUrl', type: 'string', default: '' },
				{ displayName: 'API Key', name: 'apiKey', type: 'string', default: '' },
				{ displayName: 'In Flight', name: 'inFlight', type: 'number', default: 4 },
				{ displayName: 'Keep Pages', name: 'keepPages', type: 'boolean', default: false },
			],
		};
	}

	async execute() {
		const baseURL = this.getNodeParameter('baseUrl', 0);
		const keep = this.getNodeParameter('keepPages', 0);
		const pages = (keep && keptPages.get(baseURL)) || (await readPages(this, baseURL));
		if (keep) keptPages.set(baseURL, pages);
		const pairedItem = { item: 0 };
		const items = [];
		for (const records of pages) {
			for (const record of records) {
				const json = {};
				for (const field of FIELDS) {
					if (record[field] === undefined) continue;
					json[field] = record[field];
					// Simplify's ISO 8601 copy of each time (fields/lists.ts, isoTimeOf).
					if (field.endsWith('At') && Number.isInteger(record[field])) json[field + 'Iso'] = new Date(record[field] * 1000).toISOString();
				}
				items.push({ json, pairedItem });
			}
		}
		return [items];
	}
}

/** The raw loop (n8n runs execute() with its own context as this, so the loop is a function of its own). */
async function readPages(context, baseURL) {
	const raw = axios.create({ baseURL, headers: { apikey: context.getNodeParameter('apiKey', 0) } });
	const inFlight = context.getNodeParameter('inFlight', 0);
	const read = async (page) => (await raw.get('/users', { params: { perPage: ${USERS_PER_PAGE}, page } })).data;
	const first = await read(1);
	const totalPages = first.meta.pagination.total_pages;
	const pages = [first.data];
	let next = 2;
	const worker = async () => {
		while (next <= totalPages) {
			const page = next++;
			pages[page - 1] = (await read(page)).data;
		}
	};
	await Promise.all(Array.from({ length: inFlight }, worker));
	return pages;
}

module.exports = { BenchRawUsersLoop };
`;
	fs.writeFileSync(path.join(dir, 'BenchRawUsersLoop.node.js'), source);
	return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
