/**
 * One run of Return All over the users in a fresh process, for the peak RSS growth case of
 * bench/run.ts:
 *
 *   node --expose-gc --import tsx bench/rss-child.ts <whole|simplified|raw> <users> <baseUrl> <apiKey>
 *
 * `whole`: our node with Simplify off, so it returns the same whole records as the raw loop;
 * `simplified`: our node as it comes (Simplify on); `raw`: a sequential axios loop that keeps the
 * records.
 *
 * Both contenders load the same modules (n8n's engine with our node, and axios) and warm up with one
 * small request, so they start from the same kind of process. Then `rssBefore` is taken (after a
 * GC), the work runs once, and the last line of stdout is JSON with
 * `growth = process.resourceUsage().maxRSS * 1024 - rssBefore` (bytes).
 */
import axios from 'axios';

import { runNode, shutdownEngine } from '../test/harness/engine';
import type { CredentialData } from '../test/harness/engine';

const PER_PAGE = 1000;

async function main(): Promise<void> {
	const [contender, usersArg, baseUrl, apiKey] = process.argv.slice(2);
	const users = Number(usersArg);
	if (!['whole', 'simplified', 'raw'].includes(contender) || !Number.isInteger(users) || !baseUrl || !apiKey) {
		throw new Error('usage: rss-child.ts <whole|simplified|raw> <users> <baseUrl> <apiKey>');
	}
	const credentials: CredentialData = { apiKey, baseUrl, callUrl: baseUrl };
	const raw = axios.create({ baseURL: `${baseUrl}/v3`, headers: { apikey: apiKey } });

	const ours = async (parameters: Record<string, unknown>): Promise<number> => {
		const { items, error } = await runNode(credentials, { resource: 'user', operation: 'getAll', ...parameters });
		if (error) throw error;
		return items.length;
	};
	// Keeps the records, as a client that reads a list does (the node keeps them as its output).
	const rawLoop = async (): Promise<number> => {
		const records: unknown[] = [];
		for (let page = 1; ; page++) {
			const { data } = await raw.get('/users', { params: { perPage: PER_PAGE, page } });
			records.push(...data.data);
			if (page >= data.meta.pagination.total_pages) return records.length;
		}
	};

	// Warm-up: the code paths of one small request.
	if (contender !== 'raw') await ours({ returnAll: false, limit: 10 });
	else await raw.get('/users', { params: { perPage: 10, page: 1 } });

	const gc = (globalThis as { gc?: () => void }).gc;
	gc?.();
	const rssBefore = process.memoryUsage().rss;
	const start = process.hrtime.bigint();
	const items =
		contender === 'raw'
			? await rawLoop()
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
