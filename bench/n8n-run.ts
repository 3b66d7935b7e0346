/**
 * Running a workflow in a started n8n as the editor's button does, and timing it three ways
 * (bench/n8n.ts says which one each table uses):
 *
 * - `wallMs`, what a user's n8n sees: from sending `POST /rest/workflows/<id>/run` until the
 *   execution is stored as finished. The end is read from n8n's own database (its SQLite file,
 *   polled every POLL_MS from this process; n8n opens it in WAL mode, so these reads hold up none of
 *   its writes and the polling costs n8n no work of its own): n8n writes the status
 *   and the run data in one transaction after the last node, its hooks and the saving of the data;
 *   it is also the moment the execution's result can first be read back.
 * - `startStopMs`: the execution's `startedAt` → `stoppedAt`, as n8n stores them; `stoppedAt` is set
 *   when the engine has run the last node, before the execution's data is saved.
 * - `executionTimes`: each node's `executionTime` from the run data, measured inside n8n-core's
 *   WorkflowExecute around the node's execute() and the engine's own passes over its items.
 *
 * Also `n8nCpuMs`: the CPU time (user + system) the n8n process used during the run, from /proc.
 */
import { createRequire } from 'module';
import { join } from 'path';

import { cpuMs } from './common';
import type { N8n } from '../e2e/lib/n8n';
import { summarizeRun } from '../e2e/lib/summaries';

/** How often the database is asked whether the execution finished. */
export const POLL_MS = 5;

export interface TimedRun {
	id: string;
	status: string;
	error?: string;
	executionTimes: Record<string, number>;
	items(node: string): Array<Record<string, unknown>>;
	wallMs: number;
	startStopMs: number;
	n8nCpuMs: number;
	/** When POST /run was sent (Date.now()). */
	sentAt: number;
}

interface SqliteDatabase {
	get(sql: string, params: unknown[], callback: (error: Error | null, row: Record<string, unknown> | undefined) => void): void;
	close(callback?: () => void): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One started n8n, its database opened beside it. */
export class N8nRunner {
	private readonly db: SqliteDatabase;
	private readonly workflows = new Map<string, unknown>();

	constructor(
		private readonly n8n: N8n,
		private readonly triggerName: string,
	) {
		// n8n's own sqlite3 (built for this Node: the pinned n8n runs on the Node that runs the benchmark).
		const load = createRequire(join(n8n.installDir, 'node_modules', 'n8n', 'package.json'));
		const sqlite3 = load('sqlite3') as { Database: new (file: string) => SqliteDatabase };
		this.db = new sqlite3.Database(join(n8n.userFolder, '.n8n', 'database.sqlite'));
	}

	private status(executionId: string): Promise<string | undefined> {
		return new Promise((resolve, reject) =>
			this.db.get('SELECT status FROM execution_entity WHERE id = ?', [executionId], (error, row) =>
				error ? reject(error) : resolve(row?.status as string | undefined),
			),
		);
	}

	/** Runs the workflow from its trigger and waits until it is stored as finished; reads it back (untimed) and deletes it. */
	async run(workflowId: string, timeoutMs = 900_000): Promise<TimedRun> {
		const { rest } = this.n8n;
		if (!this.workflows.has(workflowId)) this.workflows.set(workflowId, await rest.getWorkflow(workflowId));
		const pid = this.n8n.server?.pid ?? 0;
		const cpuBefore = cpuMs(pid);
		const sentAt = Date.now();
		const start = process.hrtime.bigint();
		const started = await rest.call('POST', `/workflows/${workflowId}/run`, {
			workflowData: this.workflows.get(workflowId),
			triggerToStartFrom: { name: this.triggerName },
		});
		const executionId = started?.executionId as string | undefined;
		if (!executionId) throw new Error(`n8n did not start ${workflowId}: ${JSON.stringify(started)}`);
		for (;;) {
			const status = await this.status(executionId);
			if (status !== undefined && !['new', 'running', 'waiting'].includes(status)) break;
			if (Date.now() - sentAt > timeoutMs) throw new Error(`execution ${executionId} did not finish within ${timeoutMs / 1000} s`);
			await sleep(POLL_MS);
		}
		const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
		const n8nCpuMs = cpuMs(pid) - cpuBefore;
		const execution = await rest.call('GET', `/executions/${executionId}`);
		const data = typeof execution.data === 'string' ? rest.flatted().parse(execution.data) : execution.data;
		const summary = summarizeRun({ ...execution, data });
		await rest.call('POST', '/executions/delete', { ids: [executionId] });
		return {
			id: executionId,
			status: summary.status,
			error: summary.error,
			executionTimes: summary.executionTimes,
			items: (node) => summary.items(node),
			wallMs,
			startStopMs: new Date(execution.stoppedAt).getTime() - new Date(execution.startedAt).getTime(),
			n8nCpuMs,
			sentAt,
		};
	}

	close(): void {
		this.db.close();
	}
}
