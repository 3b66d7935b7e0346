/**
 * One run of Return All over the users in a fresh process, for the peak RSS growth case of
 * bench/benchmarks.ts:
 *
 *   node --expose-gc --import tsx bench/rss-child.ts <whole|simplified|raw|rawNode> <users> <baseUrl> <apiKey>
 *
 * `whole`: our node with Simplify off, so it returns the same whole records as the raw loop;
 * `simplified`: our node as it comes (Simplify on); `raw`: a sequential axios loop that keeps the
 * records; `rawNode`: the same raw loop as the body of a bare n8n node, run in the same engine as
 * ours. Its items are as lean as n8n allows (`{ json, pairedItem }`, one pairing shared, as ours), so
 * the difference from `raw` is what n8n itself costs for any node's items, and the difference from
 * ours is what our node costs.
 *
 * All contenders load the same modules (n8n's engine with our node, and axios) and warm up with one
 * small request (ours and the raw node through the engine), so they start from the same kind of
 * process. Then `rssBefore` is taken (after a GC), the work runs once, and the last line of stdout is
 * JSON with `growth = process.resourceUsage().maxRSS * 1024 - rssBefore` (bytes).
 */
import axios from 'axios';

import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { registerNodeType, runNode, shutdownEngine } from '../test/harness/engine';
import type { CredentialData } from '../test/harness/engine';
import { readUsersOneByOne, RSS_CONTENDERS } from './common';
import type { RssContender } from './common';

const RAW_NODE_TYPE = 'bench.rawLoop';

/** The raw loop, reading every page of users one after the other (or, for a warm-up, 10 users). */
type RawLoop = (warmUp?: boolean) => Promise<IDataObject[]>;

/** The raw loop as the body of a bare n8n node: the leanest items n8n allows. */
function rawLoopNode(rawLoop: RawLoop): INodeType {
	const description: INodeTypeDescription = {
		displayName: 'Raw Loop',
		name: 'rawLoop',
		group: ['input'],
		version: 1,
		description: 'Reads every user with a raw axios loop',
		defaults: { name: 'Raw Loop' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [{ displayName: 'Warm-Up', name: 'warmUp', type: 'boolean', default: false }],
	};
	return {
		description,
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const records = await rawLoop(this.getNodeParameter('warmUp', 0) as boolean);
			const pairedItem = { item: 0 };
			return [records.map((json) => ({ json, pairedItem }))];
		},
	};
}

async function main(): Promise<void> {
	const [contender, usersArg, baseUrl, apiKey] = process.argv.slice(2);
	const users = Number(usersArg);
	if (!RSS_CONTENDERS.includes(contender as RssContender) || !Number.isInteger(users) || !baseUrl || !apiKey) {
		throw new Error(`usage: rss-child.ts <${RSS_CONTENDERS.join('|')}> <users> <baseUrl> <apiKey>`);
	}
	const credentials: CredentialData = { apiKey, baseUrl, callUrl: baseUrl };
	const raw = axios.create({ baseURL: `${baseUrl}/v3`, headers: { apikey: apiKey } });

	/** Runs one node (ours, unless `type` says another) in n8n's engine; answers how many items it put out. */
	const itemsPutOut = async (parameters: INodeParameters, type?: string): Promise<number> => {
		const { items, error } = await runNode(credentials, parameters, [{}], type ? { type } : {});
		if (error) throw error;
		return items.length;
	};
	const ours = async (parameters: INodeParameters) => await itemsPutOut({ resource: 'user', operation: 'getAll', ...parameters });
	const rawLoop: RawLoop = async (warmUp = false) =>
		(warmUp ? (await raw.get('/users', { params: { perPage: 10, page: 1 } })).data.data : await readUsersOneByOne(raw)) as IDataObject[];
	registerNodeType(RAW_NODE_TYPE, rawLoopNode(rawLoop));
	const rawNode = async (warmUp = false) => await itemsPutOut({ warmUp }, RAW_NODE_TYPE);

	// Warm-up: the code paths of one small request.
	if (contender === 'raw') await rawLoop(true);
	else if (contender === 'rawNode') await rawNode(true);
	else await ours({ returnAll: false, limit: 10 });

	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	const rssBefore = process.memoryUsage().rss;
	const start = process.hrtime.bigint();
	const items =
		contender === 'raw'
			? (await rawLoop()).length
			: contender === 'rawNode'
				? await rawNode()
				: await ours({ returnAll: true, options: { simplify: contender === 'simplified' } });
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	const maxRss = process.resourceUsage().maxRSS * 1024;
	if (items !== users) throw new Error(`${contender} read ${items} users, expected ${users}`);
	process.stdout.write(`${JSON.stringify({ contender, users, items, ms, rssBefore, maxRss, growth: maxRss - rssBefore })}\n`);
	await shutdownEngine();
	process.exit(0);
}

main().catch((error) => {
	process.stderr.write(`${(error as Error)?.stack ?? error}\n`);
	process.exit(1);
});
