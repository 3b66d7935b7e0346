/**
 * n8n's memory of processed values (the `processed_data` table behind Remove Duplicates and
 * `helpers.checkProcessedAndRecord`), kept in this process for the tests that run our nodes through
 * n8n-core, where n8n's CLI, which installs the database-backed one, does not run. It keeps what
 * n8n's DeduplicationHelper keeps in mode `entries`: per workflow and scope (`n:<node id>` for
 * node scope), the values, the oldest dropped past `maxEntries`. The real one is exercised by the
 * end-to-end tests in real n8n.
 */
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

class ProcessedValues implements IDataDeduplicator {
	private readonly records = new Map<string, string[]>();

	private recordOf(scope: DeduplicationScope, data: ICheckProcessedContextData, options: ICheckProcessedOptions): string[] {
		if (options.mode !== 'entries') throw new Error(`the tests' processed data keeps mode entries only, not ${options.mode}`);
		const key = `${data.workflow.id ?? ''}|${scope === 'node' ? `n:${data.node?.id ?? ''}` : ''}`;
		const record = this.records.get(key) ?? [];
		this.records.set(key, record);
		return record;
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		const record = this.recordOf(scope, data, options);
		const output: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			const value = String(item);
			if (record.includes(value)) {
				output.processed.push(item);
				continue;
			}
			output.new.push(item);
			record.push(value);
		}
		if (options.maxEntries !== undefined && record.length > options.maxEntries) record.splice(0, record.length - options.maxEntries);
		return await Promise.resolve(output);
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<void> {
		const record = this.recordOf(scope, data, options);
		const gone = new Set(items.map(String));
		record.splice(0, record.length, ...record.filter((value) => !gone.has(value)));
		await Promise.resolve();
	}

	async clearAllProcessedItems(
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<void> {
		this.recordOf(scope, data, options).length = 0;
		await Promise.resolve();
	}

	async getProcessedDataCount(
		scope: DeduplicationScope,
		data: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<number> {
		return await Promise.resolve(this.recordOf(scope, data, options).length);
	}
}

let installed: Promise<void> | undefined;

/** Installs the in-process memory of processed values into n8n-core, once per test file. */
export async function useProcessedValues(): Promise<void> {
	installed ??= DataDeduplicationService.init(new ProcessedValues());
	await installed;
}
