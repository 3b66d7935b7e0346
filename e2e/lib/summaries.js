// @ts-check
/** What a run did, read from `n8n execute` or from an execution: status, error, items per node. */

/**
 * The JSON that `n8n execute --rawOutput` prints after two banner lines (and maybe log lines).
 * @param {string} stdout
 */
function parseExecuteOutput(stdout) {
	const start = stdout.search(/^\{/m);
	const end = stdout.lastIndexOf('\n}');
	if (start < 0 || end < start) return undefined;
	try {
		return JSON.parse(stdout.slice(start, end + 2));
	} catch {
		return undefined;
	}
}

/**
 * A run in short: its status, its error message, each node's output items
 * (`nodes[name][output]` = the items of that output over all runs of the node; json only) and each
 * node's execution time.
 *
 * @param {any} run an IRun (from `execute`) or an execution's data (from the REST API)
 */
function summarizeRun(run) {
	const resultData = run.data?.resultData ?? run.resultData ?? {};
	/** @type {Record<string, Array<Array<Record<string, any>>>>} */
	const nodes = {};
	/** @type {Record<string, number>} */
	const executionTimes = {};
	/** @type {Record<string, Array<Record<string, any>>>} */
	const hints = {};
	for (const [name, runs] of Object.entries(resultData.runData ?? {})) {
		executionTimes[name] = /** @type {any[]} */ (runs).reduce((sum, nodeRun) => sum + (nodeRun.executionTime ?? 0), 0);
		hints[name] = /** @type {any[]} */ (runs).flatMap((nodeRun) => nodeRun.hints ?? []);
		/** @type {Array<Array<Record<string, any>>>} */
		const outputs = [];
		for (const nodeRun of /** @type {any[]} */ (runs)) {
			(nodeRun.data?.main ?? []).forEach((/** @type {any[] | null} */ items, /** @type {number} */ index) => {
				outputs[index] = [...(outputs[index] ?? []), ...(items ?? []).map((item) => item.json)];
			});
		}
		nodes[name] = outputs;
	}
	const error = resultData.error;
	return {
		status: run.status,
		mode: run.mode,
		error: error ? `${error.message}${error.description ? ` (${error.description})` : ''}` : undefined,
		lastNodeExecuted: resultData.lastNodeExecuted,
		nodes,
		/** Each node's `executionTime` (ms), over all its runs. */
		executionTimes,
		/** The execution hints each node added (n8n shows them above its output), over all its runs. */
		hints,
		/** The json of the items a node put out on one output (0 unless given). */
		items(/** @type {string} */ node, output = 0) {
			return nodes[node]?.[output] ?? [];
		},
	};
}

module.exports = { parseExecuteOutput, summarizeRun };
